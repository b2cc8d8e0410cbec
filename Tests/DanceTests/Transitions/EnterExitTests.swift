import Dance
import SceneSupport
import TestSupport
import Testing

/// `addChild(_:transition:)`, `removeFromParent(transition:)`, `isExiting` and taking an
/// exiting node back, at exact times on linear timing.
@Suite struct EnterExitTests {
  static let linear = CubicTimingParameters(animationCurve: .linear)

  /// A scene with a parent node and a detached child 40 × 20 at (100, 50), turned 0.3 rad.
  static func scene() -> (Scene, parent: Node, child: Node) {
    let scene = Scene()
    let parent = Node(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    scene.root.addChild(parent)
    let child = Node(frame: Rect(x: 80, y: 40, width: 40, height: 20))
    child.transform = Transform(rotationAngle: 0.3)
    child.alpha = 0.8
    return (scene, parent, child)
  }

  @Test("A node added with a transition comes in from its state to its own values, exactly")
  func enters() {
    let (scene, parent, child) = Self.scene()
    let transition = NodeTransition.opacity(duration: 1)
      .combined(with: .scale(0.5, duration: 1))
      .combined(with: .move(by: Vector(dx: 0, dy: 40), duration: 0.5))
      .timingParameters(Self.linear)
    parent.addChild(child, transition: transition)
    #expect(child.parent === parent && !child.isExiting)
    // The start: transparent, half size about its centre (its turn kept), 40 points down.
    #expect(child.alpha == 0)
    #expect(child.center == Point(x: 100, y: 90))
    let start = child.transform.vector
    #expect(
      abs(start[2] - 0.3) < 1e-12 && abs(start[3] - 0.5) < 1e-12 && abs(start[4] - 0.5) < 1e-12)
    #expect(abs(start[0]) < 1e-12 && abs(start[1]) < 1e-12)
    // Its centre stays put under the scale: the bounds' middle maps to the centre.
    let middle = Point(x: 20, y: 10).applying(child.transformToScene)
    #expect(abs(middle.x - 100) < 1e-12 && abs(middle.y - 90) < 1e-12)
    // Half way, over the longer duration (1 s): half of each.
    scene.clock.advance(by: 0.5)
    #expect(abs(child.alpha - 0.4) < 1e-12)
    #expect(abs(child.center.y - 70) < 1e-12)
    #expect(abs(child.transform.vector[3] - 0.75) < 1e-12)
    scene.clock.advance(by: 0.5)
    #expect(child.alpha == 0.8 && child.center == Point(x: 100, y: 50))
    #expect(child.transform == Transform(rotationAngle: 0.3))
  }

  @Test(
    "A node removed with a transition stays drawn and exiting until its exit ends, then leaves with its values back"
  )
  func exits() {
    let (scene, parent, child) = Self.scene()
    parent.addChild(child)
    child.removeFromParent(
      transition: NodeTransition.opacity(duration: 0.5).timingParameters(Self.linear))
    #expect(child.isExiting && child.parent === parent && parent.children.contains { $0 === child })
    scene.clock.advance(by: 0.25)
    #expect(abs(child.alpha - 0.4) < 1e-12 && child.isExiting)
    // A second exit while one runs changes nothing.
    child.removeFromParent(transition: .opacity(duration: 5))
    scene.clock.advance(by: 0.25)
    #expect(child.parent == nil && !child.isExiting && parent.children.isEmpty)
    // Out of the graph, it has its values from before the exit.
    #expect(child.alpha == 0.8)
    parent.addChild(child)
    #expect(child.alpha == 0.8 && !child.isExiting)
  }

