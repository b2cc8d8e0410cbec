// Motion along a path (`Node.move(along:rotation:)`): a lane whose value is a point of a
// ``Path`` (or the transform turned to it), at a progress that its own ``LanePath`` of
// progress computes on the animator's timing.

/// The progress of one lane along a ``PathMotion``: a ``LanePath`` of progress from 0 to 1
/// (in its first component), so that windows, re-basing for `continueAnimation`, reversal
/// and a velocity carried into a spring work as they do for any lane; or, inside a keyframe
/// of `Node.animateKeyframes`, linear over the keyframe's slice.
struct MotionTrack {
  var progress: LanePath<SIMD2<Double>>
  let motion: PathMotion
  /// A keyframe's slice of the animation (start and duration), or a negative duration for
  /// a motion on the animator's timing.
  var sliceStart = 0.0
  var sliceDuration = -1.0
  /// The progress the lane's last written value shows (``LaneTable/shownMotionProgress``).
  var shown = 0.0
  /// Where the path was last searched, shared with the other lane of the same move (the
  /// centre's and the transform's, ``PathMemo``).
  let memo: PathMemo

  init(motion: PathMotion, windowStart: Double, memo: PathMemo) {
    self.motion = motion
    self.memo = memo
    progress = LanePath(from: .zero, to: SIMD2(repeating: 1), windowStart: windowStart)
  }

  /// The progress at fraction `f`, and with `slopes` its derivative with respect to f.
  @inline(__always)
  func progress(
    at f: Double, sample: TimingSample, slope: TimingSample, core: FlatAddress<AnimatorCore>,
    slopes: Bool
  ) -> (progress: Double, slope: Double) {
    if sliceDuration >= 0 {
      guard sliceDuration > 0 else { return (f >= sliceStart ? 1 : 0, 0) }
      let u = (f - sliceStart) / sliceDuration
      return (min(max(u, 0), 1), slopes && u > 0 && u < 1 ? 1 / sliceDuration : 0)
    }
    let (value, rate) = progress.valueOutOfLine(
      at: f, sample: sample, slope: slope, core: core, slopes: slopes)
    return (value.x, rate.x)
  }
}

extension LanePath {
  /// ``value(at:sample:slope:core:slopes:)``, kept out of line for a motion's progress:
  /// inlined into a frame's evaluation of a lane
  /// (``LaneTable/value(at:fraction:sample:slope:core:slopes:now:records:)``), it made that
  /// too large for the optimiser to inline into the frame's walk over a table of centres,
  /// which then copied each motion's track to read it (40 instructions more a node-frame
  /// along a path, `dance-bench --path-frame-probe`).
  @inline(never)
  func valueOutOfLine(
    at f: Double, sample: TimingSample, slope: TimingSample, core: FlatAddress<AnimatorCore>,
    slopes: Bool
  ) -> (value: V, slope: V) {
    value(at: f, sample: sample, slope: slope, core: core, slopes: slopes)
  }
}

extension LaneTable {
  /// The value of the motion track at `motion` at fraction `f`, and with `slopes` its
  /// derivative with respect to f. With `records` (a value about to be written into the
  /// lane) the track keeps the progress it shows and its memo where the path was searched;
  /// without, nothing is written.
  @inline(__always)
  func motionValue(
    _ motion: Int, fraction f: Double, sample: TimingSample, slope: TimingSample,
    core: FlatAddress<AnimatorCore>, slopes: Bool, records: Bool
  ) -> (value: V, slope: V) {
    let track = motions.address(of: motion)
    let (progress, rate) = track.pointee.track.progress(
      at: f, sample: sample, slope: slope, core: core, slopes: slopes)
    if records { track.pointee.track.shown = progress }
    let (value, along) = track.pointee.track.motion.value(
      V.self, at: progress, slopes: slopes, memo: track.pointee.track.memo, records: records)
    return (value, slopes ? along * rate : .zero)
  }

  /// Gives the lane at `index` its motion track: its value then follows `track`. Its path's
  /// ends are the motion's.
  @inline(never)
  func attachMotion(_ track: MotionTrack, at index: Int) {
    var path = path(at: index)
    assert(path.keyframes < 0 && path.timeline < 0, "a motion's lane has no other track")
    path.motion = Int32(truncatingIfNeeded: motions.count)
    motions.append((track, index))
    setPath(path, at: index)
  }

  /// Re-bases the progress of the lane at `index` for `continueAnimation`, if the lane
  /// moves along a path (and does not jump, nor follow a keyframe's slice); returns whether
  /// the lane moves along a path.
  func rebaseMotion(at index: Int, _ rebase: AnimatorCore.Rebase, timing: AnimationTiming)
    -> Bool
  {
    let motion = motionIndex(at: index)
    guard motion >= 0 else { return false }
    guard !path(at: index).jumps, motions[motion].track.sliceDuration < 0 else { return true }
    let f = rebase.fraction
    var oldCore = rebase.oldCore
    let (progress, rate) = FlatAddress.withAddress(of: &oldCore) { old in
      let (sample, sampleSlope) = old.sample(atFraction: f, slopes: true)
      return motions[motion].track.progress(
        at: f, sample: sample, slope: sampleSlope, core: old, slopes: true)
    }
    motions[motion].track.progress.rebase(
      at: f, value: SIMD2(repeating: progress),
      clockVelocity: SIMD2(repeating: rate * rebase.oldSpeed), timing: timing,
      speed: rebase.newSpeed)
    return true
  }

  /// Puts the progress of the lane at `index` back to its segment as recorded, without a
  /// carried velocity (``RestoreSegment``); returns whether the lane moves along a path.
  func restoreMotionSegment(at index: Int) -> Bool {
    let motion = motionIndex(at: index)
    guard motion >= 0 else { return false }
    let track = motions.address(of: motion)
    track.pointee.track.progress.segmentStart = track.pointee.track.progress.windowStart
    track.pointee.track.progress.segmentFrom = .zero
    track.pointee.track.progress.inherited = .zero
    track.pointee.track.progress.segmentReversed = false
    return true
  }

  /// The progress along its path that the lane at `index` shows, with its window's start and
  /// the path's length; nil if the lane does not move along a path.
  func shownMotionProgress(at index: Int) -> (
    progress: Double, windowStart: Double, length: Double
  )? {
    let motion = motionIndex(at: index)
    guard motion >= 0 else { return nil }
    let track = motions[motion].track
    return (track.shown, track.progress.windowStart, track.motion.length)
  }

  /// What is wrong with the motion tracks' back-indices (for the audit), and any motion
  /// lane with keyframes or a timeline track too: a frame tests a lane's motion first
  /// (``value(at:fraction:sample:slope:core:slopes:now:records:)``), which would hide them.
  var motionBackIndexProblems: [String] {
    motions.indices.compactMap { motion in
      let path = path(at: motions[motion].lane)
      if path.motion != motion { return "a lane's motion track is not where its path says" }
      if path.keyframes >= 0 || path.timeline >= 0 {
        return "a lane that moves along a path has keyframes or a timeline track too"
      }
      return nil
    }
  }
}
