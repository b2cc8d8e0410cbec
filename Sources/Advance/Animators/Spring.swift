/// A value that always moves toward its ``target`` with spring physics.
///
/// ```swift
/// let spring = Spring(initialValue: SIMD2<Double>(0, 0), clock: clock)
/// spring.onChange = { center in node.center = center }
/// spring.target = SIMD2(300, 200)        // off it goes
/// spring.target = SIMD2(100, 50)         // retargets mid-flight, keeping its velocity
/// spring.tension = 30                    // adjust the physics at any time
/// spring.reset(to: SIMD2(0, 0))          // jump there and stop
/// ```
///
/// A spring is an ``Animator`` that always runs a ``SpringFunction``, solved in closed form.
/// Setting ``value`` keeps the current velocity; setting ``velocity`` sets it moving from the
/// current value. Bad input (NaN, ∞, negative physics) is ignored or clamped with a
/// ``DanceError``.
public final class Spring<Value: VectorConvertible> {
  private let animator: Animator<Value>
  private var storedTarget: Value
  private var function: SpringFunction<Value>

  /// Creates a spring at rest at `initialValue` (which is also its target), driven by `clock`.
  public init(initialValue: Value, clock: AnimationClock) {
    animator = Animator(initialValue: initialValue, clock: clock)
    storedTarget = animator.value
    function = SpringFunction(target: storedTarget)
  }

  /// Called with the new value whenever it changes.
  public var onChange: ((Value) -> Void)? {
    get { animator.onChange }
    set { animator.onChange = newValue }
  }

  /// Whether the spring is moving.
  public var isAnimating: Bool { animator.isAnimating }

  /// The value the spring pulls toward; setting it retargets the spring, keeping its velocity.
  public var target: Value {
    get { storedTarget }
    set {
      guard Validation.requireFinite(newValue.vector, "the target", in: "Spring.target")
      else { return }
      storedTarget = newValue
      function.target = newValue
      animator.simulate(using: function)
    }
  }

  /// The strength of the spring, in 1/s² (default 120); takes effect at once.
  public var tension: Double {
    get { function.tension }
    set {
      update(
        SpringFunction(
          target: storedTarget, tension: newValue, damping: damping, threshold: threshold))
    }
  }

  /// The resistance the spring meets, in 1/s (default 12); takes effect at once.
  public var damping: Double {
    get { function.damping }
    set {
      update(
        SpringFunction(
          target: storedTarget, tension: tension, damping: newValue, threshold: threshold))
    }
  }

  /// The distance and speed, per component, within which the spring comes to rest (default
  /// 0.1); takes effect at once.
  public var threshold: Double {
    get { function.threshold }
    set {
      update(
        SpringFunction(
          target: storedTarget, tension: tension, damping: damping, threshold: newValue))
    }
  }

  /// The current value; setting it moves the spring there, keeping its velocity.
  public var value: Value {
    get { animator.value }
    set {
      guard Validation.requireFinite(newValue.vector, "the value", in: "Spring.value") else {
        return
      }
      let velocity = animator.velocity
      animator.value = newValue
      animator.simulate(using: function, initialVelocity: velocity)
    }
  }

  /// The current velocity, in value units per second; setting it sets the spring moving from
  /// its current value.
  public var velocity: Value {
    get { animator.velocity }
    set { animator.simulate(using: function, initialVelocity: newValue) }
  }

  /// Moves the spring to `value`, makes it the target, and stops it: velocity becomes zero.
  public func reset(to value: Value) {
    guard Validation.requireFinite(value.vector, "the value", in: "Spring.reset(to:)") else {
      return
    }
    storedTarget = value
    function.target = value
    animator.value = value
  }

  private func update(_ newFunction: SpringFunction<Value>) {
    function = newFunction
    if animator.isAnimating {
      animator.simulate(using: function)
    }
  }
}
