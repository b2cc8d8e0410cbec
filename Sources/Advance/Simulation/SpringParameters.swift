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
  /// Found from the exact solution: for a bouncing spring, the last peak outside the band is
  /// located analytically, and the exit point lies within the half-period after it;
  /// otherwise the response is monotone and doubling brackets where it enters the band.
  /// Newton's method on the exact slope then finds the exit point, kept inside the bracket
  /// by bisection (a handful of steps where bisection alone took about forty: every spring
  /// animation that is given a duration computes this when it starts). A spring that never
  /// settles (no damping, or no stiffness), or would take more than 10⁹ s, reports
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
    guard cLog(1 / tolerance) / motion.alpha < horizon else { return .infinity }
    var low = 0.0
    var high: Double
    var highError: Double
    if motion.q > 0 {
      // Peaks of |x − 1| sit at t = nπ/ω_d with height e^(−α·nπ/ω_d). Take the last above
      // the band; the response leaves the band for good before the next zero crossing.
      let omega = motion.q.squareRoot()
      let halfPeriod = Double.pi / omega
      let peaks = (cLog(1 / tolerance) / (motion.alpha * halfPeriod)).rounded(.down)
      low = peaks * halfPeriod
      // Guard against rounding at the band's edge; a few half-periods at most.
      // (`while`, not `for … where`: a `where` clause is tested on every one of the loop's
      // turns, and each test solves the motion.)
      var turns = 0
      while turns < 8 && low > 0 && error(low) <= 0 {
        low -= halfPeriod
        turns += 1
      }
      high = low + halfPeriod
      turns = 0
      highError = error(high)
      while turns < 8 && highError > 0 {
        high += halfPeriod
        highError = error(high)
        turns += 1
      }
    } else {
      high = 1 / motion.alpha
      highError = error(high)
      var turns = 0
      while turns < 64 && highError > 0 {
        low = high
        high *= 2
        highError = error(high)
        turns += 1
      }
    }
    guard highError <= 0, high.isFinite else { return .infinity }
    // The error is above 0 before the exit point and at most 0 from it to `high`. A Newton
    // step that would leave the bracket (from the flat top of a peak, or past the exit
    // point's far side) is replaced by bisection, so the search always converges.
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
