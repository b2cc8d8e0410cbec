import Advance
import TestSupport
import Testing

/// User code called from inside a frame that releases what the frame is working on: a custom
/// simulation function that drops the last reference to its own animator (SPEC principle 8).
@Suite struct AnimatorUserCodeTests {
  /// Where the test keeps its only reference to the animator.
  final class Holder {
    var animator: Animator<Double>?
  }

  /// A spring towards 0 that, when first asked, releases the animator it drives.
  struct DroppingSpring: SimulationFunction {
    typealias Value = Double
    let holder: Holder

    func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
      holder.animator = nil
      return -100 * value - 10 * velocity
    }

    func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>) -> Convergence<SIMD2<Double>> {
      .keepRunning
    }
  }

  @Test("A custom simulation whose acceleration releases its animator: the run ends interrupted")
  func simulationReleasesItsAnimator() {
    let clock = AnimationClock()
    let holder = Holder()
    var endings: [AnimationCompletion] = []
    var values: [Double] = []
    do {
      let animator = Animator(initialValue: 1.0, clock: clock)
      animator.onCompletion = { endings.append($0) }
      animator.onChange = { values.append($0) }
      animator.simulate(using: DroppingSpring(holder: holder))
      holder.animator = animator
    }
    clock.advance(by: 0.1)
    #expect(holder.animator == nil)
    #expect(endings == [.interrupted])
    // The frame that released it still reported the value it computed, which moved towards 0.
    #expect(values.count <= 1)
    #expect(values.allSatisfy { $0 < 1 && $0 > -1 })
    clock.advance(by: 0.1)
    #expect(endings == [.interrupted])
  }

  /// Two animators of one store, each running linearly from 0 to 100 over 1 s (at t = 0.25
  /// both show 25).
  static func twoLinearRuns() -> (AnimationClock, Animator<Double>, Animator<Double>) {
    let clock = AnimationClock()
    let first = Animator(initialValue: 0.0, clock: clock)
    let second = Animator(initialValue: 0.0, clock: clock)
    first.animate(to: 100, duration: 1, timingFunction: .linear)
    second.animate(to: 100, duration: 1, timingFunction: .linear)
    return (clock, first, second)
  }

  @Test("onChange runs once the frame is complete: it sees every animator at the frame's time")
  func onChangeSeesTheWholeFrame() {
    let (clock, first, second) = Self.twoLinearRuns()
    var seen: [(Double, Double)] = []
    // Unowned: each handler reaching the other animator strongly would be a cycle.
    first.onChange = { [unowned second] value in seen.append((value, second.value)) }
    second.onChange = { [unowned first] value in seen.append((first.value, value)) }
    clock.advance(by: 0.25)
    #expect(seen.count == 2)
    for (a, b) in seen {
      #expect(a.isApproximatelyEqual(to: 25, absoluteTolerance: 1e-12))
      #expect(b.isApproximatelyEqual(to: 25, absoluteTolerance: 1e-12))
    }
  }

  @Test("An onChange that stops a later animator of the same frame: that one reports nothing")
  func onChangeStopsALaterAnimator() {
    let (clock, first, second) = Self.twoLinearRuns()
    var secondChanges = 0
    first.onChange = { _ in second.cancelRunningAnimation() }
    second.onChange = { _ in secondChanges += 1 }
    clock.advance(by: 0.25)
    #expect(secondChanges == 0)
    #expect(!second.isAnimating)
    #expect(second.value.isApproximatelyEqual(to: 25, absoluteTolerance: 1e-12))
  }
}
