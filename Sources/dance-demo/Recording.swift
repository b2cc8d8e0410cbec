import Dance

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
    for frame in 0...count {
      showcase.play(to: Double(frame) / framesPerSecond)
      frames.append(showcase.nodes.map(NodeSnapshot.init))
    }
  }

  var duration: Double { Double(frames.count - 1) / framesPerSecond }
}
