import Advance

/// What an animator's pacing gives at one instant of its local time u ∈ [0, 1]: progress
/// per axis and the spring's impulse response (or, as a slope, their derivatives with
/// respect to u).
///
/// A cubic curve gives the same progress on both axes. A spring gives progress per axis
/// (its initial velocity may differ between x and y) plus its impulse response, which
/// carries a property's own in-flight velocity into the new motion: the spring is linear, so
/// the motion from a given velocity is the step response plus that velocity times the
/// impulse response.
struct TimingSample: Hashable {
  /// Progress along the path: x drives the even lanes of a value, y the odd ones.
  var progress: SIMD2<Double>
  /// The spring's impulse response (0 for a curve).
  var impulse: Double

  /// The end of every timing: progress 1 on both axes, at rest.
  static var end: TimingSample { TimingSample(progress: SIMD2(1, 1), impulse: 0) }
  /// No progress and no impulse; the slope of a sample taken without slopes.
  static var zero: TimingSample { TimingSample(progress: .zero, impulse: 0) }
}

/// The pacing of an animator: a cubic curve or a spring, over local time u ∈ [0, 1].
struct AnimationTiming {
  // Two fields rather than an enum of the two kinds: a frame reads the one it needs in
  // place, where binding an enum's payload copied it first.

  // In the order a frame reads them: the kind and the duration, then the curve (a reference
  // to its shared solver), then the spring. With the core's flags and anchors before them,
  // a timed frame reads the first 56 bytes of its slot and a spring's the first 96.

  /// Whether the pacing is `spring`; otherwise it is `curve`.
  let isSpring: Bool
  /// The seconds of spring time that u ∈ [0, 1] spans; for a cubic curve, the duration.
  let duration: Double
  /// The cubic curve (linear, unused, for a spring).
  let curve: TimingFunction
  /// The spring (at rest, unused, for a curve).
  let spring: SpringPacing

  /// The timing `provider` describes, for an animator whose requested duration is
  /// `requestedDuration` seconds; `call` names the user's call in a `DanceError`.
  init(_ provider: any TimingCurveProvider, requestedDuration: Double, call: String) {
    if let spring = provider.springTimingParameters {
      self.init(spring: spring, requestedDuration: requestedDuration)
    } else if let cubic = provider.cubicTimingParameters {
      self.init(curve: cubic.timingFunction, duration: requestedDuration)
    } else {
      DanceError.report(
        .illegalState,
        "\(call): the timing provider has neither cubic nor spring parameters; using ease-in-out")
      self.init(curve: .easeInOut, duration: requestedDuration)
    }
  }

  /// The timing `timing` describes, for an animator whose requested duration is
  /// `requestedDuration` seconds; `call` names the user's call in a `DanceError`. (Inlined:
  /// a start then builds its timing's case in place.)
  @inline(__always)
  init(_ timing: AnimatorExtras.Timing, requestedDuration: Double, call: String) {
    switch timing {
    case .cubic(let curve): self.init(curve: curve, duration: requestedDuration)
    case .dampingRatio(let ratio):
      self.init(dampingRatio: ratio, velocity: .zero, requestedDuration: requestedDuration)
    case .provider(let provider):
      self.init(provider, requestedDuration: requestedDuration, call: call)
    }
  }

  init(curve: TimingFunction, duration: Double) {
    isSpring = false
    self.curve = curve
    spring = SpringPacing(stiffness: 0, damping: 0, velocity: .zero)
    self.duration = duration
  }

  init(spring parameters: SpringTimingParameters, requestedDuration: Double) {
    guard let spring = parameters.spring else {
      self.init(
        dampingRatio: parameters.dampingRatio, velocity: parameters.initialVelocity,
        requestedDuration: requestedDuration)
      return
    }
    let settling = spring.settlingDuration
    self.init(
      stiffness: spring.stiffness / spring.mass, damping: spring.damping / spring.mass,
      velocity: parameters.initialVelocity,
      duration: settling.isFinite ? settling : requestedDuration)
  }

