import Dance
import TestSupport
import Testing

/// Animating a node that was never added to a scene: the values jump to their targets, as
/// documented, and the call reports one error that names it and the node.
@Suite struct NodeOutsideSceneTests {
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
    #expect(errors.first?.message.contains("\(Self.frame)") == true)
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
}
