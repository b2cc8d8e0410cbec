import Foundation
import Testing

@testable import Advance

/// `cSinCos`, the one-reduction sine and cosine of springs and rotations, against the C
/// library's `sin` and `cos` (correctly rounded but for rare last-place cases) and against
/// identities.
@Suite struct SineCosineTests {
  /// How many units in the last place `value` is from `reference`.
  static func ulps(_ value: Double, _ reference: Double) -> Double {
    value == reference ? 0 : abs(value - reference) / max(value.ulp, reference.ulp)
  }

  /// Deterministic points spread over ±`range` (a 64-bit LCG, so a failure reproduces).
  static func points(_ count: Int, within range: Double, seed: UInt64) -> [Double] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * range
    }
  }

  @Test(
    "Sine and cosine are within one last place of the C library's, small angles to the largest",
    arguments: [1e-6, 0.7, 3.2, 100, 10_000, 823_549])
  func withinOneUlp(range: Double) {
    var worst = 0.0
    for x in Self.points(20_000, within: range, seed: UInt64(range.bitPattern)) {
      let (sine, cosine) = cSinCos(x)
      worst = max(worst, Self.ulps(sine, Foundation.sin(x)), Self.ulps(cosine, Foundation.cos(x)))
    }
    #expect(worst <= 1, "worst difference \(worst) ulps within ±\(range)")
  }

  @Test("Next to multiples of π/2, where the reduced angle cancels, it is still within one ulp")
  func nearQuarterTurns() {
    var worst = 0.0
    for k in stride(from: 1, through: 524_288, by: 97) {
      let x = Double(k) * (Double.pi / 2)
      for angle in [x, x.nextUp, x.nextDown, -x] {
        let (sine, cosine) = cSinCos(angle)
        worst = max(
          worst, Self.ulps(sine, Foundation.sin(angle)), Self.ulps(cosine, Foundation.cos(angle)))
      }
    }
    #expect(worst <= 1, "worst difference \(worst) ulps")
  }

  @Test("Exact values: zero keeps its sign, the quadrants' signs are right, sin² + cos² = 1")
  func exactValuesAndQuadrants() {
    #expect(cSinCos(0) == (0, 1))
    #expect(cSinCos(-0.0).sin.sign == .minus)
    for (angle, sine, cosine) in [
      (Double.pi / 2, 1.0, 0.0), (Double.pi, 0, -1), (3 * Double.pi / 2, -1, 0),
      (-Double.pi / 2, -1, 0), (2 * Double.pi, 0, 1),
    ] {
      let value = cSinCos(angle)
      #expect(abs(value.sin - sine) < 1e-15 && abs(value.cos - cosine) < 1e-15, "\(angle)")
    }
    for x in Self.points(1000, within: 50, seed: 7) {
      let (sine, cosine) = cSinCos(x)
      #expect(abs(sine * sine + cosine * cosine - 1) < 4e-16)
    }
  }

  @Test("Beyond the largest reduced angle and for ∞ and NaN it is the C library's, to the bit")
  func beyondTheReduction() {
    for x in [823_550.0, -1e7, 1e300, .greatestFiniteMagnitude] {
      let (sine, cosine) = cSinCos(x)
      #expect(sine == Foundation.sin(x) && cosine == Foundation.cos(x), "\(x)")
    }
    for x in [Double.infinity, -.infinity, .nan] {
      let (sine, cosine) = cSinCos(x)
      #expect(sine.isNaN && cosine.isNaN)
    }
  }
}
