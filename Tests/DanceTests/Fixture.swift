import Dance

/// A node subclass with properties of its own, declared in one line each.
final class Sprite: Node {
  @Animatable var glow: Double = 0
  @Animatable var tint: Color = .white
  @Animatable var offset: SIMD3<Double> = .zero
}

/// What most tests start from: a scene, and one sprite in it.
struct SceneFixture {
  let scene = Scene()
  let node: Sprite

  /// A sprite with `frame` in a new scene.
  init(frame: Rect = Rect(x: 0, y: 0, width: 20, height: 10)) {
    node = Sprite(frame: frame)
    scene.root.addChild(node)
  }
}

extension SceneFixture {
  /// The timeline suites' start: a node centred on the origin.
  static var centred: SceneFixture {
    SceneFixture(frame: Rect(x: -5, y: -5, width: 10, height: 10))
  }

  /// A timeline that moves the node's x from 0 to 100 over one second, linear.
  func slide() -> Timeline {
    let node = node
    return Timeline(scene: scene).animate(duration: 1, curve: .linear) { node.center.x = 100 }
  }
}
