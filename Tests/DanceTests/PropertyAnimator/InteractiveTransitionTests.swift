import Dance
import SceneSupport
import TestSupport
import Testing

/// A gesture that drives an animator and lets go of it: what an update shows, the velocity
/// of the updates, and the release to a spring, continuous in value and velocity.
///
/// The path: a centre moving from x = 5 to 105 over 1 s of CSS `ease-in-out` (0.42, 0, 0.58,
/// 1). At f = 0.5 that curve is at 0.5 (it is symmetric) and its slope is
/// (dy/dt) / (dx/dt) at t = 0.5 of the Bézier: 1.5 / 0.87, worked out by hand.
@Suite struct InteractiveTransitionTests {
  static let slopeAtHalf = 1.5 / 0.87
  static let spring = SpringParameters(dampingRatio: 1, response: 0.4)

  static func transition() -> (SceneFixture, InteractiveTransition, Completions) {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let node = fixture.node
    let animator = PropertyAnimator(duration: 1, curve: .easeInOut) {
      node.center = Point(x: 105, y: 5)
    }
    let completions = Completions()
    animator.addCompletion { completions.positions.append($0) }
    return (fixture, InteractiveTransition(animator), completions)
  }

  final class Completions {
    var positions: [AnimatingPosition] = []
  }

  /// Drags at 60 updates a second, one per frame, from `from` to `to` hundredths.
  static func drag(
    _ transition: InteractiveTransition, on clock: AnimationClock, from: Int, to: Int
  ) {
    for step in stride(from: from, through: to, by: from < to ? 1 : -1) {
      clock.advance(by: 1.0 / 60)
      transition.update(fractionComplete: Double(step) / 100)
    }
  }

  @Test("Making a transition pauses its animator at the start; an update shows playback there")
  func updateShowsPlayback() {
    let (fixture, transition, _) = Self.transition()
    #expect(transition.animator.state == .active && !transition.animator.isRunning)
    #expect(transition.fractionComplete == 0)
    let twin = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let twinNode = twin.node
    PropertyAnimator(duration: 1, curve: .easeInOut) {
      twinNode.center = Point(x: 105, y: 5)
    }.startAnimation()
    var played = 0.0
    for fraction in [0.125, 0.375, 0.5, 0.75] {
      twin.clock.advance(by: fraction - played)
      played = fraction
      transition.update(fractionComplete: fraction)
      #expect(fixture.node.center == twinNode.center, "at \(fraction)")
    }
    transition.update(fractionComplete: 0.5)
    #expect(fixture.node.center.x.isApproximatelyEqual(to: 55, absoluteTolerance: 1e-12))
  }

  @Test("The velocity is the least-squares slope of the last 0.1 s of updates")
  func velocityOfTheUpdates() {
    let (fixture, transition, _) = Self.transition()
    #expect(transition.velocity == 0)
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    #expect(transition.velocity.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-9))
    // Several updates at one clock time count as the last.
    transition.update(fractionComplete: 0.9)
    transition.update(fractionComplete: 0.5)
    #expect(transition.velocity.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-9))
    // A least-squares fit, not the two ends: 0, 0.1, 0.1 at 0, 1/60, 2/60 s fits 3 a second.
    Self.drag(transition, on: fixture.clock, from: 50, to: 50)
    fixture.clock.advance(by: 1)
    for fraction in [0.2, 0.3, 0.3] {
      fixture.clock.advance(by: 1.0 / 60)
      transition.update(fractionComplete: fraction)
    }
    #expect(transition.velocity.isApproximatelyEqual(to: 3, relativeTolerance: 1e-9))
    fixture.clock.advance(by: 0.15)
    #expect(transition.velocity == 0)
  }

