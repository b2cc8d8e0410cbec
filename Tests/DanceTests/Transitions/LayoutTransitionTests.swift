import Dance
import SceneSupport
import TestSupport
import Testing

/// `Node.animateLayout(of:…)`: the first frame is the old layout on screen, the last the new
/// one (checked against the same changes made without animation in a twin scene), scrubbing
/// is playback, reversal returns to the old layout.
@Suite struct LayoutTransitionTests {
  /// A scene with a list (turned and scaled) of three cards, and a box elsewhere (turned the
  /// other way, at half size).
  struct Board {
    let scene = Scene()
    let list = Node(frame: Rect(x: 40, y: 30, width: 300, height: 400))
    let box = Node(frame: Rect(x: 420, y: 60, width: 200, height: 200))
    let cards = (0..<3).map {
      Node(frame: Rect(x: 20, y: 20 + 110 * Double($0), width: 260, height: 90))
    }

    init() {
      scene.root.addChild(list)
      scene.root.addChild(box)
      list.transform = Transform(rotationAngle: 0.2).scaledBy(x: 1.2, y: 1.2)
      box.transform = Transform(rotationAngle: -0.4).scaledBy(x: 0.5, y: 0.5)
      for card in cards { list.addChild(card) }
      cards[1].transform = Transform(rotationAngle: 0.1)
    }

    /// The third card to the top, the second into the box (with its own new frame).
    func changes() {
      cards[2].frame = Rect(x: 20, y: 20, width: 260, height: 90)
      cards[0].frame = Rect(x: 20, y: 130, width: 260, height: 90)
      box.addChild(cards[1])
      cards[1].frame = Rect(x: 10, y: 10, width: 120, height: 60)
      cards[1].transform = .identity
    }

    /// Every card's corners on screen.
    var corners: [[Point]] { cards.map(\.sceneCorners) }
  }

  static func close(_ a: [[Point]], _ b: [[Point]], within tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { pointsClose($0, $1, within: tolerance) }
  }

