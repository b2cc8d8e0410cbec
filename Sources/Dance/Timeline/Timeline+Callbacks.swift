// A timeline's callbacks at run time. A run keeps one cycle's list (one play of the root,
// with its reversed image when it autoreverses, then the delay) and walks it play by play,
// so that starting a run costs what one play costs, whatever the repeat count.

/// A callback of a timeline's run, at its time within one cycle of the root.
struct TimelineOccurrence {
  /// In the root's own seconds from the start of the cycle: 0…one play.
  var time: Double
  /// Which callback: every image of one callback (each play of a nested timeline, the
  /// reversed half of an autoreversing play) has the same; ``playMarker`` for the start of
  /// a play, where `onRepeat` runs.
  var id: Int
  var body: () -> Void

  static let playMarker = -1

  /// `list` sorted by time (ties in the order given), each callback at most once per
  /// instant: an autoreversing play's turn and a nested play's join hold two images of it.
  static func sortedOnce(_ list: [TimelineOccurrence]) -> [TimelineOccurrence] {
    let sorted = list.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
    var result: [TimelineOccurrence] = []
    result.reserveCapacity(sorted.count)
    var instant = 0  // where the entries of the current time start in `result`
    for occurrence in sorted {
      if let last = result.last, last.time != occurrence.time { instant = result.count }
      if result[instant...].contains(where: { $0.id == occurrence.id }) { continue }
      result.append(occurrence)
    }
    return result
  }
}

extension Timeline: ClockDeadlineObserver {
  /// Points the walk at the first callback ahead of the playhead in the direction of play
  /// (past one exactly at the playhead if `skippingCurrent`), and schedules it.
  func aimCallbacks(skippingCurrent: Bool) {
    keepAlive = run?.isRunning == true ? self : nil
    updateFrameRegistration()
    guard let run else { return }
    let core = run.core
    runCore.keep(anchor: core)
    // A fresh run aims from where it starts (a zero-length run is at its end at once, and
    // its callbacks must still come due); otherwise from where the playhead is. (A run that
    // repeats forever counts its cycles from its anchor.)
    let own =
      skippingCurrent && !runCore.walk.repeatsForever
      ? core.fraction(at: clock.now) : core.anchorFraction
    runCore.walk.aim(from: own, forward: !core.reversed, strictly: skippingCurrent)
    schedule()
  }

  /// The clock time at which the run reaches fraction `f`, if it is running.
  private func clockTime(ofFraction f: Double) -> Double? {
    guard let run else { return nil }
    let core = run.core
    guard core.phase == .running else { return nil }
    let moved = core.reversed ? core.anchorFraction - f : f - core.anchorFraction
    return max(core.anchorTime + moved * core.secondsPerFraction, core.anchorTime)
  }

  private func schedule() {
    if let f = runCore.walk.nextFraction, let time = clockTime(ofFraction: f) {
      clock.schedule(self, at: time)
    } else if registration.hasDeadline {
      clock.unschedule(self)
    }
  }

  /// Takes the next callback if it comes due by clock time `time` (any, if ∞), moving the
  /// walk on.
  func takeNextCallback(upTo time: Double, forward: Bool) -> (() -> Void)? {
    takeNextCallback(forward: forward) { f in
      guard time.isFinite else { return true }
      guard let due = clockTime(ofFraction: f) else { return false }
      return due <= time
    }
  }

  /// Takes the next callback (or the start of a play, which calls `onRepeat`) whose
  /// fraction of the run passes `isDue`.
  func takeNextCallback(forward: Bool, isDue: (Double) -> Bool) -> (() -> Void)? {
    switch runCore.walk.take(forward: forward, isDue: isDue)?.step {
    case .callback(_, let body): return body
    case .enteredPlay:
      return { [weak self] in
        guard let self, let onRepeat = self.onRepeat else { return }
        onRepeat(self)
      }
    case nil: return nil
    }
  }

  /// A callback came due: run every callback due now, in order, unless one of them moves
  /// the playhead or changes the state; then schedule the next.
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    guard let run, run.core.phase == .running else { return }
    let serial = runCore.serial
    let forward = !run.core.reversed
    var ran = 0
    while let body = takeNextCallback(upTo: clock.now, forward: forward) {
      CallbackQueue.checkUserCodeMayRun()
      body()
      guard serial == runCore.serial else { return }
      ran += 1
      if ran >= AnimationClock.maximumEventsPerObserverPerAdvance { break }
    }
    schedule()
  }
}
