/// A spring described the way people think about it, converted between the three usual
/// descriptions with SwiftUI's definitions.
///
/// - Physical: `mass`, `stiffness` (N/m) and `damping` (N·s/m).
/// - By feel: `dampingRatio` ζ (1 = critically damped, below 1 bounces) and `response`, the
///   period in seconds of the undamped spring.
/// - By design: `duration` (= response) and `bounce`: ζ = 1 − bounce for bounce ≥ 0 and
///   1 / (1 + bounce) below.
///
/// ```swift
/// let p = SpringParameters(duration: 0.5, bounce: 0.3)
/// p.stiffness   // 157.91…  (2π / 0.5)²
/// p.damping     // 17.59…   2 · 0.7 · √157.91
/// SpringParameters(mass: 1, stiffness: 100, damping: 10).duration   // 0.628…
/// ```
///
/// Bad input never traps: a NaN or infinite argument, a mass or response ≤ 0, or a negative
/// stiffness, damping or damping ratio is replaced by the nearest legal value (or the
/// default spring, ζ = 1, response 0.5 s, mass 1) with a ``DanceError``; `bounce` is clamped
/// to (−1, 1].
public struct SpringParameters: Hashable, Sendable {
  /// The moving mass (default 1).
  public let mass: Double
  /// The spring constant: force per unit of displacement.
  public let stiffness: Double
  /// The friction coefficient: force per unit of velocity.
  public let damping: Double

  /// The smallest mass and response accepted; smaller ones are clamped to it.
  static let minimumPositive = 1e-6

