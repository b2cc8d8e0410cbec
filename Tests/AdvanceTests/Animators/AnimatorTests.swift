import Foundation
import TestSupport
import Testing

@testable import Advance

/// A spring written as a user would, to exercise the RK4 path.
struct HandWrittenSpring: SimulationFunction {
  typealias Value = Double
  var target: Double
  var tension = 120.0
  var damping = 12.0

  func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
    -tension * (value - SIMD2(target, 0)) - damping * velocity
  }

  func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>) -> Convergence<SIMD2<Double>> {
    abs(value.x - target) < 0.001 && abs(velocity.x) < 0.001
      ? .converge(atValue: SIMD2(target, 0)) : .keepRunning
  }
}

@Suite struct AnimatorTests {
  @Test("A timed animation follows its curve and finishes exactly once, at its end")
  func timed() async {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var changes: [Double] = []
    animator.onChange = { changes.append($0) }
    var endings: [(AnimationCompletion, Double)] = []
    animator.onCompletion = { endings.append(($0, clock.now)) }
    animator.animate(to: 100, duration: 2, timingFunction: .linear)
    #expect(animator.isAnimating)
    clock.advance(by: 0.5)
    #expect(animator.value == 25)
    #expect(animator.velocity == 50)
    clock.advance(by: 0.5)
    #expect(animator.value == 50)
    clock.advance(by: 5)
    #expect(animator.value == 100)
    #expect(animator.velocity == 0)
    #expect(!animator.isAnimating)
    #expect(endings.count == 1)
    #expect(endings.first?.0 == .finished && endings.first?.1 == 2)
    #expect(changes == [25, 50, 100])
    clock.advance(by: 1)
    #expect(endings.count == 1)
  }

  @Test(
    "Velocity is the curve's exact slope over the duration",
    arguments: [TimingFunction.easeInOut, .swiftOut, .default, .easeIn])
  func timedVelocity(curve: TimingFunction) {
    let clock = AnimationClock()
    let animator = Animator(initialValue: SIMD2<Double>(10, -4), clock: clock)
    let target = SIMD2<Double>(70, 20)
    animator.animate(to: target, duration: 1.5, timingFunction: curve)
    for time in [0.1, 0.4, 0.75, 1.2] {
      clock.advance(to: time)
      // Central difference of the curve's value, independent of `slope(at:)`.
      let h = 1e-6
      let p = time / 1.5
      let slope = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
      let expected = (target - SIMD2(10, -4)) * slope / 1.5
      #expect(abs(animator.velocity.x - expected.x) < 1e-5)
      #expect(abs(animator.velocity.y - expected.y) < 1e-5)
    }
  }

