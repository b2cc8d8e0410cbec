import Foundation
import TestSupport
import Testing

@testable import Advance

/// The value at clock time T must not depend on how the clock got to T: every motion below
/// is stepped at 30, 60, 120 and 144 Hz and irregularly, and compared bit for bit with a
/// single step.
@Suite struct FrameRateIndependenceTests {
  struct Outcome: Equatable {
    var values: [SIMD2<Double>]
    var velocities: [SIMD2<Double>]
    var completions: [Double]
  }

  /// Runs `start` on a fresh animator and samples it at `checkpoints` with `stepping`.
  static func run(
    _ stepping: Stepping, checkpoints: [Double],
    start: (Animator<SIMD2<Double>>) -> Void
  ) -> Outcome {
    let clock = AnimationClock()
    let animator = Animator(initialValue: SIMD2<Double>(3, -2), clock: clock)
    var outcome = Outcome(values: [], velocities: [], completions: [])
    animator.onCompletion = { _ in outcome.completions.append(clock.now) }
    start(animator)
    for checkpoint in checkpoints {
      stepping.advance(clock, to: checkpoint)
      outcome.values.append(animator.value)
      outcome.velocities.append(animator.velocity)
    }
    return outcome
  }

  static let steppings: [Stepping] = [.hz30, .hz60, .hz120, .hz144, .irregular]

  static func expectIndependent(
    checkpoints: [Double], sourceLocation: SourceLocation = #_sourceLocation,
    start: (Animator<SIMD2<Double>>) -> Void
  ) {
    let reference = run(.oneStep, checkpoints: checkpoints, start: start)
    for stepping in steppings {
      let outcome = run(stepping, checkpoints: checkpoints, start: start)
      #expect(outcome == reference, "\(stepping)", sourceLocation: sourceLocation)
    }
  }

  @Test("Timed curves", arguments: [TimingFunction.easeInOut, .swiftOut, .linear, .default])
  func timed(curve: TimingFunction) {
    Self.expectIndependent(checkpoints: [0.37, 1.1, 2.5]) { animator in
      animator.animate(to: SIMD2(100, 40), duration: 2, timingFunction: curve)
    }
  }

  @Test("Springs from under- to over-damped", arguments: [0.1, 0.5, 0.9999, 1, 1.0001, 3])
  func springs(dampingRatio: Double) {
    let parameters = SpringParameters(dampingRatio: dampingRatio, response: 0.6)
    Self.expectIndependent(checkpoints: [0.2, 0.9, 3, 10]) { animator in
      animator.simulate(
        using: SpringFunction(target: SIMD2(100, 40), parameters: parameters),
        initialVelocity: SIMD2(-50, 80))
    }
  }

  @Test("Decay")
  func decay() {
    Self.expectIndependent(checkpoints: [0.1, 1, 4]) { animator in
      animator.simulate(using: DecayFunction(drag: 2.5), initialVelocity: SIMD2(900, -300))
    }
  }

  @Test("A custom function on the fixed RK4 grid")
  func custom() {
    struct Pendulum: SimulationFunction {
      typealias Value = SIMD2<Double>
      func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(-9.81 * Foundation.sin(value.x) - 0.3 * velocity.x, -4 * value.y - 0.5 * velocity.y)
      }
      func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>) -> Convergence<SIMD2<Double>>
      {
        .keepRunning
      }
    }
    Self.expectIndependent(checkpoints: [0.0123, 0.5, 2]) { animator in
      animator.simulate(using: Pendulum(), initialVelocity: SIMD2(1, 0))
    }
  }

  @Test("A timed animation handed to a spring mid-flight")
  func handOff() {
    let checkpoints = [0.4, 0.8, 2.0]
    func run(_ stepping: Stepping) -> Outcome {
      let clock = AnimationClock()
      let animator = Animator(initialValue: SIMD2<Double>(0, 0), clock: clock)
      var outcome = Outcome(values: [], velocities: [], completions: [])
      animator.onCompletion = { _ in outcome.completions.append(clock.now) }
      animator.animate(to: SIMD2(200, 100), duration: 1, timingFunction: .easeIn)
      stepping.advance(clock, to: 0.35)
      animator.simulate(using: SpringFunction(target: SIMD2(50, 50), tension: 200, damping: 15))
      for checkpoint in checkpoints {
        stepping.advance(clock, to: checkpoint)
        outcome.values.append(animator.value)
        outcome.velocities.append(animator.velocity)
      }
      return outcome
    }
    let reference = run(.oneStep)
    for stepping in Self.steppings {
      #expect(run(stepping) == reference, "\(stepping)")
    }
  }

  @Test("600 steps of advance(by: 1/60) equal one advance(by: 10)")
  func relativeSteps() {
    func run(steps: Int) -> (Double, Double) {
      let clock = AnimationClock()
      let animator = Animator(initialValue: 0.0, clock: clock)
      animator.simulate(
        using: SpringFunction(target: 1.0, tension: 10, damping: 0.5, threshold: 1e-9),
        initialVelocity: 3)
      for _ in 0..<steps { clock.advance(by: 10 / Double(steps)) }
      return (animator.value, animator.velocity)
    }
    let single = run(steps: 1)
    let many = run(steps: 600)
    #expect(single == many)
  }
}
