import Dance
import SceneSupport
import TestSupport
import Testing

/// `node.targetValue(of:)`: where a property is heading, in every state of what drives it.
@Suite struct TargetValueTests {
  let fixture = SceneFixture()
  var scene: Scene { fixture.scene }
  var node: Sprite { fixture.node }

  @Test("Running, paused, reversed and scrubbed animations all head to the assigned value")
  func timedAnimation() {
    let target = Point(x: 300, y: 200)
    #expect(node.targetValue(of: \.center) == Point(x: 10, y: 5))  // nothing drives it
    node.dance.animate(duration: 1, curve: .easeInOut) { $0.center = target }.start()
    scene.clock.advance(by: 0.25)
    #expect(node.center != target && node.targetValue(of: \.center) == target)
    node.dance.pause()
    #expect(node.targetValue(of: \.center) == target)
    node.dance.reverse().start()
    scene.clock.advance(by: 0.1)
    #expect(node.targetValue(of: \.center) == target)
    node.dance.setProgress(to: 0.1)
    #expect(node.targetValue(of: \.center) == target)
    // Finished at .start, the run drives nothing: the target is where it rests.
    node.dance.finish(at: .start)
    #expect(node.targetValue(of: \.center) == Point(x: 10, y: 5))
  }

  @Test("Keyframes head to the last keyframe; derived and custom properties work too")
  func keyframesDerivedAndCustom() {
    Node.animateKeyframes(
      withDuration: 2, delay: 0, options: [.calculationModeCubic],
      animations: {
        Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          self.node.center = Point(x: 50, y: 50)
        }
        Node.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          self.node.center = Point(x: 80, y: 20)
        }
      })
    scene.clock.advance(by: 0.5)
    #expect(node.targetValue(of: \.center) == Point(x: 80, y: 20))
    #expect(node.targetValue(of: \.frame) == Rect(x: 70, y: 15, width: 20, height: 10))
    node.dance.animate(duration: 1, curve: .linear) { ($0 as! Sprite).glow = 0.8 }.start()
    scene.clock.advance(by: 0.5)
    #expect(node.glow == 0.4 && node.targetValue(of: \.glow) == 0.8)
  }

  @Test("Outside any scene the target is the value; an assignment outside a block is both")
  func outsideAScene() {
    let loose = Node(frame: Rect(x: 0, y: 0, width: 4, height: 4))
    loose.alpha = 0.3
    #expect(loose.targetValue(of: \.alpha) == 0.3)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.5)
    node.alpha = 0.6  // the latest writer owns it: no animation drives it any more
    #expect(node.targetValue(of: \.alpha) == 0.6 && node.alpha == 0.6)
  }
}
