import Dance

// A move along a path: nodes following curved paths with `.auto` rotation, against the loop
// a game programmer would write with the same `Path` (its point and tangent at a distance,
// from one search: the arc-length search is the path's, once a node on both sides; what is
// measured is what the engine adds around it).

/// Sprite `index`'s path: from where plain sprite `index` starts, a cubic that leaves and
/// arrives horizontally, then a line on in that direction (one smooth path: no corner, so
/// that the loop's tangent is the node's direction exactly).
func benchPath(index: Int) -> Path {
  let sprite = PlainSprite(index: index)
  let from = Point(x: sprite.fromCenter.x, y: sprite.fromCenter.y)
  let to = Point(x: sprite.toCenter.x + 200, y: sprite.toCenter.y + 50)
  var path = Path()
  path.move(to: from)
  path.addCurve(
    to: to, control1: Point(x: from.x + 120, y: from.y),
    control2: Point(x: to.x - 120, y: to.y))
  path.addLine(to: Point(x: to.x + 100, y: to.y))
  return path
}

/// A scene of `count` nodes, each moving along its ``benchPath(index:)`` with `.auto`
/// rotation on `easeInOut`, started as `stagger` says.
func pathScene(count: Int, stagger: Stagger) -> (Scene, [Node]) {
  let (scene, nodes) = spriteScene(count: count)
  stagger.start(count: count, on: scene.clock) { index in
    let path = benchPath(index: index)
    nodes[index].dance.animate(duration: stagger.duration, curve: .easeInOut) {
      $0.move(along: path, rotation: .auto)
    }.start()
  }
  return (scene, nodes)
}

/// The hand-written frame: per sprite, its local time, the curve, the point and the unit
/// tangent at that fraction of the path's length (one search: `pointAndTangent`); the
/// tangent is the rotation's cosine and sine.
struct PathReference {
  final class Follower {
    let path: Path
    let length: Double
    var start = 0.0
    var center = Point(x: 0, y: 0)
    var rotation = Transform.identity

    init(path: Path) {
      self.path = path
      length = path.length
    }
  }

  let followers: [Follower]
  let curve = UnitBezier.easeInOut
  let duration: Double
  var time: Double

  init(stagger: Stagger, count: Int) {
    followers = (0..<count).map { Follower(path: benchPath(index: $0)) }
    for (index, follower) in followers.enumerated() { follower.start = stagger.start(of: index) }
    duration = stagger.duration
    time = stagger.measuredFrom
  }

  mutating func frame(_ step: Double) {
    time += step
    for follower in followers {
      let distance = curve.solve((time - follower.start) / duration) * follower.length
      let (center, tangent) = follower.path.pointAndTangent(atDistance: distance)
      follower.center = center
      follower.rotation = Transform(
        a: tangent.dx, b: tangent.dy, c: -tangent.dy, d: tangent.dx, tx: 0, ty: 0)
    }
  }
}
