/// The path of one animated property, as data: where it starts, where it goes, and how.
///
/// Every kind of property animation is this one shape, evaluated by one function
/// (``value(at:sample:slope:core:slopes:)``) in frames, in pauses and scrubs, at the end and in
/// velocity queries:
///
/// - before `windowStart` (a block's delay factor) the property rests at `from`;
/// - from `segmentStart` on it follows the animator's timing from `segmentFrom` to `to`,
///   plus `inherited` (a velocity carried into a spring) times the spring's impulse response;
/// - between the two (only after `continueAnimation` re-based the segment) it moves linearly
///   from `from` to `segmentFrom`;
/// - with `segmentReversed` (a `continueAnimation` of a reversed animator) the segment runs
///   the other way: from `segmentStart` down to `windowStart` it follows the timing from
///   `segmentFrom` back to `from`, and above `segmentStart` it moves linearly from
///   `segmentFrom` to `to`;
/// - with `keyframes` (an index into its ``LaneTable``'s keyframe tracks), the keyframes
///   decide instead (`Node.animateKeyframes`); with `timeline`, a ``TimelineTrack`` does;
///   with `motion`, a ``MotionTrack`` (`Node.move(along:rotation:)`); the table evaluates
///   those.
///
/// The common case (a segment over the whole path, no keyframes, no velocity carried in)
/// needs only `from`, `to` and the slot's shared sample: ``isPlain``. A plain value (no references), so that
/// the lane tables copy and remove paths without the runtime's help.
struct LanePath<V: SIMD> where V.Scalar == Double {
  var from: V
  var to: V
  var windowStart = 0.0
  var segmentStart = 0.0
  var segmentFrom: V
  /// Value units per second of spring time, multiplying the spring's impulse response.
  var inherited: V = .zero
  /// The index of the path's keyframe track in its table, or -1.
  var keyframes: Int32 = -1
  /// The index of the path's timeline track in its table, or -1.
  var timeline: Int32 = -1
  /// The index of the path's motion track in its table (a move along a ``Path``), or -1;
  /// its `from` and `to` are then the motion's ends, and the track has the rest. (Before
  /// the flags, which fill the padding after it: the path stays 96 bytes a pair.)
  var motion: Int32 = -1
  /// Whether the segment runs from `segmentStart` down to `windowStart` (re-based while
  /// reversed).
  var segmentReversed = false
  /// Whether the lane jumps instead of moving (``MotionPreference/reduced``): it shows the
  /// end its run heads to once the run has begun moving that way, and the end it starts
  /// from before (``LaneTable`` evaluates it). Never re-based.
  var jumps = false

  init(from: V, to: V, windowStart: Double = 0) {
    let from = Self.bounded(from)
    self.from = from
    self.to = Self.bounded(to)
    self.windowStart = windowStart
    segmentStart = windowStart
    segmentFrom = from
  }

  /// The path ``isBareBlend`` describes, from ends that are already bounded: how a lane
  /// table gives back the path of a lane that keeps no path of its own.
  init(bareBlendFrom from: V, to: V) {
    self.from = from
    self.to = to
    segmentFrom = from
  }

  /// Whether the path is ``init(bareBlendFrom:to:)`` of its ends: plain, with its window and
  /// segment starting at 0 and from `from`. A lane table keeps no path for such a lane.
  var isBareBlend: Bool {
    isPlain && windowStart == 0 && segmentFrom == from
  }

  /// The largest magnitude a path holds in any lane of its ends and its carried velocity:
  /// 10¹⁰⁰. The timing factors are bounded too (a curve's by its ±10⁶ overshoot, a spring's
  /// at ±10¹⁵⁰), so no evaluation of a path can overflow, nor any value built from one (a
  /// transform multiplies its lanes). A motion that runs beyond the bound (springs
  /// restarted again and again with huge velocities, whose overshoot compounds) is held at
  /// it; a value assigned beyond it is set without animation
  /// (``exceedsBound(_:)``).
  static var maximumMagnitude: Double { 1e100 }

  /// `value` with every lane clamped to ±``maximumMagnitude``.
  @inline(__always)
  static func bounded(_ value: V) -> V {
    value.clamped(
      lowerBound: V(repeating: -maximumMagnitude), upperBound: V(repeating: maximumMagnitude))
  }

  /// Whether a lane of `value` is beyond ±``maximumMagnitude``.
  @inline(__always)
  static func exceedsBound(_ value: V) -> Bool {
    bounded(value) != value
  }

  /// Whether the path is one segment from 0 to 1 without keyframes, so that the animator's
  /// timing sampled at u = f serves as it is.
  var isPlain: Bool {
    segmentStart == 0 && keyframes < 0 && timeline < 0 && motion < 0 && inherited == .zero
      && !segmentReversed && !jumps
  }

  /// Per-lane progress: even lanes follow x, odd lanes y.
  ///
  /// For the three widths of the built-in properties it is the pair repeated, without a
  /// branch (the width is known when the code is specialised, and a `V` of two, four or
  /// eight `Double`s is `SIMD2`, `SIMD4` or `SIMD8` of `Double`): a test of x ≠ y and a lane
  /// loop cost a plain lane's blend a third more.
  @inline(__always)
  static func mask(_ progress: SIMD2<Double>) -> V {
    switch V.scalarCount {
    case 2:
      return unsafeBitCast(progress, to: V.self)
    case 4:
      return unsafeBitCast(SIMD4(lowHalf: progress, highHalf: progress), to: V.self)
    case 8:
      let quad = SIMD4(lowHalf: progress, highHalf: progress)
      return unsafeBitCast(SIMD8(lowHalf: quad, highHalf: quad), to: V.self)
    default:
      var mask = V(repeating: progress.x)
      for lane in stride(from: 1, to: V.scalarCount, by: 2) {
        mask[lane] = progress.y
      }
      return mask
    }
  }

