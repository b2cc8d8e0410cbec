// Reading a core where it lives, without copying it: the frame's per-slot sample, read
// field by field through its address in the store, and the pure functions through it. (A copy of
// the core costs a memcpy and a retain and release of its curve's solver.)

extension AnimatorCore {
  /// What a frame keeps for a slot at clock time `time`: the fraction there and the timing
  /// sampled at it.
  func frameSample(at time: Double) -> SlotSample {
    let f = fraction(at: time)
    return SlotSample(fraction: f, timing: timing.sample(at: f, linear: showsLinearScrub))
  }

  /// ``frameSample(at:)`` of the core at `core`, read field by field in place.
  ///
  /// The common case (running, past any start delay, one play, no linear scrub) is inline;
  /// every other takes an outlined call. A method on the value read the whole core per
  /// slot, and the fields that only a rare case needs were kept in registers and spilled
  /// around that case's calls: `dance-bench --timed-frame-probe` counted 222 instructions
  /// per node-frame that way.
  @inline(__always)
  static func frameSample(_ core: FlatAddress<AnimatorCore>, at time: Double) -> SlotSample {
    let elapsed = time - core.pointee.anchorTime
    let secondsPerFraction = core.pointee.secondsPerFraction
    guard core.pointee.phase == .running, !core.pointee.isCycling,
      !core.pointee.showsLinearScrub, elapsed > 0, secondsPerFraction > 0
    else { return outlinedFrameSample(core, at: time) }
    let moved = elapsed / secondsPerFraction
    let anchor = core.pointee.anchorFraction
    let f = (core.pointee.reversed ? anchor - moved : anchor + moved).clamped(to: 0...1)
    guard f < 1 else { return SlotSample(fraction: f, timing: .end) }
    if core.pointee.timing.isSpring {
      let t = f * core.pointee.timing.duration
      return SlotSample(
        fraction: f, timing: core.pointee.timing.spring.state(at: t, velocity: false).value)
    }
    let progress = core.pointee.timing.curve.value(at: f)
    return SlotSample(
      fraction: f, timing: TimingSample(progress: SIMD2(repeating: progress), impulse: 0))
  }

  @inline(never)
  static func outlinedFrameSample(_ core: FlatAddress<AnimatorCore>, at time: Double)
    -> SlotSample
  {
    // Through a mutable access, in place: a copy of the core (a paused slot's, every frame)
    // would retain and release its curve's solver. (A read access copied it: 71
    // instructions a paused slot and frame, `--start-probe` with a pause before the frame.)
    core.pointee.frameSampleInPlace(at: time)
  }

  /// ``frameSample(at:)``, called on the core where it lives: `self` is the caller's
  /// storage, which the call reads without copying.
  private mutating func frameSampleInPlace(at time: Double) -> SlotSample {
    frameSample(at: time)
  }
}

/// The core's pure functions, read in place through its address (a copy of the core is 128
/// bytes, and a retain and release of its curve's solver).
extension FlatAddress where Element == AnimatorCore {
  /// ``AnimatorCore/fraction(at:)``.
  @inline(__always)
  func fraction(at time: Double) -> Double {
    pointee.fraction(at: time)
  }

  /// ``AnimatorCore/sample(atFraction:slopes:)``.
  @inline(__always)
  func sample(atFraction f: Double, slopes: Bool = false) -> SampleAndSlope {
    pointee.sample(atFraction: f, slopes: slopes)
  }

  /// ``AnimatorCore/speed(at:)``.
  @inline(__always)
  func speed(at time: Double) -> Double {
    pointee.speed(at: time)
  }
}
