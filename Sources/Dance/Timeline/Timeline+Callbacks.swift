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
  /// The run's fraction at which entry `index` of cycle `cycle` falls. A finite run counts
  /// cycles from its start; one that repeats forever from its anchor's cycle (its lanes'
  /// fraction spans one cycle and wraps).
  func fraction(cycle: Double, index: Int) -> Double {
    let time = occurrences[index].time
    if runRepeatsForever { return (runLength > 0 ? time / runLength : 0) + cycle }
    return runLength > 0 ? (cycle * runCycle + time) / runLength : 0
  }

  /// Whether entry `index` of cycle `cycle` is part of the run (a fractional repeat count
  /// ends part-way through its last play).
  private func isInRun(cycle: Double, index: Int) -> Bool {
    guard index >= 0 && index < occurrences.count && cycle >= 0 else { return false }
    if runRepeatsForever { return true }
    return cycle < runPlays && cycle * runCycle + occurrences[index].time <= runLength
  }

  /// The first entry of cycle `cycle` past the fraction `own` (or at it, unless `strictly`);
  /// `occurrences.count` if none.
  private func firstIndex(cycle: Double, past own: Double, strictly: Bool) -> Int {
    var low = 0
    var high = occurrences.count
    while low < high {
      let middle = (low + high) / 2
      let f = fraction(cycle: cycle, index: middle)
      if strictly ? f > own : f >= own { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Points the walk at the first callback ahead of the playhead in the direction of play
  /// (past one exactly at the playhead if `skippingCurrent`), and schedules it.
  func aimCallbacks(skippingCurrent: Bool) {
    keepAlive = run?.isRunning == true ? self : nil
    updateFrameRegistration()
    ranAtInstant = (.nan, [])
    guard let run else { return }
    let core = run.core
    // A fresh run aims from where it starts (a zero-length run is at its end at once, and
    // its callbacks must still come due); otherwise from where the playhead is. (A run that
    // repeats forever counts its cycles from its anchor.)
    let own =
      skippingCurrent && !runRepeatsForever ? core.fraction(at: clock.now) : core.anchorFraction
    aim(from: own, forward: !core.reversed, strictly: skippingCurrent)
    schedule()
  }

  /// Points the walk at the first callback past the fraction `own` in the direction of
  /// travel (or at it, unless `strictly`).
  func aim(from own: Double, forward: Bool, strictly: Bool) {
    if runRepeatsForever {
      nextCycle = 0
      nextCallback = firstIndex(cycle: 0, past: own, strictly: strictly)
      return
    }
    // The cycle the playhead is in, give or take one for rounding; at most four looked at
    // (a count past 2⁵³ cannot step by one).
    let cycle = runCycle > 0 ? (own * runLength / runCycle).rounded(.down) : 0
    let first = min(max(cycle - 1, 0), max(runPlays - 1, 0))
    let skippingCurrent = strictly
    if forward {
      (nextCycle, nextCallback) = (runPlays, 0)
      for step in 0..<4 {
        let k = first + Double(step)
        guard k < runPlays else { break }
        let index = firstIndex(cycle: k, past: own, strictly: skippingCurrent)
        if index < occurrences.count {
          (nextCycle, nextCallback) = (k, index)
          break
        }
      }
    } else {
      (nextCycle, nextCallback) = (-1, -1)
      for step in (0..<4).reversed() {
        let k = first + Double(step)
        guard k < runPlays else { continue }
        let index = firstIndex(cycle: k, past: own, strictly: !skippingCurrent) - 1
        if index >= 0 {
          (nextCycle, nextCallback) = (k, index)
          break
        }
      }
    }
  }

  /// The clock time at which the run reaches fraction `f`, if it is running.
  private func clockTime(ofFraction f: Double) -> Double? {
    guard let run else { return nil }
    let core = run.core
    guard core.phase == .running else { return nil }
    let moved = core.reversed ? core.anchorFraction - f : f - core.anchorFraction
    return max(core.anchorTime + moved * core.secondsPerFraction, core.anchorTime)
  }

  /// The clock time at which the next callback comes due, if the run is running.
  private func nextCallbackClockTime() -> Double? {
    guard isInRun(cycle: nextCycle, index: nextCallback) else { return nil }
    return clockTime(ofFraction: fraction(cycle: nextCycle, index: nextCallback))
  }

  private func schedule() {
    if let time = nextCallbackClockTime() {
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

  /// Takes the next callback if its fraction of the run passes `isDue`, moving the walk on.
  /// A callback already run at that instant is passed over (a turn, a join), and so is the
  /// start of the run's first play (only later plays call `onRepeat`).
  func takeNextCallback(forward: Bool, isDue: (Double) -> Bool) -> (() -> Void)? {
    // Bounded: passing over entries stops after one cycle's worth.
    for _ in 0...occurrences.count {
      guard isInRun(cycle: nextCycle, index: nextCallback) else { return nil }
      let f = fraction(cycle: nextCycle, index: nextCallback)
      guard isDue(f) else { return nil }
      let occurrence = occurrences[nextCallback]
      if forward {
        nextCallback += 1
        if nextCallback == occurrences.count { (nextCallback, nextCycle) = (0, nextCycle + 1) }
      } else {
        nextCallback -= 1
        if nextCallback < 0 { (nextCallback, nextCycle) = (occurrences.count - 1, nextCycle - 1) }
      }
      if occurrence.id == TimelineOccurrence.playMarker {
        guard f > 0 else { continue }
        if runRepeatsForever { foreverPlays += forward ? 1 : -1 }
        return { [weak self] in
          guard let self, let onRepeat = self.onRepeat else { return }
          onRepeat(self)
        }
      }
      if ranAtInstant.fraction != f { ranAtInstant = (f, []) }
      if ranAtInstant.ids.contains(occurrence.id) { continue }
      ranAtInstant.ids.append(occurrence.id)
      return occurrence.body
    }
    return nil
  }

  /// A callback came due: run every callback due now, in order, unless one of them moves
  /// the playhead or changes the state; then schedule the next.
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    guard let run, run.core.phase == .running else { return }
    let serial = controlSerial
    let forward = !run.core.reversed
    var ran = 0
    while let body = takeNextCallback(upTo: clock.now, forward: forward) {
      CallbackQueue.checkUserCodeMayRun()
      body()
      guard serial == controlSerial else { return }
      ran += 1
      if ran >= AnimationClock.maximumEventsPerObserverPerAdvance { break }
    }
    schedule()
  }
}
