import Dance
import SceneSupport
import TestSupport
import Testing

/// `continueAnimation` with spring parameters on a reversed animator springs back to the
/// start as a forward one springs to the end (issue 28's "found on the way": reversed, the
/// rest ran linearly and `initialVelocity` was ignored). The oracle is the mirror image: a
/// linear move from x = 5 to 105 paused at 0.4 and reversed has 40 points left to the start,
/// as the same move paused at 0.6 has 40 left to the end; with the same spring, each
/// distance left must shrink the same way over time.
@Suite struct ReversedContinuationTests {
  /// The x the node shows every 1/60 s after a spring continuation of a linear 5 → 105
  /// move paused at `fraction`, reversed or not.
  static func continuation(
    at fraction: Double, reversed: Bool, spring: SpringTimingParameters
  ) -> [Double] {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 105, y: 5)
    }
    animator.fractionComplete = fraction
    animator.isReversed = reversed
    animator.continueAnimation(withTimingParameters: spring, durationFactor: 1)
    var shown: [Double] = [node.center.x]
    for _ in 0..<90 {
      scene.clock.advance(by: 1.0 / 60)
      shown.append(node.center.x)
    }
    #expect(animator.state == .inactive, "the spring ended within 1.5 s")
    return shown
  }

  @Test(
    "Reversed, a spring continuation mirrors the forward one, initial velocity included",
    arguments: [0.0, 3.0, -2.0])
  func mirrorsForward(initialVelocity: Double) {
    let spring = SpringTimingParameters(
      mass: 1, stiffness: 200, damping: 14, initialVelocity: Vector(dx: initialVelocity, dy: 0))
    let forward = Self.continuation(at: 0.6, reversed: false, spring: spring)
    let backward = Self.continuation(at: 0.4, reversed: true, spring: spring)
    let leftForward = forward.map { 105 - $0 }
    let leftBackward = backward.map { $0 - 5 }
    #expect(leftBackward.first == 40 && leftForward.first == 40)
    for (index, (a, b)) in zip(leftForward, leftBackward).enumerated() {
      #expect(a.isApproximatelyEqual(to: b, absoluteTolerance: 1e-9), "frame \(index): \(a) \(b)")
    }
    #expect(backward.last == 5)
    // A spring, not a line: underdamped (ζ ≈ 0.49), it passes the start and comes back.
    #expect(backward.min()! < 5)
  }

  @Test("A running reversed animator continued with a spring keeps its velocity, and lands")
  func keepsVelocity() {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 105, y: 5)
    }
    animator.startAnimation()
    scene.clock.advance(by: 0.5)
    animator.isReversed = true
    #expect(node.velocity(of: \.center) == Point(x: -100, y: 0))
    animator.continueAnimation(
      withTimingParameters: SpringTimingParameters(dampingRatio: 0.8), durationFactor: 1)
    let after = node.velocity(of: \.center)
    #expect(after.x.isApproximatelyEqual(to: -100, relativeTolerance: 1e-9), "\(after)")
    #expect(node.center.x == 55)
    var positions: [AnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    _ = scene.clock.advanceToNextEvent()
    #expect(positions == [.start] && node.center == Point(x: 5, y: 5))
  }
}
