import Dance
import SceneSupport
import TestSupport
import Testing

/// Motions that are legal but absurd — springs restarted hundreds of times with a velocity of
/// a billion distances a second, values near the top of the number range — stay finite: Dance
/// bounds what its paths can hold (`LanePath.maximumMagnitude`) instead of letting the
/// arithmetic overflow to ∞ and then NaN.
@Suite struct RunawayMotionTests {
  /// Every component of the node's displayed properties.
  static func components(_ node: Node) -> [Double] {
    [node.center.x, node.center.y, node.alpha] + (0..<4).map { node.bounds.vector[$0] }
      + (0..<4).map { node.backgroundColor.vector[$0] } + (0..<8).map { node.transform.vector[$0] }
  }

  @Test(
    "A spring restarted again and again with a huge velocity stays finite",
    arguments: [AnimationOptions(), .additive])
  func restartedSprings(options: AnimationOptions) {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    // (The fuzzer's find: each restart multiplied the rounding error of the transform's
    // decomposition by the velocity over the spring's frequency, until it overflowed.)
    for restart in 0..<600 {
      Node.animate(
        withDuration: 0.5, delay: 0, usingSpringWithDamping: 0, initialSpringVelocity: 1e9,
        options: options,
        animations: {
          node.transform = Transform(rotationAngle: restart.isMultiple(of: 2) ? 2 : -2)
          node.alpha = 80
        })
      scene.clock.advance(by: 0.45)
      let values = Self.components(node)
      let finite = values.allSatisfy { $0.isFinite }
      #expect(finite, "restart \(restart): \(values)")
      if !finite { return }
    }
  }

  @Test("A value beyond the bound is set at once, not animated")
  func hugeValues() {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    let (_, errors) = collectingErrors {
      node.dance.animate(duration: 1, curve: .easeInOut) {
        $0.center = Point(x: 1e300, y: -1e300)
        $0.alpha = 0.5
      }.start()
    }
    #expect(errors.map(\.kind) == [.outOfRange])
    #expect(node.center == Point(x: 1e300, y: -1e300))
    scene.clock.advance(by: 0.5)
    #expect(node.center == Point(x: 1e300, y: -1e300))
    #expect(node.alpha > 0.5 && node.alpha < 1)
  }
}
