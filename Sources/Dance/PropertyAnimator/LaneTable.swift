/// The lanes of one value width in a scene's ``FrameStore``: per animated property, the slot
/// of the animator that drives it, its ``LanePath`` and the value on screen.
///
/// A lane lives here from the moment an animator records the property until the animation
/// lets go of it, whatever the animator's phase: the value on screen is always
/// `values[i]`. What a frame reads and writes of a lane is laid out flat, in parallel
/// arrays so that a frame writes only the values (16 bytes a lane for a point, where one
/// struct of slot, ends and value made it write back 64): the slots, the routes, the ends
/// `from` and `to`, the values. The rest of the path sits in another array that only lanes
/// with more than a whole-segment path read.
///
/// The methods of the animations' control paths (generic, reaching the table through a class
/// method) carry `@_specialize` for the built-in widths: unspecialised SIMD arithmetic made a
/// start + finish of two properties 132 000 instructions. (The frame calls the three tables
/// with concrete types, which the optimiser specialises anyway.)
final class LaneTable<V: SIMD>: ErasedLaneTable where V.Scalar == Double {
  // Confined to the clock's thread; no access is held across a call out.
  /// Per lane, the slot of the animator that drives the property.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var slots = FlatArray<Int32>()
  /// Per lane, its ``Route``.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var routes = FlatArray<Int32>()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var kinds = FlatArray<Kind>()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var ends = FlatArray<Ends>()
  /// Per lane, the value on screen.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var values = FlatArray<V>()
  /// The paths of the lanes whose path is more than a bare blend of their ends, each with its
  /// lane's index. (Most lanes are a bare blend: one array entry per lane held 96 bytes per
  /// pair lane that their ends already hold; `dance-bench --memory-probe`.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var sidePaths = FlatArray<(path: LanePath<V>, lane: Int)>()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var owners = SlotList<UnownedAnimation>()
  /// The keyframes of the lanes that have them, each with its lane's index.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var tracks =
    FlatArray<(keyframes: KeyframePath<V>, lane: Int)>()
  /// The timeline tracks of the lanes that have them, each with its lane's index.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var timelines = FlatArray<(track: TimelineTrack<V>, lane: Int)>()
  /// The motion tracks of lanes that move along a ``Path``, with their lanes' indices.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var motions = FlatArray<(track: MotionTrack, lane: Int)>()

  var count: Int { slots.count }

  /// How many lanes are not plain: while none is, a frame blends every lane in a loop that
  /// tests nothing.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var specialCount = 0

  func perform<Operation: LaneOperation>(_ operation: Operation, lane index: Int)
    -> Operation.Result
  {
    operation.run(on: self, lane: index)
  }

  var backIndexProblems: [String] {
    var problems = owners.checkInvariants { $0.link.with { $0.laneIndex } }
    for index in tracks.indices where path(at: tracks[index].lane).keyframes != index {
      problems.append("a lane's keyframes are not where its path says")
    }
    for index in timelines.indices where path(at: timelines[index].lane).timeline != index {
      problems.append("a lane's timeline track is not where its path says")
    }
    problems += motionBackIndexProblems
    for index in sidePaths.indices where kinds[sidePaths[index].lane].path != index {
      problems.append("a lane's path is not where its kind says")
    }
    for index in kinds.indices where kinds[index].path < 0 && routes[index] != Route.plain {
      problems.append("a lane that is not plain has no path of its own")
    }
    for index in kinds.indices
    where kinds[index].jumps != path(at: index).jumps
      || kinds[index].motion != path(at: index).motion
    {
      problems.append("a lane's kind and path disagree on whether it jumps or on its motion")
    }
    return problems
  }

  /// Whether the table has no lanes.
  var isEmpty: Bool { slots.isEmpty }

  /// Adds a lane for `owner`, showing `current`; returns its index. (Inlined into the
  /// recording, which knows the value type and most of the path.)
  @inline(__always)
  func add(
    _ owner: PropertyAnimation, slot: Int, path: LanePath<V>, keyframes: KeyframePath<V>? = nil,
    timeline: TimelineTrack<V>? = nil, current: V
  ) -> Int {
    var path = path
    if let keyframes {
      path.keyframes = Int32(truncatingIfNeeded: tracks.count)
      tracks.append((keyframes, slots.count))
    }
    if let timeline {
      path.timeline = Int32(truncatingIfNeeded: timelines.count)
      timelines.append((timeline, slots.count))
    }
    let isPlain = path.isPlain
    if !isPlain { specialCount += 1 }
    let valuesMove = values.isFull
    var kind = Kind(timeline: path.timeline)
    if !path.isBareBlend {
      kind.path = Int32(truncatingIfNeeded: sidePaths.count)
      sidePaths.append((path, slots.count))
    }
    slots.append(Int32(truncatingIfNeeded: slot))
    routes.append(isPlain ? Route.plain : Route.evaluated)
    kinds.append(kind)
    ends.append(Ends(from: path.from, to: path.to))
    values.append(current)
    _ = owners.append(UnownedAnimation(animation: owner))
    if valuesMove { repointCells(before: slots.count - 1) }
    return slots.count - 1
  }

