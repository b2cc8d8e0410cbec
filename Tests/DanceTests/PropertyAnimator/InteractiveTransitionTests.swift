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

  static func transition() -> (SceneFixture, InteractiveTransition) {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let node = fixture.node
    let transition = InteractiveTransition(duration: 1, curve: .easeInOut) {
      node.center = Point(x: 105, y: 5)
    }
    return (fixture, transition)
  }

  /// Drags at 60 updates a second, one per frame, from `from` to `to` in steps of 0.01.
  static func drag(
    _ transition: InteractiveTransition, on clock: AnimationClock, from: Int, to: Int
  ) {
    for step in stride(from: from, through: to, by: from < to ? 1 : -1) {
      clock.advance(by: 1.0 / 60)
      transition.update(fractionComplete: Double(step) / 100)
    }
  }

  @Test("An update shows exactly what playback shows at that fraction")
  func updateShowsPlayback() {
    let (fixture, transition) = Self.transition()
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
    #expect(transition.isHeld)
  }

  @Test("The velocity is the updates' change over clock time, and 0 once the gesture rests")
  func velocityOfTheUpdates() {
    let (fixture, transition) = Self.transition()
    #expect(transition.velocity == 0)
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    #expect(transition.velocity.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-9))
    // Several updates in one frame count as the last.
    transition.update(fractionComplete: 0.9)
    transition.update(fractionComplete: 0.5)
    #expect(transition.velocity.isApproximatelyEqual(to: 0.6, relativeTolerance: 1e-9))
    fixture.clock.advance(by: 0.2)
    #expect(transition.velocity == 0)
  }

  @Test("finish lets go at the gesture's velocity, continuous, and completes at the end once")
  func finishKeepsTheVelocity() {
    let (fixture, transition) = Self.transition()
    let node = fixture.node
    var positions: [AnimatingPosition] = []
    transition.addCompletion { positions.append($0) }
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    let held = node.center
    transition.finish()
    #expect(node.center.x.isApproximatelyEqual(to: held.x, absoluteTolerance: 1e-12))
    // 0.6 of the path a second, through the curve's slope, over its 100 points.
    let expected = 100 * Self.slopeAtHalf * 0.6
    #expect(
      node.velocity(of: \.center).x.isApproximatelyEqual(to: expected, relativeTolerance: 1e-9))
    #expect(node.velocity(of: \.center).y == 0)
    // The remaining half takes half the duration.
    fixture.clock.advance(by: 0.49)
    #expect(positions.isEmpty && node.center.x > held.x)
    fixture.clock.advance(by: 0.01)
    #expect(positions == [.end])
    #expect(node.center == Point(x: 105, y: 5))
    fixture.clock.advance(by: 1)
    #expect(positions == [.end])
  }

  @Test("cancel runs back at the gesture's velocity and completes at the start")
  func cancelKeepsTheVelocity() {
    let (fixture, transition) = Self.transition()
    let node = fixture.node
    var positions: [AnimatingPosition] = []
    transition.addCompletion { positions.append($0) }
    Self.drag(transition, on: fixture.clock, from: 70, to: 50)
    #expect(transition.velocity.isApproximatelyEqual(to: -0.6, relativeTolerance: 1e-9))
    transition.cancel()
    #expect(node.center.x.isApproximatelyEqual(to: 55, absoluteTolerance: 1e-12))
    let expected = -100 * Self.slopeAtHalf * 0.6
    #expect(
      node.velocity(of: \.center).x.isApproximatelyEqual(to: expected, relativeTolerance: 1e-9))
    fixture.clock.advance(by: 0.5)
    #expect(positions == [.start])
    #expect(node.center == Point(x: 5, y: 5))
  }

  @Test("An update during the release catches the path where it is; the next release ends it")
  func catchDuringTheRelease() {
    let (fixture, transition) = Self.transition()
    let node = fixture.node
    var positions: [AnimatingPosition] = []
    transition.addCompletion { positions.append($0) }
    Self.drag(transition, on: fixture.clock, from: 20, to: 50)
    transition.finish()
    fixture.clock.advance(by: 0.1)
    let flying = node.center
    transition.pause()
    #expect(transition.isHeld && node.center == flying)
    let caught = transition.fractionComplete
    #expect(caught > 0.5 && caught < 1)
    transition.update(fractionComplete: caught)
    #expect(node.center.x.isApproximatelyEqual(to: flying.x, absoluteTolerance: 1e-9))
    fixture.clock.advance(by: 1)
    #expect(
      positions.isEmpty && node.center.x.isApproximatelyEqual(to: flying.x, absoluteTolerance: 1e-9)
    )
    transition.finish()
    fixture.clock.advance(by: 1)
    #expect(positions == [.end])
    #expect(node.center == Point(x: 105, y: 5))
  }

  @Test("completionSpeed shortens the rest of the path")
  func completionSpeed() {
    let (fixture, transition) = Self.transition()
    var positions: [AnimatingPosition] = []
    transition.addCompletion { positions.append($0) }
    transition.completionSpeed = 2
    transition.update(fractionComplete: 0.5)
    transition.finish()
    fixture.clock.advance(by: 0.24)
    #expect(positions.isEmpty)
    fixture.clock.advance(by: 0.01)
    #expect(positions == [.end])
  }

  @Test("Bad input: a NaN update, a release that is not held, a negative speed")
  func badInput() {
    let (fixture, transition) = Self.transition()
    let node = fixture.node
    let (_, errors) = collectingErrors {
      transition.finish()
      transition.update(fractionComplete: .nan)
      transition.completionSpeed = -1
    }
    #expect(errors.map(\.kind) == [.illegalState, .nonFiniteNumber, .outOfRange])
    #expect(transition.animator.state == .inactive)
    #expect(transition.completionSpeed == 1)
    #expect(node.center == Point(x: 5, y: 5))
    let (_, clamped) = collectingErrors { transition.update(fractionComplete: 2) }
    #expect(clamped.map(\.kind) == [.outOfRange])
    #expect(node.center == Point(x: 105, y: 5))
    #expect(!transition.velocity.isNaN)
  }
}
