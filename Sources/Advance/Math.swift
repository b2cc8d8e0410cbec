// The one file of Advance (and Dance) that imports the platform C library for arithmetic
// and output: the rest reaches the C math functions and the standard-error stream through
// the thin wrappers below (per-thread storage, the other use of the C library, is
// Storage/ThreadLocal.swift), so a port to a new platform touches these two files.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// e raised to `x`.
@inlinable @inline(__always)
package func cExp(_ x: Double) -> Double { exp(x) }

/// e raised to `x`, minus one, accurate for `x` near zero.
@inlinable @inline(__always)
package func cExpm1(_ x: Double) -> Double { expm1(x) }

/// The natural logarithm of `x`.
@inlinable @inline(__always)
package func cLog(_ x: Double) -> Double { log(x) }

/// The cosine of `x` radians.
@inlinable @inline(__always)
package func cCos(_ x: Double) -> Double { cos(x) }

/// The sine of `x` radians.
@inlinable @inline(__always)
package func cSin(_ x: Double) -> Double { sin(x) }

/// Writes `text` to the process's standard error stream, unbuffered.
package func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      #if canImport(ucrt)
        let written = Int(_write(2, bytes.baseAddress! + offset, UInt32(bytes.count - offset)))
      #else
        let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if written <= 0 { return }
      offset += written
    }
  }
}

/// The angle of the point (x, y) from the positive x axis, in (−π, π].
@inlinable @inline(__always)
package func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// Seconds on the monotonic clock, from an arbitrary origin; for the real-time driver and
/// the package's tools.
package func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Blocks the calling thread for about `seconds` (nothing for 0 or less).
func sleep(seconds: Double) {
  // At most a second per call: the driver sleeps for a frame, never for an absurd time.
  let seconds = min(seconds, 1)
  guard seconds > 0 else { return }
  var request = timespec(
    tv_sec: Int(seconds.rounded(.down)),
    tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 {
    request = remaining
  }
}

/// The calling thread's identity, for the debug checks of thread confinement.
func currentThreadIdentity() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