  /// Creates a spring from its physical constants.
  public init(mass: Double = 1, stiffness: Double, damping: Double) {
    // The call, as an error names it: written out only if there is an error to report.
    func call() -> String {
      "SpringParameters(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
    self.mass = Self.positive(mass, "mass", call: call, default: 1)
    self.stiffness = Self.nonNegative(
      stiffness, "stiffness", call: call, default: 4 * .pi * .pi * 4)
    self.damping = Self.nonNegative(damping, "damping", call: call, default: 0)
  }

  /// Creates a spring with damping ratio ζ (`dampingRatio`) whose undamped period is
  /// `response` seconds.
  public init(dampingRatio: Double, response: Double, mass: Double = 1) {
    func call() -> String {
      "SpringParameters(dampingRatio: \(dampingRatio), response: \(response), mass: \(mass))"
    }
    let mass = Self.positive(mass, "mass", call: call, default: 1)
    let ratio = Self.nonNegative(dampingRatio, "dampingRatio", call: call, default: 1)
    let response = Self.positive(response, "response", call: call, default: 0.5)
    let angularFrequency = 2 * .pi / response
    self.mass = mass
    stiffness = angularFrequency * angularFrequency * mass
    damping = 2 * ratio * angularFrequency * mass
  }

  /// Creates a spring that takes about `duration` seconds (its response) and bounces by
  /// `bounce`: 0 is critically damped, 1 never stops, negative values are over-damped.
  public init(duration: Double, bounce: Double = 0, mass: Double = 1) {
    func call() -> String {
      "SpringParameters(duration: \(duration), bounce: \(bounce), mass: \(mass))"
    }
    var bounce = bounce
    if !Validation.requireFinite(bounce, "bounce", in: call(), outcome: "using 0") {
      bounce = 0
    } else if bounce > 1 || bounce <= -1 {
      DanceError.report(.outOfRange, "\(call()): bounce must lie in (-1, 1]; clamped")
      bounce = bounce.clamped(to: (-1 + 1e-6)...1)
    }
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(dampingRatio: ratio, response: duration, mass: mass)
  }

  /// The damping ratio ζ = damping / (2·√(stiffness·mass)); 1 is critically damped.
  ///
  /// A spring with no stiffness has no ratio; it reports `.infinity`.
  public var dampingRatio: Double {
    stiffness > 0 ? damping / (2 * (stiffness * mass).squareRoot()) : .infinity
  }

  /// The period of the undamped spring, 2π / √(stiffness / mass), in seconds.
  public var response: Double {
    stiffness > 0 ? 2 * .pi / (stiffness / mass).squareRoot() : .infinity
  }

  /// The same as ``response``, as SwiftUI's `Spring.duration` defines it.
  public var duration: Double { response }

  /// How much the spring overshoots: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when over-damped.
  public var bounce: Double {
    let ratio = dampingRatio
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  /// The time, in seconds, after which the unit step response (from 0 at rest toward 1)
  /// stays within 0.001 of 1.
  ///
  /// Found from the exact solution (every spring animation that is given a duration
  /// computes this when it starts, so it takes a few evaluations, not a scan). For a
  /// bouncing spring the last peak outside the band is located analytically, and the exit
  /// point after it solves one equation in closed form (`lastExit(alpha:omega:)`:
  /// three evaluations of a sine, a cosine and a logarithm on average). Otherwise the
  /// response is monotone: doubling brackets where it enters the band, and Newton's method on
  /// the exact slope, kept inside the bracket by bisection, finds that point. A spring that
  /// never settles (no damping, or no stiffness), or would take more than 10⁹ s, reports
  /// `.infinity`.
  public var settlingDuration: Double {
    let tolerance = 0.001
    let k = stiffness / mass
    let c = damping / mass
    guard k > 0, c > 0 else { return .infinity }
    let motion = DampedOscillator<SIMD2<Double>>(
      target: SIMD2(1, 0), value: .zero, velocity: .zero, stiffness: k, damping: c)
    // How far outside the band the response is at t (≤ 0 inside), and its slope there.
    func error(_ t: Double) -> Double { abs(motion.state(at: t).value.x - 1) - tolerance }
    func errorAndSlope(_ t: Double) -> (Double, Double) {
      let (value, velocity) = motion.state(at: t)
      let offset = value.x - 1
      return (abs(offset) - tolerance, offset < 0 ? -velocity.x : velocity.x)
    }

    // A spring this slow is "never settles" for any animation: report ∞ rather than search.
    let horizon = 1e9
    guard -Self.logBand / motion.alpha < horizon else { return .infinity }
    // Bouncing, unless so close to critical damping that ω_d is lost in rounding (β = α/ω_d
    // beyond 10⁶): then no peak after the first is outside the band, and the search below
    // for a monotone response finds its one exit.
    let omega = motion.q > 0 ? motion.q.squareRoot() : 0
    if motion.alpha < 1e6 * omega {
      return Self.lastExit(alpha: motion.alpha, omega: omega)
    }
    var low = 0.0
    var high = 1 / motion.alpha
    var highError = error(high)
    var turns = 0
    while turns < 64 && highError > 0 {
      low = high
      high *= 2
      highError = error(high)
      turns += 1
    }
    guard highError <= 0, high.isFinite else { return .infinity }
    // The error is above 0 before the exit point and at most 0 from it to `high`. A Newton
    // step that would leave the bracket (past the exit point's far side) is replaced by
    // bisection, so the search always converges.
    var t = 0.5 * (low + high)
    for _ in 0..<200 {
      let (value, slope) = errorAndSlope(t)
      if value > 0 { low = t } else { high = t }
      if high - low <= 1e-12 * max(1, high) { break }
      var next = t - value / slope
      // Newton's step has shrunk to this size: the exit point is found to far better. (Tested
      // before the bracket: a step that rounds onto the bracket's end, at the exit point
      // itself, would otherwise give way to bisection, which then crept towards the exit
      // point a halving at a time, some twenty evaluations.)
      if abs(next - t) <= 1e-13 * max(1, t) { return min(max(next, low), high) }
      if !(next > low && next < high) { next = 0.5 * (low + high) }
      t = next
    }
    return high
  }

  /// ln 0.001: the band of ``settlingDuration``, as its logarithm.
  private static var logBand: Double { -6.907_755_278_982_137 }

  /// The last exit from the band ±0.001 of a bouncing unit step response,
  /// x(t) = 1 − e^(−αt)·(cos ω_d t + β·sin ω_d t) with β = α/ω_d (`omega` is ω_d), at most
  /// 10⁶ (``settlingDuration`` takes nearly critical springs elsewhere).
  ///
  /// With ω_d t = nπ + s, |x − 1| = e^(−βnπ) · e^(−βs)·(cos s + β·sin s): peak n (at s = 0)
  /// has height e^(−βnπ), and the last above the band is n = ⌊ln(1000)/(βπ)⌋. After
  /// it, the response leaves the band once, before it next crosses 1 (at s = π/2 + atan β,
  /// where cos s + β·sin s turns negative), at the root of
  ///
  ///     h(s) = ln(cos s + β·sin s) − βs − ln τ,   τ = 0.001 · e^(βnπ) ≤ 1,
  ///
  /// which is decreasing and concave on that interval (h″ = −(1 + β²)/(cos s + β·sin s)²).
  /// Halley's method (cubic) finds it from the inflection of the response, or from the
  /// quadratic about the peak when the peak barely clears the band, kept inside the
  /// bracket by bisection: three evaluations on average, against seven of the motion for a
  /// Newton search on t (a spring start's largest cost when its ratio is new). A step under
  /// 10⁻⁶ of s leaves the root known to rounding (cubic convergence), so it is the last.
  private static func lastExit(alpha: Double, omega: Double) -> Double {
    let beta = alpha / omega
    let logTolerance = Self.logBand
    var n = (-logTolerance / (beta * .pi)).rounded(.down)
    var logLevel = logTolerance + beta * n * .pi  // ln τ
    if logLevel > 0 && n > 0 {
      // Rounding put n one peak too far: that peak is inside the band.
      n -= 1
      logLevel -= beta * .pi
    }
    // The response's inflection, π/2 − atan β, to within 0.004 (atan r ≈ r·(π/4 + 0.273·(1 − r))
    // for r in [0, 1]): a starting point, and where the interval ends, π/2 + atan β (beyond,
    // a margin: a bracket only has to hold the root).
    let ratio = min(alpha, omega) / max(alpha, omega)
    let angle = ratio * (.pi / 4 + 0.273 * (1 - ratio))
    let inflection = omega <= alpha ? angle : .pi / 2 - angle
    var low = 0.0
    var high = min(.pi, .pi - inflection + 0.005)
    var s = min(inflection, (-2 * logLevel / (1 + beta * beta)).squareRoot())
    for _ in 0..<100 {
      let (sine, cosine) = cSinCos(s)
      let level = cosine + beta * sine
      guard level > 0 else {
        // Rounding at the interval's far end.
        high = s
        s = 0.5 * (low + high)
        continue
      }
      let h = cLog(level) - beta * s - logLevel
      if h > 0 { low = s } else if h < 0 { high = s } else { break }
      let slope = (beta * cosine - sine) / level - beta
      let curvature = -(1 + beta * beta) / (level * level)
      let step = -2 * h * slope / (2 * slope * slope - h * curvature)
      if abs(step) <= 1e-6 * s {
        s = min(max(s + step, low), high)
        break
      }
      let next = s + step
      s = next > low && next < high ? next : 0.5 * (low + high)
      if high - low <= 1e-15 { break }
    }
    return (n * .pi + s) / omega
  }

  private static func positive(
    _ value: Double, _ name: String, call: () -> String, default: Double
  ) -> Double {
    guard Validation.requireFinite(value, name, in: call()) else { return `default` }
    if value >= minimumPositive { return value }
    DanceError.report(
      .outOfRange, "\(call()): \(name) must be positive; using \(minimumPositive)")
    return minimumPositive
  }

  private static func nonNegative(
    _ value: Double, _ name: String, call: () -> String, default: Double
  ) -> Double {
    guard Validation.requireFinite(value, name, in: call()) else { return `default` }
    return Validation.clampNonNegative(value, name, in: call())
  }
}
