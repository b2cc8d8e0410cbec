/// The pacing of a timed animation: a unit cubic Bézier curve from (0, 0) to (1, 1), as in CSS.
///
/// The curve maps linear progress (elapsed time over duration, the x axis) to eased progress
/// (the y axis). Its two inner control points are `(x1, y1)` and `(x2, y2)`:
///
/// ```swift
/// let curve = TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)   // CSS `ease`
/// curve.value(at: 0.5)   // ≈ 0.8024
/// curve.slope(at: 0.5)   // d(value)/d(progress) there
/// ```
///
/// `value(at:)` is within 1e-9 of the exact curve for progress in [0, 1] (the solver runs to
/// machine precision, not to a duration-dependent tolerance), exactly 0 at 0 and 1 at 1.
/// Outside [0, 1] it extrapolates along the tangent at the nearer end point, as Chromium,
/// WebKit and Firefox do, so a spring handed a curve's end velocity continues smoothly.
///
/// Bad control points never trap: a non-finite one makes the curve ``linear``, an x
/// outside [0, 1] (which would make the curve fold back in time) is clamped into it, and a y
/// beyond ±``maximumOvershoot`` (whose polynomial would overflow) is clamped to it; each
/// reports a ``DanceError``. Every value and slope of every curve is finite.
public struct TimingFunction: Hashable, Sendable {
  // What evaluating the curve reads comes first, so that a curve stored in a flat array
  // (a scene's frame store) is evaluated from its first two cache lines.

  // Polynomial form of the two coordinates: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
  @usableFromInline let ax: Double
  @usableFromInline let bx: Double
  @usableFromInline let cx: Double
  @usableFromInline let ay: Double
  @usableFromInline let by: Double
  @usableFromInline let cy: Double
  // Slopes used to extrapolate before 0 and after 1.
  @usableFromInline let startGradient: Double
  @usableFromInline let endGradient: Double
  @usableFromInline let isLinear: Bool

  /// The x coordinate of the first control point, in [0, 1].
  public let x1: Double
  /// The y coordinate of the first control point (any finite value; outside [0, 1] overshoots).
  public let y1: Double
  /// The x coordinate of the second control point, in [0, 1].
  public let x2: Double
  /// The y coordinate of the second control point (any finite value).
  public let y2: Double

  /// The largest magnitude a y control point may have: 1,000,000, a curve that overshoots
  /// its distance a million times. Beyond it the curve's coefficients could overflow.
  public static let maximumOvershoot = 1e6

