import Dance
import SceneSupport
import TestSupport
import Testing

/// What code written from UIKit, Dance and Advance habits does (Examples/UserHabits checks
/// that it compiles in a user's Swift 6 package; these check the values).
@Suite struct UserHabitTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  @Test(
    "Transform's rotated, scaledBy and translatedBy apply their step first, as CGAffineTransform")
  func transformSteps() {
    let base = Transform(scaleX: 2, y: 3)
    // translatedBy: translate, then the base transform.
    #expect(Point(x: 1, y: 1).applying(base.translatedBy(x: 10, y: 0)) == Point(x: 22, y: 3))
    // scaledBy: scale, then the base.
    #expect(Point(x: 1, y: 1).applying(base.scaledBy(x: 5, y: 1)) == Point(x: 10, y: 3))
    // rotated: a quarter turn maps (1, 0) to (0, 1), then the base scales it to (0, 3).
    let turned = Point(x: 1, y: 0).applying(base.rotated(by: .pi / 2))
    #expect(turned.x.isApproximatelyEqual(to: 0, absoluteTolerance: 1e-15))
    #expect(turned.y.isApproximatelyEqual(to: 3, absoluteTolerance: 1e-15))
    let round = base.rotated(by: 0.3).concatenating(base.rotated(by: 0.3).inverted())
    for (value, expected) in zip(
      [round.a, round.b, round.c, round.d, round.tx, round.ty], [1.0, 0, 0, 1, 0, 0])
    {
      #expect(value.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-14))
    }
    #expect(Transform.identity.translatedBy(x: 0, y: 0).isIdentity)
  }

  @Test("runningPropertyAnimator starts at once, after its delay, with the options' curve")
  func runningPropertyAnimator() {
    var ended: [AnimatingPosition] = []
    let animator = PropertyAnimator.runningPropertyAnimator(
      withDuration: 1, delay: 0.5, options: [.curveEaseIn],
      animations: { self.node.alpha = 0 }, completion: { ended.append($0) })
    #expect(animator.state == .active && animator.isRunning)
    scene.clock.advance(by: 1)
    let expected = 1 - TimingFunction.easeIn.value(at: 0.5)
    #expect(node.alpha.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12))
    scene.clock.advance(by: 0.5)
    #expect(ended == [.end] && node.alpha == 0)
  }

  @Test("Node.animate's completion and options may be left out in every form")
  func optionalCompletions() {
    Node.animate(withDuration: 1, delay: 0, animations: { self.node.alpha = 0.5 })
    scene.clock.advance(by: 1)
    #expect(node.alpha == 0.5)
    Node.animate(
      withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
      animations: { self.node.alpha = 0.25 })
    scene.clock.advance(by: 1)
    #expect(node.alpha == 0.25)
  }

  @Test("setProgress takes a slider's Float; tag can be set; easeInEaseOut is easeInOut")
  func danceAndAdvanceNames() {
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
    node.dance.setProgress(to: Float(0.25))
    #expect(node.alpha == 0.75 && node.dance.progress == 0.25)
    node.dance.tag = 42
    #expect(node.dance.tag == 42)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }
    #expect(node.dance.tag != 42)  // a new animation gets a fresh unique tag
    #expect(TimingFunction.easeInEaseOut == .easeInOut)
  }

  @Test("DanceError.collecting returns the errors of the calls inside it, in order")
  func collecting() {
    let errors = DanceError.collecting {
      scene.clock.advance(by: -1)
      node.dance.animate(duration: .nan, curve: .linear) { $0.alpha = 0 }
    }
    #expect(errors.map(\.kind) == [.outOfRange, .nonFiniteNumber])
    #expect(errors.last?.message.hasPrefix("node.dance.animate(duration:curve:_:)") == true)
    #expect(DanceError.collecting {}.isEmpty)
  }
}
