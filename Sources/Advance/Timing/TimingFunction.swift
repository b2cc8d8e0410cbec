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
///
/// A curve is one reference to a solver made when the curve is made (one allocation, its
/// seed table inside it; the table costs fifteen root searches) and shared by every copy:
/// make custom curves once and keep them, as the named curves are kept.
public struct TimingFunction: Hashable, Sendable {
  /// The curve, which all copies share: its control points and what solving reads (the
  /// polynomials, the seed table and its step counts, the end gradients). A curve kept in an
  /// animation's state is one word, and a frame over many animations on one curve reads the
  /// solver from one place.
  @usableFromInline let solver: CurveSolver

  /// The x coordinate of the first control point, in [0, 1].
  public var x1: Double { solver.x1 }
  /// The y coordinate of the first control point (any finite value; outside [0, 1] overshoots).
  public var y1: Double { solver.y1 }
  /// The x coordinate of the second control point, in [0, 1].
  public var x2: Double { solver.x2 }
  /// The y coordinate of the second control point (any finite value).
  public var y2: Double { solver.y2 }

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
    // Described only when a point needs reporting: formatting four numbers costs more
    // than making the curve.
    func call() -> String { "TimingFunction(x1: \(x1), y1: \(y1), x2: \(x2), y2: \(y2))" }
    if !(x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite) {
      DanceError.report(.nonFiniteNumber, "\(call()): a control point is not finite; using linear")
      (x1, y1, x2, y2) = (0, 0, 1, 1)
    }
    if !(0...1).contains(x1) || !(0...1).contains(x2) {
      DanceError.report(.outOfRange, "\(call()): x must lie in [0, 1]; clamped")
      x1 = x1.clamped(to: 0...1)
      x2 = x2.clamped(to: 0...1)
    }
    let limit = Self.maximumOvershoot
    if !(-limit...limit).contains(y1) || !(-limit...limit).contains(y2) {
      DanceError.report(.outOfRange, "\(call()): y must lie within ±\(limit); clamped")
      y1 = y1.clamped(to: -limit...limit)
      y2 = y2.clamped(to: -limit...limit)
    }
    solver = CurveSolver.shared(x1: x1, y1: y1, x2: x2, y2: y2)
  }

  /// Two curves are equal when their control points are (the solver follows from them).
  public static func == (lhs: TimingFunction, rhs: TimingFunction) -> Bool {
    lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
  }

  /// Hashes the control points.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
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
  @inlinable @inline(__always)
  public func value(at progress: Double) -> Double {
    // The interior is solved inline; the rest (linear, the ends, extrapolation) is a call.
    if progress > 0 && progress < 1 && !solver.isLinear {
      return solver.sampleY(solver.solveX(progress))
    }
    return solver.value(at: progress)
  }

  /// The slope of the curve, d(value)/d(progress), at linear `progress`.
  ///
  /// Divide by the animation's duration to get eased progress per second. Outside (0, 1) it
  /// is the end-point gradient used for extrapolation. Where the curve is vertical (an x
  /// control point at the end point with a different y), the slope is replaced by that same
  /// finite gradient; NaN gives the start gradient.
  @inlinable
  public func slope(at progress: Double) -> Double { solver.slope(at: progress) }

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
    solver.valueAndSlope(at: progress)
  }
}

/// What solving a ``TimingFunction`` reads, made once per curve and shared by its copies
/// (immutable once made, its seed table included, so any thread may read it: hence
/// `@unchecked Sendable`, for the table's pointer).
///
/// Its members name the class rather than `Self`: in a class `Self` is the dynamic type, and
/// the optimiser does not inline a body that uses it (the frames called `solveX`).
@usableFromInline
final class CurveSolver: @unchecked Sendable {
  // In the order solving reads them: the polynomials, the seed table and its step counts.

