#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Keeps the optimiser from deleting work whose result is otherwise unused: the value's
/// first byte goes into a global that is written on every call. (A load whose result is
/// discarded does not: the optimiser deleted it, and with it every computation that fed
/// the value.)
@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { pointer in
    blackHoleSink &+= UInt64(UnsafeRawPointer(pointer).load(as: UInt8.self))
  }
}

/// What ``blackHole(_:)`` writes to; one thread uses it.
nonisolated(unsafe) var blackHoleSink: UInt64 = 0

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int = 1) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((abs(value) * scale).rounded())
  let whole = scaled / Int(scale)
  var fraction = String(scaled % Int(scale))
  while fraction.count < digits { fraction = "0" + fraction }
  return (value < 0 ? "-" : "") + "\(whole)" + (digits > 0 ? "." + fraction : "")
}

/// Pads `text` on the left to `width` characters.
func padded(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}