  /// The spring with damping ratio `ratio` (finite, not negative) that settles in
  /// `requestedDuration` seconds, leaving at `velocity`.
  init(dampingRatio ratio: Double, velocity: Vector, requestedDuration: Double) {
    // Choose the response so that the spring settles in the requested duration: settling
    // time scales with the response for a given damping ratio.
    let ratio = max(ratio, 0.01)
    let response =
      requestedDuration > 0 ? requestedDuration / Self.unitSettlingDuration(ratio) : 1
    // SpringParameters(dampingRatio: ratio, response: response) with a mass of 1, without
    // its checks: the ratio is finite and the response positive here.
    let angularFrequency = 2 * .pi / max(response, 1e-6)
    self.init(
      stiffness: angularFrequency * angularFrequency, damping: 2 * ratio * angularFrequency,
      velocity: velocity, duration: requestedDuration)
  }

  /// A spring of `stiffness` and `damping` per unit mass, leaving at `velocity` (in whole
  /// distances per second), whose local time spans `duration` seconds.
  private init(stiffness: Double, damping: Double, velocity: Vector, duration: Double) {
    isSpring = true
    curve = .linear
    spring = SpringPacing(
      stiffness: stiffness, damping: damping, velocity: SIMD2(velocity.dx, velocity.dy))
    self.duration = duration
  }

  /// The settling duration of a spring with damping ratio `ratio` and a response of 1 s.
  ///
  /// Remembered for the last few ratios asked: an app starts most of its springs with one
  /// or two, and the search for the settling time (a few evaluations of the exact solution,
  /// some 850 instructions) would otherwise be repeated by every start.
  static func unitSettlingDuration(_ ratio: Double) -> Double {
    unitSettlingDurations.result(for: ratio) {
      SpringParameters(dampingRatio: $0, response: 1).settlingDuration
    }
  }
  /// The settling durations ``unitSettlingDuration(_:)`` found last, by ratio.
  private static let unitSettlingDurations = RecentResults<Double, Double>()

  /// The timing at local time `u`, without its slope: ``sample(at:linear:slopes:)`` as a
  /// frame asks for it.
  @inline(__always)
  func sample(at u: Double, linear: Bool) -> TimingSample {
    guard u < 1 else { return .end }
    let u = max(u, 0)
    if linear { return TimingSample(progress: SIMD2(repeating: u), impulse: 0) }
    if isSpring { return Self.sample(of: spring, spanning: duration, at: u) }
    return Self.sample(of: curve, at: u)
  }

  /// ``sample(at:linear:)`` of a spring timing whose local time spans `duration` seconds of
  /// `spring`, which reads nothing else of the timing (no reference to retain: a timeline's
  /// pass over its children reads the two fields in place).
  @inline(__always)
  static func sample(of spring: SpringPacing, spanning duration: Double, at u: Double)
    -> TimingSample
  {
    guard u < 1 else { return .end }
    return spring.state(at: max(u, 0) * duration, velocity: false).value
  }

  /// ``sample(at:linear:)`` of a cubic timing with `curve`, which reads nothing else of
  /// the timing (a timeline's pass over its children keeps the curve apart).
  @inline(__always)
  static func sample(of curve: TimingFunction, at u: Double) -> TimingSample {
    guard u < 1 else { return .end }
    return TimingSample(progress: SIMD2(repeating: curve.value(at: max(u, 0))), impulse: 0)
  }

  /// The one sampler: the timing at local time `u` and, with `slopes`, its derivative with
  /// respect to u (``TimingSample/zero`` otherwise). Exactly ``TimingSample/end`` for u ≥ 1
  /// and the start for u ≤ 0. `linear` gives linear progress instead (what a scrub shows
  /// with `scrubsLinearly`). Frames ask for no slopes (a curve's slope costs a second
  /// evaluation, and inlined with `slopes` false that code is gone); velocity queries and
  /// re-basing do.
  @inline(__always)
  func sample(at u: Double, linear: Bool, slopes: Bool) -> SampleAndSlope {
    guard u < 1 else { return (.end, .zero) }
    let u = max(u, 0)
    if linear {
      let slope = slopes ? TimingSample(progress: SIMD2(1, 1), impulse: 0) : .zero
      return (TimingSample(progress: SIMD2(repeating: u), impulse: 0), slope)
    }
    if isSpring {
      let (value, velocity) = spring.state(at: u * duration, velocity: slopes)
      return (
        value,
        TimingSample(progress: velocity.progress * duration, impulse: velocity.impulse * duration)
      )
    }
    guard slopes else {
      return (TimingSample(progress: SIMD2(repeating: curve.value(at: u)), impulse: 0), .zero)
    }
    let (progress, slope) = curve.valueAndSlope(at: u)
    return (
      TimingSample(progress: SIMD2(repeating: progress), impulse: 0),
      TimingSample(progress: SIMD2(repeating: slope), impulse: 0)
    )
  }
}

