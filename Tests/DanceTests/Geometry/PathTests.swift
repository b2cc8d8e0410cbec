import Dance
import Foundation
import TestSupport
import Testing

/// `Path`: lengths, points and tangents by arc length, against closed forms: lines; the
/// quadratic Bézier's arc length in closed form; a cubic with a cusp whose length is
/// 100 (2√2 − 1); the quarter-circle cubic's length, computed independently (mpmath, 30
/// digits: 1.57101669807385565 × the radius).
@Suite struct PathTests {
  static func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  /// Lines through `points`, in order; each inner array a subpath.
  static func lines(_ subpaths: [[Point]]) -> Path {
    var path = Path()
    for points in subpaths {
      path.move(to: points[0])
      for point in points.dropFirst() { path.addLine(to: point) }
    }
    return path
  }

  /// The arc length from 0 to t of the quadratic Bézier p0, p1, p2, in closed form:
  /// B′(t) = 2 (b + a t) with a = p0 − 2 p1 + p2, b = p1 − p0, and
  /// ∫ √(u² + k) du = (u √(u² + k) + k ln(u + √(u² + k))) / 2.
  static func quadraticLength(_ p0: Point, _ p1: Point, _ p2: Point, upTo t: Double) -> Double {
    let a = SIMD2(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
    let b = SIMD2(p1.x - p0.x, p1.y - p0.y)
    let aa = (a * a).sum()
    let ab = (a * b).sum()
    let bb = (b * b).sum()
    let k = (aa * bb - ab * ab) / (aa * aa)
    func primitive(_ u: Double) -> Double {
      let root = (u * u + k).squareRoot()
      return (u * root + k * log(u + root)) / 2
    }
    return 2 * aa.squareRoot() * (primitive(t + ab / aa) - primitive(ab / aa))
  }

  @Test("Lines: lengths, points and tangents exact; distances clamped; NaN reported")
  func lines() {
    let path = Self.lines([[Self.point(0, 0), Self.point(100, 0), Self.point(100, 50)]])
    #expect(path.length == 150)
    #expect(path.point(atDistance: 40) == Self.point(40, 0))
    #expect(path.point(atDistance: 120) == Self.point(100, 20))
    #expect(path.tangent(atDistance: 40) == Vector(dx: 1, dy: 0))
    #expect(path.tangent(atDistance: 120) == Vector(dx: 0, dy: 1))
    #expect(path.point(atDistance: -5) == Self.point(0, 0))
    #expect(path.point(atDistance: .infinity) == Self.point(100, 50))
    let (shown, errors) = collectingErrors { path.point(atDistance: .nan) }
    #expect(shown == Self.point(0, 0) && errors.count == 1)
  }

  @Test("A move adds no length; a closed square is 400 long and its last side runs up")
  func movesAndClosing() {
    let path = Self.lines([
      [Self.point(0, 0), Self.point(10, 0)], [Self.point(50, 50), Self.point(50, 60)],
    ])
    #expect(path.length == 20)
    #expect(path.point(atDistance: 10) == Self.point(10, 0))
    #expect(path.point(atDistance: 15) == Self.point(50, 55))

    var square = Self.lines([
      [Self.point(0, 0), Self.point(100, 0), Self.point(100, 100), Self.point(0, 100)]
    ])
    square.closeSubpath()
    #expect(square.length == 400)
    #expect(square.point(atDistance: 350) == Self.point(0, 50))
    #expect(square.tangent(atDistance: 350) == Vector(dx: 0, dy: -1))
    #expect(square.point(atDistance: 400) == Self.point(0, 0))
  }

  @Test("A quadratic: its length and every point's distance match the closed form")
  func quadratic() {
    let (p0, p1, p2) = (Self.point(0, 0), Self.point(50, 100), Self.point(100, 0))
    var path = Path()
    path.move(to: p0)
    path.addQuadCurve(to: p2, control: p1)
    let length = Self.quadraticLength(p0, p1, p2, upTo: 1)
    #expect(abs(path.length - length) <= 1e-9 * length, "\(path.length) \(length)")
    // x(t) = 100 t on this curve: each point's parameter is its x / 100.
    for step in 1..<20 {
      let distance = length * Double(step) / 20
      let shown = path.point(atDistance: distance)
      let travelled = Self.quadraticLength(p0, p1, p2, upTo: shown.x / 100)
      #expect(abs(travelled - distance) <= 1e-9 * length, "at \(distance): \(travelled)")
      let t = shown.x / 100
      #expect(abs(shown.y - 200 * t * (1 - t)) <= 1e-9)
    }
  }

  @Test("The quarter-circle cubic is 1.57101669807385565 radii long (mpmath's figure)")
  func quarterCircle() {
    let k = 0.5522847498307934
    var path = Path()
    path.move(to: Self.point(100, 0))
    path.addCurve(
      to: Self.point(0, 100), control1: Self.point(100, 100 * k), control2: Self.point(100 * k, 100)
    )
    #expect(abs(path.length - 157.101669807385565) <= 1e-9 * 157.1)
    // Near a circle: every point within 0.03 % of the radius from the centre.
    for step in 0...16 {
      let shown = path.point(atDistance: path.length * Double(step) / 16)
      let radius = (shown.x * shown.x + shown.y * shown.y).squareRoot()
      #expect(abs(radius - 100) <= 0.03)
    }
  }

  @Test("A cusp: length 100 (2√2 − 1), constant speed, the tangent turning over at it")
  func cusp() {
    var path = Path()
    path.move(to: Self.point(0, 0))
    path.addCurve(
      to: Self.point(100, 0), control1: Self.point(100, 100), control2: Self.point(0, 100))
    let exact = 100 * (2 * 2.0.squareRoot() - 1)
    #expect(abs(path.length - exact) <= 1e-9 * exact, "\(path.length) \(exact)")
    // Paced by arc length: chords of 0.5 between points 0.5 apart (a chord is shorter than
    // its arc by about h³κ²/24, and the curve is symmetric: the cusp is half-way).
    let h = 0.5
    var distance = 0.0
    while distance + h <= path.length {
      defer { distance += h }
      // (Across the cusp the curve folds back: that chord is shorter.)
      if distance < path.length / 2 && distance + h > path.length / 2 { continue }
      let a = path.point(atDistance: distance)
      let b = path.point(atDistance: distance + h)
      let chord = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      #expect(chord <= h + 1e-9 && chord >= h * 0.99, "at \(distance): \(chord)")
    }
    let middle = path.point(atDistance: path.length / 2)
    #expect(abs(middle.x - 50) <= 1e-6 && abs(middle.y - 75) <= 1e-6)
    // Arriving up to the cusp, leaving it downward.
    let before = path.tangent(atDistance: path.length / 2 - 1e-3)
    let after = path.tangent(atDistance: path.length / 2 + 1e-3)
    #expect(before.dy > 0.99 && after.dy < -0.99)
    #expect(path.tangent(atDistance: path.length / 2) == Vector(dx: 0, dy: -1))
  }

  @Test("Almost a cusp: length and points match mpmath's figures to 1e-11 of the length")
  func almostCusp() {
    // The cusp curve above with its second control moved by about 0.05: its speed dips to
    // 0.038 at t ≈ 0.49994 without vanishing, and no coordinate turns there (a single rule
    // over a Newton step across the dip strayed by 1e-9 of the length). The figures are
    // mpmath's (40 digits, quadrature split around the dip, the distance solved by root
    // finding).
    var path = Path()
    path.move(to: Self.point(0, 0))
    path.addCurve(
      to: Self.point(100, 0), control1: Self.point(100, 100),
      control2: Self.point(0.051224915299660126, 99.948466637205186))
    let length = 182.8041300705143958
    #expect(abs(path.length - length) <= 1e-11 * length)
    let expected: [(Double, Point)] = [
      (0.45, Self.point(47.968358622677959045, 66.092246196721660343)),
      (0.5, Self.point(50.018934239201506094, 74.972032653139012475)),
      (0.55, Self.point(52.056448526088883453, 66.106822781268610801)),
    ]
    for (fraction, point) in expected {
      let shown = path.point(atDistance: fraction * length)
      #expect(abs(shown.x - point.x) <= 1e-11 * length, "at \(fraction)")
      #expect(abs(shown.y - point.y) <= 1e-11 * length, "at \(fraction)")
    }
  }

  @Test("Tangents are unit vectors along the points' central differences")
  func tangents() {
    var path = Path()
    path.move(to: Self.point(10, 20))
    path.addCurve(
      to: Self.point(200, 40), control1: Self.point(60, -80), control2: Self.point(150, 160))
    path.addQuadCurve(to: Self.point(260, 140), control: Self.point(300, 60))
    let h = 1e-4
    for step in 1..<40 {
      let distance = path.length * Double(step) / 40
      let tangent = path.tangent(atDistance: distance)
      let a = path.point(atDistance: distance - h)
      let b = path.point(atDistance: distance + h)
      let difference = Vector(dx: (b.x - a.x) / (2 * h), dy: (b.y - a.y) / (2 * h))
      #expect(abs(tangent.dx * tangent.dx + tangent.dy * tangent.dy - 1) <= 1e-12)
      #expect(abs(tangent.dx - difference.dx) <= 1e-5 && abs(tangent.dy - difference.dy) <= 1e-5)
    }
  }

  @Test("Where a control sits on an end point the speed vanishes; the tangent still points ahead")
  func controlsOnEnds() {
    var path = Path()
    path.move(to: Self.point(0, 0))
    // x = 100 (3t² − 2t³): a straight ease from rest to rest.
    path.addCurve(to: Self.point(100, 0), control1: Self.point(0, 0), control2: Self.point(100, 0))
    #expect(abs(path.length - 100) <= 1e-9)
    for distance in [0.0, 1e-9, 50, 100] {
      #expect(path.tangent(atDistance: distance) == Vector(dx: 1, dy: 0), "at \(distance)")
    }
    #expect(abs(path.point(atDistance: 30).x - 30) <= 1e-9)
  }

  @Test("pointAndTangent gives point(atDistance:) and tangent(atDistance:) to the bit")
  func pointAndTangentTogether() {
    var path = Path()
    path.move(to: Self.point(0, 0))
    path.addCurve(
      to: Self.point(100, 50), control1: Self.point(120, 0), control2: Self.point(-20, 50))
    path.addLine(to: Self.point(150, 50))
    path.move(to: Self.point(0, 200))
    path.addQuadCurve(to: Self.point(100, 200), control: Self.point(50, 100))
    var checked = 0
    for step in -10...410 {
      let distance = path.length * Double(step) / 400
      let (point, tangent) = path.pointAndTangent(atDistance: distance)
      #expect(point == path.point(atDistance: distance), "at \(distance)")
      #expect(tangent == path.tangent(atDistance: distance), "at \(distance)")
      checked += 1
    }
    #expect(checked == 421)
    let empty = Path().pointAndTangent(atDistance: 5)
    #expect(empty.point == Self.point(0, 0) && empty.tangent == Vector(dx: 1, dy: 0))
  }

  @Test("Bad points are refused with an error; a line with no current point begins the path")
  func badInput() {
    var path = Path()
    let (_, errors) = collectingErrors {
      path.move(to: Self.point(.nan, 0))
      path.addLine(to: Self.point(30, 40))  // no current point: begins there
      path.addLine(to: Self.point(.infinity, 0))
      path.addLine(to: Self.point(60, 80))
    }
    #expect(errors.count == 3)
    #expect(path.length == 50 && path.point(atDistance: 0) == Self.point(30, 40))
    var same = Path()
    same.move(to: Self.point(30, 40))
    same.addLine(to: Self.point(60, 80))
    #expect(same == path)
    #expect(Path().length == 0 && Path().point(atDistance: 3) == .zero)
    #expect(Path().tangent(atDistance: 0) == Vector(dx: 1, dy: 0))
  }
}
