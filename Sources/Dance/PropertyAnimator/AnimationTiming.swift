/// The pacing of an animator, evaluated as progress over local time u ∈ [0, 1].
///
/// A cubic curve gives the same progress on both axes. A spring gives progress per axis
/// (its initial velocity may differ between x and y) plus the spring's impulse response,
/// which carries a property's own in-flight velocity into the new motion: the spring is
/// linear, so the motion from a given velocity is the step response plus that velocity times
/// the impulse response.
struct AnimationTiming {
  // Two fields rather than an enum of the two kinds: a frame reads the one it needs in
  // place, where binding an enum's payload copied it first.

  /// Whether the pacing is `spring`; otherwise it is `curve`.
  let isSpring: Bool
  /// The cubic curve (linear, unused, for a spring).
  let curve: TimingFunction
  /// The spring; lanes: x progress, y progress, impulse response, unused (at rest, unused,
  /// for a curve).
  let spring: DampedOscillator<SIMD4<Double>>
  /// The seconds of spring time that u ∈ [0, 1] spans; for a cubic curve, the duration.
  let duration: Double

  /// What the timing gives at one instant: per-axis progress and impulse response, and
  /// their derivatives with respect to u.
  struct Sample {
    var progress: SIMD2<Double>
    var impulse: Double
    var progressSlope: SIMD2<Double>
    var impulseSlope: Double

    static let end = Sample(
      progress: SIMD2(1, 1), impulse: 0, progressSlope: .zero, impulseSlope: 0)
  }

  /// Linear progress at `u` (what scrubbing shows with `scrubsLinearly`).
  static func linearSample(_ u: Double) -> Sample {
    u >= 1
      ? .end
      : Sample(
        progress: SIMD2(repeating: max(u, 0)), impulse: 0, progressSlope: SIMD2(1, 1),
        impulseSlope: 0)
  }

  /// The timing `provider` describes, for an animator whose requested duration is
  /// `requestedDuration` seconds.
  init(_ provider: any TimingCurveProvider, requestedDuration: Double) {
    if let spring = provider.springTimingParameters {
      self.init(spring: spring, requestedDuration: requestedDuration)
    } else if let cubic = provider.cubicTimingParameters {
      self.init(curve: cubic.timingFunction, duration: requestedDuration)
    } else {
      DanceError.report(
        .illegalState,
        "PropertyAnimator: the timing provider has neither cubic nor spring parameters; "
          + "using ease-in-out")
      self.init(curve: .easeInOut, duration: requestedDuration)
    }
  }

  init(curve: TimingFunction, duration: Double) {
    isSpring = false
    self.curve = curve
    spring = Self.unusedSpring
    self.duration = duration
  }

  /// The spring field of a cubic timing.
  private static var unusedSpring: DampedOscillator<SIMD4<Double>> {
    DampedOscillator(target: .zero, value: .zero, velocity: .zero, stiffness: 0, damping: 0)
  }

  init(spring parameters: SpringTimingParameters, requestedDuration: Double) {
    let stiffness: Double
    let damping: Double
    let duration: Double
    if let spring = parameters.spring {
      stiffness = spring.stiffness / spring.mass
      damping = spring.damping / spring.mass
      let settling = spring.settlingDuration
      duration = settling.isFinite ? settling : requestedDuration
    } else {
      // Choose the response so that the spring settles in the requested duration: settling
      // time scales with the response for a given damping ratio.
      let ratio = max(parameters.dampingRatio, 0.01)
      let unit = SpringParameters(dampingRatio: ratio, response: 1)
      let response = requestedDuration > 0 ? requestedDuration / unit.settlingDuration : 1
      let spring = SpringParameters(dampingRatio: ratio, response: max(response, 1e-6))
      stiffness = spring.stiffness
      damping = spring.damping
      duration = requestedDuration
    }
    let velocity = parameters.initialVelocity
    isSpring = true
    curve = .linear
    spring = DampedOscillator(
      target: SIMD4(1, 1, 0, 0), value: .zero, velocity: SIMD4(velocity.dx, velocity.dy, 1, 0),
      stiffness: stiffness, damping: damping)
    self.duration = duration
  }

  /// The timing at local time `u` for drawing a frame: progress and impulse response, with
  /// the slopes left at zero (a cubic curve's slope costs a second evaluation, and only
  /// velocity queries need it).
  func frameSample(_ u: Double) -> Sample {
    let values =
      isSpring
      ? Self.springFrameValues(u, spring: spring, duration: duration)
      : Self.curveFrameValues(u, curve: curve)
    return Sample(
      progress: SIMD2(values.x, values.y), impulse: values.z, progressSlope: .zero,
      impulseSlope: 0)
  }

  // The frame values from a timing's parts, for `frameSample` and for the frame store (which
  // keeps curves and springs in separate arrays): x progress, y progress and impulse
  // response at local time `u`, exactly the end for u ≥ 1.

  /// The frame values of linear progress (what a scrub shows with `scrubsLinearly`).
  @inline(__always)
  static func linearFrameValues(_ u: Double) -> SIMD3<Double> {
    let progress = min(max(u, 0), 1)
    return SIMD3(progress, progress, 0)
  }

  /// The frame values of a cubic timing.
  @inline(__always)
  static func curveFrameValues(_ u: Double, curve: TimingFunction) -> SIMD3<Double> {
    guard u < 1 else { return SIMD3(1, 1, 0) }
    let progress = curve.value(at: max(u, 0))
    return SIMD3(progress, progress, 0)
  }

  /// The frame values of a spring timing whose u ∈ [0, 1] spans `duration` seconds.
  @inline(__always)
  static func springFrameValues(
    _ u: Double, spring: DampedOscillator<SIMD4<Double>>, duration: Double
  ) -> SIMD3<Double> {
    guard u < 1 else { return SIMD3(1, 1, 0) }
    let value = spring.value(at: max(u, 0) * duration)
    return SIMD3(value[0], value[1], value[2])
  }

  /// The timing at local time `u`; exactly the end (progress 1, at rest) for u ≥ 1.
  func sample(_ u: Double) -> Sample {
    guard u < 1 else { return .end }
    let u = max(u, 0)
    if isSpring {
      let (value, velocity) = spring.state(at: u * duration)
      return Sample(
        progress: SIMD2(value[0], value[1]), impulse: value[2],
        progressSlope: SIMD2(velocity[0], velocity[1]) * duration,
        impulseSlope: velocity[2] * duration)
    }
    let (progress, slope) = curve.valueAndSlope(at: u)
    return Sample(
      progress: SIMD2(repeating: progress), impulse: 0, progressSlope: SIMD2(repeating: slope),
      impulseSlope: 0)
  }
}