/// The spring of a spring timing, in the three numbers and one velocity it needs: its unit
/// step response per axis (progress released at 0 toward 1 with velocity `velocity`) and its
/// impulse response (released at 0 toward 0 with velocity 1).
///
/// Both are `DampedOscillator`'s motion (see its doc comment) for an offset of −1 and of 0:
///
///     progress(t) = 1 − C̃(t) + (v − α)·S̃(t)        progress′(t) = v·C̃(t) − (α·v − ω₀²)·S̃(t)
///     impulse(t)  = S̃(t)                             impulse′(t)  = C̃(t) − α·S̃(t)
///
/// with C̃ = e^(−αt)·C and S̃ = e^(−αt)·S from `DampedOscillator.basis`; without stiffness
/// (pure drag) progress = v·T(t) and impulse = T(t), T = (1 − e^(−2αt))/(2α). Kept this
/// small (32 bytes, half a cache line, rather than a four-lane oscillator's 184) because
/// every animator's timing sits in its scene's store, which a frame walks: at N = 100 000
/// the store's size is the frame's cost.
struct SpringPacing {
  /// Half the damping coefficient (1/s).
  let alpha: Double
  /// ω₀² (1/s²).
  let stiffness: Double
  /// ω₀² − α², computed where it is used (the same operations the oscillator's stored `q`
  /// takes, so the same bits) rather than stored: the spring fits in 32 bytes.
  @inline(__always) var q: Double { stiffness - alpha * alpha }
  /// The initial velocity of the step response per axis, in distances per second.
  let velocity: SIMD2<Double>

  /// A spring of `stiffness` (1/s²) and `damping` (1/s), clamped as `DampedOscillator`
  /// clamps them.
  init(stiffness: Double, damping: Double, velocity: SIMD2<Double>) {
    let limit = DampedOscillator<SIMD2<Double>>.maximumCoefficient
    let stiffness = min(stiffness, limit)
    alpha = min(damping, limit) / 2
    self.stiffness = stiffness
    self.velocity = velocity
  }

  /// `x` held within ±10¹⁵⁰.
  @inline(__always)
  static func bounded(_ x: Double) -> Double { min(max(x, -1e150), 1e150) }

  /// The sample `t` seconds after release, and with `velocity` its derivative with respect
  /// to t (zero otherwise).
  @inline(__always)
  func state(at t: Double, velocity withVelocity: Bool) -> (
    value: TimingSample, velocity: TimingSample
  ) {
    if stiffness == 0 {
      let rate = 2 * alpha
      let travel = rate > 0 ? -cExpm1(-rate * t) / rate : t
      let value = TimingSample(progress: velocity * travel, impulse: travel)
      guard withVelocity else { return (value, .zero) }
      let decay = cExp(-rate * t)
      return (value, TimingSample(progress: velocity * decay, impulse: decay))
    }
    let (c, s) = DampedOscillator<SIMD2<Double>>.basis(alpha: alpha, q: q, at: t)
    // Bounded at ±10¹⁵⁰ (a spring whose velocity dwarfs its frequency overshoots without
    // limit), so that a path's evaluation cannot overflow (`LanePath.maximumMagnitude`).
    // (Per lane with min and max: SIMD's `clamped` compiled to a NaN test per lane.)
    let progress = 1 - c + (velocity - alpha) * s
    let value = TimingSample(
      progress: SIMD2(Self.bounded(progress.x), Self.bounded(progress.y)),
      impulse: Self.bounded(s))
    guard withVelocity else { return (value, .zero) }
    return (
      value,
      TimingSample(
        progress: velocity * c - (alpha * velocity - stiffness) * s, impulse: c - alpha * s)
    )
  }
}

/// A timing sample and, when asked for, its derivative (``TimingSample/zero`` otherwise).
typealias SampleAndSlope = (value: TimingSample, slope: TimingSample)
