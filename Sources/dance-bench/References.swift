#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The hand-written loops that the engine is measured against: what a game programmer would
// write for the same motion, with no engine in the way. None of them calls Dance or Advance.

/// A cubic Bézier timing curve solved the way WebKit's `UnitBezier` solves it: Newton's
/// method from t = x, then bisection, until x(t) is within `epsilon` of x.
struct UnitBezier {
  let ax: Double
  let bx: Double
  let cx: Double
  let ay: Double
  let by: Double
  let cy: Double

  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  /// CSS `ease-in-out`.
  static let easeInOut = UnitBezier(0.42, 0, 0.58, 1)

  @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  @inline(__always) func derivativeX(_ t: Double) -> Double {
    (3 * ax * t + 2 * bx) * t + cx
  }

  @inline(__always) func solveX(_ x: Double, epsilon: Double) -> Double {
    var t2 = x
    for _ in 0..<8 {
      let x2 = sampleX(t2) - x
      if abs(x2) < epsilon { return t2 }
      let d2 = derivativeX(t2)
      if abs(d2) < 1e-6 { break }
      t2 -= x2 / d2
    }
    var t0 = 0.0
    var t1 = 1.0
    t2 = x
    while t0 < t1 {
      let x2 = sampleX(t2)
      if abs(x2 - x) < epsilon { return t2 }
      if x > x2 { t0 = t2 } else { t1 = t2 }
      t2 = (t1 - t0) * 0.5 + t0
    }
    return t2
  }

  /// The eased progress at linear progress `x` (clamped to 0…1), to 1e-9 in x.
  @inline(__always) func solve(_ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return sampleY(solveX(x, epsilon: 1e-9))
  }
}

/// A plain object with the same animated state as a node: what a hand-written engine keeps
/// for one sprite, including when its animation started.
final class PlainSprite {
  var center = SIMD2<Double>(0, 0)
  var alpha = 1.0
  let fromCenter: SIMD2<Double>
  let toCenter: SIMD2<Double>
  let fromAlpha = 1.0
  let toAlpha = 0.0
  var start = 0.0

  init(index: Int) {
    fromCenter = SIMD2(Double(index % 640), Double(index % 360))
    toCenter = SIMD2(Double((index * 7) % 640), Double((index * 3) % 360))
    center = fromCenter
  }

  @inline(__always) func apply(_ progress: Double) {
    center = fromCenter * (1 - progress) + toCenter * progress
    alpha = fromAlpha * (1 - progress) + toAlpha * progress
  }
}

/// The hand-written timed frame: per sprite, its local time, the curve, two lerps.
struct TimedReference {
  let sprites: [PlainSprite]
  let curve = UnitBezier.easeInOut
  let duration: Double
  var time: Double

  init(stagger: Stagger, count: Int) {
    sprites = (0..<count).map(PlainSprite.init)
    for (index, sprite) in sprites.enumerated() { sprite.start = stagger.start(of: index) }
    duration = stagger.duration
    time = stagger.measuredFrom
  }

  mutating func frame(_ step: Double) {
    time += step
    for sprite in sprites {
      sprite.apply(curve.solve((time - sprite.start) / duration))
    }
  }
}

/// The hand-written spring frame: per sprite, a closed-form under-damped step response
/// (exp, cos, sin) at its local time, then two lerps.
struct SpringReference {
  let sprites: [PlainSprite]
  let omega: Double
  let zeta: Double
  var time: Double

  init(stagger: Stagger, count: Int, response: Double, dampingRatio: Double) {
    sprites = (0..<count).map(PlainSprite.init)
    for (index, sprite) in sprites.enumerated() { sprite.start = stagger.start(of: index) }
    omega = 2 * .pi / response
    zeta = dampingRatio
    time = stagger.measuredFrom
  }

  mutating func frame(_ step: Double) {
    time += step
    let (damped, ratio) = (
      omega * (1 - zeta * zeta).squareRoot(), zeta / (1 - zeta * zeta).squareRoot()
    )
    for sprite in sprites {
      sprite.apply(progress(at: max(time - sprite.start, 0), damped: damped, ratio: ratio))
    }
  }

  /// The step response `t` seconds after release: 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t).
  @inline(__always)
  func progress(at t: Double, damped: Double, ratio: Double) -> Double {
    1 - exp(-zeta * omega * t) * (cos(damped * t) + ratio * sin(damped * t))
  }
}

extension TimedReference {
  /// The frame of one value per sprite (its centre): what `Advance.Animator` is measured
  /// against, one value per animator.
  mutating func centerFrame(_ step: Double) {
    time += step
    for sprite in sprites {
      let progress = curve.solve((time - sprite.start) / duration)
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
    }
  }
}

extension SpringReference {
  /// The frame of one value per sprite (its centre), as ``TimedReference/centerFrame(_:)``.
  mutating func centerFrame(_ step: Double) {
    time += step
    let (damped, ratio) = (
      omega * (1 - zeta * zeta).squareRoot(), zeta / (1 - zeta * zeta).squareRoot()
    )
    for sprite in sprites {
      let progress = progress(at: max(time - sprite.start, 0), damped: damped, ratio: ratio)
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
    }
  }
}
