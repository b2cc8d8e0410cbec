/// A ``LaneTable`` whatever its value type: what a frame, and an animation of a width other
/// than the built-in properties', need of it.
protocol ErasedLaneTable: AnyObject {
  /// Writes every lane's value for its slot's sample (a frame).
  /// `children` holds, per slot, its timeline children's samples (or nil).
  func blend(
    samples: UnsafePointer<SlotSample>, cores: UnsafePointer<AnimatorCore>,
    children: UnsafePointer<UnsafeMutablePointer<(u: Double, sample: TimingSample)>?>
  )

  /// The number of lanes.
  var count: Int { get }

  /// Runs `operation` on lane `index`, with this table as its own type.
  func perform<Operation: LaneOperation>(_ operation: Operation, lane index: Int)
    -> Operation.Result
}

/// The lanes of one value width in a scene's ``FrameStore``: per animated property, the slot
/// of the animator that drives it, its ``LanePath`` and the value on screen.
///
/// A lane lives here from the moment an animator records the property until the animation
/// lets go of it, whatever the animator's phase: the value on screen is always
/// `lanes[i].current`. The hot part of a lane (slot, `from`, `to`, the value) is laid out
/// flat for the frame; the rest of the path sits in a parallel array that only lanes with
/// more than a whole-segment path read.
///
/// The methods that the animations' control paths call (generic code, compiled once for
/// every value type, reaching the table through a class method) carry `@_specialize` for the
/// three widths of the built-in properties. Without it each call runs unspecialised SIMD
/// arithmetic: `dance-bench`'s start + finish of a two-property animation measured 132 000
/// instructions without, against the figure in Docs/Performance.md with. (The frame itself
/// calls the three tables with concrete types, which the optimiser specialises anyway.)
final class LaneTable<V: SIMD>: ErasedLaneTable where V.Scalar == Double {
  struct Lane {
    /// The slot of the animator that drives the property.
    var slot: Int32
    /// Whether the path is a plain blend from `from` to `to` by the slot's sample
    /// (``LanePath/isPlain``); otherwise the frame evaluates the whole path, which lives
    /// apart so that the frame's stream of plain lanes never touches it.
    var isPlain: Bool
    /// The lane's timeline track (an index into `timelines`), or -1; kept here so that the
    /// frame reaches it without reading the path. (It fits in the padding before `from`.)
    var timeline: Int32
    /// For a timeline lane that blends like a plain one from its child's sample: the
    /// child's index in its plan (and `from`, `to` are its segment's); -1 otherwise.
    var child: Int32 = -1
    var from: V
    var to: V
    /// The value on screen.
    var current: V
  }

  // Confined to the clock's thread; no access is held across a call out.
  @exclusivity(unchecked) private var lanes = FlatArray<Lane>()
  @exclusivity(unchecked) private var paths = FlatArray<LanePath<V>>()
  @exclusivity(unchecked) private var owners = FlatArray<UnownedAnimation>()
  /// The keyframes of the lanes that have them, each with its lane's index.
  @exclusivity(unchecked) private var tracks =
    FlatArray<(keyframes: KeyframePath<V>, lane: Int)>()
  /// The timeline tracks of the lanes that have them, each with its lane's index.
  /// (Unmanaged, released when the lane goes: the frame reaches them without a retain.)
  @exclusivity(unchecked) private var timelines =
    FlatArray<(track: Unmanaged<TimelineTrack<V>>, lane: Int)>()

  struct UnownedAnimation {
    /// Unretained: an animation removes its lane before it ends.
    unowned(unsafe) let animation: PropertyAnimation
  }

  var count: Int { lanes.count }

  func perform<Operation: LaneOperation>(_ operation: Operation, lane index: Int)
    -> Operation.Result
  {
    operation.run(on: self, lane: index)
  }

  /// Whether the table has no lanes.
  var isEmpty: Bool { lanes.isEmpty }

  deinit {
    // The tracks are held unmanaged; a table that goes with lanes left (its store going
    // with stopped animators) lets go of them here.
    for index in timelines.indices { timelines[index].track.release() }
  }

