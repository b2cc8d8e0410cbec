import Dance

/// How a test steps time: the frames a display would show, at a steady rate, with a
/// seeded jitter, or replayed from a host's log.
///
/// ```swift
/// scene.clock.advance(by: 2, pacing: .jittered(fps: 60, spread: 0.3, seed: 7))
/// ```
///
/// Every step is an `AnimationClock.advance(by:)` (the last one an `advance(to:)`), so what a
/// test sees is what a host sees, frame by frame, and the clock lands exactly on the time
/// asked for.
public enum FramePacing: Sendable, Equatable {
  /// Steps of `1 / fps` seconds.
  case fixed(fps: Double)
  /// Steps of `1 / fps × (1 + u × spread)` seconds, `u` uniform in −1…1 from a generator
  /// seeded with `seed`: the same pacing gives the same steps in every call and on every
  /// machine. `spread` is clamped to 0…0.9.
  case jittered(fps: Double, spread: Double, seed: UInt64)
  /// The durations of a host's frames in seconds, as it logged them (each frame's time
  /// minus the one before), replayed in order and from the start again when the time asked
  /// for is longer than the log.
  case recorded([Double])
}

extension AnimationClock {
  /// Advances the clock by `seconds` in the steps `pacing` gives, landing exactly on
  /// ``now`` + `seconds`: the last step is cut short to end there. Called from inside a clock
  /// callback, an animation block or a simulation function it does not move the clock (the
  /// clock reports it), as `advance(by:)` does not.
  ///
  /// A NaN, infinite or negative `seconds`, a frame rate that is not positive and finite, or
  /// a log with no positive finite duration reports a `DanceError` and does not move the
  /// clock; a log's other entries are skipped (reported once). A span that needs more than
  /// ``AnimationClock/maximumFramesPerCall`` steps takes that many, then the rest in one,
  /// and reports it.
  public func advance(by seconds: Double, pacing: FramePacing) {
    advance(by: seconds, pacing: pacing, call: "AnimationClock.advance") {}
  }

  /// ``advance(by:pacing:)``, calling `eachFrame` after every step; errors name `call`.
  func advance(
    by seconds: Double, pacing: FramePacing, call name: String, eachFrame: () -> Void
  ) {
    func call() -> String { "\(name)(by: \(seconds), pacing: \(pacing))" }
    guard seconds.isFinite, seconds >= 0 else {
      DanceError.report(
        .outOfRange, "\(call()): the time must be finite and not negative; the clock did not move")
      return
    }
    guard var steps = FrameSteps(pacing, call: call) else { return }
    let target = now + seconds
    var taken = 0
    while now < target {
      guard taken < Self.maximumFramesPerCall else {
        DanceError.report(
          .outOfRange,
          "\(call()): more than \(Self.maximumFramesPerCall) frames; the rest in one step")
        break
      }
      let step = steps.next()
      if now + step >= target { break }
      let before = advanceCount
      advance(by: step)
      // Refused (called from inside a callback or a block): reported by the clock.
      if advanceCount == before { return }
      eachFrame()
      taken += 1
    }
    // (A span of 0 still advances once, as `advance(by: 0)` does: what is due runs.)
    if now < target || taken == 0 {
      let before = advanceCount
      advance(to: target)
      if advanceCount != before { eachFrame() }
    }
  }
}

/// The step durations of a ``FramePacing``, one after another.
struct FrameSteps {
  private let pacing: FramePacing
  private var generator: SplitMix64
  private var index = 0
  private let durations: [Double]

  /// The steps of `pacing`; nil, with a `DanceError` for `call`, if it gives none.
  init?(_ pacing: FramePacing, call: () -> String) {
    self.pacing = pacing
    switch pacing {
    case .fixed(let fps), .jittered(let fps, _, _):
      guard fps.isFinite, fps > 0, (1 / fps).isFinite else {
        DanceError.report(
          .outOfRange,
          "\(call()): the frame rate must be positive and finite; the clock did not move")
        return nil
      }
      durations = []
    case .recorded(let log):
      durations = log.filter { $0.isFinite && $0 > 0 }
      guard !durations.isEmpty else {
        DanceError.report(
          .outOfRange,
          "\(call()): the log has no positive, finite frame duration; the clock did not move")
        return nil
      }
      if durations.count < log.count {
        DanceError.report(
          .outOfRange,
          "\(call()): \(log.count - durations.count) of the log's durations are not positive and "
            + "finite; they are skipped")
      }
    }
    if case .jittered(_, _, let seed) = pacing {
      generator = SplitMix64(seed: seed)
    } else {
      generator = SplitMix64(seed: 0)
    }
  }

  /// The next step's duration, in seconds.
  mutating func next() -> Double {
    switch pacing {
    case .fixed(let fps):
      return 1 / fps
    case .jittered(let fps, let spread, _):
      let spread = spread.isNaN ? 0 : min(max(spread, 0), 0.9)
      // 53 random bits as a fraction in 0..<1, then spread to −1...1.
      let unit = Double(generator.next() >> 11) * 0x1p-53
      return (1 + (2 * unit - 1) * spread) / fps
    case .recorded:
      defer { index = (index + 1) % durations.count }
      return durations[index]
    }
  }
}
