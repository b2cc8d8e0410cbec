import TestSupport
import Testing

@testable import Advance

@Suite struct TimingFunctionTests {
  /// A point of the curve from its Bernstein form, independent of the solver under test.
  static func bezierPoint(_ f: TimingFunction, _ t: Double) -> (x: Double, y: Double) {
    let u = 1 - t
    let x = 3 * u * u * t * f.x1 + 3 * u * t * t * f.x2 + t * t * t
    let y = 3 * u * u * t * f.y1 + 3 * u * t * t * f.y2 + t * t * t
    return (x, y)
  }

  @Test("Chromium's published cubic-bezier(0.25, 0, 0.75, 1) samples")
  func chromiumSamples() {
    let curve = TimingFunction(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
    #expect(abs(curve.value(at: 0.05) - 0.01136) <= 1.5e-4)
    #expect(abs(curve.value(at: 0.10) - 0.03978) <= 1.5e-4)
    #expect(abs(curve.value(at: 0.15) - 0.07978) <= 1.5e-4)
  }

  @Test("Named curves have the CSS Easing and SPEC control points")
  func namedCurves() {
    func points(_ f: TimingFunction) -> [Double] { [f.x1, f.y1, f.x2, f.y2] }
    #expect(points(.default) == [0.25, 0.1, 0.25, 1])  // CSS `ease`
    #expect(points(.easeIn) == [0.42, 0, 1, 1])
    #expect(points(.easeOut) == [0, 0, 0.58, 1])
    #expect(points(.easeInOut) == [0.42, 0, 0.58, 1])
    #expect(points(.swiftOut) == [0.4, 0, 0.2, 1])
    for p in stride(from: -1.0, through: 2.0, by: 0.125) {
      #expect(TimingFunction.linear.value(at: p) == p)
    }
  }

  @Test(
    "value(at:) is within 1e-9 of the exact curve",
    arguments: [
      TimingFunction.default, .easeIn, .easeOut, .easeInOut, .swiftOut,
      TimingFunction(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
      TimingFunction(x1: 0, y1: 1, x2: 1, y2: 0),
      TimingFunction(x1: 1, y1: 0, x2: 0, y2: 1),
      TimingFunction(x1: 0, y1: 0.5, x2: 0.5, y2: 1),
      TimingFunction(x1: 0.1, y1: 3, x2: 0.9, y2: -2),
    ])
  func accuracy(curve: TimingFunction) {
    var worst = 0.0
    for step in 0...4000 {
      let t = Double(step) / 4000
      let point = Self.bezierPoint(curve, t)
      worst = max(worst, abs(curve.value(at: point.x) - point.y))
    }
    #expect(worst <= 1e-9, "worst error \(worst)")
  }

  @Test("Random curves: within 1e-9, exact at the end points", arguments: [1, 2, 3, 4] as [UInt64])
  func randomCurves(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let curve = TimingFunction(
        x1: .random(in: 0...1, using: &generator), y1: .random(in: -2...3, using: &generator),
        x2: .random(in: 0...1, using: &generator), y2: .random(in: -2...3, using: &generator))
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      for _ in 0..<50 {
        let t = Double.random(in: 0...1, using: &generator)
        let point = Self.bezierPoint(curve, t)
        let error = abs(curve.value(at: point.x) - point.y)
        #expect(error <= 1e-9, "seed \(seed), curve \(curve), t \(t): error \(error)")
      }
    }
  }

  @Test(
    "The seeded Newton steps agree with the search to machine precision, at every sixteenth",
    arguments: [5, 6, 7] as [UInt64])
  func seededSolve(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var curves: [TimingFunction] = [.default, .easeIn, .easeOut, .easeInOut, .swiftOut]
    for _ in 0..<100 {
      curves.append(
        TimingFunction(
          x1: .random(in: 0...1, using: &generator), y1: .random(in: -2...3, using: &generator),
          x2: .random(in: 0...1, using: &generator), y2: .random(in: -2...3, using: &generator)))
    }
    var fast = 0
    for curve in curves {
      for index in 0..<16 where (curve.solver.newtonSteps >> UInt32(2 * index)) & 3 != 0 {
        fast += 1
        // Both ends of the sixteenth, its middle, and random points in it.
        var xs = [Double(index) / 16 + 1e-12, (Double(index) + 0.5) / 16, Double(index + 1) / 16]
        for _ in 0..<20 { xs.append((Double(index) + .random(in: 0..<1, using: &generator)) / 16) }
        for x in xs where x > 0 && x < 1 {
          let exact = CurveSolver.bracketedSolve(
            x, from: x, ax: curve.solver.ax, bx: curve.solver.bx, cx: curve.solver.cx)
          let error = abs(
            curve.solver.sampleY(curve.solver.solveX(x)) - curve.solver.sampleY(exact))
          #expect(error <= 1e-11, "curve \(curve), x \(x): error \(error)")
        }
      }
    }
    // Most sixteenths of most curves take the fast path.
    #expect(fast > curves.count * 12, "\(fast) fast sixteenths of \(curves.count * 16)")
  }

  @Test(
    "Each seed is the root at its sixteenth of x, rounded to 1/65 535",
    arguments: [8, 9] as [UInt64])
  func seedsAreRoundedRoots(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var curves: [TimingFunction] = [.default, .easeIn, .easeOut, .easeInOut, .swiftOut]
    curves.append(TimingFunction(x1: 0, y1: 1, x2: 1, y2: 0))  // vertical in the middle
    curves.append(TimingFunction(x1: 1, y1: 0, x2: 0, y2: 1))  // flat in the middle
    for _ in 0..<100 {
      curves.append(
        TimingFunction(
          x1: .random(in: 0...1, using: &generator), y1: .random(in: -2...3, using: &generator),
          x2: .random(in: 0...1, using: &generator), y2: .random(in: -2...3, using: &generator)))
    }
    for curve in curves {
      let solver = curve.solver
      #expect(solver.seeds.count == 17 && solver.seeds[0] == 0 && solver.seeds[16] == 65535)
      for index in 1..<16 {
        // The root of x(t) = index/16 by bisection (x rises from 0 to 1), apart from the
        // library's search.
        var (low, high) = (0.0, 1.0)
        for _ in 0..<80 {
          let middle = (low + high) / 2
          if Self.bezierPoint(curve, middle).x < Double(index) / 16 {
            low = middle
          } else {
            high = middle
          }
        }
        let error = abs(Double(solver.seeds[index]) / 65535 - low)
        #expect(error <= 0.5 / 65535 + 1e-12, "curve \(curve), sixteenth \(index)")
      }
    }
  }

  @Test("Curves with the same control points share a solver while it is among the last made")
  func sharedSolvers() {
    let first = TimingFunction(x1: 0.31, y1: 0.07, x2: 0.19, y2: 0.93)
    let again = TimingFunction(x1: 0.31, y1: 0.07, x2: 0.19, y2: 0.93)
    #expect(first.solver === again.solver)
    #expect(TimingFunction(x1: 0.31, y1: 0.07, x2: 0.19, y2: 0.94).solver !== first.solver)
    // Many other curves later (more than the memo keeps), the same points give the same
    // values, from a new solver.
    for index in 0..<10 { _ = TimingFunction(x1: 0.5, y1: Double(index), x2: 0.5, y2: 1) }
    let later = TimingFunction(x1: 0.31, y1: 0.07, x2: 0.19, y2: 0.93)
    #expect(later.solver !== first.solver)
    for x in stride(from: 0.0, through: 1, by: 1.0 / 64) {
      #expect(later.value(at: x) == first.value(at: x))
    }
  }

  @Test("slope(at:) matches the curve's own dy/dx and a central difference")
  func slope() {
    for curve in [TimingFunction.default, .easeIn, .easeOut, .easeInOut, .swiftOut] {
      for step in 1..<100 {
        let t = Double(step) / 100
        let u = 1 - t
        // Bernstein derivatives, independent of the coefficients under test.
        let dx =
          3 * u * u * curve.x1 + 6 * u * t * (curve.x2 - curve.x1) + 3 * t * t * (1 - curve.x2)
        let dy =
          3 * u * u * curve.y1 + 6 * u * t * (curve.y2 - curve.y1) + 3 * t * t * (1 - curve.y2)
        let x = Self.bezierPoint(curve, t).x
        #expect(curve.slope(at: x).isApproximatelyEqual(to: dy / dx, relativeTolerance: 1e-7))
        let h = 1e-6
        let difference = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
        #expect(curve.slope(at: x).isApproximatelyEqual(to: difference, absoluteTolerance: 1e-5))
      }
    }
  }

  @Test("Outside [0, 1] it extrapolates along the end tangents, as browsers do")
  func extrapolation() {
    // ease-in: start tangent y1/x1 = 0; end tangent along P1→P3: (0 − 1)/(0.42 − 1).
    #expect(TimingFunction.easeIn.value(at: -0.5) == 0)
    #expect(
      TimingFunction.easeIn.value(at: 1.5).isApproximatelyEqual(
        to: 1 + 0.5 / 0.58, absoluteTolerance: 1e-15))
    // ease-out: start tangent along P0→P2: 1 / 0.58; end tangent flat-ish: (1 − 1)/(0.58 − 1).
    #expect(
      TimingFunction.easeOut.value(at: -0.5).isApproximatelyEqual(
        to: -0.5 / 0.58, absoluteTolerance: 1e-15))
    #expect(TimingFunction.easeOut.value(at: 2) == 1)
    // ease: start tangent 0.1 / 0.25 = 0.4.
    #expect(
      TimingFunction.default.value(at: -1).isApproximatelyEqual(
        to: -0.4, absoluteTolerance: 1e-15))
    // The slope continues the curve: just inside and outside the ends agree.
    let curve = TimingFunction.default
    #expect(
      curve.slope(at: 1e-9).isApproximatelyEqual(to: curve.slope(at: -1), absoluteTolerance: 1e-6))
    #expect(
      curve.slope(at: 1 - 1e-9).isApproximatelyEqual(
        to: curve.slope(at: 2), absoluteTolerance: 1e-6))
  }

  @Test("Non-finite input gives finite output; bad control points are reported and fixed")
  func badInput() {
    #expect(TimingFunction.easeInOut.value(at: .nan) == 0)
    #expect(TimingFunction.easeInOut.value(at: .infinity) == 1)
    #expect(TimingFunction.easeInOut.value(at: -.infinity) == 0)
    #expect(TimingFunction.easeInOut.slope(at: .nan).isFinite)

    let (nanCurve, nanErrors) = collectingErrors { TimingFunction(x1: .nan, y1: 0, x2: 1, y2: 1) }
    #expect(nanCurve == .linear)
    #expect(nanErrors.map(\.kind) == [.nonFiniteNumber])

    let (clamped, rangeErrors) = collectingErrors { TimingFunction(x1: -1, y1: 0, x2: 3, y2: 1) }
    #expect(clamped.x1 == 0 && clamped.x2 == 1)
    #expect(rangeErrors.map(\.kind) == [.outOfRange])
    #expect(rangeErrors.first?.description.hasPrefix("** Dance Error: ") == true)
  }

  @Test(
    "Huge finite control points keep every value and slope finite, 0 at 0 and 1 at 1",
    arguments: [
      [0.5, Double.greatestFiniteMagnitude, 0.5, Double.greatestFiniteMagnitude],
      [0.5, -Double.greatestFiniteMagnitude, 0.5, Double.greatestFiniteMagnitude],
      [Double.leastNonzeroMagnitude, 1e6, 1, 1],
      [0, 0, 1 - 1e-16, -1e6],
    ] as [[Double]])
  func hugeControlPoints(points: [Double]) {
    let (x1, y1, x2, y2) = (points[0], points[1], points[2], points[3])
    let (curve, errors) = collectingErrors { TimingFunction(x1: x1, y1: y1, x2: x2, y2: y2) }
    #expect(abs(curve.y1) <= TimingFunction.maximumOvershoot)
    #expect(abs(curve.y2) <= TimingFunction.maximumOvershoot)
    #expect(errors.allSatisfy { $0.kind == .outOfRange })
    #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
    for progress in [-1e308, -1, 0, 1e-9, 0.25, 0.5, 0.75, 1 - 1e-9, 1, 2, 1e308] {
      #expect(curve.value(at: progress).isFinite, "value at \(progress)")
      #expect(curve.slope(at: progress).isFinite, "slope at \(progress)")
    }
    // Inside the limit the curve is the exact Bézier: at t = 1/2, x = 1/2 and
    // y = 3/8·y1 + 3/8·y2 + 1/8.
    if x1 == 0.5 && x2 == 0.5 {
      let expected = 0.375 * curve.y1 + 0.375 * curve.y2 + 0.125
      #expect(curve.value(at: 0.5).isApproximatelyEqual(to: expected, relativeTolerance: 1e-9))
    }
  }

  @Test("Advance's names: easeInEaseOut, solve(at:epsilon:), Vector2/3/4")
  func advanceNames() {
    #expect(TimingFunction.easeInEaseOut == .easeInOut)
    for progress in [0, 0.1, 0.5, 0.77, 1] {
      #expect(
        TimingFunction.swiftOut.solve(at: progress, epsilon: 0.1)
          == TimingFunction.swiftOut.value(at: progress))
    }
    #expect(Vector2(1, 2) == SIMD2<Double>(1, 2) && Vector3.zero == SIMD3<Double>.zero)
    #expect(Vector4(1, 2, 3, 4).w == 4)
  }
}
