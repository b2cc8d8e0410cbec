import Dance

/// A user's own force law for the fuzzer: a damped spring to 0 whose `acceleration`, the
/// first time it is asked, makes a call of the sequence — which may release the animator it
/// drives, advance the clock or start anything.
struct CustomSpring: SimulationFunction {
  typealias Value = Point

  /// Whether the call has been made (once per run, however often the function is asked).
  final class Once {
    var done = false
  }

  weak var world: FuzzWorld?
  let then: FuzzOperation?
  let once = Once()

  init(world: FuzzWorld, then: FuzzOperation?) {
    self.world = world
    self.then = then
  }

  func acceleration(value: SIMD2<Double>, velocity: SIMD2<Double>) -> SIMD2<Double> {
    if !once.done {
      once.done = true
      if let world, !world.tearingDown, let then { world.perform(then, depth: 1) }
    }
    return -40 * value - 8 * velocity
  }

  func convergence(value: SIMD2<Double>, velocity: SIMD2<Double>) -> Convergence<SIMD2<Double>> {
    let rests = value.indices.allSatisfy { abs(value[$0]) < 0.5 && abs(velocity[$0]) < 0.5 }
    return rests ? .converge(atValue: .zero) : .keepRunning
  }
}

/// An invariant that a call sequence broke.
package struct FuzzViolation: Hashable, Sendable, CustomStringConvertible {
  /// What broke, in a sentence.
  package var message: String
  /// The index of the call after which it was seen (the sequence's length: at the end).
  package var operationIndex: Int

  /// The violation, with where it was seen.
  package var description: String { "after call \(operationIndex): \(message)" }
}

/// What running one call sequence found.
package struct FuzzOutcome: Hashable, Sendable {
  /// The first invariant broken, or nil.
  package var violation: FuzzViolation?
  /// The calls made, counting those made from callbacks.
  package var operations: Int
}