  @Test("Handing a timed animation to a spring, then to decay, keeps the exact velocity")
  func handOff() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.animate(to: 300, duration: 1, timingFunction: .easeInOut)
    clock.advance(by: 0.3)
    let before = animator.velocity
    let expected = 300 * TimingFunction.easeInOut.slope(at: 0.3)
    #expect(before == expected)
    animator.simulate(using: SpringFunction(target: 50.0))
    #expect(animator.velocity == before)
    #expect(
      animator.value.isApproximatelyEqual(
        to: 300 * TimingFunction.easeInOut.value(at: 0.3), relativeTolerance: 1e-15))
    clock.advance(by: 0.2)
    let springVelocity = animator.velocity
    let springValue = animator.value
    animator.simulate(using: DecayFunction(drag: 2))
    #expect(animator.velocity == springVelocity)
    #expect(animator.value == springValue)
    // Decay from there travels v/drag in all, less what the threshold cuts off.
    clock.advance(by: 60)
    #expect(!animator.isAnimating)
    let travel = animator.value - springValue
    #expect(abs(travel - (springVelocity - 0.1 * springVelocity.sign.factor) / 2) < 0.001)
  }

  @Test("simulate(using:initialVelocity:) starts from the given velocity")
  func initialVelocity() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: SIMD3<Double>(1, 2, 3), clock: clock)
    animator.simulate(using: DecayFunction(drag: 4), initialVelocity: SIMD3(40, 0, -8))
    #expect(animator.velocity == SIMD3(40, 0, -8))
    clock.advance(by: 0.25)
    let decay = 1 - Foundation.exp(-1.0)
    #expect(abs(animator.value.x - (1 + 10 * decay)) < 1e-12)
    #expect(abs(animator.value.z - (3 - 2 * decay)) < 1e-12)
  }

  @Test("A spring converges on the simulation grid, snapping to its target")
  func springConverges() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var endings: [(AnimationCompletion, Double)] = []
    animator.onCompletion = { endings.append(($0, clock.now)) }
    animator.simulate(
      using: SpringFunction(target: 100.0, tension: 120, damping: 12, threshold: 0.1))
    clock.advance(by: 10)
    #expect(animator.value == 100)
    #expect(animator.velocity == 0)
    #expect(endings.count == 1)
    let rest = endings[0].1
    #expect(endings[0].0 == .finished)
    // On the 1 ms grid, and the first grid point where the closed form is within threshold.
    #expect((rest * 1000).rounded() == rest * 1000)
    let motion = DampedOscillator<SIMD2<Double>>(
      target: SIMD2(100, 0), value: .zero, velocity: .zero, stiffness: 120, damping: 12)
    func atRest(_ t: Double) -> Bool {
      let (x, v) = motion.state(at: t)
      return abs(x.x - 100) <= 0.1 && abs(v.x) <= 0.1
    }
    #expect(atRest(rest))
    #expect(!(0..<Int((rest * 1000).rounded())).contains { atRest(Double($0) / 1000) })
  }

  @Test("Custom functions are integrated with RK4 and agree with the closed form")
  func customSimulation() {
    let clock = AnimationClock()
    let custom = Animator(initialValue: 0.0, clock: clock)
    let closed = Animator(initialValue: 0.0, clock: clock)
    custom.simulate(using: HandWrittenSpring(target: 100), initialVelocity: 30)
    closed.simulate(using: SpringFunction(target: 100.0, threshold: 0.001), initialVelocity: 30)
    var finished = false
    custom.onCompletion = { finished = $0 == .finished }
    for time in [0.0105, 0.25, 0.5, 1.0, 1.5] {
      clock.advance(to: time)
      #expect(abs(custom.value - closed.value) < 1e-6, "t \(time)")
      #expect(abs(custom.velocity - closed.velocity) < 1e-5, "t \(time)")
    }
    clock.advance(by: 5)
    #expect(finished)
    #expect(custom.value == 100)
  }

  @Test("A diverging custom function stops at its last finite value")
  func divergingCustom() {
    struct Explode: SimulationFunction {
      typealias Value = Double
      func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
        value * value * 1e200
      }
      func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>) -> Convergence<SIMD2<Double>>
      {
        .keepRunning
      }
    }
    let clock = AnimationClock()
    let animator = Animator(initialValue: 1.0, clock: clock)
    var ending: AnimationCompletion?
    animator.onCompletion = { ending = $0 }
    let (_, errors) = collectingErrors {
      animator.simulate(using: Explode())
      clock.advance(by: 1)
    }
    #expect(animator.value.isFinite)
    #expect(ending == .finished)
    #expect(errors.map(\.kind) == [.nonFiniteNumber])
  }

  @Test("Each way of interrupting a run reports .interrupted exactly once")
  func interruptions() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var endings: [AnimationCompletion] = []
    animator.onCompletion = { endings.append($0) }

    animator.animate(to: 10, duration: 1, timingFunction: .linear)
    clock.advance(by: 0.5)
    animator.value = 3
    #expect(endings == [.interrupted])
    #expect(animator.value == 3 && animator.velocity == 0 && !animator.isAnimating)

    animator.animate(to: 10, duration: 1, timingFunction: .linear)
    clock.advance(by: 0.5)
    animator.cancelRunningAnimation()
    #expect(endings == [.interrupted, .interrupted])
    #expect(animator.value == 6.5)
    clock.advance(by: 1)
    #expect(animator.value == 6.5)

    animator.animate(to: 10, duration: 1)
    animator.simulate(using: SpringFunction(target: 0.0))
    #expect(endings == [.interrupted, .interrupted, .interrupted])
    clock.advance(by: 10)
    #expect(endings == [.interrupted, .interrupted, .interrupted, .finished])

    animator.cancelRunningAnimation()
    #expect(endings.count == 4)
  }

  @Test("Releasing a running animator ends its run as interrupted")
  func release() {
    let clock = AnimationClock()
    var endings: [AnimationCompletion] = []
    weak var weakAnimator: Animator<Double>?
    do {
      let animator = Animator(initialValue: 0.0, clock: clock)
      animator.onCompletion = { endings.append($0) }
      animator.onChange = { [unowned animator] _ in _ = animator.isAnimating }
      animator.animate(to: 1, duration: 1)
      weakAnimator = animator
      clock.advance(by: 0.5)
    }
    #expect(weakAnimator == nil)
    #expect(endings == [.interrupted])
    #expect(clock.runningAnimatorCount == 0)
    clock.advance(by: 1)
  }

  /// Where the last reference to an animator is dropped by its own handler, in each place a
  /// handler runs with only the clock's unretained reference to the animator. (Found by
  /// valgrind on the fuzzer: the frame cleared the animator's re-entry flag after an
  /// `onChange` that had freed it. The address sanitizer, which CI runs, fails on any write
  /// to the freed animator.)
  @Test(
    "A handler may release its own animator: in a frame, at a run's end, at a simulation's rest",
    arguments: ["frame", "finish", "custom rest"])
  func handlerReleasesItsAnimator(moment: String) {
    final class Owner { var animator: Animator<Double>? }
    let clock = AnimationClock()
    let owner = Owner()
    var changes: [Double] = []
    var endings: [AnimationCompletion] = []
    weak var weakAnimator: Animator<Double>?
    do {
      let animator = Animator(initialValue: 0.0, clock: clock)
      owner.animator = animator
      weakAnimator = animator
      switch moment {
      case "frame":
        animator.onChange = { [unowned owner] value in
          changes.append(value)
          owner.animator = nil
        }
        animator.onCompletion = { endings.append($0) }
        animator.animate(to: 10, duration: 1, timingFunction: .linear)
      case "finish":
        animator.onChange = { changes.append($0) }
        animator.onCompletion = { [unowned owner] ending in
          endings.append(ending)
          owner.animator = nil
        }
        animator.animate(to: 10, duration: 1, timingFunction: .linear)
      default:
        animator.onCompletion = { [unowned owner] ending in
          endings.append(ending)
          owner.animator = nil
        }
        animator.simulate(using: HandWrittenSpring(target: 3))
      }
    }
    switch moment {
    case "frame":
      clock.advance(by: 0.25)
      #expect(changes == [2.5])
      #expect(endings == [.interrupted])
    case "finish":
      clock.advance(by: 0.5)
      clock.advance(by: 0.75)
      #expect(changes == [5, 10])
      #expect(endings == [.finished])
    default:
      for _ in 0..<600 where weakAnimator != nil { clock.advance(by: 1 / 60) }
      #expect(endings == [.finished])
    }
    #expect(weakAnimator == nil)
    #expect(clock.runningAnimatorCount == 0)
    clock.advance(by: 1)
    #expect(endings.count == 1)
  }

  @Test("Bad input is ignored or clamped, with a DanceError, and never reaches the value")
  func badInput() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 5.0, clock: clock)
    let (_, errors) = collectingErrors {
      animator.animate(to: .nan, duration: 1)
      animator.value = .infinity
      animator.simulate(using: DecayFunction(), initialVelocity: .nan)
      animator.simulate(using: SpringFunction(target: -.infinity))
    }
    #expect(errors.count == 4)
    #expect(errors.allSatisfy { $0.kind == .nonFiniteNumber })
    #expect(animator.value == 5 && !animator.isAnimating)

    // The one policy for durations: NaN and infinite count as 0, like negative ones: the
    // value arrives on the next advance.
    for duration in [Double.nan, .infinity, -.infinity] {
      let (_, durationErrors) = collectingErrors { animator.animate(to: 7, duration: duration) }
      #expect(durationErrors.map(\.kind) == [.nonFiniteNumber])
      #expect(durationErrors.first?.message.hasPrefix("Animator.animate(to:duration:") == true)
      clock.advance(by: 0)
      #expect(animator.value == 7 && !animator.isAnimating)
      animator.value = 5
    }

    let (_, negative) = collectingErrors { animator.animate(to: 9, duration: -2) }
    #expect(negative.map(\.kind) == [.outOfRange])
    clock.advance(by: 0)
    #expect(animator.value == 9 && !animator.isAnimating)

    let (spring, springErrors) = collectingErrors {
      SpringFunction(target: 1.0, tension: -4, damping: .nan, threshold: -1)
    }
    #expect(spring.tension == 0 && spring.damping == 12 && spring.threshold == 0)
    #expect(springErrors.count == 3)

    let (_, initErrors) = collectingErrors { Animator(initialValue: Double.nan, clock: clock) }
    #expect(initErrors.count == 1)
  }

  @Test("Completions that keep interrupting each other are cut off, not looped forever")
  func completionPingPong() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var calls = 0
    animator.onCompletion = { [weak animator] ending in
      calls += 1
      if ending == .interrupted { animator?.animate(to: Double(calls), duration: 1) }
    }
    animator.animate(to: 1, duration: 1)
    let (_, errors) = collectingErrors { animator.animate(to: 2, duration: 1) }
    #expect(calls == 64)
    #expect(errors.map(\.kind) == [.illegalState])
    #expect(animator.isAnimating)
    clock.advance(by: 2)
    #expect(!animator.isAnimating)
  }
}