  @Test(
    "The first frame is the old layout on screen, the last the new one, through turned and scaled parents"
  )
  func startsWhereItWasEndsWhereItIs() {
    let board = Board()
    let old = board.corners
    let twin = Board()
    twin.changes()
    let new = twin.corners
    #expect(!Self.close(old, new, within: 1))
    var ended: [AnimatingPosition] = []
    let animator = Node.animateLayout(of: board.scene.root, duration: 1, curve: .easeInOut) {
      board.changes()
    }
    animator.addCompletion { ended.append($0) }
    #expect(animator.isRunning)
    // The tree is the new one at once; the drawing has not moved.
    #expect(board.cards[1].parent === board.box)
    #expect(Self.close(board.corners, old), "\(board.corners) vs \(old)")
    // Targets are the new layout.
    #expect(board.cards[1].targetValue(of: \.bounds).size == Size(width: 120, height: 60))
    #expect(board.cards[1].targetValue(of: \.transform) == .identity)
    board.scene.clock.advance(by: 0.5)
    #expect(
      !Self.close(board.corners, old, within: 1) && !Self.close(board.corners, new, within: 1))
    board.scene.clock.advance(by: 0.5)
    #expect(Self.close(board.corners, new), "\(board.corners) vs \(new)")
    #expect(ended == [.end])
    #expect(board.cards[1].frame == Rect(x: 10, y: 10, width: 120, height: 60))
  }

  @Test("Scrubbing shows what playback shows; reversed, it returns to the old layout")
  func scrubAndReverse() {
    let played = Board()
    let scrubbed = Board()
    let old = played.corners
    Node.animateLayout(of: played.scene.root, duration: 1) { played.changes() }
    let scrubber = Node.animateLayout(of: scrubbed.scene.root, duration: 1) { scrubbed.changes() }
    scrubber.pauseAnimation()
    for step in 1...9 {
      played.scene.clock.advance(by: 0.1)
      scrubber.fractionComplete = Double(step) / 10
      #expect(Self.close(played.corners, scrubbed.corners, within: 1e-12), "at \(step)")
    }
    var ended: [AnimatingPosition] = []
    scrubber.addCompletion { ended.append($0) }
    scrubber.isReversed = true
    scrubber.startAnimation()
    scrubbed.scene.clock.advance(by: 1)
    #expect(ended == [.start])
    #expect(Self.close(scrubbed.corners, old), "\(scrubbed.corners) vs \(old)")
    // The tree stays the one the changes built.
    #expect(scrubbed.cards[1].parent === scrubbed.box)
  }

  @Test(
    "Added nodes fade in; removed ones stay drawn where they were, exiting, fade out, then leave")
  func addedAndRemoved() {
    let board = Board()
    let removed = board.cards[0]
    let child = Node(frame: Rect(x: 5, y: 5, width: 20, height: 20))
    removed.addChild(child)
    let childCorners = child.sceneCorners
    let old = removed.sceneCorners
    let added = Node(frame: Rect(x: 20, y: 300, width: 100, height: 40))
    added.alpha = 0.9
    Node.animateLayout(of: board.scene.root, duration: 1, curve: .linear) {
      removed.removeFromParent()
      board.list.addChild(added)
    }
    #expect(added.alpha == 0)
    #expect(removed.isExiting && removed.parent === board.scene.root)
    #expect(board.scene.root.children.first === removed)  // behind the others
    #expect(Self.close([removed.sceneCorners], [old]))
    #expect(Self.close([child.sceneCorners], [childCorners]))  // its subtree comes along
    board.scene.clock.advance(by: 0.25)
    #expect(abs(added.alpha - 0.225) < 1e-12 && abs(removed.alpha - 0.75) < 1e-12)
    board.scene.clock.advance(by: 0.75)
    #expect(added.alpha == 0.9 && added.parent === board.list)
    #expect(removed.parent == nil && !removed.isExiting && removed.alpha == 1)
  }

  @Test("A moving spring keeps its velocity; what the changes left alone keeps its own animation")
  func keepsMotion() {
    let board = Board()
    let moving = board.cards[0]
    let other = board.cards[2]
    moving.dance.animate(duration: 1, dampingRatio: 0.6) {
      $0.center = Point(x: 200, y: 300)
    }.start()
    var otherEnded: [AnimatingPosition] = []
    other.dance.animate(duration: 2, curve: .linear) { $0.alpha = 0 }.addCompletion {
      otherEnded.append($0)
    }.start()
    board.scene.clock.advance(by: 0.2)
    let velocity = moving.velocity(of: \.center)
    let shown = moving.center
    #expect(abs(velocity.x) + abs(velocity.y) > 10)
    Node.animateLayout(
      of: board.list, duration: 1, timingParameters: SpringTimingParameters(dampingRatio: 1)
    ) {
      moving.center = Point(x: 100, y: 100)
    }
    #expect(moving.center == shown)
    let kept = moving.velocity(of: \.center)
    #expect(abs(kept.x - velocity.x) < 1e-6 && abs(kept.y - velocity.y) < 1e-6)
    board.scene.clock.advance(by: 0.8)
    #expect(abs(other.alpha - 0.5) < 1e-12)  // still its own linear fade
    board.scene.clock.advance(by: 1.2)
    #expect(otherEnded == [.end] && other.alpha == 0)
    #expect(moving.center == Point(x: 100, y: 100))
  }
}

