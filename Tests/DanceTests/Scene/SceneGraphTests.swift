import Dance
import SceneSupport
import TestSupport
import Testing

@Suite struct SceneGraphTests {
  @Test("frame, bounds and center stay consistent, as UIView keeps them")
  func geometry() {
    let node = Node(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(node.center == Point(x: 60, y: 45))
    #expect(node.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    node.center = Point(x: 0, y: 0)
    #expect(node.frame == Rect(x: -50, y: -25, width: 100, height: 50))
    node.bounds.size = Size(width: 10, height: 10)
    #expect(node.frame == Rect(x: -5, y: -5, width: 10, height: 10))
    node.frame = Rect(x: 1, y: 1, width: 2, height: 4)
    #expect(node.center == Point(x: 2, y: 3) && node.bounds.size == Size(width: 2, height: 4))
    #expect(node.alpha == 1 && node.transform == .identity && node.backgroundColor == .clear)
  }

  @Test("Children, parents and scenes")
  func tree() {
    let scene = Scene()
    let a = Node()
    let b = Node()
    let c = Node()
    #expect(a.scene == nil)
    scene.root.addChild(a)
    a.addChild(b)
    a.insertChild(c, at: 0)
    #expect(a.children.map { ObjectIdentifier($0) } == [ObjectIdentifier(c), ObjectIdentifier(b)])
    #expect(b.parent === a && b.scene === scene && scene.root.scene === scene)
    // Moving a node re-parents it.
    scene.root.addChild(b)
    #expect(a.children.count == 1 && b.parent === scene.root)
    b.removeFromParent()
    #expect(b.parent == nil && b.scene == nil)
    b.removeFromParent()  // no-op
  }

  @Test("addChild of a node already a child brings it to the front, without an error")
  func addExistingChildBringsToFront() {
    let parent = Node()
    let nodes = (0..<3).map { _ in Node() }
    for node in nodes { parent.addChild(node) }
    let (_, errors) = collectingErrors { parent.addChild(nodes[0]) }
    #expect(errors.isEmpty)
    #expect(
      parent.children.map(ObjectIdentifier.init) == [1, 2, 0].map { ObjectIdentifier(nodes[$0]) })
  }

  @Test("Illegal tree edits are refused with a DanceError")
  func illegalEdits() {
    let scene = Scene()
    let a = Node()
    let b = Node()
    scene.root.addChild(a)
    a.addChild(b)
    let (_, errors) = collectingErrors {
      b.addChild(a)  // a cycle
      a.addChild(a)
      b.addChild(scene.root)
      a.insertChild(Node(), at: 99)
      a.center = Point(x: .nan, y: 0)
      a.alpha = .infinity
      a.frame = Rect(x: 0, y: 0, width: .nan, height: 1)
    }
    #expect(errors.count == 7)
    #expect(a.parent === scene.root && b.parent === a && b.children.isEmpty)
    #expect(a.children.count == 2)  // the out-of-range insert was clamped, not dropped
    #expect(a.center == .zero && a.alpha == 1)
  }