@Suite struct HugeStepTests {
  @Test("A 1e9 s step finishes every kind of run with finite values, without hanging")
  func hugeStep() {
    let clock = AnimationClock()
    let timed = Animator(initialValue: 0.0, clock: clock)
    let spring = Animator(initialValue: 0.0, clock: clock)
    let decay = Animator(initialValue: 0.0, clock: clock)
    let custom = Animator(initialValue: 0.0, clock: clock)
    let orbit = Animator(initialValue: 0.0, clock: clock)
    timed.animate(to: 5, duration: 3)
    spring.simulate(using: SpringFunction(target: 5.0, tension: 50, damping: 0.01))
    decay.simulate(using: DecayFunction(drag: 0.001), initialVelocity: 1e6)
    custom.simulate(using: HandWrittenSpring(target: 5))
    // No friction at all: it never converges and must keep running within the catch-up cap.
    orbit.simulate(using: HandWrittenSpring(target: 5, damping: 0), initialVelocity: 1)
    clock.advance(by: 1e9)
    #expect(timed.value == 5 && spring.value == 5 && custom.value == 5)
    #expect(decay.value.isFinite && !decay.isAnimating)
    #expect(orbit.value.isFinite && orbit.isAnimating)
    clock.advance(by: 1e9)
    #expect(orbit.value.isFinite && abs(orbit.value - 5) < 6)
  }

