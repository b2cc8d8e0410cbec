import Dance
import SceneSupport
import TestSupport
import Testing

/// `Node.matchGeometry(from:to:…)`: the destination starts exactly where the source is drawn
/// and ends on its own place; the two crossfade and fly together; the source ends hidden.
@Suite struct MatchGeometryTests {
  /// A thumbnail in a turned grid, and a detail view in a scaled panel, hidden.
  static func scene() -> (Scene, thumbnail: Node, detail: Node) {
    let scene = Scene()
    let grid = Node(frame: Rect(x: 20, y: 20, width: 300, height: 300))
    grid.transform = Transform(rotationAngle: 0.15)
    let panel = Node(frame: Rect(x: 100, y: 50, width: 500, height: 500))
    panel.transform = Transform(scaleX: 0.8, y: 0.8)
    scene.root.addChild(grid)
    scene.root.addChild(panel)
    let thumbnail = Node(frame: Rect(x: 30, y: 40, width: 60, height: 60))
    thumbnail.alpha = 0.9
    grid.addChild(thumbnail)
    let detail = Node(frame: Rect(x: 20, y: 20, width: 400, height: 300))
    detail.alpha = 0.95
    detail.isHidden = true
    panel.addChild(detail)
    return (scene, thumbnail, detail)
  }

  @Test(
    "The destination starts where the source is drawn and lands on its own place; the source ends hidden as it was"
  )
  func heroFlies() {
    let (scene, thumbnail, detail) = Self.scene()
    let thumbnailCorners = thumbnail.sceneCorners
    let detailFrame = detail.frame
    let detailCorners = detail.sceneCorners
    var ended: [AnimatingPosition] = []
    Node.matchGeometry(from: thumbnail, to: detail, duration: 1, curve: .linear).addCompletion {
      ended.append($0)
    }
    #expect(!detail.isHidden && detail.alpha == 0)
    #expect(pointsClose(detail.sceneCorners, thumbnailCorners))
    #expect(pointsClose(thumbnail.sceneCorners, thumbnailCorners))
    scene.clock.advance(by: 0.5)
    // Crossfading, and flying together: the two are drawn at the same place.
    #expect(abs(detail.alpha - 0.475) < 1e-12 && abs(thumbnail.alpha - 0.45) < 1e-12)
    #expect(pointsClose(detail.sceneCorners, thumbnail.sceneCorners, within: 1e-6))
    #expect(!pointsClose(detail.sceneCorners, thumbnailCorners, within: 1))
    scene.clock.advance(by: 0.5)
    #expect(ended == [.end])
    #expect(detail.frame == detailFrame && detail.alpha == 0.95 && !detail.isHidden)
    #expect(pointsClose(detail.sceneCorners, detailCorners))
    #expect(thumbnail.isHidden && thumbnail.alpha == 0.9)
    #expect(thumbnail.frame == Rect(x: 30, y: 40, width: 60, height: 60))
  }

  @Test("Reversed to the start the source shows as before and the destination is hidden again")
  func reversed() {
    let (scene, thumbnail, detail) = Self.scene()
    let animator = Node.matchGeometry(from: thumbnail, to: detail, duration: 1)
    scene.clock.advance(by: 0.4)
    animator.isReversed = true
    scene.clock.advance(by: 1)
    #expect(!thumbnail.isHidden && thumbnail.alpha == 0.9 && detail.isHidden)
    #expect(thumbnail.frame == Rect(x: 30, y: 40, width: 60, height: 60))
    #expect(detail.alpha == 0.95)
  }

  @Test("Nodes in different scenes, or the same node twice, are reported and swapped at once")
  func badInput() {
    let (_, thumbnail, _) = Self.scene()
    let loose = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    loose.isHidden = true
    let (_, errors) = collectingErrors {
      Node.matchGeometry(from: thumbnail, to: loose, duration: 1)
      Node.matchGeometry(from: loose, to: loose, duration: 1)
    }
    #expect(errors.count == 2)
    #expect(thumbnail.isHidden && !loose.isHidden)
  }
}