  @Test("Nodes outside a scene take values at once, even inside an animation block")
  func outsideScene() {
    let node = Node()
    var positions: [AnimatingPosition] = []
    let (_, errors) = collectingErrors {
      node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.25 }
        .addCompletion { positions.append($0) }
        .start()
    }
    #expect(errors.map(\.kind) == [.illegalState])  // the node is in no scene
    #expect(node.alpha == 0.25)
    // With no node in a scene there is no clock: the animation ends at once.
    #expect(positions == [.end])
    #expect(!node.dance.hasAnimation)
  }

  @Test("Removing a node ends its animations at .current; nothing keeps it alive")
  func removal() {
    let scene = Scene()
    weak var weakNode: Node?
    weak var weakAnimator: PropertyAnimator?
    var positions: [AnimatingPosition] = []
    do {
      let parent = Node()
      let node = Node()
      scene.root.addChild(parent)
      parent.addChild(node)
      weakNode = node
      let animator = PropertyAnimator(duration: 2, curve: .linear) { node.alpha = 0 }
      animator.addCompletion { positions.append($0) }
      animator.startAnimation()
      weakAnimator = animator
      node.dance.animate(duration: 2, curve: .linear) { $0.center = Point(x: 100, y: 0) }
        .addCompletion { positions.append($0) }
        .start()
      scene.clock.advance(by: 0.5)
      parent.removeFromParent()  // takes the node out of the scene too
      #expect(positions == [.current, .current])
      #expect(node.alpha == 0.75 && node.center.x == 25)
      #expect(animator.state == .inactive)
      scene.clock.advance(by: 2)
      #expect(node.alpha == 0.75)
    }
    #expect(weakNode == nil)
    #expect(weakAnimator == nil)
    #expect(positions.count == 2)
  }

  @Test("Moving a node within its scene keeps its animations")
  func moveWithinScene() {
    let scene = Scene()
    let a = Node()
    let b = Node()
    let node = Node()
    scene.root.addChild(a)
    scene.root.addChild(b)
    a.addChild(node)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.5)
    b.addChild(node)
    scene.clock.advance(by: 0.25)
    #expect(node.alpha == 0.25)
    #expect(node.dance.isRunning)
  }

  @Test("A node's next animation runs in the scene the node is in then, by that scene's clock")
  func nextAnimationInAnotherScene() {
    let first = Scene()
    let second = Scene()
    first.clock.advance(by: 10)
    second.clock.advance(by: 3)
    let node = Node()
    first.root.addChild(node)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.5 }.start()
    first.clock.advance(by: 1)
    #expect(node.alpha == 0.5 && !node.dance.hasAnimation)

    // The same node.dance (its finished animator is reused) in the other scene.
    second.root.addChild(node)
    node.dance.animate(duration: 2, curve: .linear) { $0.alpha = 0 }.start()
    first.clock.advance(by: 1)  // the scene it left does not drive it
    #expect(node.alpha == 0.5)
    second.clock.advance(by: 1)
    #expect(node.alpha == 0.25)
    #expect(second.activeAnimatorCount == 1 && first.activeAnimatorCount == 0)

    // Moved between `animate` and `start`: the run goes by the scene at the start.
    node.dance.finish(at: .end)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }
    first.root.addChild(node)
    node.dance.start(after: 0.5)
    second.clock.advance(by: 5)
    #expect(node.alpha == 0)
    first.clock.advance(by: 0.75)
    #expect(node.alpha == 0.25)
    #expect(first.auditProblems().isEmpty && second.auditProblems().isEmpty)
  }

  @Test("A pause set before the start counts from the start on the clock the run finds")
  func pauseBeforeTheStartOnTheRunsClock() {
    let scene = Scene()
    scene.clock.advance(by: 100)
    let node = Node()
    scene.root.addChild(node)
    // A new animator has no clock until its blocks find one: its delay counts from then.
    let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    animator.pauseAnimation(afterDelay: 0.5)
    animator.startAnimation()
    scene.clock.advance(by: 0.25)
    #expect(animator.isRunning && node.alpha == 0.75)
    scene.clock.advance(by: 0.5)
    #expect(!animator.isRunning && animator.state == .active && node.alpha == 0.5)

    // A node.dance run moved to another scene's clock keeps its pending pause as far
    // from its start.
    let other = Scene()
    other.clock.advance(by: 3)
    let moving = Node()
    scene.root.addChild(moving)
    moving.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.5 }.start()
    scene.clock.advance(by: 1)
    moving.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.pause(after: 0.25)
    other.root.addChild(moving)
    moving.dance.start()
    other.clock.advance(by: 1)
    #expect(moving.alpha == 0.375 && moving.dance.state == .active && !moving.dance.isRunning)
  }

  @Test("An animator that ran in one scene animates another's nodes in its next run")
  func animatorNextRunInAnotherScene() {
    let first = Scene()
    let second = Scene()
    second.clock.advance(by: 7)
    let a = Node()
    let b = Node()
    first.root.addChild(a)
    second.root.addChild(b)
    let animator = PropertyAnimator(duration: 1, curve: .linear) { a.alpha = 0 }
    animator.startAnimation()
    first.clock.advance(by: 2)
    #expect(a.alpha == 0 && animator.state == .inactive)

    let (_, errors) = collectingErrors {
      animator.addAnimations { b.alpha = 0.5 }
      animator.startAnimation()
    }
    #expect(errors.isEmpty)
    second.clock.advance(by: 0.5)
    #expect(b.alpha == 0.75)
    // Within one run, a node of the other scene still applies at once, reported.
    let (_, mixed) = collectingErrors { animator.addAnimations { a.alpha = 1 } }
    #expect(mixed.count == 1 && a.alpha == 1)
    second.clock.advance(by: 0.5)
    #expect(b.alpha == 0.5 && animator.state == .inactive)
  }
}

