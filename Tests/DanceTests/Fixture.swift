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
