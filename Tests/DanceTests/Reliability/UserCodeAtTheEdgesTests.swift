import Dance
import SceneSupport
import TestSupport
import Testing

/// User code that makes public calls while the engine is changing its own state: each of
/// these freed memory the engine still used, or corrupted another animation, before user
/// code ran only at the edges (SPEC principle 8). They use the public API only, as a user
/// would, and run under the address sanitizer in CI.
@Suite struct UserCodeAtTheEdgesTests {
  static func sceneWithNodes(_ count: Int) -> (Scene, [Node]) {
    let fixture = SceneFixture(
      frames: (0..<count).map { Rect(x: Double($0) * 20, y: 0, width: 10, height: 10) })
    return (fixture.scene, fixture.nodes)
  }

  @Test(
    "A replaced node.dance animation whose completion animates the node again: one animation, the call's"
  )
  func replacedDanceAnimationRestartsTheNode() {
    let (scene, nodes) = Self.sceneWithNodes(1)
    let sibling = nodes[0]
    var node: Node? = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(node!)
    var positions: [String] = []
    node?.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
      .addCompletion { [weak node] position in
        positions.append("first \(position)")
        // Starts an animation of the node (that moves its sibling) from inside the call that
        // replaces this one.
        node?.dance.animate(duration: 5, curve: .linear) { _ in sibling.alpha = 0 }
          .addCompletion { positions.append("from completion \($0)") }
          .start()
      }
      .start()
    scene.clock.advance(by: 0.5)
    node?.dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }
      .addCompletion { positions.append("latest \($0)") }
      .start()
    // The replaced animation's completion ran before the new animation was made; the
    // animation it started was replaced in turn by the call's own, which is the node's.
    #expect(positions == ["first current", "from completion current"])
    #expect(node?.dance.hasAnimation == true)
    #expect(sibling.alpha == 1)  // the animation the completion started stopped at once
    scene.clock.advance(by: 0.5)
    #expect(node?.alpha.isApproximatelyEqual(to: 0.75, absoluteTolerance: 1e-12) == true)
    // Nothing keeps running that nobody can reach: the node goes, and the frames after it
    // touch nothing of it.
    node?.removeFromParent()
    node = nil
    scene.clock.advance(by: 6)
    #expect(positions == ["first current", "from completion current", "latest current"])
    #expect(sibling.alpha == 1)
  }

  @Test("A completion run by a timeline's recording ends the timeline, advances and starts")
  func completionDuringRecordingAdvancesTheClock() {
    let (scene, nodes) = Self.sceneWithNodes(2)
    let other = PropertyAnimator(duration: 1, curve: .linear) {
      nodes[0].center = Point(x: 105, y: 5)
    }
    var timeline: Timeline?
    var ended: [String] = []
    other.addCompletion { position in
      ended.append("other \(position)")
      // Legal at an edge: ends the timeline whose start took the property, advances the
      // clock (the frame pools the timeline's ended animation), then starts animations of
      // four-lane properties, which take pooled animations.
      timeline?.finish(at: .current)
      scene.clock.advance(by: 0.25)
      nodes[1].dance.animate(duration: 1, curve: .linear) {
        $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        $0.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
      }.start()
    }
    other.startAnimation()
    scene.clock.advance(by: 0.5)
    timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) {
        nodes[0].center = Point(x: 5, y: 105)  // takes center from `other`, which ends
      }
    timeline?.addCompletion { ended.append("timeline \($0)") }
    timeline?.start()
    // The completion ran once the timeline's start was complete, and ended it where it
    // showed its start: `other`'s value at 0.5.
    #expect(ended == ["other current", "timeline current"])
    #expect(scene.clock.now == 0.75)
    #expect(timeline?.state == .inactive)
    #expect(nodes[0].center == Point(x: 55, y: 5))
    scene.clock.advance(by: 0.25)
    #expect(nodes[1].bounds.width.isApproximatelyEqual(to: 10 + 20 * 0.25, absoluteTolerance: 1e-9))
    #expect(nodes[0].center == Point(x: 55, y: 5))
    scene.clock.advance(by: 1)
    #expect(nodes[1].backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(nodes[1].bounds.width == 30)
  }

  @Test("Ending an additive stack runs a completion that stops a member, advances and starts")
  func additiveStackEndRunsACompletion() {
    let (scene, nodes) = Self.sceneWithNodes(2)
    func nudge(_ dx: Double) -> PropertyAnimator {
      let animator = PropertyAnimator(duration: 1, curve: .linear) { nodes[0].center.x += dx }
      animator.composition = .additive
      animator.startAnimation()
      return animator
    }
    let first = nudge(10)
    scene.clock.advance(by: 0.1)
    let second = nudge(20)
    scene.clock.advance(by: 0.1)
    let third = nudge(40)
    var ended: [String] = []
    // The stack ends newest first: `third`'s completion stops `second`, which the stack's
    // end reaches next, advances the clock (the frame pools ended animations) and starts an
    // unrelated animation.
    third.addCompletion { position in
      ended.append("third \(position)")
      second.stopAnimation(true)
      scene.clock.advance(by: 0.1)
      nodes[1].dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    }
    second.addCompletion { ended.append("second \($0)") }
    first.addCompletion { ended.append("first \($0)") }
    // A replacing animation takes center: the whole stack ends where it is, and only then
    // do the completions run (so `second` is already inactive when `third`'s stops it).
    let taker = PropertyAnimator(duration: 1, curve: .linear) {
      nodes[0].center = Point(x: 0, y: 0)
    }
    let (_, errors) = collectingErrors { taker.startAnimation() }
    #expect(ended == ["third current", "second current", "first current"])
    #expect(errors.map(\.kind) == [.illegalState])
    #expect(nodes[1].dance.hasAnimation)
    scene.clock.advance(by: 0.5)
    // The unrelated animation started at 0.3 runs on: half a second into its second.
    #expect(nodes[1].alpha.isApproximatelyEqual(to: 0.5, absoluteTolerance: 1e-12))
    scene.clock.advance(by: 1)
    #expect(nodes[1].alpha == 0)
    #expect(nodes[0].center == Point(x: 0, y: 0))
  }
}
