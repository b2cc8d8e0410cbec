import Advance
import Dance
import SceneSupport
import Testing

/// A read outside advances goes from the node to its lane's value through the cell the
/// property's storage holds; the lane table moves values when a lane is removed (the last
/// lane takes its place) and when it grows. Whatever moved, every node reads its own value
/// at the clock's time. (A debug build also checks each such read against the animation's
/// lane, and stops if the cell is not it.)
@Suite struct LaneCellTests {
  /// `count` nodes in one scene, node i moving linearly from x = 0 to x = 100 (i + 1) over
  /// 1 s, all started at time 0.
  static func movingNodes(_ count: Int) -> (Scene, [Node]) {
    let fixture = SceneFixture(count: count, frame: Rect(x: -5, y: -5, width: 10, height: 10))
    for (index, node) in fixture.nodes.enumerated() {
      node.dance.animate(duration: 1, curve: .linear) {
        $0.center = Point(x: 100 * Double(index + 1), y: 0)
        $0.alpha = 0
      }.start()
    }
    return (fixture.scene, fixture.nodes)
  }

  @Test("Ending animations moves the last lanes into their places; each node reads its own")
  func removalsMoveLanes() {
    let (scene, nodes) = Self.movingNodes(6)
    scene.clock.advance(by: 0.25)
    // Each finish removes two lanes from the front half: the table moves its last lanes in.
    nodes[0].dance.finish(at: .end)
    nodes[2].dance.finish(at: .start)
    scene.clock.advance(by: 0.25)
    #expect(nodes[0].center.x == 100)
    #expect(nodes[0].alpha == 0)
    #expect(nodes[2].center.x == 0)
    #expect(nodes[2].alpha == 1)
    for index in [1, 3, 4, 5] {
      #expect(nodes[index].center.x == 50 * Double(index + 1))
      #expect(nodes[index].alpha == 0.5)
    }
  }

  @Test("Starting many animations grows the table; the running ones read their own values")
  func growthMovesEveryLane() {
    let (scene, first) = Self.movingNodes(3)
    scene.clock.advance(by: 0.5)
    // 200 more lanes: the table's buffer is reallocated several times.
    let more = (0..<100).map { _ in Node(frame: Rect(x: 0, y: 0, width: 1, height: 1)) }
    for node in more {
      scene.root.addChild(node)
      node.dance.animate(duration: 2, curve: .linear) {
        $0.center = Point(x: 10, y: 20)
        $0.alpha = 0
      }.start()
    }
    #expect(first.map(\.center.x) == [50, 100, 150])
    #expect(first.map(\.alpha) == [0.5, 0.5, 0.5])
    #expect(more.allSatisfy { $0.center == Point(x: 0.5, y: 0.5) && $0.alpha == 1 })
    scene.clock.advance(by: 0.25)
    #expect(first.map(\.center.x) == [75, 150, 225])
    #expect(more.allSatisfy { abs($0.center.x - (0.5 + 9.5 / 8)) < 1e-12 })
  }

  @Test("A property that becomes an additive stack reads its target plus the offsets")
  func stackedPropertyLeavesTheCell() {
    let (scene, nodes) = Self.movingNodes(1)
    let node = nodes[0]
    scene.clock.advance(by: 0.5)
    // An additive animation on top: the value shown is the new target plus both offsets.
    let additive = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 200, y: 0)
    }
    additive.composition = .additive
    additive.startAnimation()
    #expect(node.center.x == 50)
    scene.clock.advance(by: 0.5)
    // The first animation ended at 100 (offset 0); the additive one is halfway from the
    // target 100 to 200: 200 + (150 − 200).
    #expect(abs(node.center.x - 150) < 1e-9)
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 200)
    // Nothing drives it now: a plain assignment is read back as it is.
    node.center = Point(x: 7, y: 8)
    #expect(node.center == Point(x: 7, y: 8))
  }

  @Test("Releasing the scene mid-animation leaves its nodes' storage holding what they showed")
  func sceneReleasedMidAnimation() {
    var nodes: [Node] = []
    weak var released: Scene?
    do {
      let (scene, moving) = Self.movingNodes(3)
      released = scene
      // One more animator records a property without starting: it has a lane too.
      let pending = PropertyAnimator(duration: 1, curve: .linear) {
        moving[0].alpha = 0.25
      }
      scene.clock.advance(by: 0.5)
      nodes = moving
      _ = pending
    }
    // The scene and its store are gone: every read comes from the node's own storage.
    #expect(released == nil)
    #expect(nodes.map(\.center.x) == [50, 100, 150])
    #expect(nodes[1].alpha == 0.5)
    nodes[2].center = Point(x: 1, y: 2)
    #expect(nodes[2].center == Point(x: 1, y: 2))
  }
}
