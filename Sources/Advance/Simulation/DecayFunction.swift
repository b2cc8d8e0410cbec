/// Friction that slows a moving value to a stop, as after a fling.
///
/// acceleration = −``drag`` · velocity
///
/// ```swift
/// animator.simulate(using: DecayFunction(drag: 3), initialVelocity: gestureVelocity)
/// ```
///
/// From velocity v₀ the value travels v₀ / drag in all. It converges in place when every
/// component of |velocity| is below ``threshold``. Animators solve it in closed form.
/// A NaN, infinite or negative drag or threshold is replaced (default or 0) with a
/// ``DanceError``.
public struct DecayFunction<Value: VectorConvertible>: SimulationFunction {
  /// The speed, per component, below which the value stops (default 0.1).
  public var threshold: Double
  /// The friction, in 1/s: velocity falls by a factor e every 1/drag seconds (default 3).
  public var drag: Double

  /// Creates a decay with the given threshold and drag.
  public init(threshold: Double = 0.1, drag: Double = 3.0) {
    // The call, as an error names it: written out only if there is an error to report.
    func call() -> String { "DecayFunction(threshold: \(threshold), drag: \(drag))" }
    self.threshold = SpringFunction<Value>.sanitize(
      threshold, "threshold", call: call(), default: 0.1)
    self.drag = SpringFunction<Value>.sanitize(drag, "drag", call: call(), default: 3)
  }

  /// −drag · velocity.
  @inlinable
  public func acceleration(value: Value.VectorType, velocity: Value.VectorType)
    -> Value.VectorType
  {
    -drag * velocity
  }

  /// Converges where it is once every component of the velocity is below ``threshold``.
  @inlinable
  public func convergence(value: Value.VectorType, velocity: Value.VectorType) -> Convergence<
    Value.VectorType
  > {
    let limit = Value.VectorType(repeating: threshold)
    return all((velocity .< limit) .& (velocity .> -limit))
      ? .converge(atValue: value) : .keepRunning
  }
}
