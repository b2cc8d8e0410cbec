import Advance
import Dance
import SceneSupport
import Testing

/// A read returns the value at the clock's time wherever user code reads: outside an
/// advance (the fast path, which trusts the last frame), and inside one, where the clock has
/// moved past the scene's last frame (an event, or an `Animator`'s `onChange` that runs
/// before the scene's own frame).
@Suite struct ReadFreshnessTests {
  /// A node moving linearly from x = 0 to x = 100 over 1 s, started at time 0.
  static func movingNode() -> (Scene, Node) {
    let fixture = SceneFixture.centred
    let (scene, node) = (fixture.scene, fixture.node)
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 100, y: 0) }.start()
    return (scene, node)
  }

  @Test("An Animator's onChange that runs before the scene's frame reads the node at the new time")
  func onChangeBeforeTheScenesFrame() {
    let scene = Scene()
    // The Animator's store joins the clock's frame list first, so its frame runs first.
    let probe = Animator(initialValue: 0.0, clock: scene.clock)
    let node = Node(frame: Rect(x: -5, y: -5, width: 10, height: 10))
    scene.root.addChild(node)
    probe.animate(to: 1, duration: 10, timingFunction: .linear)
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 100, y: 0) }.start()
    var seen: [Double] = []
    probe.onChange = { _ in seen.append(node.center.x) }
    scene.clock.advance(by: 0.25)
    scene.clock.advance(by: 0.25)
    #expect(seen == [25, 50])
    #expect(node.center.x == 50)
  }

  @Test("Reads inside a step work values out and write nothing: again and again, then the frame")
  func readsInsideAStepWriteNothing() {
    let scene = Scene()
    // The Animator runs first, so its store's frame comes before the scene's.
    let probe = Animator(initialValue: 0.0, clock: scene.clock)
    probe.animate(to: 1, duration: 10, timingFunction: .linear)
    let nodes = (0..<50).map { index in
      let node = Node(frame: Rect(x: -5, y: -5, width: 10, height: 10))
      scene.root.addChild(node)
      node.dance.animate(duration: 1 + Double(index), curve: .linear) {
        $0.center = Point(x: 100, y: 0)
        $0.alpha = 0
      }.start()
      return node
    }
    // Each onChange runs ahead of the scene's frame: every read is on its slow path, in a
    // loop the optimiser may rearrange (CI runs this in release too).
    var sums: [Double] = []
    probe.onChange = { _ in
      var sum = 0.0
      for _ in 0..<3 {
        for node in nodes { sum += node.center.x + node.center.x + node.alpha }
      }
      sums.append(sum)
    }
    // At t, node i shows x = 100·t/(1 + i) and alpha = 1 − t/(1 + i).
    func expected(at t: Double) -> Double {
      3
        * (0..<50).reduce(0.0) { sum, index in
          let p = t / (1 + Double(index))
          return sum + 2 * (100 * p) + (1 - p)
        }
    }
    scene.clock.advance(by: 0.25)
    scene.clock.advance(by: 0.5)
    #expect(sums.count == 2)
    for (sum, t) in zip(sums, [0.25, 0.75]) {
      #expect(abs(sum - expected(at: t)) < 1e-9, "at \(t)")
    }
    // The frame that followed wrote the same values the reads worked out.
    let drawn = nodes.reduce(0.0) { $0 + 3 * ($1.center.x + $1.center.x + $1.alpha) }
    #expect(abs(drawn - expected(at: 0.75)) < 1e-9)
    #expect(nodes[3].center.x == 100 * 0.75 / 4)
  }

  @Test("A scheduled action inside a step reads the node at the action's time")
  func scheduledActionInsideAStep() {
    let (scene, node) = Self.movingNode()
    var seen: Double?
    _ = scene.clock.schedule(after: 0.3) { seen = node.center.x }
    scene.clock.advance(by: 0.5)
    #expect(seen.map { abs($0 - 30) < 1e-9 } == true)
    #expect(node.center.x == 50)
  }

  /// The same motion as ``movingNode()``, by a `PropertyAnimator` the test controls.
  static func movingNodeAndAnimator() -> (Scene, Node, PropertyAnimator) {
    let fixture = SceneFixture.centred
    let (scene, node) = (fixture.scene, fixture.node)
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 100, y: 0)
    }
    animator.startAnimation()
    return (scene, node, animator)
  }

  @Test("Reads between advances follow every kind of write: frames, scrubs, pauses, reversals")
  func readsBetweenAdvances() {
    let (scene, node, animator) = Self.movingNodeAndAnimator()
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 50)
    animator.pauseAnimation()
    animator.fractionComplete = 0.2
    #expect(node.center.x == 20)
    animator.isReversed = true
    animator.startAnimation()
    scene.clock.advance(by: 0.1)
    #expect(abs(node.center.x - 10) < 1e-9)
  }

  @Test("Stopping a run inside a scheduled action mid-step keeps the value at the action's time")
  func stopInsideAScheduledAction() {
    let (scene, node, animator) = Self.movingNodeAndAnimator()
    // The clock is at 0.3 when the action runs; the scene's last frame was at 0.
    _ = scene.clock.schedule(after: 0.3) { animator.stopAnimation(true) }
    scene.clock.advance(by: 0.5)
    #expect(abs(node.center.x - 30) < 1e-9)
    #expect(animator.state == .inactive)
  }
}
