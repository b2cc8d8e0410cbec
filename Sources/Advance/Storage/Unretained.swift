/// A reference that does not retain its object: one of the engine's links that a frame or a
/// start follows so often that a retain and a release per use would cost more than the work
/// (an animator to its store and clock, a store's slot to its animator, a block to its
/// animator, `node.dance` to its node).
///
/// **Invariant:** the object outlives every use of the link. Whoever makes a link clears it
/// (or drops it) before the object can go: an animator leaves its store's slot before it is
/// freed, a node clears its `dance`'s link in its `deinit`, a block's entry lives only while
/// the call that opened it holds the animator. A use must not release the object either:
/// ``with(_:)`` lends it unretained, for code that calls nothing that could free it; code
/// that may (user code) takes a retained ``object`` first.
///
/// Debug builds check the invariant: each link also keeps a weak reference, and a use of a
/// link whose object is gone stops the program with the object's type; and user code that
/// the engine is about to run while a ``with(_:)`` body is open stops it too. Release builds
/// keep the pointer alone, so the link costs what an `Unmanaged` costs.
@usableFromInline
package struct Unretained<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>
  #if DEBUG
    @usableFromInline weak var check: Object?
  #endif

  /// A link to `object`, which must outlive its uses.
  @inlinable @inline(__always)
  package init(_ object: Object) {
    reference = .passUnretained(object)
    #if DEBUG
      check = object
    #endif
  }

  /// A link to `object`, which is an `Object` by construction (a lane table found by its
  /// value type): debug builds check the type (`unsafeDowncast`), release builds trust it.
  @inlinable @inline(__always)
  package init(_ object: AnyObject, as _: Object.Type) {
    self.init(unsafeDowncast(object, to: Object.self))
  }

  /// Runs `body` with the object, not retained for the call: `body` must not release it
  /// (it must call no user code).
  @inlinable @inline(__always)
  package func with<Result>(_ body: (Object) -> Result) -> Result {
    checkAlive()
    #if DEBUG
      // The promise is checked where user code runs (CallbackQueue.checkUserCodeMayRun).
      CallbackQueue.beginLend()
      defer { CallbackQueue.endLend() }
    #endif
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with the object, not retained for the call, where a strong reference held
  /// elsewhere keeps it for the whole call: an animation block's animator, which the call
  /// that runs the block holds while its entry is open. Unlike ``with(_:)``, `body` may run
  /// user code, which cannot free the object while that reference holds it. Debug builds
  /// check that the object is alive before and after.
  @inlinable @inline(__always)
  package func withHeldElsewhere<Result>(_ body: (Object) -> Result) -> Result {
    checkAlive()
    defer { checkAlive() }
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with the object as a `Target`, which it is by construction (an erased link
  /// to a lane table): checked in debug builds, trusted in release builds; not retained for
  /// the call, as in ``with(_:)``.
  @inlinable @inline(__always)
  package func with<Target: AnyObject, Result>(
    as _: Target.Type, _ body: (Target) -> Result
  ) -> Result {
    with { body(unsafeDowncast($0, to: Target.self)) }
  }

  /// The object, as a strong reference that the caller holds (for a use that may release
  /// the link's last owner).
  @inlinable
  package var object: Object {
    @inline(__always) get {
      checkAlive()
      return reference.takeUnretainedValue()
    }
  }

  /// Whether the link is to `other` (compared by identity; neither is retained, and the
  /// object need not be alive).
  @inlinable @inline(__always)
  package func refers(to other: Object) -> Bool {
    reference.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
  }

  /// The object's identity, for comparisons (the object need not be alive).
  @inlinable
  package var identity: UnsafeMutableRawPointer { reference.toOpaque() }

  /// Stops a debug build when the object is gone (nothing in release builds).
  @inlinable @inline(__always)
  func checkAlive() {
    #if DEBUG
      assert(check != nil, "an unretained link to a \(Object.self) outlived its object")
    #endif
  }
}
