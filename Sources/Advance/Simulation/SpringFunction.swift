/// A damped spring pulling a value toward ``target``, of unit mass.
///
/// acceleration = −``tension`` · (value − target) − ``damping`` · velocity
///
/// ```swift
/// animator.simulate(using: SpringFunction(target: 100.0, tension: 120, damping: 12))
/// animator.simulate(using: SpringFunction(
///   target: 100.0, parameters: SpringParameters(duration: 0.5, bounce: 0.3)))
/// ```
///
/// The spring converges when every component of both |value − target| and |velocity| is
/// within ``threshold``; it then snaps to the target with zero velocity. Animators solve it in
/// closed form (under-, critically and over-damped alike), so its motion is exact at any
/// frame rate.
///
/// A NaN or infinite tension, damping or threshold is replaced by its default and a
/// negative one by 0, with a ``DanceError``; the closed form treats tension and damping
/// above 10¹² as 10¹² (such a spring settles within a microsecond either way).
public struct SpringFunction<Value: VectorConvertible>: SimulationFunction {
  /// The value the spring pulls toward.
  public var target: Value
  /// The spring's stiffness divided by the mass, in 1/s² (default 120).
  public var tension: Double
  /// The friction divided by the mass, in 1/s (default 12).
  public var damping: Double
  /// The largest distance and speed, per component, at which the spring may come to rest.
  public var threshold: Double

  /// Creates a spring toward `target` with the given tension, damping and threshold.
  public init(target: Value, tension: Double = 120, damping: Double = 12, threshold: Double = 0.1) {
    // The call, as an error names it: written out only if there is an error to report.
    func call() -> String {
      "SpringFunction(tension: \(tension), damping: \(damping), threshold: \(threshold))"
    }
    self.target = target
    self.tension = Self.sanitize(tension, "tension", call: call(), default: 120)
    self.damping = Self.sanitize(damping, "damping", call: call(), default: 12)
    self.threshold = Self.sanitize(threshold, "threshold", call: call(), default: 0.1)
  }

  /// Creates a spring toward `target` described by `parameters` (tension = stiffness / mass,
  /// damping = damping / mass).
  public init(target: Value, parameters: SpringParameters, threshold: Double = 0.1) {
    self.init(
      target: target, tension: parameters.stiffness / parameters.mass,
      damping: parameters.damping / parameters.mass, threshold: threshold)
  }

  /// −tension · (value − target) − damping · velocity.
  @inlinable
  public func acceleration(value: Value.VectorType, velocity: Value.VectorType)
    -> Value.VectorType
  {
    -tension * (value - target.vector) - damping * velocity
  }

  /// Converges at ``target`` once every component of the offset and the velocity is within
  /// ``threshold``.
  @inlinable
  public func convergence(value: Value.VectorType, velocity: Value.VectorType) -> Convergence<
    Value.VectorType
  > {
    let offset = value - target.vector
    let limit = Value.VectorType(repeating: threshold)
    let isAtRest = all(
      (offset .>= -limit) .& (offset .<= limit) .& (velocity .>= -limit)
        .& (velocity .<= limit))
    return isAtRest ? .converge(atValue: target.vector) : .keepRunning
  }

  static func sanitize(
    _ value: Double, _ name: String, call: @autoclosure () -> String, default: Double
  ) -> Double {
    guard Validation.requireFinite(value, name, in: call()) else { return `default` }
    return Validation.clampNonNegative(value, name, in: call())
  }
}
