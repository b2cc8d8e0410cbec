// Helpers shared by the test targets: tolerance comparison, error capture, a seeded
// generator and clock-stepping patterns.

public import Advance
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Double {
  /// Whether `self` and `other` differ by at most `absoluteTolerance`, or by at most
  /// `relativeTolerance` of the larger magnitude.
  public func isApproximatelyEqual(
    to other: Double, absoluteTolerance: Double = 0, relativeTolerance: Double = 0
  ) -> Bool {
    guard isFinite && other.isFinite else { return self == other }
    let difference = abs(self - other)
    return difference <= absoluteTolerance
      || difference <= relativeTolerance * Swift.max(abs(self), abs(other))
  }
}

/// Collects the `DanceError`s reported while a test's body runs.
public final class ErrorLog: Sendable {
  private let storage = Mutex<[DanceError]>([])

  /// An empty log.
  public init() {}

  /// The errors reported so far.
  public var errors: [DanceError] { storage.withLock { $0 } }

  /// Runs `body` with this log receiving the errors the current task reports.
  public func capture<Result>(_ body: () throws -> Result) rethrows -> Result {
    try DanceError.withHandler(
      { error in self.storage.withLock { $0.append(error) } }, operation: body)
  }
}

/// Runs `body` and returns its result with the errors it reported.
public func collectingErrors<Result>(_ body: () throws -> Result) rethrows -> (Result, [DanceError])
{
  let log = ErrorLog()
  let result = try log.capture(body)
  return (result, log.errors)
}

/// Ways of stepping a clock to a given time, for frame-rate independence tests.
public enum Stepping: CustomStringConvertible, Sendable, CaseIterable {
  case oneStep, hz30, hz60, hz120, hz144, irregular

  /// The pattern's name, for test output.
  public var description: String {
    switch self {
    case .oneStep: "one step"
    case .hz30: "30 Hz"
    case .hz60: "60 Hz"
    case .hz120: "120 Hz"
    case .hz144: "144 Hz"
    case .irregular: "irregular"
    }
  }

  /// Advances `clock` from its current time to exactly `end`, in this pattern of frames.
  ///
  /// Regular rates use whole frames (`start + frame / rate`, not a running sum), then a last
  /// step to `end`; irregular steps are drawn from a seeded generator.
  public func advance(_ clock: AnimationClock, to end: Double) {
    let start = clock.now
    switch self {
    case .oneStep:
      break
    case .irregular:
      var generator = SplitMix64(seed: 0xDA11CE)
      var time = start
      while true {
        time += Double.random(in: 0.0005...0.05, using: &generator)
        if time >= end { break }
        clock.advance(to: time)
      }
    default:
      let rate: Double =
        switch self {
        case .hz30: 30
        case .hz60: 60
        case .hz120: 120
        default: 144
        }
      var frame = 1.0
      while start + frame / rate < end {
        clock.advance(to: start + frame / rate)
        frame += 1
      }
    }
    clock.advance(to: end)
  }
}

/// The textbook step response of a spring of unit mass, natural angular frequency `omega`
/// and damping ratio `ratio`, released at rest from 0 toward 1: its offset from 1, x(t) − 1,
/// at `t` seconds, in each regime's closed form (bouncing, critical, over-damped). Written
/// apart from Advance's solver, to check it.
public func springStepOffset(omega: Double, ratio: Double, at t: Double) -> Double {
  let alpha = ratio * omega
  let q = omega * omega - alpha * alpha
  if q > 0 {
    let w = q.squareRoot()
    return -exp(-alpha * t) * (cos(w * t) + alpha / w * sin(w * t))
  }
  if q == 0 { return -(1 + alpha * t) * exp(-alpha * t) }
  let b = (-q).squareRoot()
  let (r1, r2) = (-alpha + b, -alpha - b)
  return -(r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
}
