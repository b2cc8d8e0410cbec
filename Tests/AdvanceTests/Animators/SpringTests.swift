import TestSupport
import Testing

@testable import Advance

@Suite struct SpringTests {
  @Test("A new spring rests at its initial value with Advance's default physics")
  func defaults() {
    let spring = Spring(initialValue: 4.0, clock: AnimationClock())
    #expect(spring.value == 4 && spring.target == 4 && spring.velocity == 0)
    #expect(spring.tension == 120 && spring.damping == 12 && spring.threshold == 0.1)
    #expect(!spring.isAnimating)
  }

  @Test("Setting the target animates there and settles exactly on it")
  func settles() {
    let clock = AnimationClock()
    let spring = Spring(initialValue: SIMD2<Double>(0, 0), clock: clock)
    var last: SIMD2<Double>?
    spring.onChange = { last = $0 }
    spring.target = SIMD2(300, 200)
    clock.advance(by: 0.1)
    #expect(spring.value.x > 0 && spring.value.x < 300)
    #expect(last == spring.value)
    clock.advance(by: 5)
    #expect(spring.value == SIMD2(300, 200))
    #expect(last == SIMD2(300, 200))
    #expect(!spring.isAnimating)
  }

  @Test("Retargeting mid-flight keeps the velocity")
  func retarget() {
    let clock = AnimationClock()
    let spring = Spring(initialValue: 0.0, clock: clock)
    spring.target = 100
    clock.advance(by: 0.15)
    let velocity = spring.velocity
    let value = spring.value
    #expect(velocity > 0)
    spring.target = -50
    #expect(spring.velocity == velocity)
    #expect(spring.value == value)
  }

  @Test("Changing the physics mid-flight keeps value and velocity")
  func retune() {
    let clock = AnimationClock()
    let spring = Spring(initialValue: 0.0, clock: clock)
    spring.target = 100
    clock.advance(by: 0.1)
    let (value, velocity) = (spring.value, spring.velocity)
    spring.tension = 30
    spring.damping = 2
    #expect(spring.value == value && spring.velocity == velocity)
    clock.advance(by: 0.1)
    // The softer spring: compare against the closed form from the hand-over state.
    let motion = DampedOscillator<SIMD2<Double>>(
      target: SIMD2(100, 0), value: SIMD2(value, 0), velocity: SIMD2(velocity, 0),
      stiffness: 30, damping: 2)
    #expect(
      spring.value.isApproximatelyEqual(to: motion.state(at: 0.1).value.x, relativeTolerance: 1e-12)
    )
  }

  @Test("Setting the value keeps the velocity; setting the velocity sets it moving")
  func valueAndVelocity() {
    let clock = AnimationClock()
    let spring = Spring(initialValue: 0.0, clock: clock)
    spring.target = 10
    clock.advance(by: 0.05)
    let velocity = spring.velocity
    spring.value = -20
    #expect(spring.value == -20)
    #expect(spring.velocity == velocity)
    #expect(spring.isAnimating)

    spring.reset(to: 7)
    #expect(spring.value == 7 && spring.target == 7 && spring.velocity == 0)
    #expect(!spring.isAnimating)
    spring.velocity = 50
    #expect(spring.isAnimating && spring.velocity == 50)
    clock.advance(by: 0.05)
    #expect(spring.value > 7)
    clock.advance(by: 10)
    #expect(spring.value == 7 && !spring.isAnimating)
  }

  @Test("Bad input is refused with a DanceError")
  func badInput() {
    let clock = AnimationClock()
    let spring = Spring(initialValue: 1.0, clock: clock)
    let (_, errors) = collectingErrors {
      spring.target = .nan
      spring.value = .infinity
      spring.reset(to: .nan)
      spring.velocity = .nan
      spring.tension = -3
    }
    #expect(errors.count == 5)
    #expect(spring.value == 1 && spring.target == 1)
    #expect(spring.tension == 0)
    clock.advance(by: 1)
    #expect(spring.value == 1)
  }
}
