import Testing

@testable import Dance

/// `TimelineCallbackWalk`, the run's callbacks as a value, without a scene: a walk over the
/// whole run against every play's callbacks listed one by one (the expansion it replaces),
/// once per instant; reversed walks, aiming mid-run, and repeat counts too large to list.
@Suite struct TimelineCallbackWalkTests {
  /// A run: one play of `duration` s with callbacks at `times`, `repeatCount` plays,
  /// `delay` s between them.
  struct Run: CustomTestStringConvertible, Sendable {
    var times: [Double]
    var duration = 1.0
    var repeatCount = 1.0
    var delay = 0.0
    var autoreverses = false

    var testDescription: String {
      "callbacks \(times) × \(repeatCount)\(autoreverses ? " autoreversing" : "") delay \(delay)"
    }

    var play: Double { autoreverses ? 2 * duration : duration }
    var cycle: Double { play + delay }
    var total: Double { repeatCount * play + max((repeatCount.rounded(.up) - 1) * delay, 0) }

    /// One play's entries, as a timeline makes them: the forward images, then the reversed.
    var walk: TimelineCallbackWalk {
      var play = times.enumerated().map { TimelineOccurrence(time: $1, id: $0) {} }
      if autoreverses {
        play += times.enumerated().map { TimelineOccurrence(time: 2 * duration - $1, id: $0) {} }
      }
      return TimelineCallbackWalk(
        callbacks: TimelineOccurrence.sortedOnce(play), length: total, cycle: cycle,
        repeatCount: repeatCount)
    }

    /// Every play's callbacks listed one by one, up to the end: (own time, callback), in
    /// time order (at one instant, in the order of the plays: the end of one before the
    /// start of the next), each callback once per instant.
    var listed: [Expected] {
      var all: [Expected] = []
      for play in 0..<Int(repeatCount.rounded(.up)) {
        let offset = Double(play) * cycle
        var images = times.enumerated().map { Expected(time: offset + $1, id: $0) }
        if autoreverses {
          images += times.enumerated().map { Expected(time: offset + 2 * duration - $1, id: $0) }
        }
        all += images.enumerated().sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }.map(\.1)
      }
      var once: [Expected] = []
      for entry in all where entry.time <= total && !once.contains(entry) { once.append(entry) }
      return once
    }
  }

  struct Expected: Hashable {
    var time: Double
    var id: Int
  }

  /// Walks `run` from its start to its end (or back), collecting what it takes.
  static func walked(_ run: Run, forward: Bool = true) -> (taken: [Expected], plays: Int) {
    var walk = run.walk
    var taken: [Expected] = []
    var plays = 0
    walk.aim(from: forward ? 0 : 1, forward: forward, strictly: false)
    while let (step, f) = walk.take(forward: forward, isDue: { _ in true }) {
      switch step {
      case .enteredPlay: plays += 1
      case .callback(let id, _): taken.append(Expected(time: f * run.total, id: id))
      }
      if taken.count > 1000 { break }
    }
    return (taken, plays)
  }

  static let runs: [Run] = [
    Run(times: [0.25, 0.75]),
    Run(times: [0, 1], repeatCount: 3),
    Run(times: [0, 0.5, 1], repeatCount: 2, autoreverses: true),
    Run(times: [0.25, 1], repeatCount: 2.5, delay: 0.5),
    Run(times: [0, 0.3], repeatCount: 1.5, delay: 0.2, autoreverses: true),
    Run(times: [1], repeatCount: 4, autoreverses: true),
  ]

  @Test("A walk forward takes every play's callbacks once per instant, in order", arguments: runs)
  func forward(_ run: Run) {
    let (taken, plays) = Self.walked(run)
    #expect(taken.count == run.listed.count)
    for (got, expected) in zip(taken, run.listed) {
      #expect(abs(got.time - expected.time) < 1e-12 && got.id == expected.id)
    }
    #expect(plays == Int(run.repeatCount.rounded(.up)) - 1)  // onRepeat: every play but the first
  }

  @Test("A walk back from the end takes the same, in reverse order", arguments: runs)
  func backward(_ run: Run) {
    let (taken, _) = Self.walked(run, forward: false)
    #expect(taken == Self.walked(run).taken.reversed())
  }

  @Test("Aimed mid-run, the walk starts past the playhead (or at it, unless strictly)")
  func aimMidRun() {
    let run = Run(times: [0.25, 0.75], repeatCount: 3)  // 0.25, 0.75, 1.25, …, 2.75
    func next(from own: Double, forward: Bool, strictly: Bool) -> [String] {
      var walk = run.walk
      walk.aim(from: own / 3, forward: forward, strictly: strictly)
      return (0..<2).compactMap { _ in
        guard let (step, f) = walk.take(forward: forward, isDue: { _ in true }) else {
          return nil
        }
        if case .enteredPlay = step { return "play at \(f * 3)" }
        return "\(f * 3)"
      }
    }
    #expect(next(from: 1.25, forward: true, strictly: true) == ["1.75", "play at 2.0"])
    #expect(next(from: 1.25, forward: true, strictly: false) == ["1.25", "1.75"])
    #expect(next(from: 1.25, forward: false, strictly: true) == ["play at 1.0", "0.75"])
    #expect(next(from: 1.25, forward: false, strictly: false) == ["1.25", "play at 1.0"])
  }

  @Test("Ten to the 300 plays: the walk starts at once and steps play by play")
  func hugeRepeatCount() {
    let run = Run(times: [0.5], repeatCount: 1e300)
    var walk = run.walk
    #expect(walk.count == 2)  // the play marker and the one callback, not 10³⁰⁰ of them
    walk.aim(from: 0, forward: true, strictly: false)
    var times: [Double] = []
    for _ in 0..<6 {
      guard let (step, f) = walk.take(forward: true, isDue: { _ in true }) else { break }
      if case .callback = step { times.append(f * run.total) }
    }
    // (Own time is the fraction × 10³⁰⁰: exact to a few ulps.)
    #expect(times.count == 3 && zip(times, [0.5, 1.5, 2.5]).allSatisfy { abs($0 - $1) < 1e-12 })
  }
}
