/// A two-dimensional path of lines and Bézier curves, as `CGPath`, measured by arc length.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(x: 0, y: 0))
/// path.addLine(to: Point(x: 100, y: 0))
/// path.addQuadCurve(to: Point(x: 100, y: 100), control: Point(x: 150, y: 50))
/// let halfway = path.point(atDistance: path.length / 2)
/// ```
///
/// Distances run along the path from its first point. `length` and the points and tangents
/// at a distance are exact to 1e-9 of the length or better: lines in closed form, curves by
/// adaptive Gauss–Legendre quadrature of the speed and Newton's method on the distance. A
/// `move(to:)` starts a new subpath and adds no length (as SVG's `getTotalLength`), so the
/// distance jumps over the gap. Quadratic curves are kept as the cubics they are (the same
/// points at the same parameters).
public struct Path: Hashable, Sendable {
  /// One piece of a path: a line from `p0` to `p3`, or a cubic Bézier `p0`, `p1`, `p2`, `p3`.
  struct Segment: Hashable, Sendable {
    var isLine: Bool
    var p0: SIMD2<Double>
    var p1: SIMD2<Double>
    var p2: SIMD2<Double>
    var p3: SIMD2<Double>
    /// The arc length.
    var length: Double
    /// A curve's arc length at t = k / ``Path/marksPerCurve`` for k = 0…that count: where
    /// a search for a distance starts (empty for a line).
    var marks: [Double] = []
    /// A curve's ``Path/turns(of:)``, found once when it is added: an arc length splits
    /// there without making a list (a frame that moves a node along the path allocates
    /// nothing).
    var turns: [Double] = []
  }

  /// How many equal steps of t a curve's ``Segment/marks`` divide it into.
  static var marksPerCurve: Int { 16 }

  /// The pieces in order, each with its length; zero-length pieces are not kept.
  private(set) var segments: [Segment] = []
  /// The distance along the path at the end of each segment.
  private(set) var ends: [Double] = []
  /// The current point (where the next piece starts), and where the current subpath began.
  private var current: SIMD2<Double>?
  private var subpathStart: SIMD2<Double>?

  /// An empty path: no length, no points.
  public init() {}

  // MARK: - Building

  /// Starts a new subpath at `point`. It adds no length.
  public mutating func move(to point: Point) {
    guard let point = Self.checked(point, in: "Path.move(to:)") else { return }
    current = point
    subpathStart = point
  }

  /// Adds a straight line from the current point to `point`.
  public mutating func addLine(to point: Point) {
    let call = "Path.addLine(to:)"
    guard let end = Self.checked(point, in: call), let start = start(call, to: end) else {
      return
    }
    append(Segment(isLine: true, p0: start, p1: start, p2: end, p3: end, length: 0))
  }

  /// Adds a quadratic Bézier curve from the current point to `point`, pulled toward
  /// `control`.
  public mutating func addQuadCurve(to point: Point, control: Point) {
    let call = "Path.addQuadCurve(to:control:)"
    guard let end = Self.checked(point, in: call), let pull = Self.checked(control, in: call),
      let start = start(call, to: end)
    else { return }
    // The same curve as a cubic: its controls two thirds of the way to the quadratic's.
    let c1 = start + (pull - start) * (2.0 / 3)
    let c2 = end + (pull - end) * (2.0 / 3)
    append(Segment(isLine: false, p0: start, p1: c1, p2: c2, p3: end, length: 0))
  }

