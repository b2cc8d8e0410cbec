import Dance

/// A node subclass with properties of its own, declared in one line each.
public final class Sprite: Node {
  /// A custom `Double` property.
  @Animatable public var glow: Double = 0
  /// A custom colour.
  @Animatable public var tint: Color = .white
  /// A custom three-component vector.
  @Animatable public var offset: SIMD3<Double> = .zero
}

/// What the project's tests start from: a scene, and sprites in it, added to its root in
/// order. One fixture for every test target, instead of the scene-and-node set-up written
/// again in each file.
public struct SceneFixture {
  /// The scene; its clock drives every animation of the fixture.
  public let scene: Scene
  /// The sprites, children of the scene's root in this order.
  public let nodes: [Sprite]

  /// The first sprite: what a test of one node animates.
  public var node: Sprite { nodes[0] }

  /// The scene's clock.
  public var clock: AnimationClock { scene.clock }

  /// One sprite with `frame` in a new scene.
  public init(frame: Rect = Rect(x: 0, y: 0, width: 20, height: 10)) {
    self.init(frames: [frame])
  }

  /// `count` sprites with the same `frame`, in a new scene.
  public init(count: Int, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10)) {
    self.init(frames: Array(repeating: frame, count: max(count, 1)))
  }

  /// One sprite per frame, in a new scene.
  public init(frames: [Rect]) {
    scene = Scene()
    nodes = frames.map { Sprite(frame: $0) }
    for node in nodes { scene.root.addChild(node) }
  }
}

extension SceneFixture {
  /// The timeline suites' start: a node centred on the origin.
  public static var centred: SceneFixture {
    SceneFixture(frame: Rect(x: -5, y: -5, width: 10, height: 10))
  }

  /// A timeline that moves the first node's x from 0 to 100 over one second, linear.
  public func slide() -> Timeline {
    let node = node
    return Timeline(scene: scene).animate(duration: 1, curve: .linear) { node.center.x = 100 }
  }
}
