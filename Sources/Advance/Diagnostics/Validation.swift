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
  ///
  /// Inline, and one vector operation when every lane is finite (x − x is 0 exactly for a
  /// finite x, NaN otherwise): every assignment to an animatable property checks its value.
  @discardableResult
  @inlinable @inline(__always)
  package static func requireFinite<V: SIMD>(
    _ vector: V, _ name: String, in call: String, outcome: String = "the call was ignored"
  ) -> Bool
  where V.Scalar == Double {
    if vector - vector == V.zero { return true }
    reportNonFinite(name, in: call, outcome: outcome)
    return false
  }

  /// Reports a vector with a non-finite component, for ``requireFinite(_:_:in:outcome:)``.
  @usableFromInline
  package static func reportNonFinite(_ name: String, in call: String, outcome: String) {
    DanceError.report(
      .nonFiniteNumber, "\(call): \(name) has a non-finite component; \(outcome)")
  }

  /// `value` if it is zero or more; otherwise reports an `.outOfRange` error and returns 0.
  ///
  /// Call it with a finite value (check with ``requireFinite(_:_:in:)`` first).
  package static func clampNonNegative(
    _ value: Double, _ name: String, in call: @autoclosure () -> String
  ) -> Double {
    if value >= 0 { return value }
    DanceError.report(.outOfRange, "\(call()): \(name) is negative (\(value)); using 0")
    return 0
  }

  /// A duration or delay under the one bad-input policy: a NaN, infinite or negative
  /// `value` counts as 0, reported for `call` (the public call the user made).
  ///
  /// With 0 the values apply at once and the completion runs on the next clock advance, in
  /// every API (`Animator`, `PropertyAnimator`, `node.dance`, `Node.animate`).
  package static func seconds(_ value: Double, _ name: String, in call: @autoclosure () -> String)
    -> Double
  {
    if value.isFinite && value >= 0 { return value }
    let kind: DanceError.Kind = value.isFinite ? .outOfRange : .nonFiniteNumber
    DanceError.report(kind, "\(call()): \(name) is \(value); using 0")
    return 0
  }

  /// `value` clamped to `range`, reported for `call` when it lay outside. Call it with a
  /// value that is not NaN.
  package static func clamped(
    _ value: Double, to range: ClosedRange<Double>, _ name: String, in call: String
  ) -> Double {
    if range.contains(value) { return value }
    DanceError.report(.outOfRange, "\(call): \(name) \(value) is outside \(range); clamped")
    return value.clamped(to: range)
  }

  /// A fraction in 0…1: NaN and ±∞ count as 0, values outside are clamped, each reported
  /// for `call`.
  package static func unitFraction(_ value: Double, _ name: String, in call: String) -> Double {
    guard requireFinite(value, name, in: call, outcome: "using 0") else { return 0 }
    return clamped(value, to: 0...1, name, in: call)
  }
}
