// Per-thread storage over the platform's thread-specific keys: the one use of the C library
// outside Math.swift.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// A value of type `Value` per thread, created on first use and released with the thread.
///
/// Dance keeps the stack of open animation blocks here, and ``DanceError/collecting(_:)``
/// its collectors: each is open only for the synchronous run of a closure on one thread, so
/// two threads never see each other's (a task-local value would leak into tasks the closure
/// creates).
///
/// **Invariant:** a thread's slot holds one retained `Value` from its first use until the
/// thread ends, when the key's destructor releases it; nothing else releases it, so
/// ``withValue(_:)`` may lend it unretained to its body (which runs on that thread, while the
/// thread is alive). The downcast is by construction: only `make`'s values are stored.
@usableFromInline
package final class ThreadLocal<Value: AnyObject>: Sendable {
  @usableFromInline let key: pthread_key_t?
  private let make: @Sendable () -> Value

  /// Storage whose value, on each thread, `make` creates on first use.
  package init(_ make: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    // Should the system refuse a key, every read makes a fresh value: animation blocks then
    // apply their changes at once instead of animating, which is safe.
    self.key = status == 0 ? key : nil
    self.make = make
  }

  /// Runs `body` with this thread's value, not retained for the call (the thread keeps it:
  /// a retain and release per access was a third of the cost of one).
  @inlinable @inline(__always)
  package func withValue<Result>(_ body: (Value) -> Result) -> Result {
    guard let key, let pointer = pthread_getspecific(key) else { return body(value) }
    return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with this thread's value if the thread has made one, else with `nil`:
  /// makes nothing and writes nothing (for a read that promises the compiler as much).
  @inlinable @inline(__always)
  package func withValueIfMade<Result>(_ body: (Value?) -> Result) -> Result {
    guard let key, let pointer = pthread_getspecific(key) else { return body(nil) }
    return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0) }
  }

  /// This thread's value.
  @usableFromInline
  package var value: Value {
    guard let key else { return make() }
    if let pointer = pthread_getspecific(key) {
      return unsafeDowncast(
        Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue(), to: Value.self)
    }
    let value = make()
    pthread_setspecific(key, Unmanaged<AnyObject>.passRetained(value as AnyObject).toOpaque())
    return value
  }
}
