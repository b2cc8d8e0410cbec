/// What a frame needs of a slot whose run moves plainly along a cubic curve, in 32 bytes:
/// two to a cache line, where the slot's core is 128 bytes and a timed frame read a line of
/// it (Docs/Performance.md, issue 25: at N = 100 000 the core was a third of a frame's
/// cache misses).
///
/// A pace is derived from its slot's core and kept beside it (``FrameStore``): the store
/// derives it whenever the core changes (an animator changes its core only through
/// `PropertyAnimator.updateCore`, which tells the store) and when the slot enters or
/// moves. The audit checks every slot's pace against its core, and a debug frame checks
/// each one it reads. A frame samples a slot from its pace when the pace is *plain*: the run
/// is running forward or reversed, neither cycling nor showing a linear scrub, with a cubic
/// curve and a positive duration; otherwise from the core. Both give the same sample, to
/// the bit (a reversed run's `secondsPerFraction` is negated: `a + x / −s` is `a − x / s`
/// exactly).
struct SlotPace {
  /// The clock time the run's fraction is anchored at.
  var anchorTime: Double
  /// Seconds of clock time per unit of fraction, negated for a reversed run; 0 when the pace
  /// is not plain.
  var secondsPerFraction: Double
  /// The fraction at `anchorTime`.
  var anchorFraction: Double
  /// The run's curve (when the pace is not plain, whichever it had last: never read).
  var curve: TimingFunction

  /// The pace of `core`.
  init(_ core: FlatAddress<AnimatorCore>) {
    anchorTime = 0
    secondsPerFraction = 0
    anchorFraction = 0
    curve = core.pointee.timing.curve
    FlatAddress.withAddress(of: &self) { Self.update($0, from: core) }
  }

  /// Whether `core`'s run moves plainly along a cubic curve.
  @inline(__always)
  private static func isPlain(_ core: FlatAddress<AnimatorCore>) -> Bool {
    core.pointee.phase == .running && !core.pointee.isCycling
      && !core.pointee.showsLinearScrub && !core.pointee.timing.isSpring
      && core.pointee.secondsPerFraction > 0
  }

  /// Makes `pace` the pace of `core`, in place: a pace that is not plain keeps its other
  /// fields (never read), and the curve is replaced only by a different one (a copy
  /// retains the curve's solver, and this runs at every change of a core).
  static func update(_ pace: FlatAddress<SlotPace>, from core: FlatAddress<AnimatorCore>) {
    guard isPlain(core) else {
      pace.pointee.secondsPerFraction = 0
      return
    }
    pace.pointee.anchorTime = core.pointee.anchorTime
    let seconds = core.pointee.secondsPerFraction
    pace.pointee.secondsPerFraction = core.pointee.reversed ? -seconds : seconds
    pace.pointee.anchorFraction = core.pointee.anchorFraction
    if pace.pointee.curve != core.pointee.timing.curve {
      pace.pointee.curve = core.pointee.timing.curve
    }
  }

  /// Whether this is the pace of `core`; for the audit and debug frames.
  func matches(_ core: FlatAddress<AnimatorCore>) -> Bool {
    guard Self.isPlain(core) else { return secondsPerFraction == 0 }
    let seconds = core.pointee.secondsPerFraction
    return anchorTime == core.pointee.anchorTime
      && secondsPerFraction == (core.pointee.reversed ? -seconds : seconds)
      && anchorFraction == core.pointee.anchorFraction && curve == core.pointee.timing.curve
  }

  /// The slot's sample at clock time `time`, from `pace` if it is plain and the run has
  /// begun, else from `core` (``AnimatorCore/frameSample(_:at:)``).
  @inline(__always)
  static func frameSample(
    _ pace: FlatAddress<SlotPace>, _ core: FlatAddress<AnimatorCore>, at time: Double
  ) -> SlotSample {
    #if DEBUG
      assert(pace.pointee.matches(core), "a slot's pace is not its core's")
    #endif
    let seconds = pace.pointee.secondsPerFraction
    let elapsed = time - pace.pointee.anchorTime
    guard seconds != 0, elapsed > 0 else { return AnimatorCore.frameSample(core, at: time) }
    let f = (pace.pointee.anchorFraction + elapsed / seconds).clamped(to: 0...1)
    guard f < 1 else { return SlotSample(fraction: f, timing: .end) }
    let progress = pace.pointee.curve.value(at: f)
    return SlotSample(
      fraction: f, timing: TimingSample(progress: SIMD2(repeating: progress), impulse: 0))
  }
}
