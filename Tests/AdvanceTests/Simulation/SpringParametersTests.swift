import Foundation
import TestSupport
import Testing

@testable import Advance

@Suite struct SpringParametersTests {
  @Test("SwiftUI's Spring(duration: 0.5, bounce: 0.3): mass 1, stiffness ≈ 157.9, damping ≈ 17.6")
  func durationAndBounce() {
    let spring = SpringParameters(duration: 0.5, bounce: 0.3)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - 157.91) < 0.01)
    #expect(abs(spring.damping - 17.59) < 0.01)
    #expect(spring.duration.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-14))
    #expect(spring.bounce.isApproximatelyEqual(to: 0.3, relativeTolerance: 1e-14))
  }

  @Test("SwiftUI's Spring(mass: 1, stiffness: 100, damping: 10): duration ≈ 0.628, bounce 0.5")
  func physical() {
    let spring = SpringParameters(mass: 1, stiffness: 100, damping: 10)
    #expect(abs(spring.duration - 0.628) < 0.001)
    #expect(spring.bounce.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-14))
    #expect(spring.dampingRatio.isApproximatelyEqual(to: 0.5, relativeTolerance: 1e-14))
  }

  @Test(
    "Conversions round-trip",
    arguments: [(0.2, 0.3, 1.0), (1.0, 0.5, 2.0), (1.8, 1.2, 0.5), (0.05, 2.0, 3.0)])
  func roundTrip(ratio: Double, response: Double, mass: Double) {
    let spring = SpringParameters(dampingRatio: ratio, response: response, mass: mass)
    #expect(spring.dampingRatio.isApproximatelyEqual(to: ratio, relativeTolerance: 1e-13))
    #expect(spring.response.isApproximatelyEqual(to: response, relativeTolerance: 1e-13))
    let again = SpringParameters(duration: spring.duration, bounce: spring.bounce, mass: mass)
    #expect(again.stiffness.isApproximatelyEqual(to: spring.stiffness, relativeTolerance: 1e-12))
    #expect(again.damping.isApproximatelyEqual(to: spring.damping, relativeTolerance: 1e-12))
    // Negative bounce is over-damping: ζ = 1 / (1 + bounce).
    let over = SpringParameters(duration: 1, bounce: -0.5)
    #expect(over.dampingRatio.isApproximatelyEqual(to: 2, relativeTolerance: 1e-14))
  }

  @Test("Critically damped settling: (1 + ωt)·e^(−ωt) = 0.001 at ωt ≈ 9.2335")
  func criticalSettling() {
    // Solve (1 + u)·e^(−u) = 0.001 by bisection, independently of the library.
    var (low, high) = (1.0, 30.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if (1 + middle) * exp(-middle) > 0.001 { low = middle } else { high = middle }
    }
    #expect(abs(low - 9.2335) < 1e-4)
    for response in [0.25, 0.5, 1.0] {
      let spring = SpringParameters(dampingRatio: 1, response: response)
      let omega = 2 * Double.pi / response
      #expect(
        spring.settlingDuration.isApproximatelyEqual(to: low / omega, relativeTolerance: 1e-9))
    }
  }

  @Test(
    "Bouncy and over-damped settling match a brute-force scan", arguments: [0.1, 0.5, 0.8, 1.5])
  func settlingByScan(ratio: Double) {
    let spring = SpringParameters(dampingRatio: ratio, response: 0.5)
    let k = spring.stiffness
    let c = spring.damping
    // Step response sampled every 10 µs with the textbook solution for each regime.
    let alpha = c / 2
    func x(_ t: Double) -> Double {
      let q = k - alpha * alpha
      if q > 0 {
        let w = q.squareRoot()
        return 1 - exp(-alpha * t) * (cos(w * t) + alpha / w * sin(w * t))
      }
      let b = (-q).squareRoot()
      let (r1, r2) = (-alpha + b, -alpha - b)
      return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
    var lastOutside = 0.0
    var t = 0.0
    while t < 20 {
      if abs(x(t) - 1) > 0.001 { lastOutside = t }
      t += 1e-5
    }
    #expect(abs(spring.settlingDuration - lastOutside) < 2e-5, "ζ \(ratio)")
  }

  // The settling time is where the step response leaves the 0.1 % band for good: inside the
  // band there, outside it just before, and (bouncing) every later peak inside it. Checked
  // with the textbook solution over the whole range of damping ratios, across the ratios
  // where the number of peaks outside the band changes.
  @Test(
    "The settling time is the response's last exit from the band, for every damping ratio",
    arguments: [
      0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 0.99,
      0.999_999, 1 - 1e-9, 1 - 1e-11, 1 - 1e-14, 1, 1.000_001, 1.01, 1.2, 2, 5, 10,
    ])
  func settlingIsTheLastExit(ratio: Double) {
    let spring = SpringParameters(dampingRatio: ratio, response: 0.7)
    let omega = 2 * Double.pi / 0.7
    func offset(_ t: Double) -> Double { springStepOffset(omega: omega, ratio: ratio, at: t) }
    let alpha = ratio * omega
    let q = omega * omega - alpha * alpha
    let settling = spring.settlingDuration
    #expect(settling.isFinite && settling > 0, "ζ \(ratio)")
    #expect(abs(offset(settling)) <= 0.001 + 1e-12, "ζ \(ratio): inside the band")
    #expect(abs(offset(settling * (1 - 1e-9))) > 0.001, "ζ \(ratio): outside just before")
    if q > 0 {
      // |x − 1| peaks at nπ/ω_d with height e^(−α·nπ/ω_d); the first after must be inside.
      let halfPeriod = Double.pi / q.squareRoot()
      let nextPeak = (settling / halfPeriod).rounded(.up) * halfPeriod
      #expect(exp(-alpha * nextPeak) <= 0.001, "ζ \(ratio): the next peak")
    }
  }

  // The search for the exit point stops on a step small enough that the point is known to
  // rounding (Halley's for a bouncing spring, Newton's otherwise, where a step rounds onto
  // the bracket's end too): every ratio a game might draw gives the last exit, not only the
  // ones listed above, from springs with hundreds of peaks outside the band to those with
  // none after the first.
  @Test("The settling time is the last exit for 1 141 ratios from 0.005 to 0.95")
  func settlingSweep() {
    let bouncy: [Double] = (0..<390).map { 0.005 + Double($0) * 0.000_5 }
    let ratios = bouncy + (0...750).map { 0.2 + Double($0) * 0.001 }
    for ratio in ratios {
      let settling = SpringParameters(dampingRatio: ratio, response: 1).settlingDuration
      func offset(_ t: Double) -> Double {
        springStepOffset(omega: 2 * .pi, ratio: ratio, at: t)
      }
      #expect(abs(offset(settling)) <= 0.001 + 1e-12, "ζ \(ratio): inside the band")
      #expect(abs(offset(settling * (1 - 1e-9))) > 0.001, "ζ \(ratio): outside just before")
    }
  }

  @Test("Bad input is clamped and reported")
  func badInput() {
    let (nanMass, errors) = collectingErrors {
      SpringParameters(mass: .nan, stiffness: -5, damping: .infinity)
    }
    #expect(nanMass.mass == 1 && nanMass.stiffness == 0 && nanMass.damping == 0)
    #expect(errors.count == 3)
    let (zeroResponse, zeroErrors) = collectingErrors {
      SpringParameters(dampingRatio: 1, response: 0)
    }
    #expect(zeroResponse.stiffness.isFinite && zeroResponse.stiffness > 0)
    #expect(zeroErrors.map(\.kind) == [.outOfRange])
    let (bounce, bounceErrors) = collectingErrors { SpringParameters(duration: 1, bounce: 7) }
    #expect(bounce.dampingRatio == 0)
    #expect(bounceErrors.count == 1)
    #expect(SpringParameters(stiffness: 0, damping: 1).settlingDuration == .infinity)
  }
}
