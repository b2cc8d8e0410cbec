import Advance
import Dance
import DanceTesting
import SceneSupport
import TestSupport
import Testing

/// `node.velocity(of:)`: the rate of change of what is drawn, from the animation's own
/// curve, checked against closed forms and against the values drawn around the instant.
@Suite struct VelocityTests {
  let fixture = SceneFixture()
  var scene: Scene { fixture.scene }
  var node: Sprite { fixture.node }

  @Test("A linear move: (to − from) / duration exactly, for built-in and own properties")
  func linear() {
    #expect(node.velocity(of: \.center) == .zero)
    node.dance.animate(duration: 2, curve: .linear) {
      $0.center = Point(x: 310, y: 65)
      $0.alpha = 0.5
      ($0 as! Sprite).glow = 3
    }.start()
    for step in [0.5, 1.0, 0.4] {
      scene.clock.advance(by: step)
      #expect(node.velocity(of: \.center) == Point(x: 150, y: 30))
      #expect(node.velocity(of: \.alpha) == -0.25)
      #expect(node.velocity(of: \.glow) == 1.5)
    }
    scene.clock.advance(by: 0.1)
    #expect(node.velocity(of: \.center) == .zero, "over")
    #expect(node.velocity(of: \.glow) == 0)
  }

  @Test("easeInOut at its midpoint: the Bézier's dy/dx there, 1.5 / 0.87")
  func bezierMidpoint() {
    node.dance.animate(duration: 1, curve: .easeInOut) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.5)
    // x'(½) = ¾(x1 + 2(x2 − x1) + 1 − x2) = 0.87 and y'(½) = 1.5 for (0.42, 0, 0.58, 1).
    let expected = -1.5 / 0.87
    #expect(abs(node.velocity(of: \.alpha) - expected) < 1e-9)
  }

  @Test("Zero before a delayed start and while paused; negative when reversed")
  func states() {
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 110, y: 5) }
      .start(after: 0.5)
    scene.clock.advance(by: 0.25)
    #expect(node.velocity(of: \.center) == .zero, "waiting for its start")
    scene.clock.advance(by: 0.5)
    #expect(node.velocity(of: \.center) == Point(x: 100, y: 0))
    node.dance.pause()
    #expect(node.velocity(of: \.center) == .zero, "paused")
    node.dance.reverse().start()
    #expect(node.velocity(of: \.center) == Point(x: -100, y: 0))
  }

  @Test("A spring's velocity is the slope of the values drawn around the instant")
  func spring() {
    func centerX(at time: Double) -> (Double, Double) {
      let fresh = SceneFixture(frame: Rect(x: 0, y: 0, width: 20, height: 10))
      let (scene, node) = (fresh.scene, fresh.node)
      node.dance.animate(duration: 0.8, dampingRatio: 0.45) { $0.center = Point(x: 210, y: 5) }
        .start()
      scene.clock.advance(to: time)
      return (node.center.x, node.velocity(of: \.center).x)
    }
    for time in [0.05, 0.2, 0.37, 0.6] {
      let h = 1e-5
      let slope = (centerX(at: time + h).0 - centerX(at: time - h).0) / (2 * h)
      let velocity = centerX(at: time).1
      #expect(abs(velocity - slope) < 1e-5 * max(1, abs(slope)), "t = \(time)")
      #expect(abs(velocity) > 1, "t = \(time): the spring is moving")
    }
  }

  @Test("A node.dance spring that replaces a running node.dance animation keeps its speed")
  func springReplacesAndKeepsTheSpeed() {
    node.dance.animate(duration: 1, curve: .linear) {
      $0.center = Point(x: 310, y: 5)
      ($0 as! Sprite).glow = 2
    }.start()
    scene.clock.advance(by: 0.3)
    let node = node
    // Let go: a spring home, and one for the sprite's own property.
    scene.clock.schedule(after: 0.1) {
      node.dance.animate(duration: 0.6, dampingRatio: 0.7) {
        $0.center = Point(x: 10, y: 5)
        ($0 as! Sprite).glow = 0
      }.start()
      let velocity = node.velocity(of: \.center)
      #expect(velocity.x.isApproximatelyEqual(to: 300, relativeTolerance: 1e-9), "at the hand-off")
      #expect(velocity.y == 0)
      #expect(node.velocity(of: \.glow).isApproximatelyEqual(to: 2, relativeTolerance: 1e-9))
    }
    let trace = MotionTrace.record(
      scene, nodes: [node], properties: [.center], duration: 0.2, pacing: .fixed(fps: 1000))
    expectVelocityContinuous(trace, tolerance: 30)
    // A timed curve replacing it starts from its own curve, as UIKit's do.
    node.dance.animate(duration: 1, curve: .easeIn) { $0.center = Point(x: 0, y: 5) }.start()
    #expect(node.velocity(of: \.center) == .zero)
  }

  @Test("Asked inside an animation block, the velocity is still what is drawn now")
  func insideABlock() {
    node.dance.animate(duration: 2, curve: .linear) { $0.center = Point(x: 410, y: 5) }.start()
    scene.clock.advance(by: 0.5)
    var inside: Point?
    let node = node
    PropertyAnimator(duration: 1, curve: .linear) {
      inside = node.velocity(of: \.center)
      node.alpha = 0.5
    }.startAnimation()
    #expect(inside == Point(x: 200, y: 0))
  }

  @Test("Additive offsets add their velocities")
  func additive() {
    for (index, target) in [Point(x: 110, y: 5), Point(x: 110, y: 45)].enumerated() {
      let animator = PropertyAnimator(duration: Double(index + 1), curve: .linear) {
        self.node.center = target
      }
      animator.composition = .additive
      animator.startAnimation()
    }
    scene.clock.advance(by: 0.5)
    // +100 in x over 1 s, then +40 in y over 2 s.
    #expect(node.velocity(of: \.center) == Point(x: 100, y: 20))
  }

  @Test("frame, derived from centre and bounds, moves at their velocities")
  func derivedFrame() {
    node.dance.animate(duration: 2, curve: .linear) {
      $0.center = Point(x: 410, y: 5)
      $0.bounds = Rect(x: 0, y: 0, width: 60, height: 10)
    }.start()
    scene.clock.advance(by: 0.5)
    let velocity = node.velocity(of: \.frame)
    // The origin moves with the centre less half the growth of the width: 200 − 10.
    #expect(abs(velocity.origin.x - 190) < 1e-9)
    #expect(abs(velocity.size.width - 20) < 1e-9)
    #expect(velocity.origin.y == 0 && velocity.size.height == 0)
  }

  @Test(
    "A turning transform's rates are its parts' rates: a turn alone, past a half turn, subclassed")
  func turningTransform() {
    final class Spinner: Node {}
    let spinner = Spinner(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(spinner)
    for turning in [node, spinner] {
      // From the identity to a turn of 3 rad, scale 2 and a move of 30 in 1 s (the node),
      // or to a turn of 3 rad alone (the spinner: its scales' rates are 0).
      let scale = turning === node ? 2.0 : 1
      turning.dance.animate(duration: 1, curve: .linear) {
        $0.transform = Transform(vector: SIMD8(30 * (scale - 1), 0, 3, scale, scale, 0, 0, 0))
      }.start()
    }
    // At 0.5 s both have turned 1.5 rad at 3 rad/s: a second on would be 4.5, past π.
    scene.clock.advance(by: 0.5)
    let expected = [SIMD8<Double>(30, 0, 3, 1, 1, 0, 0, 0), SIMD8(0, 0, 3, 0, 0, 0, 0, 0)]
    for (rates, expected) in zip(
      [node.velocityVector(of: \.transform), spinner.velocityVector(of: \.transform)], expected)
    {
      #expect(((rates - expected) * (rates - expected)).sum() < 1e-18, "\(rates)")
    }
  }

  @Test("A derived property with a constant part moves at the rate of what it reads, not more")
  func derivedWithConstant() {
    node.dance.animate(duration: 2, curve: .linear) {
      $0.center = Point(x: 410, y: 5)
      $0.alpha = 0
    }.start()
    scene.clock.advance(by: 0.5)
    // x goes 10 → 410 in 2 s, alpha 1 → 0: a getter adding a constant has the same rate,
    // one scaling them scales it (exactly: the velocities alone, through the getter), one
    // that reads nothing animatable stands still.
    #expect(abs(node.velocity(of: \.rightEdge) - 200) < 1e-9)
    #expect(node.velocity(of: \.twiceAlpha) == -1)
    #expect(node.velocity(of: \.constantWidth) == 0)
  }
}

extension Node {
  /// The right edge of a 20-point-wide box around the centre: affine in the centre.
  fileprivate var rightEdge: Double { center.x + 10 }
  /// Linear in alpha.
  fileprivate var twiceAlpha: Double { 2 * alpha }
  /// Reads nothing animatable.
  fileprivate var constantWidth: Double { 20 }
}
