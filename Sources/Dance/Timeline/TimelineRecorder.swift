/// What a ``Timeline`` child's block records into while it runs: which child, where it
/// starts, and how it moves. Assignments inside the block (``AnimationBlockStack`` entry
/// `.timeline`) become segments of the properties' tracks.
final class TimelineRecorder {
  /// The timeline's run: it owns the lanes.
  let animator: PropertyAnimator
  let plan: TimelinePlan
  /// The start values of the timeline's first run (this run records into it if it is the
  /// first).
  let startValues: TimelineStartValues
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

  init(animator: PropertyAnimator, plan: TimelinePlan, startValues: TimelineStartValues) {
    self.animator = animator
    self.plan = plan
    self.startValues = startValues
  }

  /// Own seconds of the child's group per root own second.
  var scale: Double { plan.groups[group].rootScale }
}

/// The value each property showed when a ``Timeline`` first became active: its children
/// start from these in every run, so that a replay (`start()` after the end, `restart()`, a
/// seek after the end) shows what the first run showed at every time, as GSAP records start
/// values on first render. ``Timeline/invalidate()`` forgets them.
final class TimelineStartValues {
  /// A node's property: a built-in one by its number, a subclass's own by its storage's
  /// key path. (Concrete fields: an `AnyHashable` property cost a box, and the runtime's
  /// conformance lookups, for every property a timeline records.)
  private struct Key: Hashable {
    let node: ObjectIdentifier
    let builtIn: Int
    let custom: AnyKeyPath?

    init(node: Node, property: PropertyKey) {
      self.node = ObjectIdentifier(node)
      switch property {
      case .center: (builtIn, custom) = (0, nil)
      case .bounds: (builtIn, custom) = (1, nil)
      case .alpha: (builtIn, custom) = (2, nil)
      case .transform: (builtIn, custom) = (3, nil)
      case .backgroundColor: (builtIn, custom) = (4, nil)
      case .custom(let property): (builtIn, custom) = (-1, property.storageKeyPath)
      }
    }
  }

  private struct Record {
    /// Kept weakly, and checked: another node may reuse a freed one's identifier.
    var node: Weak<Node>
    var value: Any
    /// Gives the property its lane in a new run (before any block reads it).
    var adopt: (TimelineRecorder) -> Void
  }

  /// The records, in the order first recorded, and where each is.
  private var records: [Record] = []
  private var indices: [Key: Int] = [:]

  /// The recorded start value of `node`'s property `key`, recording `shown` if there is
  /// none yet, with `adopt`, which takes the property into a run's timeline lanes.
  func value<V>(
    of node: Node, _ key: PropertyKey, shown: V, adopt: @escaping (TimelineRecorder) -> Void
  ) -> V {
    let key = Key(node: node, property: key)
    if let index = indices[key] {
      if records[index].node.object === node, let value = records[index].value as? V {
        return value
      }
      records[index] = Record(node: Weak(node), value: shown, adopt: adopt)
    } else {
      indices[key] = records.count
      records.append(Record(node: Weak(node), value: shown, adopt: adopt))
    }
    return shown
  }

  /// Takes every recorded property into the run of `recorder` from its recorded value,
  /// before the children's blocks run: a read inside a block then gives the recorded value
  /// (not what the node shows now), as it gave the first run.
  func adoptAll(into recorder: TimelineRecorder) {
    for record in records where record.node.object != nil { record.adopt(recorder) }
  }

  /// Forgets every recorded value.
  func removeAll() {
    records = []
    indices = [:]
  }
}

/// A weak reference, for collections.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

extension PropertyAnimator {
  /// Binds this animator to `scene` and gives it a slot, so that it stays active even if
  /// it animates nothing (a timeline of callbacks); call it while the animator activates.
  func bind(to scene: Scene) {
    guard !hasStore else { return }
    bind(clock: scene.clock, store: scene.store)
    if slot < 0 {
      enterStore()
      updateRegistration()
    }
  }

  /// The lane of `node`'s property in this run's timeline, made on first use: it takes
  /// the property from whatever drove it, starting from the value on screen now.
  func timelineAnimation<Storage: PropertyStorage>(
    for node: Storage.Root, storage: Storage, recorder: TimelineRecorder
  ) -> PropertyAnimation? {
    guard canAnimate(node) else { return nil }
    let previous = storage.access(node) { $0.owner }
    if let previous, previous.animator === self,
      previous.timelineTrack(Storage.Value.VectorType.self) != nil
    {
      return previous
    }
    let shown = storage.access(node) { $0.displayedValue }.vector
    let base = recorder.startValues.value(of: node, storage.makeKey(), shown: shown) {
      [weak node] recorder in
      guard let node else { return }
      _ = recorder.animator.timelineAnimation(for: node, storage: storage, recorder: recorder)
    }
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
    let (value, slope) = track.value(at: recorder.rootTime, slopes: true)
    var rootTime = recorder.rootTime
    for segment in TimelineSegment.track(
      keyframes, from: value, velocity: slope / recorder.scale, start: recorder.start)
    {
      animation.updateTimelineTrack(Value.VectorType.self) {
        $0.add(segment, group: recorder.group, rootTime: rootTime)
      }
      rootTime += segment.duration / recorder.scale
    }
  }
}

extension PropertyAnimator {
  /// Records a move along a path inside a timeline child's block: the property (`center`,
  /// or `transform` for a rotation) follows the motion `makeMotion` makes from the value
  /// the timeline has at the child's start (a rotation's base: the same in every replay),
  /// from its start to its end on the child's timing (no velocity carried in: the path
  /// starts where it starts).
  func recordTimelineMotion<Storage: PropertyStorage>(
    for node: Storage.Root, storage: Storage, recorder: TimelineRecorder,
    _ makeMotion: (Storage.Value.VectorType) -> PathMotion
  ) {
    typealias Vector = Storage.Value.VectorType
    guard recorder.keyframes == nil, !recorder.keyframesRejected,
      let animation = timelineAnimation(for: node, storage: storage, recorder: recorder),
      let track = animation.timelineTrack(Vector.self)
    else {
      let shown = storage.access(node) { $0.targetValue }.vector
      let (_, to) = makeMotion(shown).ends(Vector.self)
      node.assignImmediately(Storage.Value(vector: to), storage: storage)
      return
    }
    let motion = makeMotion(track.value(at: recorder.rootTime, slopes: false).value)
    let (from, to) = motion.ends(Vector.self)
    var segment = TimelineSegment(
      kind: .timed, start: recorder.start, duration: recorder.duration, from: from, to: to)
    segment.timing = recorder.timing
    segment.motion = motion
    animation.updateTimelineTrack(Vector.self) {
      $0.add(segment, group: recorder.group, rootTime: recorder.rootTime)
    }
  }
}
