import Testing

@testable import Dance

/// `TimelineRunCore`, a timeline's run state as a value, without a scene: each event's
/// result and what it leaves, against the arithmetic of SPEC's "Timeline, round 2" done by
/// hand (plays of 1.5 s with 0.5 s between them).
@Suite struct TimelineRunCoreTests {
  /// A run's core after `beginRun`: plays of 1.5 s, 0.5 s apart, `repeatCount` of them.
  static func core(repeatCount: Double) -> TimelineRunCore {
    let cycle = 2.0
    let total = repeatCount.isFinite ? repeatCount * 1.5 + (repeatCount.rounded(.up) - 1) * 0.5 : 0
    var core = TimelineRunCore()
    _ = core.beginRun(
      TimelineCallbackWalk(
        callbacks: [], length: repeatCount.isFinite ? total : cycle, cycle: cycle,
        repeatCount: repeatCount),
      speed: 1)
    return core
  }

  struct Seek: CustomTestStringConvertible, Sendable {
    var repeatCount: Double
    var time: Double
    /// The run's fraction sought, and the plays counted for a run that repeats forever.
    var fraction: Double
    var plays: Double
    var testDescription: String { "\(time) s of \(repeatCount) plays" }
  }

  @Test(
    "A seek gives the run's fraction; forever, the plays before it and the place in the play",
    arguments: [
      // 3 plays: 5.5 s in all.
      Seek(repeatCount: 3, time: 0, fraction: 0, plays: 0),
      Seek(repeatCount: 3, time: 2.75, fraction: 0.5, plays: 0),
      Seek(repeatCount: 3, time: 5.5, fraction: 1, plays: 0),
      // Forever: fractions of one cycle (2 s), its plays counted.
      Seek(repeatCount: .infinity, time: 0, fraction: 0, plays: 0),
      Seek(repeatCount: .infinity, time: 5.5, fraction: 0.75, plays: 2),
      Seek(repeatCount: .infinity, time: 6, fraction: 0, plays: 3),
      Seek(repeatCount: .infinity, time: 1e300, fraction: 0, plays: 5e299),
    ])
  func seek(_ case: Seek) {
    var core = Self.core(repeatCount: `case`.repeatCount)
    let serial = core.serial
    let fraction = core.seek(to: `case`.time)
    #expect(fraction == `case`.fraction)
    #expect(core.walk.foreverPlays == `case`.plays)
    #expect(core.serial != serial)
  }

  struct Ending: CustomTestStringConvertible, Sendable {
    var repeatCount: Double
    var position: AnimatingPosition
    var finished: Bool
    /// Where the run rests, and whether callbacks are left to run (and which way).
    var resting: Double
    var action: TimelineRunCore.EndAction
    var testDescription: String {
      "\(repeatCount) plays, \(finished ? "finished" : "ended") at \(position)"
    }
  }

  @Test(
    "A run that ends rests where it ended; only playback that reaches an end runs what is left",
    arguments: [
      Ending(
        repeatCount: 3, position: .end, finished: false, resting: 5.5,
        action: .runRemainingCallbacks(forward: true)),
      Ending(
        repeatCount: 3, position: .start, finished: false, resting: 0,
        action: .runRemainingCallbacks(forward: false)),
      Ending(repeatCount: 3, position: .end, finished: true, resting: 5.5, action: .none),
      // At .current: the anchored core at 1 s of a 4 s linear run, a quarter of 5.5 s.
      Ending(repeatCount: 3, position: .current, finished: false, resting: 1.375, action: .none),
      // Forever, sought into its third play (4 s) and played a quarter of a cycle more.
      Ending(
        repeatCount: .infinity, position: .current, finished: true, resting: 4.5, action: .none),
    ])
  func ending(_ case: Ending) {
    var core = Self.core(repeatCount: `case`.repeatCount)
    if `case`.repeatCount.isInfinite { _ = core.seek(to: 4) }
    var animator = AnimatorCore(timing: AnimationTiming(curve: .linear, duration: 4))
    _ = animator.start(now: 0)
    core.keep(anchor: animator)
    if `case`.finished { core.finish() }
    let action = core.runEnded(at: `case`.position, now: 1)
    #expect(action == `case`.action)
    #expect(core.restingTime == `case`.resting)
    #expect(core.time(runFraction: nil, total: 5.5) == `case`.resting)
  }

  @Test("A new run takes the reversal set while inactive once, and runs its callbacks again")
  func beginRun() {
    var core = Self.core(repeatCount: 2)
    core.finish()
    #expect(core.skipsRemainingCallbacks)
    core.reversedWhenInactive = true
    #expect(core.time(runFraction: nil, total: 3.5) == 3.5)
    let reversed = core.beginRun(TimelineCallbackWalk(), speed: 2)
    #expect(reversed)
    #expect(!core.skipsRemainingCallbacks && !core.reversedWhenInactive && core.runSpeed == 2)
    let again = core.beginRun(TimelineCallbackWalk(), speed: 1)
    #expect(!again)
  }

  @Test("Runs started in one clock advance are capped; the next advance starts afresh")
  func runsPerAdvance() {
    var core = TimelineRunCore()
    let cap = TimelineRunCore.maximumRunsPerAdvance
    var admitted = 0
    while core.admitRun(inAdvance: 7) && admitted <= cap { admitted += 1 }
    #expect(admitted == cap)
    let next = core.admitRun(inAdvance: 8)
    #expect(next)
  }

  @Test("Every control event changes the serial a callback loop checks")
  func serials() {
    var core = Self.core(repeatCount: .infinity)
    var seen: Set<UInt64> = [core.serial]
    seen.insert(core.control())
    _ = core.seek(to: 3)
    seen.insert(core.serial)
    core.restart()
    seen.insert(core.serial)
    #expect(core.walk.foreverPlays == 0)
    core.finish()
    seen.insert(core.serial)
    #expect(seen.count == 5)
  }

  struct Place: CustomTestStringConvertible, Sendable {
    var time: Double
    var iteration: Int
    var testDescription: String { "at \(time) s" }
  }

  @Test(
    "The play at a time: the next one at a join, the one just ended in a delay and at the end",
    arguments: [
      Place(time: 0, iteration: 0), Place(time: 1.5, iteration: 0), Place(time: 1.75, iteration: 0),
      Place(time: 2, iteration: 1), Place(time: 3.9, iteration: 1), Place(time: 4, iteration: 2),
      Place(time: 5.5, iteration: 2),
    ])
  func iteration(_ place: Place) {
    let core = Self.core(repeatCount: 3)
    #expect(core.iteration(atTime: place.time, active: true, cycle: 0, plays: 0) == place.iteration)
    // Inactive, the settings given count instead of the last run's.
    #expect(
      core.iteration(atTime: place.time, active: false, cycle: 2, plays: 3) == place.iteration)
    #expect(core.iteration(atTime: place.time, active: false, cycle: 0, plays: 3) == 0)
  }

  @Test("Forever, the time and the play count the plays entered")
  func forever() {
    var core = Self.core(repeatCount: .infinity)
    _ = core.seek(to: 7)
    #expect(core.time(runFraction: 0.25, total: .infinity) == 6.5)
    #expect(core.iteration(atTime: 0, active: true, cycle: 2, plays: .infinity) == 3)
    _ = core.seek(to: 1e300)
    #expect(core.iteration(atTime: 0, active: true, cycle: 2, plays: .infinity) == Int.max)
  }
}
