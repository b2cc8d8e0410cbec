import Dance
import Foundation
import SceneSupport
import TestSupport
import Testing

@Suite struct AnimationBlockTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  var scene: Scene { fixture.scene }
  var node: Sprite { fixture.node }

  @Test("Inside a block an assignment animates; it does not jump")
  func noJump() {
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      self.node.alpha = 0
      #expect(self.node.alpha == 0)  // its target (UIKit's model value)
    }
    #expect(node.alpha == 1)
    animator.startAnimation()
    #expect(node.alpha == 1)
    scene.clock.advance(by: 0.25)
    #expect(node.alpha == 0.75)
  }

  @Test("Outside a block an assignment is immediate and takes the property")
  func latestWriterOwns() {
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      self.node.alpha = 0
      self.node.center = Point(x: 100, y: 0)
    }
    var positions: [AnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    scene.clock.advance(by: 0.5)
    node.alpha = 0.9
    #expect(node.alpha == 0.9)
    scene.clock.advance(by: 0.25)
    #expect(node.alpha == 0.9)  // no longer animated
    #expect(node.center.x == 76.25)  // the other property still is: 5 + 95 × 0.75
    // Taking the last property ends the animator where it is.
    node.center = .zero
    #expect(positions == [.current])
    #expect(animator.state == .inactive)
  }

  @Test("Custom @Animatable properties animate like built-in ones")
  func customProperties() {
    node.dance.animate(duration: 2, curve: .linear) {
      let sprite = $0 as! Sprite
      sprite.glow = 1
      sprite.tint = .red
      sprite.offset = SIMD3(2, 4, 6)
    }.start()
    scene.clock.advance(by: 0.5)
    #expect(node.glow == 0.25)
    #expect(node.tint == Color(red: 1, green: 0.75, blue: 0.75, alpha: 1))
    #expect(node.offset == SIMD3(0.5, 1, 1.5))
    node.glow = 5
    scene.clock.advance(by: 0.5)
    #expect(node.glow == 5)
    #expect(node.offset == SIMD3(1, 2, 3))
  }

  @Test("A new animation of a moving property starts from its in-flight value")
  func inFlightStart() {
    PropertyAnimator(duration: 1, curve: .linear) { self.node.center = Point(x: 100, y: 0) }
      .startAnimation()
    scene.clock.advance(by: 0.5)
    let second = PropertyAnimator(duration: 1, curve: .linear) {
      self.node.center = Point(x: 0, y: 100)
    }
    second.startAnimation()
    #expect(node.center == Point(x: 52.5, y: 2.5))
    scene.clock.advance(by: 0.5)
    #expect(node.center == Point(x: 26.25, y: 51.25))
  }

  @Test(
    "A spring that takes a moving property starts with its exact velocity",
    arguments: [0.3, 1.0, 2.0])
  func springKeepsVelocity(dampingRatio: Double) {
    let cubic = PropertyAnimator(duration: 1, curve: .easeIn) {
      self.node.center = Point(x: 200, y: 100)
    }
    cubic.startAnimation()
    scene.clock.advance(by: 0.6)
    // Velocity of the ease-in run at f = 0.6: distance × slope / duration.
    let slope = TimingFunction.easeIn.slope(at: 0.6)
    let expected = SIMD2<Double>(200 - 5, 100 - 5) * slope
    let spring = PropertyAnimator(duration: 0.8, dampingRatio: dampingRatio) {
      self.node.center = Point(x: -50, y: 300)
    }
    spring.startAnimation()
    let start = node.center
    // One-sided difference over 1 µs after the hand-over, against the analytic velocity.
    let h = 1e-6
    scene.clock.advance(by: h)
    let after = node.center
    let measured = SIMD2((after.x - start.x) / h, (after.y - start.y) / h)
    #expect(abs(measured.x - expected.x) < 1e-2 * abs(expected.x))
    #expect(abs(measured.y - expected.y) < 1e-2 * abs(expected.y))
  }

  @Test("performWithoutAnimation-style: a block inside a completion applies at once")
  func completionsRunOutsideBlocks() {
    let animator = PropertyAnimator(duration: 0.5, curve: .linear) { self.node.alpha = 0.5 }
    animator.addCompletion { _ in self.node.center = Point(x: 9, y: 9) }
    animator.startAnimation()
    scene.clock.advance(by: 1)
    #expect(node.center == Point(x: 9, y: 9))
  }
}
