import Dance

/// How `Scene.settle(timeout:pacing:)` ended.
public enum Settling: Equatable, Sendable {
  /// Nothing animates any more, from this clock time on: the exact time the last animation
  /// ended.
  case settled(at: Double)
  /// Only animations that repeat forever remain, named at once (`"12.center"`: the node's
  /// `dance.tag` and the property), without waiting.
  case repeatsForever([String])
  /// Still animating when the timeout came: what, by name.
  case timedOut([String])
}

extension Scene {
  /// Plays the scene's clock until nothing animates, and says when that was, or why it
  /// will not happen: it never hangs.
  ///
  /// ```swift
  /// #expect(scene.settle() == .settled(at: 0.35))
  /// ```
  ///
  /// The clock moves in the steps `pacing` gives, as a host's frames would, except that a
  /// step never passes the clock's next event (`AnimationClock.nextEventTime`): every end
  /// lands on its exact time, so the settled time is the end of the last animation to the
  /// bit. Animations that repeat forever are recognised at once: when they are all that
  /// runs, `settle` returns ``Settling/repeatsForever(_:)`` without moving the clock.
  /// Otherwise it stops after `timeout` seconds of clock time. A paused animation does not
  /// count as animating (`Scene.isAnimating`).
  ///
  /// A NaN or negative `timeout`, or a pacing that gives no steps, reports a `DanceError`
  /// and settles nothing: the result is what the scene is doing now (settled at the clock's
  /// time, or timed out). At most `AnimationClock.maximumFramesPerCall` frames are played
  /// (an infinite timeout included); past them it reports an error and times out.
  public func settle(timeout: Double = 60, pacing: FramePacing = .fixed(fps: 60)) -> Settling {
    func call() -> String { "Scene.settle(timeout: \(timeout), pacing: \(pacing))" }
    let validTimeout = timeout >= 0
    if !validTimeout {
      DanceError.report(.outOfRange, "\(call()): the timeout must be 0 or more; nothing is played")
    }
    let steps = validTimeout ? FrameSteps(pacing, call: call) : nil
    guard var steps else { return settling(namingRepeats: false) }
    let deadline = clock.now + timeout
    for _ in 0...AnimationClock.maximumFramesPerCall {
      let state = settling(namingRepeats: true)
      guard case .timedOut = state, clock.now < deadline else { return state }
      let frameEnd = clock.now + steps.next()
      let target = min(frameEnd, clock.nextEventTime ?? .infinity, deadline)
      let before = clock.advanceCount
      clock.advance(to: max(target, clock.now))
      // Refused (called from inside a callback or a block): reported by the clock.
      if clock.advanceCount == before { return settling(namingRepeats: false) }
    }
    DanceError.report(
      .outOfRange,
      "\(call()): more than \(AnimationClock.maximumFramesPerCall) frames before the timeout; "
        + "stopped")
    return settling(namingRepeats: false)
  }

  /// What the scene is doing now: settled at the clock's time, repeating forever (only with
  /// `namingRepeats`, when that is all that is left), or still animating.
  private func settling(namingRepeats: Bool) -> Settling {
    guard isAnimating else { return .settled(at: clock.now) }
    let running = runningAnimators
    let names = running.flatMap(\.names).sorted()
    if namingRepeats && running.allSatisfy(\.repeatsForever) { return .repeatsForever(names) }
    return .timedOut(names)
  }
}
