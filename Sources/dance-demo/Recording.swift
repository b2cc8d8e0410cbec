import Dance
import Glibc

/// What one node looked like in one frame.
struct NodeSnapshot: Equatable {
  var center: Point
  var bounds: Rect
  var alpha: Double
  var angle: Double
  var scale: SIMD2<Double>
  var translation: SIMD2<Double>
  var color: Color
  var isHidden: Bool

  init(_ node: Node) {
    center = node.center
    bounds = node.bounds
    alpha = node.alpha
    let parts = node.transform.vector
    translation = SIMD2(parts[0], parts[1])
    angle = parts[2]
    scale = SIMD2(parts[3], parts[4])
    color = node.backgroundColor
    isHidden = node.isHidden
  }

  /// `node` as drawn in the scene: its centre, turn and scale composed through its
  /// ancestors' (a rotation and a scale each: no shear), its alpha times theirs.
  init(flattening node: Node) {
    self.init(node)
    let toScene = node.transformToScene
    center = Point(x: node.bounds.midX, y: node.bounds.midY).applying(toScene)
    translation = .zero
    angle = atan2(toScene.b, toScene.a)
    let scaleX = (toScene.a * toScene.a + toScene.b * toScene.b).squareRoot()
    scale = SIMD2(scaleX, scaleX > 0 ? (toScene.a * toScene.d - toScene.b * toScene.c) / scaleX : 0)
    var ancestor = node.parent
    while let parent = ancestor {
      alpha *= parent.alpha
      ancestor = parent.parent
    }
  }
}

/// The showcase sampled frame by frame from the engine: a snapshot of every node per frame.
struct Recording {
  let framesPerSecond: Double
  /// `frames[f][n]` is node `n` (in `Showcase.nodes` order) at frame `f`.
  var frames: [[NodeSnapshot]] = []

  /// Plays `showcase` on its virtual clock at a fixed step and records every frame.
  init(_ showcase: Showcase, framesPerSecond: Double = 60) {
    self.framesPerSecond = framesPerSecond
    let count = Int((Showcase.duration * framesPerSecond).rounded())
    let flat = Set(showcase.drawnFlat.map(ObjectIdentifier.init))
    for frame in 0...count {
      showcase.play(to: Double(frame) / framesPerSecond)
      frames.append(
        showcase.nodes.map {
          flat.contains(ObjectIdentifier($0)) ? NodeSnapshot(flattening: $0) : NodeSnapshot($0)
        })
    }
  }

  var duration: Double { Double(frames.count - 1) / framesPerSecond }
}