  @Test("An undamped spring across a 1e308 s step: its phase overflows, its value stays finite")
  func largestStep() {
    let clock = AnimationClock()
    let undamped = Animator(initialValue: 0.0, clock: clock)
    // SpringFunction's closed form with no damping: it oscillates forever.
    undamped.simulate(
      using: SpringFunction(target: 0.3, tension: 120, damping: 0), initialVelocity: -1)
    clock.advance(by: 1e308)
    #expect(undamped.value.isFinite && abs(undamped.value - 0.3) <= 0.3 + 1 / 120.squareRoot())
    #expect(undamped.isAnimating)
  }

  @Test("A decay without drag across a 1e308 s step stops at 1e100; a spring from there is finite")
  func driftingDecay() {
    let clock = AnimationClock()
    let drifting = Animator(initialValue: 0.0, clock: clock)
    let (_, errors) = collectingErrors {
      drifting.simulate(using: DecayFunction(drag: 0), initialVelocity: 10)
    }
    #expect(errors.isEmpty)
    clock.advance(by: 1e308)
    #expect(drifting.value == 1e100)  // 10 × 10³⁰⁸ would be ∞
    drifting.simulate(using: SpringFunction(target: 100.0, tension: 120, damping: 100))
    clock.advance(by: 1.0 / 60)
    #expect(drifting.value.isFinite && drifting.velocity.isFinite)
  }
}

extension FloatingPointSign {
  var factor: Double { self == .minus ? -1 : 1 }
}
