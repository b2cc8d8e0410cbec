import Advance
import TestSupport
import Testing

/// A user's own type, conformed in a few lines as the documentation shows.
struct Temperature: VectorConvertible {
  var kelvin: Double
  init(kelvin: Double) { self.kelvin = kelvin }
  init(vector: SIMD2<Double>) { kelvin = vector.x }
  var vector: SIMD2<Double> { SIMD2(kelvin, 0) }
}

@Suite struct VectorConvertibleTests {
  @Test("Double and Float use two lanes, the second zero")
  func scalars() {
    #expect(2.5.vector == SIMD2(2.5, 0))
    #expect(Double(vector: SIMD2(4, 9)) == 4)
    #expect(Float(1.5).vector == SIMD2(1.5, 0))
    #expect(Float(vector: SIMD2(0.25, 0)) == 0.25)
  }

  @Test("SIMD vectors are their own vectors")
  func simd() {
    #expect(SIMD2<Double>(1, 2).vector == SIMD2(1, 2))
    #expect(SIMD3<Double>(vector: SIMD3(1, 2, 3)) == SIMD3(1, 2, 3))
    #expect(
      SIMD4<Double>(1, 2, 3, 4).interpolated(to: SIMD4(3, 2, 1, 0), alpha: 0.5) == SIMD4(2, 2, 2, 2)
    )
  }

  @Test("Interpolation is exact at both ends and linear between", arguments: [0.1, 1e10, -3.7e-5])
  func interpolation(scale: Double) {
    let a = SIMD3<Double>(0.1, -7, 1e-3) * scale
    let b = SIMD3<Double>(0.3, 11, -5) * scale
    #expect(a.interpolated(to: b, alpha: 0) == a)
    #expect(a.interpolated(to: b, alpha: 1) == b)
    let quarter = a.interpolated(to: b, alpha: 0.25)
    for lane in 0..<3 {
      #expect(
        quarter[lane].isApproximatelyEqual(
          to: a[lane] + (b[lane] - a[lane]) / 4, relativeTolerance: 1e-15))
    }
    #expect(0.0.interpolated(to: 10, alpha: 1.5) == 15)
  }

  @Test("A user's own type animates")
  func userType() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: Temperature(kelvin: 300), clock: clock)
    animator.animate(to: Temperature(kelvin: 400), duration: 1, timingFunction: .linear)
    clock.advance(by: 0.25)
    #expect(animator.value.kelvin == 325)
    #expect(Temperature(kelvin: 0).interpolated(to: Temperature(kelvin: 8), alpha: 0.5).kelvin == 4)
  }
}
