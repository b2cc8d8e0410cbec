import Foundation
import TestSupport
import Testing

@testable import Advance

/// The closed-form spring and decay against independent references: a fine RK4 integration
/// written here, and textbook formulas.
@Suite struct ClosedFormTests {
  /// A plain scalar RK4 integration of x″ = −k·(x − target) − c·x′, independent of Advance.
  static func integrate(
    stiffness k: Double, damping c: Double, target: Double, x0: Double, v0: Double,
    until end: Double, step h: Double
  ) -> (x: Double, v: Double) {
    func a(_ x: Double, _ v: Double) -> Double { -k * (x - target) - c * v }
    var (x, v) = (x0, v0)
    let steps = Int((end / h).rounded())
    for _ in 0..<steps {
      let (k1x, k1v) = (v, a(x, v))
      let (k2x, k2v) = (v + h / 2 * k1v, a(x + h / 2 * k1x, v + h / 2 * k1v))
      let (k3x, k3v) = (v + h / 2 * k2v, a(x + h / 2 * k2x, v + h / 2 * k2v))
      let (k4x, k4v) = (v + h * k3v, a(x + h * k3x, v + h * k3v))
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
  }

  @Test(
    "The value-only evaluation used for frames equals the value of the full state, to the bit",
    arguments: [0.0, 0.05, 0.7, 1.0, 1.0001, 4.0])
  func valueMatchesState(dampingRatio: Double) {
    // Stiffness 0 is decay; the others are springs in every regime.
    let stiffness = dampingRatio == 0 ? 0 : 120.0
    let damping = dampingRatio == 0 ? 3 : 2 * dampingRatio * stiffness.squareRoot()
    let motion = DampedOscillator<SIMD4<Double>>(
      target: SIMD4(1, 1, 0, 0), value: SIMD4(0, 0.5, 0, 0), velocity: SIMD4(2, -1, 1, 0),
      stiffness: stiffness, damping: damping)
    for t in [0.0, 1e-7, 0.01, 0.137, 0.5, 2.0, 30.0] {
      #expect(motion.value(at: t) == motion.state(at: t).value, "t = \(t)")
    }
  }

  @Test(
    "Closed form agrees with a fine RK4 integration to 1e-9",
    arguments: [0.05, 0.3, 0.7, 0.9999, 1.0, 1.0001, 1.5, 4.0])
  func springAgainstIntegration(dampingRatio: Double) {
    let stiffness = 120.0
    let damping = 2 * dampingRatio * stiffness.squareRoot()
    let motion = DampedOscillator<SIMD2<Double>>(
      target: SIMD2(10, -3), value: SIMD2(0, 4), velocity: SIMD2(25, -7),
      stiffness: stiffness, damping: damping)
    for end in [0.01, 0.137, 0.5, 1.0, 2.0] {
      let (x, v) = motion.state(at: end)
      let referenceX = Self.integrate(
        stiffness: stiffness, damping: damping, target: 10, x0: 0, v0: 25, until: end, step: 1e-5)
      let referenceY = Self.integrate(
        stiffness: stiffness, damping: damping, target: -3, x0: 4, v0: -7, until: end, step: 1e-5)
      #expect(abs(x.x - referenceX.x) <= 1e-9, "ζ \(dampingRatio) t \(end): \(x.x - referenceX.x)")
      #expect(abs(v.x - referenceX.v) <= 1e-9, "ζ \(dampingRatio) t \(end): \(v.x - referenceX.v)")
      #expect(abs(x.y - referenceY.x) <= 1e-9)
      #expect(abs(v.y - referenceY.v) <= 1e-9)
    }
  }

  @Test("Critical damping matches (x₀ + (v₀ + ωx₀)t)·e^(−ωt)")
  func criticalTextbook() {
    let omega = 9.0
    let motion = DampedOscillator<SIMD2<Double>>(
      target: .zero, value: SIMD2(2, 0), velocity: SIMD2(-5, 0), stiffness: omega * omega,
      damping: 2 * omega)
    for t in stride(from: 0.0, through: 3.0, by: 0.01) {
      let expected = (2 + (-5 + omega * 2) * t) * Foundation.exp(-omega * t)
      #expect(
        motion.state(at: t).value.x.isApproximatelyEqual(
          to: expected, absoluteTolerance: 1e-14, relativeTolerance: 1e-12))
    }
  }

  @Test("Near-critical damping is continuous in the damping ratio (no cancellation)")
  func nearCriticalContinuity() {
    func state(_ ratio: Double, _ t: Double) -> (Double, Double) {
      let motion = DampedOscillator<SIMD2<Double>>(
        target: .zero, value: SIMD2(1, 0), velocity: SIMD2(3, 0), stiffness: 100,
        damping: 20 * ratio)
      let (x, v) = motion.state(at: t)
      return (x.x, v.x)
    }
    for t in [0.001, 0.05, 0.3, 1.0, 4.0, 20.0] {
      let critical = state(1, t)
      for ratio in [1 - 1e-12, 1 - 1e-8, 1 + 1e-8, 1 + 1e-12] {
        let near = state(ratio, t)
        #expect(abs(near.0 - critical.0) <= 1e-6 * max(1, abs(critical.0)), "ζ \(ratio) t \(t)")
        #expect(abs(near.1 - critical.1) <= 1e-6 * max(1, abs(critical.1)), "ζ \(ratio) t \(t)")
      }
    }
  }

  @Test("Heavily over-damped springs stay finite at large times")
  func overdampedLargeTimes() {
    let motion = DampedOscillator<SIMD2<Double>>(
      target: SIMD2(5, 0), value: .zero, velocity: SIMD2(1, 0), stiffness: 1, damping: 2000)
    for t in [1.0, 1e3, 1e5, 1e9] {
      let (x, v) = motion.state(at: t)
      #expect(x.x.isFinite && v.x.isFinite)
    }
    // Slow root r₁ = −α + √(α² − k) ≈ −k/(2α): x − 5 ≈ c·e^(r₁t) still far from target at 1e3 s.
    let late = motion.state(at: 1e3).value.x
    #expect(late > 0 && late < 5)
  }

  @Test("Decay travels v₀/drag·(1 − e^(−drag·t)) and its velocity falls as e^(−drag·t)")
  func decay() {
    let motion = DampedOscillator<SIMD2<Double>>(
      decayFrom: SIMD2(100, 0), velocity: SIMD2(600, 0), drag: 3)
    for t in stride(from: 0.0, through: 5.0, by: 0.25) {
      let (x, v) = motion.state(at: t)
      let expectedX = 100 + 600 / 3 * (1 - Foundation.exp(-3 * t))
      #expect(x.x.isApproximatelyEqual(to: expectedX, relativeTolerance: 1e-14))
      #expect(v.x.isApproximatelyEqual(to: 600 * Foundation.exp(-3 * t), relativeTolerance: 1e-14))
    }
  }
}