  /// The one blend: `a·(1 − p) + b·p` per lane, plus `inherited` (a velocity carried into
  /// a spring) times the impulse response. Exact at both ends: p = 1 gives `b` to the bit.
  @inline(__always)
  static func blend(_ a: V, _ b: V, inherited: V = .zero, _ sample: TimingSample) -> V {
    let progress = mask(sample.progress)
    let value = a * (1 - progress) + b * progress
    return sample.impulse == 0 ? value : value + inherited * sample.impulse
  }

  /// ``blend(_:_:inherited:_:)`` of a plain path (no velocity carried in): `a·(1 − p) + b·p`
  /// per lane, exact at p = 1.
  @inline(__always)
  static func plainBlend(_ a: V, _ b: V, _ progress: SIMD2<Double>) -> V {
    let p = mask(progress)
    return a * (1 - p) + b * p
  }

  /// The value at fraction `f` of the animator, and with `slopes` its derivative with
  /// respect to f (zero otherwise).
  ///
  /// `sample` is the animator's timing at u = f, and `slope` its derivative when `slopes`
  /// is set; a segment that starts later samples the timing of the core at `core` itself
  /// (read in place: a copy of the core retains its solver). (Keyframes are evaluated by the table, which
  /// holds them.)
  @inline(__always)
  func value(
    at f: Double, sample: TimingSample, slope: TimingSample = .zero,
    core: FlatAddress<AnimatorCore>, slopes: Bool
  ) -> (value: V, slope: V) {
    if segmentReversed { return reversedValue(at: f, core: core, slopes: slopes) }
    if f >= segmentStart {
      var (sample, sampleSlope) = (sample, slope)
      let span = 1 - segmentStart
      if segmentStart != 0 {
        (sample, sampleSlope) = core.sample(
          atFraction: span > 0 ? (f - segmentStart) / span : 1, slopes: slopes)
      }
      let value = Self.blend(segmentFrom, to, inherited: inherited, sample)
      guard slopes else { return (value, .zero) }
      var slope = (to - segmentFrom) * Self.mask(sampleSlope.progress)
      if sampleSlope.impulse != 0 { slope += inherited * sampleSlope.impulse }
      return (value, slope / (span > 0 ? span : 1))
    }
    let span = segmentStart - windowStart
    guard f > windowStart, span > 0 else { return (from, .zero) }
    return (from.lerp(to: segmentFrom, (f - windowStart) / span), (segmentFrom - from) / span)
  }

  /// Starts a new segment at fraction `f` from `value` (the value shown there), carrying
  /// `clockVelocity` (value units per second) into `timing` if it is a spring, for a
  /// fraction that moves at `speed` per second.
  mutating func rebase(
    at f: Double, value: V, clockVelocity: V, timing: AnimationTiming, speed: Double
  ) {
    // Keyframes and timelines follow the fraction itself; before its window a path has not
    // started: no change.
    // (A motion's track re-bases its own progress: ``LaneTable/rebaseMotion``.)
    guard keyframes < 0, timeline < 0, motion < 0, !jumps, f > windowStart else { return }
    // A reversed animator goes on from f back to the window's start, on the new timing.
    segmentReversed = speed < 0
    segmentFrom = Self.bounded(value)
    segmentStart = f
    inherit(clockVelocity: clockVelocity, timing: timing, speed: abs(speed))
  }

  /// The value of a reversed segment at fraction `f`, and with `slopes` its derivative
  /// with respect to f: the timing at u = (segmentStart − f) / (segmentStart − windowStart)
  /// from `segmentFrom` back to `from` below `segmentStart`, a line to `to` above it.
  private func reversedValue(
    at f: Double, core: FlatAddress<AnimatorCore>, slopes: Bool
  ) -> (value: V, slope: V) {
    guard f <= segmentStart else {
      let span = 1 - segmentStart
      guard span > 0 else { return (to, .zero) }
      return (segmentFrom.lerp(to: to, (f - segmentStart) / span), (to - segmentFrom) / span)
    }
    let span = segmentStart - windowStart
    let u = span > 0 ? min((segmentStart - f) / span, 1) : 1
    let (sample, sampleSlope) = core.sample(atFraction: u, slopes: slopes)
    let value = Self.blend(segmentFrom, from, inherited: inherited, sample)
    guard slopes, span > 0, f >= windowStart else { return (value, .zero) }
    // du/df = −1 / span.
    var slope = (from - segmentFrom) * Self.mask(sampleSlope.progress)
    if sampleSlope.impulse != 0 { slope += inherited * sampleSlope.impulse }
    return (value, -slope / span)
  }

  /// Sets the velocity carried into a spring: `clockVelocity` in value units per second of
  /// clock time, for a segment whose fraction moves `speed` (> 0) per second toward its
  /// end.
  mutating func inherit(clockVelocity: V, timing: AnimationTiming, speed: Double) {
    // u runs at speed / (the segment's span) per second, spring time at duration × that.
    let span = segmentReversed ? segmentStart - windowStart : 1 - segmentStart
    let springSecondsPerSecond = span > 0 ? timing.duration * speed / span : 0
    inherited =
      timing.isSpring && springSecondsPerSecond > 0
      ? Self.bounded(clockVelocity / springSecondsPerSecond) : .zero
  }
}