extension LayoutTransitionTests {
  @Test(
    "An exiting node goes on with its exit; one the changes add again moves on from where it is drawn"
  )
  func exitingNodes() {
    let board = Board()
    let leaving = board.cards[0]
    let back = board.cards[1]
    let linear = CubicTimingParameters(animationCurve: .linear)
    leaving.removeFromParent(
      transition: NodeTransition.opacity(duration: 1).timingParameters(linear))
    back.removeFromParent(transition: NodeTransition.opacity(duration: 1).timingParameters(linear))
    board.scene.clock.advance(by: 0.5)
    let drawn = back.sceneCorners
    Node.animateLayout(of: board.scene.root, duration: 1, curve: .linear) {
      board.box.addChild(back)
      back.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    }
    #expect(leaving.isExiting && !back.isExiting)
    #expect(Self.close([back.sceneCorners], [drawn]))
    #expect(abs(back.alpha - 0.5) < 1e-12)
    board.scene.clock.advance(by: 0.5)
    #expect(leaving.parent == nil)  // its own exit ended on time
    #expect(abs(back.alpha - 0.75) < 1e-12)  // back to its alpha before the exit, 1
    board.scene.clock.advance(by: 0.5)
    #expect(back.alpha == 1 && back.frame == Rect(x: 0, y: 0, width: 100, height: 100))
  }
}

extension LayoutTransitionTests {
  @Test("Called inside an animation block, a layout transition still starts from what is drawn")
  func insideABlock() {
    let board = Board()
    let twin = Board()
    twin.changes()
    // The first card is moving: inside a block its target is not what is drawn.
    board.cards[0].dance.animate(duration: 2, curve: .linear) {
      $0.center = Point(x: 150, y: 300)
    }.start()
    board.scene.clock.advance(by: 0.5)
    let old = board.corners
    board.box.dance.animate(duration: 1, curve: .linear) { _ in
      Node.animateLayout(of: board.scene.root, duration: 1, curve: .linear) { board.changes() }
    }.start()
    #expect(Self.close(board.corners, old), "\(board.corners) vs \(old)")
    board.scene.clock.advance(by: 1)
    #expect(Self.close(board.corners, twin.corners))
  }
}

extension LayoutTransitionTests {
  @Test(
    "Ending an exit that holds the last reference to a stopped layout animator runs that animator's end safely"
  )
  func droppedStoppedLayout() {
    let board = Board()
    let removed = board.cards[0]
    var ended: [AnimatingPosition] = []
    do {
      let animator = Node.animateLayout(of: board.scene.root, duration: 1) {
        removed.removeFromParent()
      }
      animator.addCompletion { ended.append($0) }
      animator.stopAnimation(false)
    }
    #expect(removed.isExiting && removed.parent === board.scene.root)
    // The exit goes, and with it the last reference to the stopped animator, whose run ends
    // (its completions read the node's exit).
    removed.removeFromParent()
    #expect(removed.parent == nil && !removed.isExiting)
    #expect(ended == [.current])
  }
}

extension LayoutTransitionTests {
  @Test("A leaving node whose ancestor leaves the scene ends its exit then: out, alpha back")
  func leavingWithItsAncestor() {
    let board = Board()
    let leaving = board.cards[0]
    Node.animateLayout(of: board.list, duration: 1, curve: .linear) {
      leaving.removeFromParent()
      board.cards[1].frame.origin.y = 20
    }
    board.scene.clock.advance(by: 0.5)
    #expect(leaving.isExiting && leaving.parent === board.list)
    #expect(abs(leaving.alpha - 0.5) < 1e-12)
    board.list.removeFromParent()
    #expect(!leaving.isExiting && leaving.parent == nil && leaving.alpha == 1)
  }
}

extension LayoutTransitionTests {
  @Test(
    "A leaving node ends its exit when its root leaves the scene, though the transition goes on with a node that moved out"
  )
  func leavingWhileTheTransitionGoesOn() {
    let board = Board()
    let leaving = board.cards[0]
    let added = Node(frame: Rect(x: 20, y: 300, width: 100, height: 40))
    Node.animateLayout(of: board.list, duration: 1, curve: .linear) {
      leaving.removeFromParent()
      board.list.addChild(added)
    }
    board.scene.clock.advance(by: 0.5)
    // The added node moves out of the list, within the scene: its fade goes on.
    board.scene.root.addChild(added)
    board.list.removeFromParent()
    #expect(!leaving.isExiting && leaving.parent == nil && leaving.alpha == 1)
    #expect(abs(added.alpha - 0.5) < 1e-12)
    board.scene.clock.advance(by: 0.5)
    #expect(added.alpha == 1)
  }
}
