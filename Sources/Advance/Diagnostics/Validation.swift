/// Checks shared by every entry point that takes a number from a user.
///
/// Each returns whether the input is usable and reports a ``DanceError`` when it is not, so a
/// call site reads `guard requireFinite(duration, "…") else { return }`.
@usableFromInline
package enum Validation {
  /// Whether `value` is finite; otherwise reports a `.nonFiniteNumber` error for `call`
  /// saying what happens instead (`outcome`: the call was ignored, or which value is used).
  @discardableResult
  package static func requireFinite(
    _ value: Double, _ name: String, in call: @autoclosure () -> String,
    outcome: String = "the call was ignored"
  ) -> Bool {
    if value.isFinite { return true }
    DanceError.report(.nonFiniteNumber, "\(call()): \(name) is \(value); \(outcome)")
    return false
  }

  /// Whether every lane of `vector` is finite; otherwise reports for `call`, saying what
  /// happens instead.
  @discardableResult
  @usableFromInline
  package static func requireFinite<V: SIMD>(
    _ vector: V, _ name: String, in call: String, outcome: String = "the call was ignored"
  ) -> Bool
  where V.Scalar == Double {
    for index in vector.indices where !vector[index].isFinite {
      DanceError.report(
        .nonFiniteNumber, "\(call): \(name) has a non-finite component; \(outcome)")
      return false
    }
    return true
  }

  /// `value` if it is zero or more; otherwise reports an `.outOfRange` error and returns 0.
  ///
  /// Call it with a finite value (check with ``requireFinite(_:_:in:)`` first).
  package static func clampNonNegative(_ value: Double, _ name: String, in call: String) -> Double {
    if value >= 0 { return value }
    DanceError.report(.outOfRange, "\(call): \(name) is negative (\(value)); using 0")
    return 0
  }

  /// A finite, non-negative version of `value`: NaN and −∞ become 0, +∞ becomes `fallback`,
  /// negatives become 0, each reported for `call`.
  package static func sanitizedNonNegative(
    _ value: Double, _ name: String, in call: String, infinity fallback: Double
  ) -> Double {
    if value.isNaN || value == -.infinity {
      DanceError.report(.nonFiniteNumber, "\(call): \(name) is \(value); using 0")
      return 0
    }
    if value == .infinity {
      DanceError.report(.nonFiniteNumber, "\(call): \(name) is infinite; using \(fallback)")
      return fallback
    }
    return clampNonNegative(value, name, in: call)
  }
}
