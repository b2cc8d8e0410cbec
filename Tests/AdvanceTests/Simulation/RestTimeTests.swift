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

  @Test("The specialised rest search gives the generic search's answer, to the bit")
  func eightLanesMatchGeneric() {
    var generator = SplitMix64(seed: 0x8_1A2E)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    var found = 0
    for _ in 0..<60 {
      let stiffness = [0.0, 1, 120, 2000].randomElement(using: &generator)!
      let damping = [0.5, 12, 90].randomElement(using: &generator)!
      let threshold = [0.001, 0.1, 1].randomElement(using: &generator)!
      let two = DampedOscillator(
        target: SIMD2(random(-50...50), random(-50...50)),
        value: SIMD2(random(-500...500), random(-5...5)),
        velocity: SIMD2(random(-900...900), random(-1...1)), stiffness: stiffness,
        damping: damping)
      let three = DampedOscillator(
        target: SIMD3(1, 2, 3), value: SIMD3(random(-80...80), 0, random(-3...3)),
        velocity: SIMD3(random(-300...300), random(-300...300), 0), stiffness: stiffness,
        damping: damping)
      let eight = DampedOscillator(
        target: SIMD8<Double>(repeating: -1), value: SIMD8(repeating: random(-9...9)),
        velocity: SIMD8(repeating: random(-90...90)), stiffness: stiffness, damping: damping)
      let sixteen = DampedOscillator(
        target: SIMD16<Double>(repeating: 1), value: SIMD16(repeating: random(-9...9)),
        velocity: SIMD16(repeating: random(-90...90)), stiffness: stiffness, damping: damping)
      let generic = two.firstRestTime(step: 0.001, threshold: threshold)
      if generic != nil { found += 1 }
      #expect(two.firstRestTimeSpecialized(step: 0.001, threshold: threshold) == generic)
      #expect(
        three.firstRestTimeSpecialized(step: 0.001, threshold: threshold)
          == three.firstRestTime(step: 0.001, threshold: threshold))
      #expect(
        eight.firstRestTimeSpecialized(step: 0.001, threshold: threshold)
          == eight.firstRestTime(step: 0.001, threshold: threshold))
      #expect(
        sixteen.firstRestTimeSpecialized(step: 0.001, threshold: threshold)
          == sixteen.firstRestTime(step: 0.001, threshold: threshold))
    }
    #expect(found > 40)  // most of them come to rest, so the times themselves are compared
  }
}