/// No active animation outlives its scene.
@Suite struct SceneLifetimeTests {
  @Test("An animator activated for a node out of any scene ends at once, even after rejoining")
  func activatedOutsideAScene() {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    node.removeFromParent()
    var positions: [AnimatingPosition] = []
    let (_, errors) = collectingErrors {
      node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.5 }
        .addCompletion { positions.append($0) }
        .pause()
    }
    #expect(errors.count == 1 && errors.first?.message.contains("in no scene") == true)
    #expect(positions == [.current])
    #expect(node.dance.state == .inactive && !node.dance.hasAnimation)
    #expect(node.alpha == 0.5)  // with no scene the assignment applied at once

    let (_, scrubErrors) = collectingErrors {
      node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.25 }
        .addCompletion { positions.append($0) }
        .setProgress(to: 0.5)
    }
    #expect(scrubErrors.count == 1)
    #expect(positions == [.current, .current])
    #expect(!node.dance.hasAnimation)

    scene.root.addChild(node)
    node.removeFromParent()
    #expect(scene.activeAnimatorCount == 0 && scene.frameStoreShape == (0, 0))
    #expect(scene.clock.activeObserverCount == 0)
  }

  @Test("A scene that goes away ends every animation still active in it, at .current")
  func sceneReleased() {
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    var positions: [AnimatingPosition] = []
    weak var weakAnimator: PropertyAnimator?
    do {
      let scene = Scene()
      scene.root.addChild(node)
      let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
      animator.addCompletion { positions.append($0) }
      animator.startAnimation()
      weakAnimator = animator
      scene.clock.advance(by: 0.25)
    }
    #expect(positions == [.current])
    #expect(weakAnimator == nil)
    #expect(node.alpha == 0.75 && node.animationCount == 0)
  }

  /// Worked by hand from the matrix rule (x, y) → (a·x + c·y + tx, b·x + d·y + ty), with a
  /// quarter turn's a = d = 0, b = 1, c = −1.
  @Test("A node's transforms to its parent and to the scene place its corners as drawn")
  func drawingTransforms() {
    func close(_ p: Point, _ x: Double, _ y: Double) -> Bool {
      abs(p.x - x) < 1e-12 && abs(p.y - y) < 1e-12
    }
    let scene = Scene()
    let card = Node(frame: Rect(x: 80, y: 40, width: 40, height: 20))
    card.transform = Transform(rotationAngle: .pi / 2)
    let badge = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    badge.transform = Transform(scaleX: 2, y: 2)
    scene.root.addChild(card)
    card.addChild(badge)

    // The card's top-left corner: (−20, −10) from its centre, turned, then at (100, 50).
    #expect(close(Point(x: 0, y: 0).applying(card.transformToParent), 110, 30))
    #expect(close(Point(x: 20, y: 10).applying(card.transformToScene), 100, 50))
    // The badge's top-left corner: (−5, −5) from its centre, doubled, (−5, −5) in the card;
    // (−25, −15) from the card's centre, turned, then at (100, 50).
    #expect(close(Point(x: 0, y: 0).applying(badge.transformToParent), -5, -5))
    #expect(close(Point(x: 0, y: 0).applying(badge.transformToScene), 115, 25))
    // A window point maps back into the badge's own coordinates.
    let hit = Point(x: 115, y: 25).applying(badge.transformToScene.inverted())
    #expect(close(hit, 0, 0))
    // A root, or any node without a parent, is drawn in the window's own coordinates.
    #expect(scene.root.transformToScene == .identity)
    #expect(Node().transformToScene == .identity)

    // Mid-animation the transform follows the value on screen.
    card.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 200, y: 50) }.start()
    scene.clock.advance(by: 0.5)
    #expect(close(Point(x: 20, y: 10).applying(card.transformToParent), 150, 50))
  }
}
