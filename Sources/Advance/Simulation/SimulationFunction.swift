/// A force law that drives a simulated animation: given where a value is and how fast it
/// moves, the acceleration it feels, and when it has come to rest.
///
/// ```swift
/// /// Pulls toward the origin, with no friction: a value that orbits forever.
/// struct Orbit: SimulationFunction {
///   func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
///     -value
///   }
///   func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>)
///     -> Convergence<SIMD2<Double>> { .keepRunning }
/// }
/// animator.simulate(using: Orbit(), initialVelocity: SIMD2(0, 1))
/// ```
///
/// ``SpringFunction`` and ``DecayFunction`` are solved in closed form, exactly, at any step
/// size. Your own functions are integrated with classic fourth-order Runge–Kutta on a fixed
/// grid of ``simulationGridStep`` seconds of clock time, measured from the start of the
/// simulation, so the result does not depend on the frame rate either; ``convergence(value:velocity:)``
/// is checked at each grid point. A single advance integrates at most
/// ``maximumCatchUpSteps`` grid steps; after a longer pause the simulation skips the
/// excess time rather than stall the frame.
public protocol SimulationFunction<Value> {
  /// The type of value the function animates.
  associatedtype Value: VectorConvertible

  /// The acceleration (units per second²) at `value` moving with `velocity` (units per second).
  func acceleration(value: Value.VectorType, velocity: Value.VectorType) -> Value.VectorType

  /// Whether the simulation should stop at this state, and where.
  func convergence(value: Value.VectorType, velocity: Value.VectorType) -> Convergence<
    Value.VectorType
  >
}

/// The grid, in seconds of clock time, on which custom simulation functions are integrated
/// and on which every simulation checks for convergence: 1 ms.
public let simulationGridStep = 0.001

/// The most grid steps one advance integrates for a custom simulation: 10 s of simulated
/// time. Time beyond it (after the host stalls) is skipped, not simulated.
public let maximumCatchUpSteps = 10_000

/// Whether a simulation has come to rest.
public enum Convergence<VectorType> {
  /// The simulation is still moving.
  case keepRunning
  /// The simulation has come to rest: the value snaps to `atValue` with zero velocity and the
  /// run finishes.
  case converge(atValue: VectorType)
}

extension Convergence: Equatable where VectorType: Equatable {}
extension Convergence: Sendable where VectorType: Sendable {}
