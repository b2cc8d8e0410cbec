import TestSupport
import Testing

@testable import Dance

/// The state table of Docs/Dance.md, on the core alone: no scene, no node, no clock. A
/// linear one-second core is put in each phase at clock time 0.25 (fraction 0.25; a fresh
/// one is at 0), then sent each event at that time. Each row gives the phase, the action and
/// the fraction right after, and the fraction at 0.5 s.
@Suite struct AnimatorCoreTests {
  enum Event: String, CustomStringConvertible, CaseIterable, Sendable {
    case start, startAfterDelay, pause, stopWithoutFinishing, stopFinishing, finishAtEnd
    case continueAnimation, scrub, seek, reverse, reachDeadline, abandon, endUnbound
    var description: String { rawValue }
  }

  enum Outcome: Equatable, Sendable {
    case none, reject, activate, apply, keep, rebase
    case finish(AnimatingPosition)
  }

  struct Row: CustomStringConvertible, Sendable {
    var from: AnimatorCore.Phase
    var event: Event
    var phase: AnimatorCore.Phase
    var outcome: Outcome
    var fraction: Double
    var later: Double

    var description: String { "\(from) + \(event)" }

    init(
      _ from: AnimatorCore.Phase, _ event: Event, _ phase: AnimatorCore.Phase, _ outcome: Outcome,
      _ fraction: Double, then later: Double? = nil
    ) {
      self.from = from
      self.event = event
      self.phase = phase
      self.outcome = outcome
      self.fraction = fraction
      self.later = later ?? fraction
    }
  }

  static let rows: [Row] = [
    Row(.inactive, .start, .running, .activate, 0, then: 0.25),
    Row(.inactive, .startAfterDelay, .running, .activate, 0, then: 0),
    Row(.inactive, .pause, .paused, .activate, 0),
    Row(.inactive, .stopFinishing, .inactive, .reject, 0),
    Row(.inactive, .stopWithoutFinishing, .inactive, .reject, 0),
    Row(.inactive, .finishAtEnd, .inactive, .reject, 0),
    Row(.inactive, .continueAnimation, .inactive, .reject, 0),
    Row(.inactive, .scrub, .paused, .activate, 0.5),
    Row(.inactive, .seek, .paused, .activate, 0.5),
    Row(.inactive, .reverse, .inactive, .none, 0),
    Row(.inactive, .reachDeadline, .inactive, .none, 0),
    Row(.inactive, .abandon, .inactive, .none, 0),
    Row(.inactive, .endUnbound, .inactive, .none, 0),

    Row(.running, .start, .running, .none, 0.25, then: 0.5),
    Row(.running, .startAfterDelay, .running, .reject, 0.25, then: 0.5),
    Row(.running, .pause, .paused, .keep, 0.25),
    Row(.running, .stopFinishing, .stopped, .apply, 0.25),
    Row(.running, .stopWithoutFinishing, .inactive, .finish(.current), 0.25),
    Row(.running, .finishAtEnd, .running, .reject, 0.25, then: 0.5),
    Row(.running, .continueAnimation, .running, .rebase, 0.25, then: 0.5),
    Row(.running, .scrub, .paused, .apply, 0.5),
    Row(.running, .seek, .running, .apply, 0.5, then: 0.75),
    Row(.running, .reverse, .running, .none, 0.25, then: 0),
    Row(.running, .reachDeadline, .running, .none, 0.25, then: 0.5),
    Row(.running, .abandon, .inactive, .finish(.current), 0.25),
    Row(.running, .endUnbound, .inactive, .finish(.end), 1),

    Row(.paused, .start, .running, .none, 0.25, then: 0.5),
    Row(.paused, .startAfterDelay, .running, .none, 0.25, then: 0.25),
    Row(.paused, .pause, .paused, .none, 0.25),
    Row(.paused, .stopFinishing, .stopped, .apply, 0.25),
    Row(.paused, .stopWithoutFinishing, .inactive, .finish(.current), 0.25),
    Row(.paused, .finishAtEnd, .paused, .reject, 0.25),
    Row(.paused, .continueAnimation, .running, .rebase, 0.25, then: 0.5),
    Row(.paused, .scrub, .paused, .apply, 0.5),
    Row(.paused, .seek, .paused, .apply, 0.5),
    Row(.paused, .reverse, .paused, .none, 0.25),
    Row(.paused, .reachDeadline, .paused, .none, 0.25),
    Row(.paused, .abandon, .inactive, .finish(.current), 0.25),
    Row(.paused, .endUnbound, .inactive, .finish(.current), 0.25),

    Row(.stopped, .start, .stopped, .reject, 0.25),
    Row(.stopped, .startAfterDelay, .stopped, .reject, 0.25),
    Row(.stopped, .pause, .stopped, .reject, 0.25),
    Row(.stopped, .stopFinishing, .stopped, .reject, 0.25),
    Row(.stopped, .stopWithoutFinishing, .stopped, .reject, 0.25),
    Row(.stopped, .finishAtEnd, .inactive, .finish(.end), 0.25),
    Row(.stopped, .continueAnimation, .stopped, .reject, 0.25),
    Row(.stopped, .scrub, .stopped, .reject, 0.25),
    Row(.stopped, .seek, .stopped, .reject, 0.25),
    Row(.stopped, .reverse, .stopped, .reject, 0.25),
    Row(.stopped, .reachDeadline, .stopped, .none, 0.25),
    Row(.stopped, .abandon, .inactive, .finish(.current), 0.25),
    Row(.stopped, .endUnbound, .inactive, .finish(.current), 0.25),
  ]