  /// Creates the curve with control points `(x1, y1)` and `(x2, y2)`.
  ///
  /// - Parameters:
  ///   - x1: The first control point's x, clamped to [0, 1].
  ///   - y1: The first control point's y.
  ///   - x2: The second control point's x, clamped to [0, 1].
  ///   - y2: The second control point's y.
  ///
  /// Any non-finite coordinate makes the curve linear and reports a ``DanceError``.
  public init(x1: Double, y1: Double, x2: Double, y2: Double) {
    var (x1, y1, x2, y2) = (x1, y1, x2, y2)
    let call = "TimingFunction(x1: \(x1), y1: \(y1), x2: \(x2), y2: \(y2))"
    if !(x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite) {
      DanceError.report(.nonFiniteNumber, "\(call): a control point is not finite; using linear")
      (x1, y1, x2, y2) = (0, 0, 1, 1)
    }
    if !(0...1).contains(x1) || !(0...1).contains(x2) {
      DanceError.report(.outOfRange, "\(call): x must lie in [0, 1]; clamped")
      x1 = x1.clamped(to: 0...1)
      x2 = x2.clamped(to: 0...1)
    }
    let limit = Self.maximumOvershoot
    if !(-limit...limit).contains(y1) || !(-limit...limit).contains(y2) {
      DanceError.report(.outOfRange, "\(call): y must lie within ±\(limit); clamped")
      y1 = y1.clamped(to: -limit...limit)
      y2 = y2.clamped(to: -limit...limit)
    }
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
    isLinear = x1 == y1 && x2 == y2

    // The tangent at each end point. Where the nearer control point coincides with the end
    // point, the farther one gives the tangent; where the tangent is vertical, browsers use a
    // flat extrapolation, and so do we.
    // A tiny x under a large y could divide to infinity: gradients are clamped finite.
    if x1 > 0 {
      startGradient = Self.finite(y1 / x1)
    } else if y1 == 0 && x2 > 0 {
      startGradient = Self.finite(y2 / x2)
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if x2 < 1 {
      endGradient = Self.finite((y2 - 1) / (x2 - 1))
    } else if y2 == 1 && x1 < 1 {
      endGradient = Self.finite((y1 - 1) / (x1 - 1))
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }
  }

  /// `value` clamped to the finite range (a quotient of finite numbers is never NaN here).
  @usableFromInline
  static func finite(_ value: Double) -> Double {
    value.clamped(to: -.greatestFiniteMagnitude...(.greatestFiniteMagnitude))
  }

  /// No easing: `value(at: p) == p`.
  public static let linear = TimingFunction(x1: 0, y1: 0, x2: 1, y2: 1)
  /// Starts slowly and speeds up: CSS `ease-in`, (0.42, 0, 1, 1).
  public static let easeIn = TimingFunction(x1: 0.42, y1: 0, x2: 1, y2: 1)
  /// Starts quickly and slows down: CSS `ease-out`, (0, 0, 0.58, 1).
  public static let easeOut = TimingFunction(x1: 0, y1: 0, x2: 0.58, y2: 1)
  /// Slow at both ends: CSS `ease-in-out`, (0.42, 0, 0.58, 1).
  public static let easeInOut = TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
  /// Advance's and Core Animation's name for ``easeInOut``.
  public static let easeInEaseOut = easeInOut
  /// Core Animation's and CSS's default curve, `ease`: (0.25, 0.1, 0.25, 1).
  public static let `default` = TimingFunction(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
  /// A quick start and a long, gentle landing, like Material Design's standard curve:
  /// (0.4, 0, 0.2, 1).
  public static let swiftOut = TimingFunction(x1: 0.4, y1: 0, x2: 0.2, y2: 1)

  /// The eased progress at linear `progress`.
  ///
  /// Exactly 0 at 0 and 1 at 1; within 1e-9 of the exact curve between; extrapolated along the
  /// end tangents outside [0, 1]. NaN gives 0, −∞ gives 0 and +∞ gives 1.
  @inlinable
  public func value(at progress: Double) -> Double {
    if isLinear, progress.isFinite { return progress }
    if progress > 0 && progress < 1 {
      return sampleY(solveX(progress))
    }
    if progress <= 0 {
      return progress == -.infinity ? 0 : Self.finite(startGradient * progress)
    }
    if progress >= 1 {
      return progress == .infinity ? 1 : Self.finite(1 + endGradient * (progress - 1))
    }
    return 0  // NaN
  }

  /// The slope of the curve, d(value)/d(progress), at linear `progress`.
  ///
  /// Divide by the animation's duration to get eased progress per second. Outside (0, 1) it
  /// is the end-point gradient used for extrapolation. Where the curve is vertical (an x
  /// control point at the end point with a different y), the slope is replaced by that same
  /// finite gradient; NaN gives the start gradient.
  @inlinable
  public func slope(at progress: Double) -> Double {
    if isLinear { return 1 }
    guard progress > 0 else { return startGradient }
    guard progress < 1 else { return endGradient }
    let t = solveX(progress)
    let dx = (3 * ax * t + 2 * bx) * t + cx
    let dy = (3 * ay * t + 2 * by) * t + cy
    if dx > 1e-12 { return dy / dx }
    // dx/dt vanishes only at an end point or at an interior cusp of a degenerate curve.
    if t < 0.5 { return startGradient }
    return endGradient
  }

  /// Advance's name for ``value(at:)``: the eased progress at linear `progress`.
  ///
  /// `epsilon` is accepted and not needed: the curve is always solved to machine precision
  /// (Advance stopped at `epsilon`, usually 1/(1000 · duration)).
  public func solve(at progress: Double, epsilon: Double) -> Double {
    value(at: progress)
  }

  /// ``value(at:)`` and ``slope(at:)`` together, with one solve of the curve: what an
  /// animation needs each frame for its value and velocity.
  @inlinable
  public func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
    guard !isLinear, progress > 0, progress < 1 else {
      return (value(at: progress), slope(at: progress))
    }
    let t = solveX(progress)
    let dx = (3 * ax * t + 2 * bx) * t + cx
    let dy = (3 * ay * t + 2 * by) * t + cy
    let slope = dx > 1e-12 ? dy / dx : (t < 0.5 ? startGradient : endGradient)
    return (sampleY(t), slope)
  }

  @inlinable @inline(__always)
  func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

  @inlinable @inline(__always)
  func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

  /// The curve parameter t in [0, 1] at which x(t) == `x`, for `x` in (0, 1).
  ///
  /// Newton's method, safeguarded by a bisection bracket so that it always converges; it
  /// stops at machine precision (|x(t) − x| ≤ 1e-15 or a bracket narrower than 1e-16).
  @inlinable
  func solveX(_ x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    var t = x
    for _ in 0..<64 {
      let error = sampleX(t) - x
      if abs(error) <= 1e-15 { return t }
      if error > 0 { high = t } else { low = t }
      let derivative = (3 * ax * t + 2 * bx) * t + cx
      var next = t - error / derivative
      if !(derivative > 0 && next > low && next < high) {
        next = 0.5 * (low + high)
      }
      if high - low <= 1e-16 || next == t { return next }
      t = next
    }
    return t
  }
}

extension TimingFunction: CustomStringConvertible {
  /// The curve as it is written: `TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1)`.
  public var description: String {
    "TimingFunction(x1: \(x1), y1: \(y1), x2: \(x2), y2: \(y2))"
  }
}