  @Test("finish lets go at the gesture's velocity, continuous, and completes at the end once")
  func finishKeepsTheVelocity() {
    let (fixture, transition, completions) = Self.transition()
    let node = fixture.node
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    let held = node.center
    transition.finish()
    #expect(node.center.x.isApproximatelyEqual(to: held.x, absoluteTolerance: 1e-12))
    // 0.6 of the path a second, through the curve's slope, over its 100 points.
    let expected = 100 * Self.slopeAtHalf * 0.6
    #expect(
      node.velocity(of: \.center).x.isApproximatelyEqual(to: expected, relativeTolerance: 1e-9))
    #expect(node.velocity(of: \.center).y == 0)
    // The rest runs in the spring's own time: it ends when the spring settles.
    let settling = Self.spring.settlingDuration
    fixture.clock.advance(by: settling - 0.001)
    #expect(completions.positions.isEmpty && node.center.x > held.x)
    fixture.clock.advance(by: 0.001)
    #expect(completions.positions == [.end])
    #expect(node.center == Point(x: 105, y: 5))
    fixture.clock.advance(by: 1)
    #expect(completions.positions == [.end])
  }

  @Test("cancel runs back at the gesture's velocity and completes at the start")
  func cancelKeepsTheVelocity() {
    let (fixture, transition, completions) = Self.transition()
    let node = fixture.node
    Self.drag(transition, on: fixture.clock, from: 70, to: 50)
    #expect(transition.velocity.isApproximatelyEqual(to: -0.6, relativeTolerance: 1e-9))
    transition.cancel()
    #expect(node.center.x.isApproximatelyEqual(to: 55, absoluteTolerance: 1e-12))
    let expected = -100 * Self.slopeAtHalf * 0.6
    #expect(
      node.velocity(of: \.center).x.isApproximatelyEqual(to: expected, relativeTolerance: 1e-9))
    fixture.clock.advance(by: Self.spring.settlingDuration)
    #expect(completions.positions == [.start])
    #expect(node.center == Point(x: 5, y: 5))
  }

  @Test(
    "finish() goes to the end the fraction plus 0.2 s of velocity is nearer to",
    arguments: [(45, 50, AnimatingPosition.end), (60, 55, .start), (40, 30, .start)])
  func finishChoosesAnEnd(from: Int, to: Int, expected: AnimatingPosition) {
    // 45 → 50: 0.5 + 0.2 × 0.6 ≥ 0.5; 60 → 55: 0.55 − 0.12 < 0.5; 40 → 30: below at rest.
    let (fixture, transition, completions) = Self.transition()
    Self.drag(transition, on: fixture.clock, from: from, to: to)
    transition.finish()
    fixture.clock.advance(by: 5)
    #expect(completions.positions == [expected])
  }

  @Test("An update during the release catches it where it is, then shows playback again")
  func catchDuringTheRelease() {
    let (fixture, transition, completions) = Self.transition()
    let node = fixture.node
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    transition.finish()
    fixture.clock.advance(by: 0.1)
    let flying = node.center
    let caught = transition.fractionComplete
    #expect(caught > 0.5 && caught < 1)
    // The original playback shows the flying value at the caught fraction.
    let curve = TimingFunction.easeInOut
    #expect(
      (5 + 100 * curve.value(at: caught)).isApproximatelyEqual(
        to: flying.x, absoluteTolerance: 1e-9))
    transition.update(fractionComplete: caught)
    #expect(node.center.x.isApproximatelyEqual(to: flying.x, absoluteTolerance: 1e-9))
    #expect(!transition.animator.isRunning)
    fixture.clock.advance(by: 1)
    #expect(completions.positions.isEmpty)
    transition.update(fractionComplete: 0.5)
    #expect(node.center.x.isApproximatelyEqual(to: 55, absoluteTolerance: 1e-12))
    transition.finish(towards: .end)
    fixture.clock.advance(by: 5)
    #expect(completions.positions == [.end])
    #expect(node.center == Point(x: 105, y: 5))
  }

  @Test("Bad input: a NaN update, .current as an end, calls after the run ended")
  func badInput() {
    let (fixture, transition, completions) = Self.transition()
    let node = fixture.node
    let (_, errors) = collectingErrors {
      transition.update(fractionComplete: .nan)
      transition.update(fractionComplete: 0.75)
      transition.finish(towards: .current)
    }
    #expect(errors.map(\.kind) == [.nonFiniteNumber, .outOfRange])
    fixture.clock.advance(by: 5)
    #expect(completions.positions == [.end])
    let (_, late) = collectingErrors {
      transition.update(fractionComplete: 0.5)
      transition.cancel()
    }
    #expect(late.map(\.kind) == [.illegalState, .illegalState])
    #expect(node.center == Point(x: 105, y: 5))
    let (_, clamped) = collectingErrors {
      InteractiveTransition(
        PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
      ).update(fractionComplete: 2)
    }
    #expect(clamped.map(\.kind) == [.outOfRange])
    #expect(node.alpha == 0)
  }
}
