/// A strong reference, or none, that can also lend its object without a retain: one field
/// where an owner kept two, a retained optional reference to hold the object and an
/// ``Unretained`` link to reach it cheaply (an animator's clock and store: 16 bytes of every
/// animator, Docs/Performance.md, "Memory per property").
///
/// **Invariant:** a value that refers to an object holds exactly one count on it, from
/// `init` to `deinit`. It is not copyable, so that the count can be neither duplicated nor
/// dropped; `init` takes the count (`passRetained`) and `deinit` gives it back. So the
/// object lives at least as long as the value, and ``with(_:)`` and ``withPresent(_:)`` may
/// lend it unretained for as long as the value lives; a `body` that could end the value (by
/// replacing the field that holds it) must not run there, which is the rule of
/// ``Unretained/with(_:)``: `body` runs no user code, and debug builds stop if it would.
@usableFromInline
package struct Retained<Object: AnyObject>: ~Copyable {
  @usableFromInline let reference: Unmanaged<Object>?

  /// A reference that holds `object`, or none.
  @inlinable @inline(__always)
  package init(_ object: Object?) {
    reference = object.map { .passRetained($0) }
  }

  @inlinable
  deinit {
    reference?.release()
  }

  /// Whether this refers to an object.
  @inlinable package var isPresent: Bool {
    @inline(__always) get { reference != nil }
  }

  /// Runs `body` with the object, not retained again for the call, if there is one: `body`
  /// must not end this value (it must call no user code).
  @inlinable @inline(__always)
  package func with<Result>(_ body: (Object) -> Result) -> Result? {
    guard let reference else { return nil }
    return Self.lend(reference, body)
  }

  /// Runs `body` with the object, which must be present: checked in debug builds, trusted in
  /// release builds (the owner's invariant says when it is, as ``Optional/unsafelyUnwrapped``
  /// does); otherwise as ``with(_:)``.
  @inlinable @inline(__always)
  package func withPresent<Result>(_ body: (Object) -> Result) -> Result {
    Self.lend(reference.unsafelyUnwrapped, body)
  }

  @inlinable @inline(__always)
  static func lend<Result>(_ reference: Unmanaged<Object>, _ body: (Object) -> Result) -> Result {
    #if DEBUG
      // The promise is checked where user code runs (CallbackQueue.checkUserCodeMayRun).
      CallbackQueue.beginLend()
      defer { CallbackQueue.endLend() }
    #endif
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// The object, if any, as a strong reference of the caller's own.
  @inlinable
  package var object: Object? {
    @inline(__always) get { reference?.takeUnretainedValue() }
  }

  /// Whether this refers to `other` (compared by identity, neither retained).
  @inlinable @inline(__always)
  package func refers(to other: Object) -> Bool {
    reference?.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
  }

  /// The object's identity, for comparisons; nil for none.
  @inlinable
  package var identity: UnsafeMutableRawPointer? { reference?.toOpaque() }
}
