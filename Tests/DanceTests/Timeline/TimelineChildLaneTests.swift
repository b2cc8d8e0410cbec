import Dance
import SceneSupport
import Testing

/// The lanes of a timeline's timed children, which the frame blends from one pass over the
/// children (their progress kept apart from their timings), against the same animations
/// through `node.dance`, which samples its timing another way.
@Suite struct TimelineChildLaneTests {
  /// Three kinds of timing, each child alone on its properties and starting at its own time.
  static var timings: [(start: Double, provider: any TimingCurveProvider)] {
    [
      (0, CubicTimingParameters(animationCurve: .easeInOut)),
      (
        0.2,
        CubicTimingParameters(
          controlPoint1: Point(x: 0.3, y: -0.4), controlPoint2: Point(x: 0.6, y: 1.5))
      ),
      (0.35, SpringTimingParameters(dampingRatio: 0.5)),
    ]
  }

  @Test("Curves and springs of timeline children show what node.dance shows, frame by frame")
  func childrenMatchNodeDance() {
    let fixture = SceneFixture(count: 6, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, nodes) = (fixture.scene, fixture.nodes)
    let timeline = Timeline(scene: scene)
    for (index, timing) in Self.timings.enumerated() {
      let (child, single) = (nodes[index], nodes[index + 3])
      let change = { (node: Node) in
        node.center = Point(x: 200 + Double(index) * 50, y: -80)
        node.alpha = 0.25
      }
      timeline.animate(duration: 0.6, timingParameters: timing.provider, at: .at(timing.start)) {
        change(child)
      }
      single.dance.animate(duration: 0.6, timingParameters: timing.provider) { change($0) }
        .start(after: timing.start)
    }
    timeline.start()
    var moved = 0
    for _ in 0..<72 {
      scene.clock.advance(by: 1.0 / 60)
      for index in Self.timings.indices {
        let (child, single) = (nodes[index], nodes[index + 3])
        #expect(abs(child.center.x - single.center.x) <= 1e-9, "child \(index)")
        #expect(abs(child.center.y - single.center.y) <= 1e-9, "child \(index)")
        #expect(abs(child.alpha - single.alpha) <= 1e-12, "child \(index)")
        if child.center.x != 5 && child.center.x != 200 + Double(index) * 50 { moved += 1 }
      }
      // Each lane's route (from its child's sample, or evaluated) agrees with its path.
      #expect(scene.auditProblems().isEmpty)
    }
    // Every child was seen part-way, and each ends at its target.
    #expect(moved > 72)
    for index in Self.timings.indices {
      #expect(nodes[index].center == Point(x: 200 + Double(index) * 50, y: -80))
    }
  }
}