  /// Adds a lane for `owner`, showing `current`; returns its index.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func add(
    _ owner: PropertyAnimation, slot: Int, path: LanePath<V>, keyframes: KeyframePath<V>? = nil,
    timeline: TimelineTrack<V>? = nil, current: V
  ) -> Int {
    var path = path
    if let keyframes {
      path.keyframes = Int32(truncatingIfNeeded: tracks.count)
      tracks.append((keyframes, lanes.count))
    }
    if let timeline {
      path.timeline = Int32(truncatingIfNeeded: timelines.count)
      timelines.append((Unmanaged.passRetained(timeline), lanes.count))
    }
    lanes.append(
      Lane(
        slot: Int32(truncatingIfNeeded: slot), isPlain: path.isPlain, timeline: path.timeline,
        from: path.from, to: path.to, current: current))
    paths.append(path)
    owners.append(UnownedAnimation(animation: owner))
    return lanes.count - 1
  }

  /// Removes the lane at `index` (the last lane takes its index); returns the value it
  /// showed.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func remove(at index: Int) -> V {
    let track = Int(paths[index].keyframes)
    if track >= 0, let moved = tracks.swapRemove(at: track).moved {
      paths[moved.lane].keyframes = Int32(truncatingIfNeeded: track)
    }
    let timeline = Int(paths[index].timeline)
    if timeline >= 0 {
      let (removed, moved) = timelines.swapRemove(at: timeline)
      removed.track.release()
      if let moved {
        paths[moved.lane].timeline = Int32(truncatingIfNeeded: timeline)
        lanes[moved.lane].timeline = Int32(truncatingIfNeeded: timeline)
      }
    }
    if let moved = paths.swapRemove(at: index).moved {
      if moved.keyframes >= 0 { tracks[Int(moved.keyframes)].lane = index }
      if moved.timeline >= 0 { timelines[Int(moved.timeline)].lane = index }
    }
    if let moved = owners.swapRemove(at: index).moved { moved.animation.laneIndex = index }
    return lanes.swapRemove(at: index).removed.current
  }

  /// The keyframes of the lane at `index`, if it has them.
  func keyframes(at index: Int) -> KeyframePath<V>? {
    let track = Int(paths[index].keyframes)
    return track >= 0 ? tracks[track].keyframes : nil
  }

  /// Replaces the keyframes of the lane at `index`, which has them.
  func setKeyframes(_ keyframes: KeyframePath<V>, at index: Int) {
    let track = Int(paths[index].keyframes)
    if track >= 0 { tracks[track].keyframes = keyframes }
  }

  /// The timeline track of the lane at `index`, if it has one.
  func timeline(at index: Int) -> TimelineTrack<V>? {
    let track = Int(paths[index].timeline)
    return track >= 0 ? timelines[track].track.takeUnretainedValue() : nil
  }

  /// Lets the frame blend the timeline lane at `index` from its child's sample if its
  /// track allows (``TimelineTrack/plainChild``); call it after the track changes.
  func syncTimelineLane(at index: Int) {
    guard let track = timeline(at: index), let plain = track.plainChild else {
      lanes[index].child = -1
      return
    }
    lanes[index].child = plain.child
    lanes[index].from = plain.from
    lanes[index].to = plain.to
  }

  /// Where the lane at `index` is heading: its last keyframe, its timeline's value at the
  /// cursor (the end, unless the timeline is recording), or the end of its path.
  func target(at index: Int) -> V {
    let timeline = Int(paths[index].timeline)
    if timeline >= 0 { return timelines[timeline].track.takeUnretainedValue().target }
    return keyframes(at: index)?.last ?? paths[index].to
  }

  /// The one evaluation of a lane: its value at fraction `f` (and with `slopes` its
  /// derivative with respect to f), `sample` and `slope` being its animator's timing there.
  @inline(__always)
  func value(
    at index: Int, fraction f: Double, sample: TimingSample, slope: TimingSample = .zero,
    core: UnsafePointer<AnimatorCore>, slopes: Bool
  ) -> (value: V, slope: V) {
    let track = Int(paths[index].keyframes)
    if track >= 0 { return (tracks[track].keyframes.value(at: f), .zero) }
    let timeline = Int(paths[index].timeline)
    if timeline >= 0 {
      return timelines[timeline].track._withUnsafeGuaranteedRef { track in
        let (value, slope) = track.value(at: f * track.ownLength, slopes: slopes)
        return (value, slope * track.ownLength)
      }
    }
    return paths[index].value(at: f, sample: sample, slope: slope, core: core, slopes: slopes)
  }

  /// The value on screen of the lane at `index`.
  @inline(__always)
  func current(at index: Int) -> V { lanes[index].current }

  /// The path of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func path(at index: Int) -> LanePath<V> { paths[index] }

  /// Replaces the path of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func setPath(_ path: LanePath<V>, at index: Int) {
    paths[index] = path
    lanes[index].isPlain = path.isPlain
    lanes[index].timeline = path.timeline
    lanes[index].from = path.from
    lanes[index].to = path.to
    if path.timeline >= 0 { syncTimelineLane(at: index) }
  }

  /// Points the lane at `index` to `slot` (its animator's slot moved).
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func move(at index: Int, toSlot slot: Int) {
    lanes[index].slot = Int32(truncatingIfNeeded: slot)
  }

  /// Writes the value of the lane at `index` at fraction `f`, `sample` being its animator's
  /// timing at u = f.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func evaluate(
    at index: Int, fraction f: Double, sample: TimingSample, core: UnsafePointer<AnimatorCore>
  ) {
    // A plain lane blends as the frame blends it, without reading its path.
    if lanes[index].isPlain {
      lanes[index].current = LanePath.plainBlend(
        lanes[index].from, lanes[index].to, sample.progress)
      return
    }
    lanes[index].current =
      value(at: index, fraction: f, sample: sample, core: core, slopes: false).value
  }

  /// Whether the lane at `index` belongs to `owner` and `slot`; for the audit.
  func laneMatches(_ owner: PropertyAnimation, at index: Int, slot: Int) -> Bool {
    index >= 0 && index < lanes.count && owners[index].animation === owner
      && Int(lanes[index].slot) == slot
  }

  func blend(
    samples: UnsafePointer<SlotSample>, cores: UnsafePointer<AnimatorCore>,
    children: UnsafePointer<UnsafeMutablePointer<(u: Double, sample: TimingSample)>?>
  ) {
    let lanes = lanes.buffer
    do {
      for index in lanes.indices {
        let slot = Int(lanes[index].slot)
        let sample = samples[slot]
        if lanes[index].isPlain {
          lanes[index].current = LanePath.plainBlend(
            lanes[index].from, lanes[index].to, sample.timing.progress)
        } else if lanes[index].child >= 0, let childSamples = children[slot] {
          // A timeline child's lane: plain, from its child's sample of this frame.
          lanes[index].current = LanePath.blend(
            lanes[index].from, lanes[index].to, childSamples[Int(lanes[index].child)].sample)
        } else if lanes[index].timeline >= 0 {
          // A timeline's lane needs its track, not the core.
          lanes[index].current = timelines[Int(lanes[index].timeline)].track
            ._withUnsafeGuaranteedRef {
              $0.value(at: sample.fraction * $0.ownLength, slopes: false).value
            }
        } else {
          lanes[index].current =
            value(
              at: index, fraction: sample.fraction, sample: sample.timing, core: cores + slot,
              slopes: false
            ).value
        }
      }
    }
  }
}

/// One slot's timing at the last frame: its fraction complete and the timing sampled there.
struct SlotSample {
  // The timing first: it is 16-byte aligned, and the fraction fills its padding (32 bytes,
  // not 48).
  var timing: TimingSample
  var fraction: Double

  init(fraction: Double, timing: TimingSample) {
    self.timing = timing
    self.fraction = fraction
  }
}