  @Test("Adding an exiting node again takes it back from where it is, without a jump, and it stays")
  func reAddCancelsTheExit() {
    let (scene, parent, child) = Self.scene()
    parent.addChild(child)
    let other = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    parent.addChild(other)
    child.removeFromParent(
      transition: NodeTransition.move(by: Vector(dx: 100, dy: 0), duration: 1).timingParameters(
        Self.linear))
    scene.clock.advance(by: 0.4)
    #expect(abs(child.center.x - 140) < 1e-12)
    parent.addChild(child)
    #expect(!child.isExiting && parent.children.last === child)
    #expect(abs(child.center.x - 140) < 1e-12)  // no jump
    // Back on 0.2 s ease-out: part-way, then home; never removed.
    scene.clock.advance(by: 0.1)
    #expect(child.center.x > 100 && child.center.x < 140)
    scene.clock.advance(by: 0.1)
    #expect(child.center == Point(x: 100, y: 50))
    scene.clock.advance(by: 2)
    #expect(child.parent === parent && child.center == Point(x: 100, y: 50))

    // Taken back with a transition: its timing.
    child.removeFromParent(
      transition: NodeTransition.opacity(duration: 1).timingParameters(Self.linear))
    scene.clock.advance(by: 0.5)
    #expect(abs(child.alpha - 0.4) < 1e-12)
    parent.addChild(
      child, transition: NodeTransition.opacity(duration: 0.8).timingParameters(Self.linear))
    #expect(abs(child.alpha - 0.4) < 1e-12)
    scene.clock.advance(by: 0.4)
    #expect(abs(child.alpha - 0.6) < 1e-12)
    scene.clock.advance(by: 2)
    #expect(child.alpha == 0.8 && child.parent === parent)
  }

  @Test(
    "A plain removal ends an exit at once; outside a scene a transition has no clock and is skipped"
  )
  func plainRemovalAndNoScene() {
    let (scene, parent, child) = Self.scene()
    parent.addChild(child)
    child.removeFromParent(transition: .scale(0.1, duration: 1))
    scene.clock.advance(by: 0.5)
    child.removeFromParent()
    #expect(child.parent == nil && !child.isExiting)
    let elsewhere = Node()
    scene.root.addChild(elsewhere)
    elsewhere.addChild(child)
    scene.clock.advance(by: 1)
    #expect(child.parent === elsewhere)  // the old exit's end does not remove it

    let detached = Node()
    let loose = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    detached.addChild(loose, transition: .opacity(duration: 1))
    #expect(loose.parent === detached && loose.alpha == 1)
    loose.removeFromParent(transition: .opacity(duration: 1))
    #expect(loose.parent == nil && !loose.isExiting)
  }

  @Test(
    "Bad transitions are reported and left out: a NaN scale, an infinite offset, a negative duration"
  )
  func badInput() {
    let (scene, parent, child) = Self.scene()
    let (_, errors) = collectingErrors {
      parent.addChild(child, transition: .scale(.nan, duration: 1))
      #expect(child.transform == Transform(rotationAngle: 0.3))
      child.removeFromParent(transition: .move(by: Vector(dx: .infinity, dy: 0), duration: 1))
      #expect(child.center == Point(x: 100, y: 50))
      scene.clock.advance(by: 1)
      #expect(child.parent == nil)
      parent.addChild(child, transition: .opacity(duration: -1))
      scene.clock.advance(by: 0.1)
      #expect(child.alpha == 0.8)
      child.removeFromParent(transition: .scale(0, duration: 0.5))
      scene.clock.advance(by: 0.25)
      #expect(child.transform.vector[3].isFinite && child.center.x.isFinite)
      scene.clock.advance(by: 0.25)
      #expect(child.parent == nil && child.transform == Transform(rotationAngle: 0.3))
    }
    #expect(errors.count == 3, "\(errors)")
  }
}

extension EnterExitTests {
  @Test(
    "Called inside an animation block, an entrance still starts from its state at once, on its own timing"
  )
  func insideABlock() {
    let (scene, parent, child) = Self.scene()
    let other = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    parent.addChild(other)
    other.dance.animate(duration: 2, curve: .linear) {
      $0.alpha = 0
      parent.addChild(
        child, transition: NodeTransition.opacity(duration: 1).timingParameters(Self.linear))
    }.start()
    #expect(child.alpha == 0)
    scene.clock.advance(by: 0.5)
    #expect(abs(child.alpha - 0.4) < 1e-12 && abs(other.alpha - 0.75) < 1e-12)
  }
}