  /// Adds a cubic Bézier curve from the current point to `point`, with controls `control1`
  /// and `control2`.
  public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
    let call = "Path.addCurve(to:control1:control2:)"
    guard let end = Self.checked(point, in: call), let c1 = Self.checked(control1, in: call),
      let c2 = Self.checked(control2, in: call), let start = start(call, to: end)
    else { return }
    append(Segment(isLine: false, p0: start, p1: c1, p2: c2, p3: end, length: 0))
  }

  /// Closes the current subpath with a line back to where it began.
  public mutating func closeSubpath() {
    guard let start = subpathStart, let end = current else { return }
    if start != end {
      append(Segment(isLine: true, p0: end, p1: end, p2: start, p3: start, length: 0))
    }
    current = start
  }

  /// `point` as a vector, or nil with a `DanceError` naming `call` if it is not finite.
  private static func checked(_ point: Point, in call: String) -> SIMD2<Double>? {
    guard point.x.isFinite && point.y.isFinite else {
      DanceError.report(
        .nonFiniteNumber, "\(call): (\(point.x), \(point.y)) is not a point; ignored")
      return nil
    }
    return point.vector
  }

  /// Where a piece ending at `end` starts: the current point, which becomes `end`. With no
  /// current point (nothing moved to yet) the piece starts at `end` itself, with a
  /// `DanceError`, as a `move(to:)` would.
  private mutating func start(_ call: String, to end: SIMD2<Double>) -> SIMD2<Double>? {
    defer { current = end }
    guard let current else {
      DanceError.report(
        .illegalState, "\(call): the path has no current point; it begins at (\(end.x), \(end.y))")
      subpathStart = end
      return nil
    }
    return current
  }

  private mutating func append(_ segment: Segment) {
    var segment = segment
    if segment.isLine {
      segment.length = Self.distance(segment.p0, segment.p3)
    } else {
      let steps = Self.marksPerCurve
      segment.turns = Self.turns(of: segment)
      segment.marks = [0]
      for step in 1...steps {
        let piece = Self.arcLength(
          of: segment, from: Double(step - 1) / Double(steps), to: Double(step) / Double(steps))
        segment.marks.append(segment.marks[step - 1] + piece)
      }
      segment.length = segment.marks[steps]
    }
    guard segment.length > 0 else { return }
    segments.append(segment)
    ends.append((ends.last ?? 0) + segment.length)
  }

  // MARK: - Measuring

  /// The length of the path: the sum of its pieces' arc lengths (moves add none).
  public var length: Double { ends.last ?? 0 }

  /// The point `distance` along the path. Distances are clamped to 0…``length``; NaN counts
  /// as 0, with a `DanceError`. An empty path gives its current point, or the origin.
  public func point(atDistance distance: Double) -> Point {
    guard let (segment, t) = locate(distance, in: "Path.point(atDistance:)") else {
      return Point(vector: current ?? .zero)
    }
    return Point(vector: Self.position(of: segments[segment], at: t))
  }

  /// The unit tangent, in the direction of travel, `distance` along the path (clamped and
  /// checked as in ``point(atDistance:)``). Where a curve's speed vanishes (a cusp, or a
  /// control on an end point) it is the direction the curve leaves in (at the curve's very
  /// end, the one it arrives in); an empty path gives (1, 0).
  public func tangent(atDistance distance: Double) -> Vector {
    guard let (index, t) = locate(distance, in: "Path.tangent(atDistance:)") else {
      return Vector(dx: 1, dy: 0)
    }
    return Vector(vector: Self.direction(of: segments[index], at: t))
  }

  /// ``point(atDistance:)`` and ``tangent(atDistance:)`` together, from one search along
  /// the path: the same two values, for the cost of one (a sprite that follows a path and
  /// faces along it needs both every frame, as Unity's `SplineContainer.Evaluate` gives a
  /// position and a tangent at once).
  public func pointAndTangent(atDistance distance: Double) -> (point: Point, tangent: Vector) {
    guard let (index, t) = locate(distance, in: "Path.pointAndTangent(atDistance:)") else {
      return (Point(vector: current ?? .zero), Vector(dx: 1, dy: 0))
    }
    let segment = segments[index]
    return (
      Point(vector: Self.position(of: segment, at: t)),
      Vector(vector: Self.direction(of: segment, at: t))
    )
  }

  /// The unit direction of travel of `segment` at parameter `t`: ``tangent(atDistance:)``
  /// of a point on it.
  static func direction(of segment: Segment, at t: Double) -> SIMD2<Double> {
    let scale = max(segment.length, 1e-300)
    var direction = Self.derivative(of: segment, at: t)
    if Self.magnitude(direction) <= 1e-9 * scale {
      // Near a parameter t₀ where the speed vanishes, B′(t₀ + e) ≈ B″(t₀) e: the curve
      // leaves along B″ and arrives along −B″ (all that is left at its end).
      direction = Self.secondDerivative(of: segment, at: t)
      if t >= 1 { direction = -direction }
    }
    if Self.magnitude(direction) <= 1e-12 * scale { direction = segment.p3 - segment.p0 }
    let length = Self.magnitude(direction)
    // (A piece whose speed, curvature and chord all vanish there: no direction to give.)
    return length > 0 ? direction / length : SIMD2(1, 0)
  }

  /// The segment and its parameter `distance` along the path, or nil if it has no length.
  func locate(_ distance: Double, in call: String) -> (segment: Int, t: Double)? {
    var distance = distance
    if distance.isNaN {
      DanceError.report(.nonFiniteNumber, "\(call): the distance is NaN; 0 is used")
      distance = 0
    }
    guard !segments.isEmpty else { return nil }
    distance = min(max(distance, 0), length)
    // The first segment that ends at or beyond the distance.
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] >= distance { high = middle } else { low = middle + 1 }
    }
    let segment = segments[low]
    let within = min(max(distance - (low > 0 ? ends[low - 1] : 0), 0), segment.length)
    if segment.isLine { return (low, within / segment.length) }
    return (low, Self.parameter(of: segment, atDistance: within))
  }
}

