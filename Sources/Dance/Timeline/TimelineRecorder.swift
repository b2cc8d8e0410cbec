/// What a ``Timeline`` child's block records into while it runs: which child, where it
/// starts, and how it moves. Assignments inside the block (``AnimationBlockStack`` entry
/// `.timeline`) become segments of the properties' tracks.
final class TimelineRecorder {
  /// The timeline's run: it owns the lanes.
  let animator: PropertyAnimator
  let plan: TimelinePlan
  /// The child's group (its timeline) in the plan.
  var group = 0
  /// The child's start in its group's own time, and in the root's own time.
  var start = 0.0
  var rootTime = 0.0
  /// The child's index among the run's timed children (for the shared timing samples).
  var child = -1
  /// The child's length in its group's own seconds.
  var duration = 0.0
  /// The child's timing (timed children).
  var timing = AnimationTiming(curve: .linear, duration: 0)
  /// A keyframe track (`[Keyframe<Value>]`) waiting for the assignment that names its
  /// property; the assignment takes it (and clears this).
  var keyframes: Any?
  /// Set when an assignment of another type met a pending track (a derived property such
  /// as `frame`): the rest of that child's assignments apply at once.
  var keyframesRejected = false

  init(animator: PropertyAnimator, plan: TimelinePlan) {
    self.animator = animator
    self.plan = plan
  }

  /// Own seconds of the child's group per root own second.
  var scale: Double { plan.groups[group].rootScale }
}

extension PropertyAnimator {
  /// Binds this animator to `scene` and gives it a slot, so that it stays active even if
  /// it animates nothing (a timeline of callbacks); call it while the animator activates.
  func bind(to scene: Scene) {
    guard store == nil else { return }
    bind(clock: scene.clock, store: scene.store)
    if slot < 0 {
      enterStore()
      updateRegistration()
    }
  }

  /// The lane of `node`'s property in this run's timeline, made on first use: it takes
  /// the property from whatever drove it, starting from the value on screen now.
  private func timelineAnimation<Storage: PropertyStorage>(
    for node: Storage.Root, storage: Storage, recorder: TimelineRecorder
  ) -> PropertyAnimation? {
    guard canAnimate(node) else { return nil }
    let previous = storage.access(node) { $0.owner }
    if let previous, previous.animator === self,
      previous.timelineTrack(Storage.Value.VectorType.self) != nil
    {
      return previous
    }
    let base = storage.access(node) { $0.displayedValue }.vector
    let animation = adopt(
      node: node, storage: storage, path: LanePath(from: base, to: base),
      timeline: TimelineTrack(plan: recorder.plan, base: base), previous: previous)
    // Adopting runs no user code (the previous owner's completions wait for the end of the
    // operation), so nothing can have ended the new animation: no re-check.
    assert(animation.laneIndex >= 0, "an animation ended while it was being adopted")
    return animation
  }

  /// Records an assignment inside a timeline child's block: the property moves from where
  /// the timeline has it at the child's start to `newValue`, along the child's timing.
  func recordTimeline<Storage: PropertyStorage>(
    _ newValue: Storage.Value, for node: Storage.Root, storage: Storage,
    recorder: TimelineRecorder
  ) {
    typealias Value = Storage.Value
    if let pending = recorder.keyframes {
      // A keyframe track's assignment names the property. A track of another type means a
      // derived property (`frame` sets `center`, then `bounds`): it applies at once.
      recorder.keyframes = nil
      guard let keyframes = pending as? [Keyframe<Value>] else {
        recorder.keyframesRejected = true
        node.assignImmediately(newValue, storage: storage)
        return
      }
      recordTimelineKeyframes(keyframes, for: node, storage: storage, recorder: recorder)
      return
    }
    if recorder.keyframesRejected {
      node.assignImmediately(newValue, storage: storage)
      return
    }
    guard let animation = timelineAnimation(for: node, storage: storage, recorder: recorder),
      let track = animation.timelineTrack(Value.VectorType.self)
    else {
      node.assignImmediately(newValue, storage: storage)
      return
    }
    let timing = recorder.timing
    let (start, slope) = track.value(at: recorder.rootTime, slopes: timing.isSpring)
    var segment = TimelineSegment(
      kind: .timed, start: recorder.start, duration: recorder.duration, from: start,
      to: newValue.vector)
    segment.timing = timing
    segment.child = Int32(truncatingIfNeeded: recorder.child)
    if timing.isSpring, timing.duration > 0, recorder.duration > 0 {
      // Keep the in-flight velocity: per own second of the group, then per spring second.
      segment.inherited = slope / recorder.scale / (timing.duration / recorder.duration)
    }
    animation.updateTimelineTrack(Value.VectorType.self) {
      $0.add(segment, group: recorder.group, rootTime: recorder.rootTime)
    }
  }

  /// Records a keyframe track of a timeline child: one segment per keyframe, each from where
  /// the one before left the property (and, into a spring, with its velocity).
  func recordTimelineKeyframes<Storage: PropertyStorage>(
    _ keyframes: [Keyframe<Storage.Value>], for node: Storage.Root, storage: Storage,
    recorder: TimelineRecorder
  ) {
    typealias Value = Storage.Value
    guard let animation = timelineAnimation(for: node, storage: storage, recorder: recorder),
      let track = animation.timelineTrack(Value.VectorType.self)
    else {
      if let last = keyframes.last { node.assignImmediately(last.value, storage: storage) }
      return
    }
    var (value, velocity) = track.value(at: recorder.rootTime, slopes: true)
    velocity /= recorder.scale
    // The values the cubic keyframes pass through, with their times (start: index 0).
    var points = [(time: 0.0, value: value)]
    for keyframe in keyframes {
      points.append((points[points.count - 1].time + keyframe.duration, keyframe.value.vector))
    }
    /// The Catmull-Rom velocity at point `index`: its neighbours' difference over their
    /// time apart; 0 at the ends.
    func tangent(_ index: Int) -> Value.VectorType {
      guard index > 0, index + 1 < points.count else { return .zero }
      let span = points[index + 1].time - points[index - 1].time
      return span > 0 ? (points[index + 1].value - points[index - 1].value) / span : .zero
    }
    var start = recorder.start
    var rootTime = recorder.rootTime
    for (index, keyframe) in keyframes.enumerated() {
      var segment = TimelineSegment(
        kind: .move, start: start, duration: keyframe.duration, from: value,
        to: keyframe.value.vector)
      switch keyframe.kind {
      case .linear(let curve):
        segment.kind = .timed
        segment.timing = AnimationTiming(curve: curve, duration: keyframe.duration)
      case .cubic:
        segment.kind = .hermite
        segment.v0 = index == 0 ? velocity : tangent(index)
        segment.v1 = tangent(index + 1)
      case .spring(let spring):
        segment.kind = .spring
        segment.timing = AnimationTiming(
          spring: SpringTimingParameters(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping),
          requestedDuration: keyframe.duration)
        segment.inherited = velocity
      case .move:
        break
      }
      animation.updateTimelineTrack(Value.VectorType.self) {
        $0.add(segment, group: recorder.group, rootTime: rootTime)
      }
      (value, velocity) = segment.value(at: keyframe.duration, slopes: true)
      start += keyframe.duration
      rootTime += keyframe.duration / recorder.scale
    }
  }
}
