import TestSupport
import Testing

@testable import Advance

/// The spring's rest time skips grid points where rest is provably impossible; it must still
/// find exactly the first grid point a point-by-point scan finds.
@Suite struct RestTimeTests {
  /// The first grid index where every lane is within `threshold` of the target and slower
  /// than `threshold`, by checking every point.
  static func scannedRestIndex(
    _ oscillator: DampedOscillator<SIMD2<Double>>, step: Double, threshold: Double, limit: Int
  ) -> Int? {
    for index in 0...limit {
      let (value, velocity) = oscillator.state(at: Double(index) * step)
      let offset = value - oscillator.target
      let resting = (0..<2).allSatisfy {
        abs(offset[$0]) <= threshold && abs(velocity[$0]) <= threshold
      }
      if resting { return index }
    }
    return nil
  }

  @Test("Skipping finds the same first resting grid point as a full scan")
  func skippingMatchesScan() {
    var generator = SplitMix64(seed: 0x5EED)
    var compared = 0
    for _ in 0..<150 {
      let stiffness = [1.0, 10, 120, 400, 2000].randomElement(using: &generator)!
      let ratio = [0.05, 0.2, 0.55, 0.9999, 1, 1.0001, 2, 8].randomElement(using: &generator)!
      let damping = 2 * ratio * stiffness.squareRoot()
      let threshold = [0.001, 0.01, 0.1, 1].randomElement(using: &generator)!
      let value = SIMD2(
        Double.random(in: -500...500, using: &generator),
        Double.random(in: -5...5, using: &generator))
      let velocity = SIMD2(
        Double.random(in: -2000...2000, using: &generator),
        Double.random(in: -1...1, using: &generator))
      let oscillator = DampedOscillator(
        target: SIMD2(3, -2), value: value, velocity: velocity, stiffness: stiffness,
        damping: damping)
      let step = 0.001
      let found = oscillator.firstRestTime(step: step, threshold: threshold)
      guard
        let scanned = Self.scannedRestIndex(
          oscillator, step: step, threshold: threshold, limit: 20_000)
      else { continue }
      compared += 1
      #expect(
        found == Double(scanned) * step,
        "k \(stiffness) ζ \(ratio) threshold \(threshold) from \(value), \(velocity)")
    }
    #expect(compared > 100)
  }
}