  /// Every value moved to a larger buffer: the owners of the lanes before `end` give their
  /// properties their new cells (the new lane's owner learns its own from its recording).
  /// Apart from `add`, which then stays small enough to be inlined into the recording
  /// (inside it, this loop cost a start and finish about 200 instructions).
  @inline(never)
  private func repointCells(before end: Int) {
    for index in 0..<end {
      owners.entry(at: index)?.link.with { $0.repointCell() }
    }
  }

  /// The cell of the lane at `index`: where its value lives until the table moves it.
  @inline(__always)
  func cell(at index: Int) -> LaneCell<V> {
    LaneCell(values.address(of: index))
  }

  /// Removes the lane at `index` (the last lane takes its index); returns the value it
  /// showed.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func remove(at index: Int) -> V {
    let side = Int(kinds[index].path)
    if routes[index] != Route.plain {
      specialCount -= 1
      let track = Int(sidePaths[side].path.keyframes)
      if track >= 0, let moved = tracks.swapRemove(at: track).moved {
        sidePaths[Int(kinds[moved.lane].path)].path.keyframes = Int32(truncatingIfNeeded: track)
      }
      let timeline = Int(sidePaths[side].path.timeline)
      if timeline >= 0 {
        if let moved = timelines.swapRemove(at: timeline).moved {
          sidePaths[Int(kinds[moved.lane].path)].path.timeline =
            Int32(truncatingIfNeeded: timeline)
          kinds[moved.lane].timeline = Int32(truncatingIfNeeded: timeline)
        }
      }
      let motion = Int(sidePaths[side].path.motion)
      if motion >= 0, let moved = motions.swapRemove(at: motion).moved {
        sidePaths[Int(kinds[moved.lane].path)].path.motion = Int32(truncatingIfNeeded: motion)
        kinds[moved.lane].motion = Int32(truncatingIfNeeded: motion)
      }
    }
    // The lane's own path goes; the path that takes its place tells its lane.
    if side >= 0, let moved = sidePaths.swapRemove(at: side).moved {
      kinds[moved.lane].path = Int32(truncatingIfNeeded: side)
    }
    // The last lane takes the index: its path, keyframes, timeline and animation learn it
    // (read in place, not copied out of the lists).
    let last = slots.count - 1
    let lastSide = Int(kinds[last].path)
    if index != last && lastSide >= 0 {
      sidePaths[lastSide].lane = index
      let path = sidePaths.address(of: lastSide)
      if path.pointee.path.keyframes >= 0 { tracks[Int(path.pointee.path.keyframes)].lane = index }
      if path.pointee.path.timeline >= 0 {
        timelines[Int(path.pointee.path.timeline)].lane = index
      }
      if path.pointee.path.motion >= 0 { motions[Int(path.pointee.path.motion)].lane = index }
    }
    _ = slots.swapRemove(at: index, returningMoved: false)
    _ = routes.swapRemove(at: index, returningMoved: false)
    _ = kinds.swapRemove(at: index, returningMoved: false)
    _ = ends.swapRemove(at: index, returningMoved: false)
    let removed = values.swapRemove(at: index, returningMoved: false).removed
    // The moved lane's animation learns its index, and its property its cell.
    if let movedTo = owners.remove(at: index).movedTo {
      owners.address(of: movedTo).pointee?.link.with {
        $0.laneIndex = movedTo
        $0.repointCell()
      }
    }
    return removed
  }

  /// The keyframes of the lane at `index`, if it has them.
  func keyframes(at index: Int) -> KeyframePath<V>? {
    let track = keyframeTrack(at: index)
    return track >= 0 ? tracks[track].keyframes : nil
  }

  /// Replaces the keyframes of the lane at `index`, which has them.
  func setKeyframes(_ keyframes: KeyframePath<V>, at index: Int) {
    let track = keyframeTrack(at: index)
    if track >= 0 { tracks[track].keyframes = keyframes }
  }

  /// The timeline track of the lane at `index`, if it has one.
  func timeline(at index: Int) -> TimelineTrack<V>? {
    let track = Int(kinds[index].timeline)
    return track >= 0 ? timelines[track].track : nil
  }

  /// Lets the frame blend the timeline lane at `index` from its child's sample if its
  /// track allows (``TimelineTrack/plainChild``); call it after the track changes.
  func syncTimelineLane(at index: Int) {
    guard let track = timeline(at: index), let plain = track.plainChild else {
      if routes[index] >= 0 { routes[index] = Route.evaluated }
      return
    }
    routes[index] = plain.child
    ends[index] = Ends(from: plain.from, to: plain.to)
  }

  /// Where the lane at `index` is heading: its last keyframe, its timeline's value at the
  /// cursor (the end, unless the timeline is recording), or the end of its path.
  func target(at index: Int) -> V {
    let timeline = Int(kinds[index].timeline)
    if timeline >= 0 { return timelines[timeline].track.target }
    return keyframes(at: index)?.last ?? ends[index].to
  }

  /// The one evaluation of a lane: its value at fraction `f` (and with `slopes` its
  /// derivative with respect to f), `sample` and `slope` being its animator's timing there.
  /// Only with `records` (a value to be written into the lane) does it write (a path lane's
  /// progress and search): a property read writes nothing (``Animatable/slowRead()``).
  @inline(__always)
  func value(
    at index: Int, fraction f: Double, sample: TimingSample, slope: TimingSample = .zero,
    core: FlatAddress<AnimatorCore>, slopes: Bool, now: Double = .infinity,
    records: Bool = false
  ) -> (value: V, slope: V) {
    if kinds[index].jumps {
      let path = sidePaths[Int(kinds[index].path)].path
      return (jumpValue(at: index, path: path, fraction: f, core: core, now: now), .zero)
    }
    // A motion first: its lane has neither keyframes nor a timeline, and the test reads
    // only the kind, where the keyframes' reads the lane's path (at 20 000 moves, a cache
    // miss a lane).
    let motion = motionIndex(at: index)
    if motion >= 0 {
      return motionValue(
        motion, fraction: f, sample: sample, slope: slope, core: core, slopes: slopes,
        records: records)
    }
    let track = keyframeTrack(at: index)
    if track >= 0 { return (tracks[track].keyframes.value(at: f), .zero) }
    let timeline = Int(kinds[index].timeline)
    if timeline >= 0 {
      return timelines[timeline].track.value(atFraction: f, slopes: slopes)
    }
    return path(at: index).value(at: f, sample: sample, slope: slope, core: core, slopes: slopes)
  }

  /// The value on screen of the lane at `index`.
  @inline(__always)
  func current(at index: Int) -> V { values[index] }

  /// The path of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func path(at index: Int) -> LanePath<V> {
    let side = Int(kinds[index].path)
    return side >= 0
      ? sidePaths[side].path : LanePath(bareBlendFrom: ends[index].from, to: ends[index].to)
  }

  /// The index of the keyframe track of the lane at `index`, or -1.
  @inline(__always)
  private func keyframeTrack(at index: Int) -> Int {
    let side = Int(kinds[index].path)
    return side >= 0 ? Int(sidePaths[side].path.keyframes) : -1
  }

  /// The index of the motion track of the lane at `index`, or -1.
  @inline(__always)
  func motionIndex(at index: Int) -> Int { Int(kinds[index].motion) }

  /// Replaces the path of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func setPath(_ path: LanePath<V>, at index: Int) {
    let side = Int(kinds[index].path)
    if !path.isBareBlend {
      if side >= 0 {
        sidePaths[side].path = path
      } else {
        kinds[index].path = Int32(truncatingIfNeeded: sidePaths.count)
        sidePaths.append((path, index))
      }
    } else if side >= 0 {
      kinds[index].path = -1
      if let moved = sidePaths.swapRemove(at: side).moved {
        kinds[moved.lane].path = Int32(truncatingIfNeeded: side)
      }
    }
    if (routes[index] == Route.plain) != path.isPlain { specialCount += path.isPlain ? -1 : 1 }
    routes[index] = path.isPlain ? Route.plain : Route.evaluated
    kinds[index].jumps = path.jumps
    kinds[index].timeline = path.timeline
    kinds[index].motion = path.motion
    ends[index] = Ends(from: path.from, to: path.to)
    if path.timeline >= 0 { syncTimelineLane(at: index) }
  }

  /// Points the lane at `index` to `slot` (its animator's slot moved).
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func move(at index: Int, toSlot slot: Int) {
    slots[index] = Int32(truncatingIfNeeded: slot)
  }

  /// Writes into the lane at `index` its ``evaluated(at:fraction:sample:core:now:)`` value.
  @inline(__always)
  func evaluate(
    at index: Int, fraction f: Double, sample: TimingSample, core: FlatAddress<AnimatorCore>,
    now: Double = .infinity
  ) {
    values[index] = evaluated(
      at: index, fraction: f, sample: sample, core: core, now: now, records: true)
  }

  /// The value of the lane at `index` at fraction `f`, `sample` being its animator's timing
  /// at u = f: what a frame writes, and what a read gives, without writing it, while the
  /// animator's lanes are behind the clock (``Animatable/slowRead()``); `records` as in
  /// ``value(at:fraction:sample:slope:core:slopes:now:records:)``, false for a read.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func evaluated(
    at index: Int, fraction f: Double, sample: TimingSample, core: FlatAddress<AnimatorCore>,
    now: Double = .infinity, records: Bool = false
  ) -> V {
    // A plain lane blends as the frame blends it, without reading its path.
    if routes[index] == Route.plain {
      return LanePath.plainBlend(ends[index].from, ends[index].to, sample.progress)
    }
    return value(
      at: index, fraction: f, sample: sample, core: core, slopes: false, now: now,
      records: records
    ).value
  }

  /// Writes into the lane at `index` its value where a run ended: at `.start` or `.end` of
  /// its path (`.current` keeps it). A plain lane's ends are its blend at p = 0 and 1
  /// exactly (`from`, `to`), so it needs no evaluation.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func settle(at index: Int, _ ending: LaneEnding) {
    switch ending.position {
    case .current:
      return
    case .end:
      if routes[index] == Route.plain {
        values[index] = ends[index].to
      } else if kinds[index].jumps {
        values[index] = target(at: index)
      } else {
        evaluate(at: index, fraction: 1, sample: .end, core: ending.core)
      }
    case .start:
      if routes[index] == Route.plain || kinds[index].jumps {
        values[index] = ends[index].from
      } else {
        let sample = ending.core.pointee.timing.sample(at: 0, linear: false)
        evaluate(at: index, fraction: 0, sample: sample, core: ending.core)
      }
    }
  }

  /// Whether the lane at `index` belongs to `owner` and `slot`; for the audit.
  func laneMatches(_ owner: PropertyAnimation, at index: Int, slot: Int) -> Bool {
    index >= 0 && index < slots.count && owners.entry(at: index)?.animation === owner
      && Int(slots[index]) == slot
  }

  func blend(_ frame: FrameSamples) {
    let slots = slots.buffer
    let ends = ends.buffer
    let values = values.buffer
    let progress = frame.progress
    if specialCount == 0 {
      if let paces = frame.paces {
        // The store's only table: each slot is sampled where its lanes are, and its sample
        // kept only while they last (lanes of one animator are recorded together). A slot
        // whose lanes are apart is sampled again, to the same bits.
        var sampledSlot = -1
        var slotProgress = SIMD2<Double>.zero
        for index in slots.indices {
          let slot = Int(slots[index])
          if slot != sampledSlot {
            slotProgress =
              SlotPace.frameSample(paces + slot, frame.cores + slot, at: frame.now)
              .timing.progress
            sampledSlot = slot
          }
          values[index] = LanePath.plainBlend(ends[index].from, ends[index].to, slotProgress)
        }
        return
      }
      guard let sampler = frame.sampler else {
        for index in slots.indices {
          values[index] = LanePath.plainBlend(
            ends[index].from, ends[index].to, progress[Int(slots[index])])
        }
        return
      }
      // The store samples its slots as the lanes reach them.
      var sampled = 0
      for index in slots.indices {
        let slot = Int(slots[index])
        if slot >= sampled {
          sampled = sampler.with { $0.sampleSlots(through: slot) }
        }
        values[index] = LanePath.plainBlend(ends[index].from, ends[index].to, progress[slot])
      }
      return
    }
    blendLanes(frame, in: slots.indices)
  }

  /// Writes the values of the lanes in `lanes` of a table with lanes that are not plain, for
  /// the samples of `frame` (which has every slot's progress and details): `blend(_:)`'s
  /// walk, or a part of it (``FrameStore`` walks two tables in step).
  func blendLanes(_ frame: FrameSamples, in lanes: Range<Int>) {
    let slots = slots.buffer
    let ends = ends.buffer
    let values = values.buffer
    let progress = frame.progress
    let routes = routes.buffer
    // The buffers are unchecked: a range beyond the table would read past them.
    for index in lanes.clamped(to: slots.indices) {
      let slot = Int(slots[index])
      if routes[index] == Route.plain {
        values[index] = LanePath.plainBlend(ends[index].from, ends[index].to, progress[slot])
        continue
      }
      if routes[index] >= 0, let childSamples = frame.children?[slot] {
        // A timeline child's lane: plain, from its child's sample (no velocity carried in).
        let child = childSamples[Int(routes[index])]
        values[index] = LanePath.plainBlend(ends[index].from, ends[index].to, child)
        continue
      }
      let details = frame.details[slot]
      if kinds[index].timeline >= 0 {
        // A timeline's lane needs its track, not the core.
        values[index] =
          timelines[Int(kinds[index].timeline)].track.value(
            atFraction: details.fraction, slopes: false
          ).value
      } else {
        values[index] =
          value(
            at: index, fraction: details.fraction,
            sample: TimingSample(progress: progress[slot], impulse: details.impulse),
            core: frame.cores + slot, slopes: false, now: frame.now, records: true
          ).value
      }
    }
  }
}
