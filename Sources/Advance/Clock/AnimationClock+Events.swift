// Stepping a clock from event to event, or by whole frames: what a test (and a host that
// sleeps until something happens) needs besides `advance(by:)`.

extension AnimationClock {
  /// The most frames one call of ``advance(frames:fps:)`` runs: about 46 hours at 60 fps.
  /// A larger count runs this many and reports a ``DanceError``, so that a mistaken count
  /// cannot hang the caller.
  public static let maximumFramesPerCall = 10_000_000

  /// The clock time of the next event: the next end of an animation (where its completion
  /// runs), a timeline's next callback, a `start(after:)` or ``schedule(after:_:)``
  /// deadline, an `Animator`'s coming to rest; nil when nothing is scheduled.
  ///
  /// An event that came due during an advance, for a time already reached (scheduled from
  /// inside a callback), runs on the next advance: its time is then ``now`` or earlier, and
  /// ``advanceToNextEvent()`` runs it without moving the clock. Animations that only run
  /// (a spring settling, say, or one repeating forever) have events only where something
  /// happens: a frame between them is not an event.
  public var nextEventTime: Double? {
    // The heap's top is its earliest entry; a stale one (its observer rescheduled or
    // unscheduled) may hide the earliest live entry below it, which a scan then finds.
    var earliest: Double?
    if !deadlines.isEmpty, isLive(deadlines[0]) {
      earliest = deadlines[0].time
    } else {
      for index in deadlines.indices where isLive(deadlines[index]) {
        earliest = min(earliest ?? .infinity, deadlines[index].time)
      }
    }
    for index in deferred.indices where isLive(deferred[index]) {
      earliest = min(earliest ?? .infinity, deferred[index].time)
    }
    return earliest
  }

  /// Whether `deadline` is its holder's live entry.
  private func isLive(_ deadline: Deadline) -> Bool {
    holders[deadline.holder].liveOrder == deadline.order
  }

  /// Advances the clock exactly to ``nextEventTime`` and runs what happens there (and
  /// everything else due at that time); returns the clock's time after it, or nil, without
  /// moving the clock, when nothing is scheduled.
  ///
  /// Called from inside a clock callback, an animation block or a simulation function it
  /// does not move the clock (as ``advance(to:)`` does not), reports a ``DanceError`` and
  /// returns nil.
  @discardableResult
  public func advanceToNextEvent() -> Double? {
    guard let time = nextEventTime else { return nil }
    let before = advanceCount
    advance(to: max(time, now))
    return advanceCount == before ? nil : now
  }

  /// Advances the clock by `frames` steps of `1 / fps` seconds each, as a display running at
  /// `fps` frames a second would: every step is an ``advance(by:)``, so observers see each
  /// frame, and ``now`` after 60 steps at 60 fps is exactly 1.
  ///
  /// A negative `frames`, or an `fps` that is not finite and positive (or whose frame
  /// duration is not finite), reports a ``DanceError`` and does nothing; more than
  /// ``maximumFramesPerCall`` frames run that many and report one.
  public func advance(frames: Int, fps: Double) {
    func call() -> String { "AnimationClock.advance(frames: \(frames), fps: \(fps))" }
    guard Validation.requireFinite(fps, "the frame rate", in: call()) else { return }
    let step = 1 / fps
    guard fps > 0, step.isFinite else {
      DanceError.report(
        .outOfRange, "\(call()): the frame rate must be positive; the clock did not move")
      return
    }
    guard frames >= 0 else {
      DanceError.report(
        .outOfRange, "\(call()): the number of frames is negative; the clock did not move")
      return
    }
    if frames > Self.maximumFramesPerCall {
      DanceError.report(
        .outOfRange,
        "\(call()): more than \(Self.maximumFramesPerCall) frames in one call; it runs "
          + "\(Self.maximumFramesPerCall)")
    }
    for _ in 0..<min(frames, Self.maximumFramesPerCall) { advance(by: step) }
  }
}
