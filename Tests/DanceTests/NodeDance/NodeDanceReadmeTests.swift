import Dance
import SceneSupport
import TestSupport
import Testing

/// Dance's README examples, run on a virtual clock.
@Suite struct NodeDanceReadmeTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 40, height: 40))
  var scene: Scene { fixture.scene }
  var circle: Node { fixture.node }

  @Test("The chained example: animate, addCompletion, start(after: 5)")
  func chainedExample() {
    var positions: [AnimatingPosition] = []
    circle.dance.animate(duration: 2.0, curve: .easeInOut) {
      $0.transform = Transform(scaleX: 1.5, y: 1.5)
      $0.center = Point(x: 160, y: 240)
      $0.backgroundColor = .blue
    }.addCompletion { position in
      positions.append(position)
    }.start(after: 5.0)
    #expect(circle.dance.state == .active)
    #expect(circle.dance.isRunning)
    scene.clock.advance(by: 4.9)
    #expect(circle.center == Point(x: 20, y: 20))
    scene.clock.advance(by: 0.1 + 1.0)
    // Halfway through ease-in-out, by symmetry exactly halfway along.
    #expect(abs(circle.center.x - 90) < 1e-9)
    #expect(abs(circle.center.y - 130) < 1e-9)
    // The end, and its completion, without computing when: 5 s of delay and 2 of animation.
    #expect(scene.clock.advanceToNextEvent() == 7)
    #expect(circle.center == Point(x: 160, y: 240))
    #expect(circle.backgroundColor == .blue)
    #expect(circle.transform == Transform(scaleX: 1.5, y: 1.5))
    #expect(positions == [.end])
    #expect(!circle.dance.hasAnimation)
    #expect(circle.dance.state == .inactive)
  }
}

