import Dance
import SceneSupport
import TestSupport
import Testing

/// Inside an animation block a read gives the property's target (UIKit's model value), so
/// that a block can build on its own assignments; and a block that assigns one property
/// twice replaces its own animation instead of interrupting itself.
@Suite struct BlockReadTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 40, height: 20))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  @Test("Assigning x, then y, of one property in one block animates both")
  func componentsOfOneProperty() {
    node.dance.animate(duration: 1, curve: .linear) {
      $0.center.x = 10
      $0.center.y = 20
    }.start()
    scene.clock.advance(by: 0.5)
    // From (20, 10) to (10, 20), halfway.
    #expect(node.center == Point(x: 15, y: 15))
    scene.clock.advance(by: 0.5)
    #expect(node.center == Point(x: 10, y: 20))
  }

  @Test("`+=` inside a block adds to where the property is going")
  func compoundAssignment() {
    node.dance.animate(duration: 1, curve: .linear) {
      $0.alpha = 0.5
      $0.alpha += 0.2
      #expect($0.alpha.isApproximatelyEqual(to: 0.7, absoluteTolerance: 1e-15))
    }.start()
    #expect(node.alpha == 1)  // outside the block: the value on screen
    scene.clock.advance(by: 1)
    #expect(node.alpha.isApproximatelyEqual(to: 0.7, absoluteTolerance: 1e-15))
  }

  @Test("Setting frame, then moving bounds' origin, keeps the frame's size")
  func frameThenBounds() {
    let frame = Rect(x: 100, y: 50, width: 60, height: 30)
    node.dance.animate(duration: 1, curve: .linear) {
      $0.frame = frame
      $0.bounds.origin.x += 10
    }.start()
    scene.clock.advance(by: 1)
    #expect(node.frame == frame)
    #expect(node.bounds == Rect(x: 10, y: 0, width: 60, height: 30))
  }

  @Test("A block that assigns a property twice, or frame then bounds, finishes: finished is true")
  func replacingOwnAnimationIsNotAnInterruption() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 0.5, delay: 0, options: [],
      animations: {
        self.node.alpha = 0.2
        self.node.alpha = 0.4
      }, completion: { results.append($0) })
    Node.animate(
      withDuration: 0.5, delay: 0, options: [],
      animations: {
        self.node.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        self.node.bounds = Rect(x: 0, y: 0, width: 12, height: 12)
      }, completion: { results.append($0) })
    scene.clock.advance(by: 1)
    #expect(results == [true, true])
    #expect(node.alpha == 0.4 && node.bounds.size == Size(width: 12, height: 12))
  }

  @Test("A block reads the target a running animation of another animator is heading to")
  func readsTheTargetOfAnotherAnimation() {
    node.dance.animate(duration: 1, curve: .linear) { $0.center.x = 100 }.start()
    scene.clock.advance(by: 0.5)
    var seen = 0.0
    Node.animate(withDuration: 1) {
      seen = self.node.center.x
      self.node.center.y += 10
    }
    #expect(seen == 100)
    // The new animation took `center` from where it was: x keeps heading to 100.
    scene.clock.advance(by: 1)
    #expect(node.center == Point(x: 100, y: 20))
  }
}