  // Polynomial form of the two coordinates: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
  @usableFromInline let ax: Double
  @usableFromInline let bx: Double
  @usableFromInline let cx: Double
  @usableFromInline let ay: Double
  @usableFromInline let by: Double
  @usableFromInline let cy: Double
  // The seeded solve (see `solveX`): t where x = 0, 1/16, 2/16, …, 16/16, in 65 535ths
  // (17 entries inside the solver's own object: no allocation of their own, and read in
  // place, where a vector stored here was copied to the stack first; the solve's indices
  // are at most 16 by construction, so the array's bounds checks fold away), and, two bits
  // per sixteenth of x, how many Newton steps from the seed there solve x to the precision
  // SPEC asks for (2 or 3; 0: take the bracketed search).
  @usableFromInline let seeds: InlineArray<17, UInt16>
  @usableFromInline let newtonSteps: UInt32
  @usableFromInline let isLinear: Bool
  // Slopes used to extrapolate before 0 and after 1.
  @usableFromInline let startGradient: Double
  @usableFromInline let endGradient: Double
  // The control points, as given (checked).
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// The solver of the curve with control points `(x1, y1)` and `(x2, y2)`, which are
  /// finite, with x in [0, 1] and y within ``TimingFunction/maximumOvershoot``.
  init(x1: Double, y1: Double, x2: Double, y2: Double) {
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
      startGradient = CurveSolver.finite(y1 / x1)
    } else if y1 == 0 && x2 > 0 {
      startGradient = CurveSolver.finite(y2 / x2)
    } else if y1 == 0 && y2 == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if x2 < 1 {
      endGradient = CurveSolver.finite((y2 - 1) / (x2 - 1))
    } else if y2 == 1 && x1 < 1 {
      endGradient = CurveSolver.finite((y1 - 1) / (x1 - 1))
    } else if y2 == 1 && y1 == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }
    var seeds = InlineArray<17, UInt16>(repeating: 0)
    newtonSteps = CurveSolver.seedTable(
      ax: ax, bx: bx, cx: cx, ay: ay, by: by, cy: cy, into: &seeds)
    self.seeds = seeds
  }

  /// The solver of the curve with these control points (checked as for `init`): one of the
  /// last few made, if it has the same points, or a new one.
  ///
  /// An app makes most of its custom curves again and again (a `node.dance` animation
  /// through two control points makes one at every start), and making a solver costs some
  /// 4 000 instructions and an allocation. Each thread remembers its own (solvers never
  /// change once made, so a curve that holds one may go to any thread).
  static func shared(x1: Double, y1: Double, x2: Double, y2: Double) -> CurveSolver {
    recent.result(for: SIMD4(x1, y1, x2, y2)) { points in
      CurveSolver(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
    }
  }
  /// The solvers ``shared(x1:y1:x2:y2:)`` made last, by control points.
  private static let recent = RecentResults<SIMD4<Double>, CurveSolver>()

  /// `value` clamped to the finite range (a quotient of finite numbers is never NaN here).
  @usableFromInline
  static func finite(_ value: Double) -> Double {
    value.clamped(to: -.greatestFiniteMagnitude...(.greatestFiniteMagnitude))
  }

  /// The eased progress at linear `progress`.
  ///
  /// Exactly 0 at 0 and 1 at 1; within 1e-9 of the exact curve between; extrapolated along the
  /// end tangents outside [0, 1]. NaN gives 0, −∞ gives 0 and +∞ gives 1.
  @usableFromInline
  func value(at progress: Double) -> Double {
    if isLinear, progress.isFinite { return progress }
    if progress > 0 && progress < 1 {
      return sampleY(solveX(progress))
    }
    if progress <= 0 {
      return progress == -.infinity ? 0 : CurveSolver.finite(startGradient * progress)
    }
    if progress >= 1 {
      return progress == .infinity ? 1 : CurveSolver.finite(1 + endGradient * (progress - 1))
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
  func slope(at progress: Double) -> Double {
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

  /// ``value(at:)`` and ``slope(at:)`` together, with one solve of the curve: what an
  /// animation needs each frame for its value and velocity.
  @inlinable
  func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
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

  @inlinable @inline(__always)
  func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The curve parameter t in [0, 1] at which x(t) == `x`, for `x` in (0, 1).
  ///
  /// Seeded, as Firefox's spline and the bezier-easing library solve it: the table of t at
  /// every sixteenth of x brackets the root, the straight line between its two entries
  /// gives the first guess, and two or three Newton steps from there reach the precision
  /// SPEC asks for. How many steps each sixteenth needs is worked out once, when the curve
  /// is made, from bounds on the curve's derivatives there (``seedTable(ax:bx:cx:ay:by:cy:)``);
  /// where no few steps are sure to do (a vertical tangent, say), the bracketed search
  /// runs instead.
  @inlinable @inline(__always)
  func solveX(_ x: Double) -> Double {
    // The sixteenth that x lies in, as floor(16·x) without the range checks of `Int(_:)`:
    // adding 1.5·2⁵² rounds to an integer in the low bits. (An exact integer may come out
    // one lower; the sixteenth below then ends at the exact root, which its steps keep.)
    let magic = 0x1.8p52
    let rounded = x * 16 - 0.5 + magic
    let index = Int(truncatingIfNeeded: rounded.bitPattern) & 15
    let within = x * 16 - (rounded - magic)
    let (low, high) = (seeds[index], seeds[index &+ 1])
    let scale = 1.0 / 65535
    var t = (Double(low) + Double(high &- low) * within) * scale
    let steps = (newtonSteps &>> UInt32(2 &* index)) & 3
    // (The search starts from x itself, not from the seed: where the steps cannot be
    // trusted the curve is nearly vertical, and from x it finds exact roots that a rounded
    // seed would only come near — x = 1/2 of (1, 0, 0, 1), say.)
    if steps == 0 { return CurveSolver.bracketedSolve(x, from: x, ax: ax, bx: bx, cx: cx) }
    t -= (sampleX(t) - x) / derivativeX(t)
    t -= (sampleX(t) - x) / derivativeX(t)
    if steps == 3 { t -= (sampleX(t) - x) / derivativeX(t) }
    return t
  }

  /// The t in [0, 1] at which x(t) == `x` for the x polynomial `((ax·t + bx)·t + cx)·t`,
  /// from the guess `start`: Newton's method, safeguarded by a bisection bracket so that it
  /// always converges; it stops at machine precision (|x(t) − x| ≤ 1e-15 or a bracket
  /// narrower than 1e-16). The root is known to lie above `low` (0 unless given).
  @usableFromInline
  static func bracketedSolve(
    _ x: Double, from start: Double, above low: Double = 0, ax: Double, bx: Double, cx: Double
  ) -> Double {
    var low = low
    var high = 1.0
    var t = start.clamped(to: 0...1)
    for _ in 0..<64 {
      let error = ((ax * t + bx) * t + cx) * t - x
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

  /// The seeds of ``solveX(_:)`` for the curve with these coefficients, and how many Newton
  /// steps each sixteenth of x needs.
  ///
  /// On the sixteenth from x = i/16 to (i + 1)/16, whose root lies between its two seeds
  /// a and b, let m be the least slope x′(t) and M the largest |x″(t)| on [a, b] widened by
  /// half its width. The straight line between the seeds is off the root by at most
  /// h²/8 · M/m³ (h = 1/16: the error of linear interpolation of t(x), whose second
  /// derivative is −x″/x′³), plus the rounding of the seeds to 16 bits and what is left of
  /// their roots' error (below); each Newton step takes an error e to at most M/(2m) · e².
  /// The sixteenth gets the fewest steps (2 or 3) after which the bound is below 1e-12 in t
  /// and 1e-11 in the eased value (its slope dy/dt is at most 3 × the largest difference of
  /// successive y control values), and every step stays inside the widened interval; or 0
  /// if three are not enough.
  ///
  /// The table's 17 entries, t at x = 0, 1/16, …, 1, are written to `seeds`, found one
  /// after the other by ``nextSeed(after:slope:bend:target:ax:bx:cx:)``.
  static func seedTable(
    ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double,
    into seeds: inout InlineArray<17, UInt16>
  ) -> UInt32 {
    // dy/dt = 3·(Bernstein blend of y1 − 0, y2 − y1, 1 − y2).
    let y1 = cy / 3
    let y2 = (by + 2 * cy) / 3
    let steepest = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2))
    func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func bendX(_ t: Double) -> Double { 6 * ax * t + 2 * bx }
    let vertex = ax != 0 ? -bx / (3 * ax) : -1
    seeds[0] = 0
    var steps: UInt32 = 0
    // The root at the sixteenth's start, its slope and bend, and the last step its search
    // took (0 for the exact ends).
    var (a, slopeA, bendA, lastStepA) = (0.0, cx, 2 * bx, 0.0)
    for index in 0..<16 {
      var (b, lastStepB) = (1.0, 0.0)
      if index < 15 {
        (b, lastStepB) = nextSeed(
          after: a, slope: slopeA, bend: bendA, target: Double(index + 1) / 16,
          ax: ax, bx: bx, cx: cx)
      }
      // Rounded to the nearest 65 535th (b is in [0, 1]: adding 1/2 and truncating rounds).
      seeds[index + 1] = UInt16(b.clamped(to: 0...1) * 65535 + 0.5)
      let margin = 0.5 * (b - a) + 1e-6
      let (p, q) = (max(0, a - margin), min(1, b + margin))
      var m = min(slopeX(p), slopeX(q))
      if vertex > p && vertex < q { m = min(m, slopeX(vertex)) }
      let bend = max(abs(bendX(p)), abs(bendX(q)))
      (a, slopeA, bendA, lastStepA) = (b, slopeX(b), bendX(b), lastStepB)
      // (A bend or steepest slope that is not finite fails the comparisons below: no steps.)
      guard m > 0 else { continue }
      let h = 1.0 / 16
      let contraction = bend / (2 * m)
      // The seeds are rounded to 1/65 535: 7.7e-6 at most, at either end. A root whose
      // search ended on a step s is off by at most contraction · s² (s ≤ 1e-7, the error
      // before it ≤ 2s): a few 1e-14 in all but the steepest curves.
      let lastStep = max(abs(lastStepA), abs(lastStepB))
      var error = h * h / 8 * bend / (m * m * m) + 7.7e-6 + 4 * contraction * lastStep * lastStep
      for count in 1...3 {
        error = contraction * error * error
        guard error < margin else { break }
        if count >= 2 && error <= 1e-12 && error * steepest <= 1e-11 {
          steps |= UInt32(count) << UInt32(2 * index)
          break
        }
      }
    }
    return steps
  }

  /// The root of x(t) = `target` above `start`, the root at `target` − 1/16 (where the
  /// curve's slope x′ is `slope` and its bend x″ is `bend`), and the last step its search
  /// took: a seed of the table, which is rounded to 16 bits, so found to about 1e-14 rather
  /// than to the last bit.
  ///
  /// The first guess is the second-order step from `start` (off by a few 1e-4 on most
  /// curves); Newton's steps from there stop when a step is under 1e-7, about two and a
  /// half a seed. Where a step would not be trusted (x′ not positive, a guess outside
  /// [`start`, 1], more than eight steps), the bracketed search takes over.
  static func nextSeed(
    after start: Double, slope: Double, bend: Double, target: Double,
    ax: Double, bx: Double, cx: Double
  ) -> (root: Double, lastStep: Double) {
    let h = 1.0 / 16
    var t = start + h
    if slope > 0 {
      let first = h / slope
      t = start + first - 0.5 * bend * first * first / slope
    }
    if !(t > start) || t > 1 { t = start + h }
    for _ in 0..<8 {
      let derivative = (3 * ax * t + 2 * bx) * t + cx
      guard derivative > 0 else { break }
      let step = (((ax * t + bx) * t + cx) * t - target) / derivative
      t -= step
      guard t > start && t <= 1 else { break }
      if abs(step) <= 1e-7 { return (t, step) }
    }
    let root = bracketedSolve(target, from: min(1, start + h), above: start, ax: ax, bx: bx, cx: cx)
    return (root, 0)
  }
}

extension TimingFunction: CustomStringConvertible {
  /// The curve as it is written: `TimingFunction(x1: 0.42, y1: 0, x2: 0.58, y2: 1)`.
  public var description: String {
    "TimingFunction(x1: \(x1), y1: \(y1), x2: \(x2), y2: \(y2))"
  }
}
