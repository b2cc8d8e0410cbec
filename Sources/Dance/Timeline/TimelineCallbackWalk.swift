/// Where a timeline's run is in its callbacks, as a value: one cycle's list (one play of
/// the root, with its reversed image when it autoreverses, then the delay) walked play by
/// play, so that starting a run costs what one play costs whatever the repeat count. Every
/// step is a function of the value and the run's fraction (0…1 of the run, or of one cycle
/// for a run that repeats forever); the timeline turns fractions into clock times.
struct TimelineCallbackWalk {
  /// One cycle's callbacks, sorted by time.
  private(set) var occurrences: [TimelineOccurrence] = []
  /// The root's own seconds that the run's fraction 0…1 spans: the total duration, or one
  /// cycle for a run that repeats forever.
  private(set) var length = 0.0
  /// One cycle (a play and the delay after it), in the root's own seconds.
  private(set) var cycle = 0.0
  /// The plays: ∞ when it repeats forever, 1 when it has no length (every play falls at
  /// one instant).
  private(set) var plays = 1.0
  private(set) var repeatsForever = false
  /// The next entry: `index` of cycle `cycle` (counted from the run's start, or from its
  /// anchor's cycle when it repeats forever).
  private(set) var next: (cycle: Double, index: Int) = (0, 0)
  /// For a run that repeats forever: the plays it has entered (its fraction wraps).
  var foreverPlays = 0.0
  /// The callbacks taken at the walk's current instant: each is taken once there.
  private var takenAtInstant: (fraction: Double, ids: [Int]) = (.nan, [])

  /// No run.
  init() {}

  /// The walk of a run: `callbacks` in one play's own time (sorted, once per instant), a
  /// marker for `onRepeat` added at the start of each play when it has more than one.
  init(
    callbacks: [TimelineOccurrence], length: Double, cycle: Double, repeatCount: Double
  ) {
    repeatsForever = !repeatCount.isFinite
    self.length = length
    self.cycle = cycle
    plays = repeatsForever ? .infinity : cycle > 0 ? repeatCount.rounded(.up) : 1
    occurrences = callbacks
    if repeatsForever || plays > 1 {
      occurrences.insert(TimelineOccurrence(time: 0, id: TimelineOccurrence.playMarker) {}, at: 0)
    }
  }

  /// The number of entries in one cycle.
  var count: Int { occurrences.count }

  /// The run's fraction at which entry `index` of cycle `cycle` falls.
  func fraction(cycle: Double, index: Int) -> Double {
    let time = occurrences[index].time
    if repeatsForever { return (length > 0 ? time / length : 0) + cycle }
    return length > 0 ? (cycle * self.cycle + time) / length : 0
  }

  /// Whether entry `index` of cycle `cycle` is part of the run (a fractional repeat count
  /// ends part-way through its last play).
  func isInRun(cycle: Double, index: Int) -> Bool {
    guard index >= 0 && index < occurrences.count && cycle >= 0 else { return false }
    if repeatsForever { return true }
    return cycle < plays && cycle * self.cycle + occurrences[index].time <= length
  }

  /// The fraction of the next entry, if the run has one.
  var nextFraction: Double? {
    isInRun(cycle: next.cycle, index: next.index)
      ? fraction(cycle: next.cycle, index: next.index) : nil
  }

  /// The first entry of cycle `cycle` past the fraction `own` (or at it, unless `strictly`);
  /// `count` if none.
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

  /// Points the walk at the first entry past the fraction `own` in the direction of travel
  /// (or at it, unless `strictly`), forgetting what was taken.
  mutating func aim(from own: Double, forward: Bool, strictly: Bool) {
    takenAtInstant = (.nan, [])
    if repeatsForever {
      next = (0, firstIndex(cycle: 0, past: own, strictly: strictly))
      return
    }
    // The cycle the playhead is in, give or take one for rounding; at most four looked at
    // (a count past 2⁵³ cannot step by one).
    let current = cycle > 0 ? (own * length / cycle).rounded(.down) : 0
    let first = min(max(current - 1, 0), max(plays - 1, 0))
    if forward {
      next = (plays, 0)
      for step in 0..<4 {
        let k = first + Double(step)
        guard k < plays else { break }
        let index = firstIndex(cycle: k, past: own, strictly: strictly)
        if index < occurrences.count {
          next = (k, index)
          return
        }
      }
    } else {
      next = (-1, -1)
      for step in (0..<4).reversed() {
        let k = first + Double(step)
        guard k < plays else { continue }
        let index = firstIndex(cycle: k, past: own, strictly: !strictly) - 1
        if index >= 0 {
          next = (k, index)
          return
        }
      }
    }
  }

  /// What a step of the walk gives.
  enum Step {
    /// Callback `id` (its index among the timelines' callbacks) to run.
    case callback(id: Int, () -> Void)
    /// The start of a play other than the first: `onRepeat`.
    case enteredPlay
  }

  /// Takes the next entry if its fraction passes `isDue`, moving the walk on; returns it
  /// with its fraction. A callback already taken at that instant is passed over (a turn, a
  /// join), and so is the start of the run's first play.
  mutating func take(forward: Bool, isDue: (Double) -> Bool) -> (step: Step, fraction: Double)? {
    // Bounded: passing over entries stops after one cycle's worth.
    for _ in 0...occurrences.count {
      guard let f = nextFraction, isDue(f) else { return nil }
      let occurrence = occurrences[next.index]
      if forward {
        next.index += 1
        if next.index == occurrences.count { next = (next.cycle + 1, 0) }
      } else {
        next.index -= 1
        if next.index < 0 { next = (next.cycle - 1, occurrences.count - 1) }
      }
      if occurrence.id == TimelineOccurrence.playMarker {
        guard f > 0 else { continue }
        if repeatsForever { foreverPlays += forward ? 1 : -1 }
        return (.enteredPlay, f)
      }
      if takenAtInstant.fraction != f { takenAtInstant = (f, []) }
      if takenAtInstant.ids.contains(occurrence.id) { continue }
      takenAtInstant.ids.append(occurrence.id)
      return (.callback(id: occurrence.id, occurrence.body), f)
    }
    return nil
  }
}
