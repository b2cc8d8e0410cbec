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
struct SlotPace: Equatable {
  /// The clock time the run's fraction is anchored at.
  var anchorTime: Double
  /// Seconds of clock time per unit of fraction, negated for a reversed run; 0 when the pace
  /// is not plain.
  var secondsPerFraction: Double
  /// The fraction at `anchorTime`.
  var anchorFraction: Double
  /// The run's curve (the linear curve when the pace is not plain).
  var curve: TimingFunction

  /// The pace of `core`.
  init(_ core: FlatAddress<AnimatorCore>) {
    let plain =
      core.pointee.phase == .running && !core.pointee.isCycling
      && !core.pointee.showsLinearScrub && !core.pointee.timing.isSpring
      && core.pointee.secondsPerFraction > 0
    guard plain else {
      anchorTime = 0
      secondsPerFraction = 0
      anchorFraction = 0
      curve = .linear
      return
    }
    anchorTime = core.pointee.anchorTime
    let seconds = core.pointee.secondsPerFraction
    secondsPerFraction = core.pointee.reversed ? -seconds : seconds
    anchorFraction = core.pointee.anchorFraction
    curve = core.pointee.timing.curve
  }

  /// The slot's sample at clock time `time`, from `pace` if it is plain and the run has
  /// begun, else from `core` (``AnimatorCore/frameSample(_:at:)``).
  @inline(__always)
  static func frameSample(
    _ pace: FlatAddress<SlotPace>, _ core: FlatAddress<AnimatorCore>, at time: Double
  ) -> SlotSample {
    #if DEBUG
      assert(pace.pointee == SlotPace(core), "a slot's pace is not its core's")
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