@Suite struct NodeDanceTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 40, height: 40))
  var scene: Scene { fixture.scene }
  var circle: Node { fixture.node }

  func animateAlpha(duration: Double = 1) {
    circle.dance.animate(duration: duration, curve: .linear) { $0.alpha = 0 }
  }

  @Test("Nothing runs until start(); pause holds the in-flight value")
  func startAndPause() {
    animateAlpha()
    #expect(circle.dance.hasAnimation && circle.dance.state == .inactive)
    scene.clock.advance(by: 0.5)
    #expect(circle.alpha == 1)
    circle.dance.start()
    scene.clock.advance(by: 0.25)
    circle.dance.pause()
    #expect(circle.alpha == 0.75 && circle.dance.state == .active && !circle.dance.isRunning)
    scene.clock.advance(by: 1)
    #expect(circle.alpha == 0.75)
    #expect(circle.dance.progress == 0.25)
    #expect(circle.dance.start().isRunning)
  }

  @Test("reverse() plays backwards and finishes at .start")
  func reverse() {
    var positions: [AnimatingPosition] = []
    animateAlpha()
    circle.dance.addCompletion { positions.append($0) }.start()
    scene.clock.advance(by: 0.6)
    circle.dance.reverse()
    #expect(circle.dance.isReversed)
    scene.clock.advance(by: 0.5)
    #expect(abs(circle.alpha - 0.9) < 1e-12)
    scene.clock.advance(by: 0.1)
    #expect(positions == [.start] && circle.alpha == 1)
    #expect(!circle.dance.hasAnimation)
  }

  @Test("Scrubbing with setProgress(to:) and progress")
  func scrub() {
    animateAlpha()
    circle.dance.start()
    scene.clock.advance(by: 0.1)
    circle.dance.setProgress(to: 0.5)
    #expect(circle.alpha == 0.5 && !circle.dance.isRunning)
    circle.dance.progress = 0.8
    #expect(abs(circle.alpha - 0.2) < 1e-12)
    #expect(abs(circle.dance.pause().progress - 0.8) < 1e-12)
    circle.dance.start()
    scene.clock.advance(by: 0.1)
    #expect(abs(circle.dance.progress - 0.9) < 1e-12)
  }

  @Test(
    "finish(at:) from every state jumps to the position and runs completions once",
    arguments: [AnimatingPosition.end, .start, .current], ["inactive", "running", "paused"])
  func finish(position: AnimatingPosition, state: String) {
    var positions: [AnimatingPosition] = []
    animateAlpha()
    circle.dance.addCompletion { positions.append($0) }
    if state != "inactive" { circle.dance.start() }
    scene.clock.advance(by: 0.5)
    if state == "paused" { circle.dance.pause() }
    circle.dance.finish(at: position)
    let current = state == "inactive" ? 1.0 : 0.5
    let expected: Double =
      switch position {
      case .end: 0
      case .start: 1
      case .current: current
      }
    #expect(circle.alpha == expected)
    #expect(positions == [position])
    #expect(!circle.dance.hasAnimation)
    scene.clock.advance(by: 1)
    #expect(circle.alpha == expected && positions.count == 1)
  }

  @Test("A second animate finishes the first at .current and replaces it")
  func replace() {
    var first: [AnimatingPosition] = []
    animateAlpha()
    circle.dance.addCompletion { first.append($0) }.start()
    let firstTag = circle.dance.tag
    scene.clock.advance(by: 0.5)
    circle.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 120, y: 20) }
    #expect(first == [.current])
    #expect(circle.alpha == 0.5)
    #expect(circle.dance.tag != firstTag)
    #expect(circle.dance.state == .inactive)
    circle.dance.start()
    scene.clock.advance(by: 0.5)
    #expect(circle.center.x == 70 && circle.alpha == 0.5)
  }

  @Test("Tags are unique per animation and never alias another node's")
  func tags() {
    let others = (0..<20).map { _ in Node() }
    var seen = Set<Int>()
    for node in others + [circle] {
      #expect(seen.insert(node.dance.tag).inserted)
      node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
      #expect(seen.insert(node.dance.tag).inserted)
    }
  }

  @Test("pause(after:) pauses on the clock")
  func pauseAfter() {
    animateAlpha(duration: 2)
    circle.dance.start().pause(after: 0.5)
    scene.clock.advance(by: 5)
    #expect(circle.alpha == 0.75 && circle.dance.state == .active && !circle.dance.isRunning)
  }

  @Test("Calls without an animation report a DanceError naming the tag and return defaults")
  func noAnimation() {
    let tag = circle.dance.tag
    let (_, errors) = collectingErrors {
      circle.dance.start().pause().reverse().setProgress(to: 0.5).finish(at: .end)
      _ = circle.dance.progress
      circle.dance.addCompletion { _ in }
    }
    #expect(errors.count == 7)
    let (progress, progressErrors) = collectingErrors { circle.dance.progress }
    #expect(progress == 0 && progressErrors.map(\.kind) == [.noAnimation])
    #expect(errors.allSatisfy { $0.kind == .noAnimation })
    #expect(
      errors.first?.description
        == "** Dance Error: node.dance.start(): node with dance.tag = \(tag) does not have an "
        + "active animation! **")
    #expect(!circle.dance.isRunning && !circle.dance.isReversed)
  }

  @Test("node.dance holds no strong reference to its node")
  func noRetainCycle() {
    weak var weakNode: Node?
    weak var weakDance: NodeDance?
    do {
      let node = Node()
      scene.root.addChild(node)
      node.dance.animate(duration: 1, curve: .easeIn) { $0.alpha = 0 }.start()
      weakNode = node
      weakDance = node.dance
      scene.clock.advance(by: 0.5)
      node.removeFromParent()
    }
    #expect(weakNode == nil && weakDance == nil)
  }

  @Test("Every way of creating a Dance animation")
  func creators() {
    let timings: [(String, (NodeDance) -> NodeDance)] = [
      ("curve", { $0.animate(duration: 1, curve: .easeOut) { $0.alpha = 0 } }),
      (
        "parameters",
        {
          $0.animate(
            duration: 1,
            timingParameters: SpringTimingParameters(
              mass: 1, stiffness: 0.2 * 1000, damping: 0.5 * 40,
              initialVelocity: Vector(dx: 0, dy: 5))
          ) { $0.alpha = 0 }
        }
      ),
      (
        "control points",
        {
          $0.animate(
            duration: 1, controlPoint1: Point(x: 0, y: 1), controlPoint2: Point(x: 1, y: 0)
          ) { $0.alpha = 0 }
        }
      ),
      ("damping ratio", { $0.animate(duration: 1, dampingRatio: 0.5) { $0.alpha = 0 } }),
    ]
    for (name, make) in timings {
      circle.alpha = 1
      make(circle.dance).start()
      scene.clock.advance(by: 0.3)
      #expect(circle.alpha < 1, "\(name)")
      scene.clock.advance(by: 10)
      #expect(circle.alpha == 0, "\(name)")
      #expect(!circle.dance.hasAnimation)
    }
  }
}