// MARK: - The curves' arithmetic

extension Path {
  static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    magnitude(b - a)
  }

  static func magnitude(_ v: SIMD2<Double>) -> Double {
    (v.x * v.x + v.y * v.y).squareRoot()
  }

  /// The point at parameter `t` (a line's is exact at both ends).
  static func position(of segment: Segment, at t: Double) -> SIMD2<Double> {
    if segment.isLine {
      return t >= 1 ? segment.p3 : segment.p0 + (segment.p3 - segment.p0) * t
    }
    if t >= 1 { return segment.p3 }
    let u = 1 - t
    let a = u * u * u
    let b = 3 * u * u * t
    let c = 3 * u * t * t
    let d = t * t * t
    return segment.p0 * a + segment.p1 * b + segment.p2 * c + segment.p3 * d
  }

  /// The derivative with respect to the parameter.
  static func derivative(of segment: Segment, at t: Double) -> SIMD2<Double> {
    if segment.isLine { return segment.p3 - segment.p0 }
    let u = 1 - t
    return (segment.p1 - segment.p0) * (3 * u * u) + (segment.p2 - segment.p1) * (6 * u * t)
      + (segment.p3 - segment.p2) * (3 * t * t)
  }

  static func secondDerivative(of segment: Segment, at t: Double) -> SIMD2<Double> {
    if segment.isLine { return .zero }
    let first = segment.p2 - segment.p1 * 2 + segment.p0
    let second = segment.p3 - segment.p2 * 2 + segment.p1
    return first * (6 * (1 - t)) + second * (6 * t)
  }

  /// Gauss–Legendre's 8-point rule on 0…1: the positive half of the nodes on −1…1 and
  /// their weights.
  private static let nodes: [Double] = [
    0.18343464249564978, 0.525532409916329, 0.7966664774136267, 0.9602898564975362,
  ]
  private static let weights: [Double] = [
    0.36268378337836166, 0.3137066458778869, 0.22238103445337443, 0.10122853629037706,
  ]

  /// The speed integrated over `a…b` by the 8-point rule.
  private static func gauss(_ segment: Segment, _ a: Double, _ b: Double) -> Double {
    let middle = (a + b) / 2
    let half = (b - a) / 2
    var sum = 0.0
    for index in 0..<4 {
      let offset = half * nodes[index]
      sum +=
        weights[index]
        * (magnitude(derivative(of: segment, at: middle - offset))
          + magnitude(derivative(of: segment, at: middle + offset)))
    }
    return sum * half
  }

  /// The arc length of a curve between parameters `a` and `b` (0 ≤ a ≤ b ≤ 1): the 8-point
  /// rule on halves until two levels agree to 10⁻¹³ of the control polygon's length, on
  /// pieces split where either coordinate turns (a cusp, where the speed vanishes and its
  /// graph has a kink that no rule integrates well, is such a place: a piece then ends on
  /// it).
  static func arcLength(of segment: Segment, from a: Double, to b: Double) -> Double {
    guard b > a else { return 0 }
    let end = min(b, 1)
    let polygon =
      distance(segment.p0, segment.p1) + distance(segment.p1, segment.p2)
      + distance(segment.p2, segment.p3)
    let tolerance = max(polygon, 1e-300) * 1e-13
    var total = 0.0
    var start = max(a, 0)
    // The pieces between the turns, then the last piece up to `end` (no list is built).
    for index in 0...segment.turns.count {
      let split = index < segment.turns.count ? segment.turns[index] : end
      guard split > start else { continue }
      let stop = min(split, end)
      total += adapt(segment, start, stop, gauss(segment, start, stop), tolerance, depth: 0)
      start = stop
      if start >= end { break }
    }
    return total
  }

  /// The parameters in 0…1, in order, at which a curve's x or y turns (its derivative, a
  /// quadratic in t, is zero).
  static func turns(of segment: Segment) -> [Double] {
    // Each coordinate's derivative / 3 is a t² + b t + c.
    let a = segment.p3 - segment.p2 * 3 + segment.p1 * 3 - segment.p0
    let b = (segment.p2 - segment.p1 * 2 + segment.p0) * 2
    let c = segment.p1 - segment.p0
    var roots: [Double] = []
    for axis in 0..<2 {
      let (qa, qb, qc) = (a[axis], b[axis], c[axis])
      if abs(qa) <= 1e-12 * (abs(qb) + abs(qc)) {
        if qb != 0 { roots.append(-qc / qb) }
        continue
      }
      let discriminant = qb * qb - 4 * qa * qc
      guard discriminant >= 0 else { continue }
      // The stable pair: no cancellation between −b and the root.
      let q = -(qb + (qb < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
      roots.append(q / qa)
      if q != 0 { roots.append(qc / q) }
    }
    return roots.filter { $0 > 0 && $0 < 1 }.sorted()
  }

  private static func adapt(
    _ segment: Segment, _ a: Double, _ b: Double, _ whole: Double, _ tolerance: Double,
    depth: Int
  ) -> Double {
    let middle = (a + b) / 2
    let left = gauss(segment, a, middle)
    let right = gauss(segment, middle, b)
    // (At least two halvings: two coarse levels can agree by accident on a sharp bend.)
    if depth >= 40 || (depth >= 2 && abs(left + right - whole) <= tolerance) {
      return left + right
    }
    return adapt(segment, a, middle, left, tolerance / 2, depth: depth + 1)
      + adapt(segment, middle, b, right, tolerance / 2, depth: depth + 1)
  }

  /// The parameter at which a curve's arc length from 0 is `distance` (0…its length):
  /// Newton's method on the arc length from the mark before it, kept inside a shrinking
  /// bracket (bisection where a step would leave it or the speed vanishes).
  ///
  /// The first guess's length is measured from the mark; each step after it adds the
  /// length between the old and the new guess (``length(of:from:to:)``, over a step that
  /// shrinks quadratically): `dance-bench --path-point-probe` measured a quarter of the
  /// instructions of measuring from the mark adaptively at every step.
  static func parameter(of segment: Segment, atDistance distance: Double) -> Double {
    guard distance > 0 else { return 0 }
    guard distance < segment.length else { return 1 }
    // The step of t whose marks hold the distance.
    let marks = segment.marks
    var step = 0
    var upper = marks.count - 1
    while step + 1 < upper {
      let middle = (step + upper) / 2
      if marks[middle] <= distance { step = middle } else { upper = middle }
    }
    let steps = Double(marks.count - 1)
    let base = Double(step) / steps
    var low = base
    var high = Double(step + 1) / steps
    let span = marks[step + 1] - marks[step]
    var t = span > 0 ? low + (distance - marks[step]) / span * (high - low) : low
    let tolerance = segment.length * 1e-12
    var measured = marks[step] + length(of: segment, from: base, to: t)
    for _ in 0..<100 {
      let error = measured - distance
      if abs(error) <= tolerance { return t }
      if error > 0 { high = t } else { low = t }
      let speed = magnitude(derivative(of: segment, at: t))
      let newton = speed > 0 ? t - error / speed : .nan
      let next = newton > low && newton < high ? newton : (low + high) / 2
      measured +=
        next > t
        ? length(of: segment, from: t, to: next)
        : -length(of: segment, from: next, to: t)
      t = next
      if high - low <= 1e-16 { return t }
    }
    return t
  }

  /// The arc length between parameters `a` < `b` at most a mark's step apart: the 8-point
  /// rule on the two halves, accepted if the rule over the whole agrees with them to 10⁻¹³
  /// of the control polygon; otherwise (a sharp bend), where a turn of the curve lies
  /// between them (its speed may have a kink there) or where they are further apart, the
  /// adaptive ``arcLength(of:from:to:)``. (Without the check, the steps near a cusp that is
  /// almost one strayed by 10⁻⁹ of the length.)
  private static func length(of segment: Segment, from a: Double, to b: Double) -> Double {
    if b - a > 1 / Double(marksPerCurve) || segment.turns.contains(where: { $0 > a && $0 < b }) {
      return arcLength(of: segment, from: a, to: b)
    }
    let whole = gauss(segment, a, b)
    let middle = (a + b) / 2
    let halves = gauss(segment, a, middle) + gauss(segment, middle, b)
    let polygon =
      distance(segment.p0, segment.p1) + distance(segment.p1, segment.p2)
      + distance(segment.p2, segment.p3)
    return abs(halves - whole) <= polygon * 1e-13 ? halves : arcLength(of: segment, from: a, to: b)
  }
}
