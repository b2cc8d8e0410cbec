/// A user's ``SimulationFunction`` integrated with classic fourth-order Runge–Kutta on the
/// fixed grid `origin + n · simulationGridStep` of clock time.
///
/// The state at grid points depends only on the function and the initial state; the state
/// between grid points is one partial RK4 step from the grid point before, so the value at
/// any clock time is a pure function of that time and does not depend on how the clock was
/// stepped there (up to ``maximumCatchUpSteps`` per evaluation).
@usableFromInline
final class CustomSimulation<Value: VectorConvertible> {
  @usableFromInline typealias Vector = Value.VectorType

  private let acceleration: (Vector, Vector) -> Vector
  private let convergence: (Vector, Vector) -> Convergence<Vector>
  private var origin: Double
  private var index = 0
  private var value: Vector
  private var velocity: Vector
  private var checkedIndex = -1
  /// Where the simulation came to rest, once it has.
  @usableFromInline private(set) var restingValue: Vector?

  init<F: SimulationFunction>(function: F, start: Double, value: Vector, velocity: Vector)
  where F.Value == Value {
    acceleration = function.acceleration(value:velocity:)
    convergence = function.convergence(value:velocity:)
    origin = start
    self.value = value
    self.velocity = velocity
  }

  /// One RK4 step of `h` seconds from `(x, v)`.
  private func step(_ x: Vector, _ v: Vector, _ h: Double) -> (Vector, Vector) {
    let half = h / 2
    let a1 = acceleration(x, v)
    let x2 = x + half * v
    let v2 = v + half * a1
    let a2 = acceleration(x2, v2)
    let x3 = x + half * v2
    let v3 = v + half * a2
    let a3 = acceleration(x3, v3)
    let x4 = x + h * v3
    let v4 = v + h * a3
    let a4 = acceleration(x4, v4)
    let sixth = h / 6
    return (
      x + sixth * (v + 2 * v2 + 2 * v3 + v4),
      v + sixth * (a1 + 2 * a2 + 2 * a3 + a4)
    )
  }

  private func isFinite(_ vector: Vector) -> Bool {
    for lane in vector.indices where !vector[lane].isFinite { return false }
    return true
  }

  /// Checks the state at the current grid point once; returns whether it is at rest.
  private func checkRest() -> Bool {
    guard checkedIndex != index else { return restingValue != nil }
    checkedIndex = index
    if case .converge(let resting) = convergence(value, velocity) {
      restingValue = isFinite(resting) ? resting : value
      return true
    }
    return false
  }

  /// The state at clock time `time` (not before the last time asked), or the resting value
  /// once the simulation has converged. A state that stops being finite counts as resting at
  /// the last finite value, with a ``DanceError``.
  @usableFromInline
  func state(at time: Double) -> (value: Vector, velocity: Vector) {
    if let restingValue { return (restingValue, .zero) }
    CallbackQueue.checkUserCodeMayRun()
    let h = simulationGridStep
    var steps = ((time - origin) / h).rounded(.down) - Double(index)
    if steps > Double(maximumCatchUpSteps) {
      // Skip the time the host spent stalled beyond the catch-up cap.
      origin += (steps - Double(maximumCatchUpSteps)) * h
      steps = Double(maximumCatchUpSteps)
    }
    if checkRest() { return (restingValue ?? value, .zero) }
    var remaining = steps > 0 ? Int(steps) : 0
    while remaining > 0 {
      let (x, v) = step(value, velocity, h)
      guard isFinite(x) && isFinite(v) else { return diverged() }
      value = x
      velocity = v
      index += 1
      remaining -= 1
      if checkRest() { return (restingValue ?? value, .zero) }
    }
    let partial = time - (origin + Double(index) * h)
    guard partial > 0 else { return (value, velocity) }
    let (x, v) = step(value, velocity, partial)
    guard isFinite(x) && isFinite(v) else { return diverged() }
    return (x, v)
  }

  private func diverged() -> (value: Vector, velocity: Vector) {
    DanceError.report(
      .nonFiniteNumber,
      "Animator.simulate(using:): the simulation function produced a non-finite state; "
        + "it stopped at its last finite value")
    restingValue = value
    return (value, .zero)
  }
}