  /// A linear one-second core in `phase`, at clock time 0.25.
  static func core(in phase: AnimatorCore.Phase) -> AnimatorCore {
    var core = AnimatorCore(timing: AnimationTiming(curve: .linear, duration: 1))
    guard phase != .inactive else { return core }
    _ = core.start(now: 0)
    switch phase {
    case .paused: _ = core.pause(now: 0.25)
    case .stopped: _ = core.stop(withoutFinishing: false, now: 0.25)
    default: break
    }
    return core
  }

  static func outcome(of action: AnimatorCore.Action) -> Outcome {
    switch action {
    case .none: .none
    case .reject: .reject
    case .activate: .activate
    case .apply: .apply
    case .keep: .keep
    case .rebase: .rebase
    case .finish(let position): .finish(position)
    }
  }

  @Test("Every (phase, event) cell of the state table", arguments: rows)
  func cell(_ row: Row) {
    var core = Self.core(in: row.from)
    let now = 0.25
    let action: AnimatorCore.Action =
      switch row.event {
      case .start: core.start(now: now)
      case .startAfterDelay: core.start(now: now, delay: 0.5, requireStopped: true)
      case .pause: core.pause(now: now)
      case .stopFinishing: core.stop(withoutFinishing: false, now: now)
      case .stopWithoutFinishing: core.stop(withoutFinishing: true, now: now)
      case .finishAtEnd: core.finish(at: .end)
      case .continueAnimation: core.continueAnimation(with: nil, factor: 1, now: now)
      case .scrub: core.scrub(to: 0.5, now: now)
      case .seek: core.seek(to: 0.5, now: now)
      case .reverse: core.setReversed(true, now: now)
      case .reachDeadline: core.reachDeadline(now: now)
      case .abandon: core.finishWhereItIs(now: now)
      case .endUnbound: core.finishUnbound(now: now)
      }
    #expect(Self.outcome(of: action) == row.outcome)
    #expect(core.phase == row.phase)
    #expect(core.fraction(at: now).isApproximatelyEqual(to: row.fraction, absoluteTolerance: 1e-15))
    #expect(
      core.fraction(at: 0.5).isApproximatelyEqual(to: row.later, absoluteTolerance: 1e-15),
      "fraction at 0.5 s")
    // The deadline is a pure function of the value: the end of the path, while running.
    if core.phase == .running {
      #expect(core.deadline == core.endTime)
    } else {
      #expect(core.deadline == nil)
    }
  }

  @Test("With isInterruptible false, pausing, stopping and scrubbing are refused")
  func notInterruptible() {
    var core = Self.core(in: .inactive)
    #expect(Self.outcome(of: core.setInterruptible(false)) == .none)
    _ = core.start(now: 0)
    #expect(Self.outcome(of: core.setInterruptible(true)) == .reject)
    #expect(Self.outcome(of: core.pause(now: 0.25)) == .reject)
    #expect(Self.outcome(of: core.stop(withoutFinishing: false, now: 0.25)) == .reject)
    #expect(Self.outcome(of: core.scrub(to: 0.5, now: 0.25)) == .reject)
    #expect(Self.outcome(of: core.seek(to: 0.5, now: 0.25)) == .reject)
    #expect(Self.outcome(of: core.pause(afterDelay: 1, now: 0.25)) == .reject)
    #expect(core.phase == .running)
  }

  @Test("Reaching the end: finish at .end, .start reversed, or hold with pausesOnCompletion")
  func reachingTheEnd() {
    var forward = Self.core(in: .running)
    #expect(forward.deadline == 1)
    #expect(Self.outcome(of: forward.reachDeadline(now: 1)) == .finish(.end))
    #expect(forward.phase == .inactive)

    var reversed = Self.core(in: .running)
    _ = reversed.setReversed(true, now: 0.25)
    #expect(reversed.deadline == 0.5)
    #expect(Self.outcome(of: reversed.reachDeadline(now: 0.5)) == .finish(.start))

    var holding = Self.core(in: .running)
    holding.pausesOnCompletion = true
    #expect(Self.outcome(of: holding.reachDeadline(now: 1)) == .apply)
    #expect(holding.phase == .paused && holding.fraction(at: 7) == 1)
  }

  @Test("A pending pause is the deadline while it comes before the end")
  func pauseAfterDelay() {
    var core = Self.core(in: .running)
    _ = core.pause(afterDelay: 0.25, now: 0.25)
    #expect(core.deadline == 0.5)
    // Paused where it is: the animator writes the values unless it wrote them at 0.5.
    #expect(Self.outcome(of: core.reachDeadline(now: 0.5)) == .keep)
    #expect(core.phase == .paused && core.fraction(at: 3) == 0.5)
  }

  @Test("Each activation and each end is a new run, so a callback's restart can be told")
  func runsAreCounted() {
    var core = Self.core(in: .inactive)
    let first = core.run
    _ = core.start(now: 0)
    #expect(core.run == first + 1)
    _ = core.stop(withoutFinishing: true, now: 0.5)
    #expect(core.run == first + 2)
    _ = core.pause(now: 0.5)
    #expect(core.run == first + 3)
  }

  @Test("A core is two cache lines, and what a timed frame reads of it is in the first")
  func layout() {
    #expect(MemoryLayout<AnimatorCore>.stride == 128)
    // The timed frame's fields end by byte 56 (the curve is one reference, to its solver);
    // the spring's 32 bytes are the rest of the second line's first half.
    let timing = MemoryLayout<AnimatorCore>.offset(of: \.timing)!
    let curve = timing + MemoryLayout<AnimationTiming>.offset(of: \.curve)!
    #expect(MemoryLayout<TimingFunction>.size == MemoryLayout<UnsafeRawPointer>.size)
    #expect(curve + MemoryLayout<TimingFunction>.size <= 64)
    let spring = timing + MemoryLayout<AnimationTiming>.offset(of: \.spring)!
    #expect(spring >= 64 && spring + MemoryLayout<SpringPacing>.size <= 128)
  }

  @Test("A lane's path is 96 bytes a pair, 160 for four lanes: the reversed flag is padding")
  func pathLayout() {
    #expect(MemoryLayout<LanePath<SIMD2<Double>>>.stride == 96)
    #expect(MemoryLayout<LanePath<SIMD4<Double>>>.stride == 160)
    #expect(MemoryLayout<LanePath<SIMD8<Double>>>.stride == 288)
  }
}
