import Dance
import SceneSupport
import TestSupport
import Testing

/// A newcomer's first mistakes and habits: animating a node that was never added to a scene
/// (the values jump to their targets, as documented, and the call reports one error that
/// names it and the node), leaving out the curve, adding a scene's root as a child.
@Suite struct NewcomerMistakeTests {
  static let frame = Rect(x: 20, y: 20, width: 80, height: 120)

  @Test("node.dance on a node in no scene: the values jump and one error names the call")
  func nodeDance() {
    let card = Node(frame: Self.frame)
    let (_, errors) = collectingErrors {
      card.dance.animate(duration: 2, curve: .easeInOut) {
        $0.center = Point(x: 300, y: 200)
        $0.alpha = 0.5
      }.start()
    }
    #expect(card.center == Point(x: 300, y: 200) && card.alpha == 0.5)
    #expect(errors.count == 1)
    #expect(errors.first?.kind == .illegalState)
    #expect(errors.first?.message.hasPrefix("node.dance.start()") == true)
    #expect(errors.first?.message.contains("in no scene") == true)
    #expect(
      errors.first?.message.contains("the node with frame (x: 20.0, y: 20.0, width: 80.0") == true)
  }

  @Test("Node.animate(withDuration:) on a node whose parent is in no scene")
  func blockAnimation() {
    let parent = Node(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let card = Node(frame: Self.frame)
    parent.addChild(card)
    let (_, errors) = collectingErrors {
      Node.animate(withDuration: 1) { card.alpha = 0 }
    }
    #expect(card.alpha == 0)
    #expect(errors.count == 1)
    #expect(errors.first?.message.hasPrefix("Node.animate(withDuration:animations:)") == true)
  }

  @Test("A PropertyAnimator's blocks: one error for the start, none once the node is in a scene")
  func propertyAnimator() {
    let scene = Scene()
    let card = Node(frame: Self.frame)
    let animator = PropertyAnimator(duration: 1, curve: .linear) { card.alpha = 0.25 }
    let (_, errors) = collectingErrors { animator.startAnimation() }
    #expect(card.alpha == 0.25 && errors.count == 1)
    scene.root.addChild(card)
    let again = PropertyAnimator(duration: 1, curve: .linear) { card.alpha = 1 }
    let (_, none) = collectingErrors {
      again.startAnimation()
      scene.clock.advance(by: 0.5)
    }
    #expect(none.isEmpty)
    #expect(card.alpha.isApproximatelyEqual(to: 0.625, absoluteTolerance: 1e-12))
  }

  @Test("node.dance.animate(duration:) without a curve eases in and out, as UIKit's default")
  func defaultCurve() {
    let fixture = SceneFixture(frame: Self.frame)
    let (scene, card) = (fixture.scene, fixture.node)
    card.dance.animate(duration: 1) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.25)
    let eased = 1 - TimingFunction.easeInOut.value(at: 0.25)
    #expect(card.alpha.isApproximatelyEqual(to: eased, absoluteTolerance: 1e-12))
    #expect(abs(card.alpha - 0.75) > 0.05)  // not linear
  }

  @Test("Adding a scene's root as a child names the call the user made")
  func addingTheRootNamesAddChild() {
    let scene = Scene()
    let (_, errors) = collectingErrors { scene.root.addChild(scene.root) }
    #expect(errors.count == 1)
    #expect(errors.first?.message.hasPrefix("Node.addChild(_:)") == true)
    let other = Scene()
    let (_, more) = collectingErrors { scene.root.insertChild(other.root, at: 0) }
    #expect(more.first?.message.hasPrefix("Node.insertChild(_:at: 0)") == true)
  }

  @Test("A timeline that animates a node outside its scene reports it once, naming the start")
  func timelineNodeOutsideTheScene() {
    let scene = Scene()
    let card = Node(frame: Self.frame)
    let timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { card.alpha = 0 }
      .animate(duration: 1, curve: .linear) { card.alpha = 1 }
    let (_, errors) = collectingErrors {
      timeline.start()
      scene.clock.advance(by: 3)
    }
    #expect(card.alpha == 1)
    #expect(errors.count == 1, "\(errors.map(\.message))")
    #expect(errors.first?.message.contains("in no scene") == true)
    #expect(errors.first?.message.hasPrefix("Timeline.start()") == true, "\(errors)")
  }
}
