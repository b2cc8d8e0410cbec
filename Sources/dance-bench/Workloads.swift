import Dance

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain object with the same animated state as a node: what a hand-written engine would
/// keep for one sprite.
final class PlainSprite {
  var center = SIMD2<Double>(0, 0)
  var alpha = 1.0
  let fromCenter: SIMD2<Double>
  let toCenter: SIMD2<Double>
  let fromAlpha = 1.0
  let toAlpha = 0.0

  init(index: Int) {
    fromCenter = SIMD2(Double(index % 640), Double(index % 360))
    toCenter = SIMD2(Double((index * 7) % 640), Double((index * 3) % 360))
    center = fromCenter
  }
}

/// The hand-written reference for a timed frame: the same Bézier solve and lerps, in a loop
/// over plain objects.
struct TimedReference {
  let sprites: [PlainSprite]
  let curve = TimingFunction.easeInOut
  let duration: Double
  var time = 0.0

  init(count: Int, duration: Double) {
    sprites = (0..<count).map(PlainSprite.init)
    self.duration = duration
  }

  mutating func frame(_ step: Double) {
    time += step
    let progress = curve.value(at: time / duration)
    for sprite in sprites {
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
      sprite.alpha = sprite.fromAlpha * (1 - progress) + sprite.toAlpha * progress
    }
  }

  /// The same, but with each sprite's own start time, so the curve is solved per sprite as
  /// Dance must (every node.dance animation has its own clock).
  mutating func framePerSprite(_ step: Double) {
    time += step
    for (index, sprite) in sprites.enumerated() {
      let progress = curve.value(at: (time + Double(index & 7) * 1e-6) / duration)
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
      sprite.alpha = sprite.fromAlpha * (1 - progress) + sprite.toAlpha * progress
    }
  }
}

/// The hand-written reference for a spring frame: a closed-form under-damped step response
/// per sprite (exp, cos, sin), then the lerps.
struct SpringReference {
  let sprites: [PlainSprite]
  let omega: Double
  let zeta: Double
  var time = 0.0

  init(count: Int, response: Double, dampingRatio: Double) {
    sprites = (0..<count).map(PlainSprite.init)
    omega = 2 * .pi / response
    zeta = dampingRatio
  }

  mutating func frame(_ step: Double) {
    time += step
    let damped = omega * (1 - zeta * zeta).squareRoot()
    for (index, sprite) in sprites.enumerated() {
      let t = time + Double(index & 7) * 1e-6
      let decay = exp(-zeta * omega * t)
      let progress = 1 - decay * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
      sprite.alpha = sprite.fromAlpha * (1 - progress) + sprite.toAlpha * progress
    }
  }
}

/// A scene of `count` nodes, each animating `center` and `alpha` through `node.dance`.
///
/// Node i starts after a delay of (7 − i mod 8) µs, so that its animation's local time is the
/// clock's time − 7 µs + (i mod 8) µs: the same eight staggered times, in the same order, as
/// the reference loops' sprites, so both solve their curves at the same spread of inputs.
func danceScene(count: Int, spring: Bool, duration: Double) -> (Scene, [Node]) {
  let scene = Scene()
  var nodes: [Node] = []
  nodes.reserveCapacity(count)
  for index in 0..<count {
    let sprite = PlainSprite(index: index)
    let node = Node(
      frame: Rect(x: sprite.fromCenter.x - 5, y: sprite.fromCenter.y - 5, width: 10, height: 10))
    scene.root.addChild(node)
    let target = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
    let delay = Double(7 - index & 7) * 1e-6
    if spring {
      node.dance.animate(duration: duration, dampingRatio: 0.5) {
        $0.center = target
        $0.alpha = 0
      }.start(after: delay)
    } else {
      node.dance.animate(duration: duration, curve: .easeInOut) {
        $0.center = target
        $0.alpha = 0
      }.start(after: delay)
    }
    nodes.append(node)
  }
  return (scene, nodes)
}

/// `count` nodes whose centres each carry `offsets` additive animations (easeInOut, started
/// a little apart so that each sits at its own point of the curve), all `duration` long.
func additiveScene(count: Int, offsets: Int, duration: Double) -> (Scene, [Node]) {
  let scene = Scene()
  let nodes = (0..<count).map { _ in Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
  for node in nodes { scene.root.addChild(node) }
  for offset in 0..<offsets {
    for (index, node) in nodes.enumerated() {
      let sprite = PlainSprite(index: index * offsets + offset)
      let animator = PropertyAnimator(duration: duration, curve: .easeInOut) {
        node.center = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
      }
      animator.composition = .additive
      animator.startAnimation()
    }
    scene.clock.advance(by: 1.0 / 60)
  }
  return (scene, nodes)
}
