// The one file of Dance that imports the platform C library: per-thread storage for the
// animation blocks that are open on a thread.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value of type `Value` per thread, created on first use and released with the thread.
///
/// Dance keeps the stack of open animation blocks here: a block is open only for the
/// synchronous run of its closure on one thread, so two scenes advanced on two threads never
/// see each other's blocks (a task-local value would leak into tasks the block creates).
final class ThreadLocal<Value: AnyObject>: Sendable {
  private let key: pthread_key_t?
  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) {
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

  /// This thread's value.
  var value: Value {
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
