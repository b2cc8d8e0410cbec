// Recording: what an assignment inside one of the animator's blocks does.

extension PropertyAnimator {
  /// Whether `node` can be animated by this animator, binding the animator to the node's
  /// scene (and giving it a slot in the scene's store) if it has none yet. Nodes outside a
  /// scene, or in another scene than the run's (reported), cannot.
  ///
  /// A run belongs to the scene of the first node it animates: an animator that has no slot
  /// yet in this run (nothing of the run lives in any store) binds to that node's scene,
  /// whichever scene it animated in an earlier run; `activate` then re-bases the run on the
  /// scene's clock.
  func canAnimate(_ node: Node) -> Bool {
    // A block still running after its own run ended (the block stopped or finished its own
    // animator) has nothing to animate with: its assignments apply at once.
    guard phase != .inactive else { return false }
    guard let nodeScene = node.unretainedScene else {
      if extras?.nodeOutsideScene == nil {
        let frame = node.frame
        madeExtras.nodeOutsideScene =
          "the node with frame (x: \(frame.minX), y: \(frame.minY), width: \(frame.width), "
          + "height: \(frame.height))"
      }
      return false
    }
    let bound = nodeScene.with { scene in
      if isBound(to: scene.store) { return true }
      guard slot < 0 else { return false }
      bind(clock: scene.clock, store: scene.store)
      return true
    }
    guard bound else {
      DanceError.report(
        .illegalState,
        "PropertyAnimator: one animator cannot animate nodes of two scenes; the value was "
          + "set without animation")
      return false
    }
    // The scene's hold and the clock's deadline follow once the blocks have run: in
    // `activate` for a new run, in `addAnimations` for a running one. (Registering here
    // scheduled a deadline that the run's re-basing then moved: two schedules a start.)
    if slot < 0 { enterStore() }
    return true
  }

  /// Records an assignment made inside one of this animator's blocks.
  func record<Storage: PropertyStorage>(
    _ newValue: Storage.Value, for node: Storage.Root, storage: Storage, windowStart: Double
  ) {
    guard canAnimate(node) else {
      node.assignImmediately(newValue, storage: storage)
      return
    }
    let previous = storage.access(node) { $0.owner }
    if composition == .additive {
      recordAdditive(
        newValue, for: node, storage: storage, windowStart: windowStart, previous: previous)
      return
    }
    var path = LanePath(
      from: storage.access(node) { $0.displayedValue }.vector, to: newValue.vector,
      windowStart: windowStart)
    // (The core read in place, and only when there is a velocity to take: a copy of it
    // retains its curve's solver.)
    if previous != nil || hasHandOffs, readCore({ $0.timing.isSpring }) {
      // From the running owner, or from the `node.dance` animation this one replaced at
      // this very time (HandOff.swift).
      let velocity =
        previous?.stackVelocity(Storage.Value.VectorType.self, now: currentTime)
        ?? (!hasHandOffs
          ? nil : handOff(Storage.Value.VectorType.self, for: storage.makeKey(), of: node))
      if let velocity {
        let core = core
        path.inherit(
          clockVelocity: velocity, timing: core.timing,
          speed: core.secondsPerFraction > 0 ? 1 / core.secondsPerFraction : 0)
      }
    }
    adopt(node: node, storage: storage, path: path, previous: previous)
  }

  /// Records an assignment of an additive animator: the target becomes `newValue` at once,
  /// and a new offset from the previous target goes to 0 on top of the property's stack.
  private func recordAdditive<Storage: PropertyStorage>(
    _ newValue: Storage.Value, for node: Storage.Root, storage: Storage, windowStart: Double,
    previous: PropertyAnimation?
  ) {
    typealias Vector = Storage.Value.VectorType
    var from = storage.access(node) { $0.targetValue }.vector
    var below = previous
    let ownPrevious = previous?.animator === self ? previous : nil
    if let ownPrevious {
      // The block assigned the property before: the later value replaces the earlier one,
      // from the target before this run.
      from = ownPrevious.withLanes(Vector.self) { $0.path(at: ownPrevious.laneIndex).from }
      below = ownPrevious.below
    }
    // Past the limit, the oldest offset hands its value now to the new one.
    var oldest: PropertyAnimation?
    if let members = below?.stack, members.count >= AnimationComposition.maximumOffsets {
      let dropped = members[members.count - 1]
      from += dropped.offset(Vector.self)
      if members.count > 1 { members[members.count - 2].below = nil } else { below = nil }
      oldest = dropped
    }
    let animation = addAnimation(
      node: node, storage: storage,
      path: LanePath(from: from, to: newValue.vector, windowStart: windowStart))
    below?.isStacked = true
    animation.below = below
    animation.isStacked = true
    // A stack shows its target plus its offsets: no one lane holds the value on screen.
    storage.access(node) {
      $0.value = newValue
      $0.cell = nil
    }
    // Last, as in `adopt`: these may end other animators' runs.
    if let ownPrevious { replace(ownPrevious) }
    oldest?.stop(endingAt: .current)
  }

  /// Records an assignment made inside a keyframe of this animator: the property reaches
  /// `newValue` over the slice `start ..< start + duration` of the animation.
  func recordKeyframe<Storage: PropertyStorage>(
    _ newValue: Storage.Value, for node: Storage.Root, storage: Storage, start: Double,
    duration: Double
  ) {
    typealias Vector = Storage.Value.VectorType
    guard canAnimate(node) else {
      node.assignImmediately(newValue, storage: storage)
      return
    }
    let previous = storage.access(node) { $0.owner }
    if let previous, previous.animator === self, var keyframes = previous.keyframes(Vector.self) {
      keyframes.add(start: start, duration: duration, value: newValue.vector)
      previous.setKeyframes(keyframes)
      return
    }
    let from = storage.access(node) { $0.displayedValue }.vector
    var keyframes = KeyframePath(from: from, mode: keyframeMode)
    keyframes.add(start: start, duration: duration, value: newValue.vector)
    adopt(
      node: node, storage: storage, path: LanePath(from: from, to: from), keyframes: keyframes,
      previous: previous)
  }

  /// Makes a new animation along `path` the owner of the property, taking it from
  /// `previous`. Taking it from an animation of this same run (a block that assigns a
  /// property twice) is a replacement, not an interruption.
  @discardableResult
  func adopt<Storage: PropertyStorage>(
    node: Storage.Root, storage: Storage, path: LanePath<Storage.Value.VectorType>,
    keyframes: KeyframePath<Storage.Value.VectorType>? = nil,
    timeline: TimelineTrack<Storage.Value.VectorType>? = nil, previous: PropertyAnimation?
  ) -> PropertyAnimation {
    let animation = addAnimation(
      node: node, storage: storage, path: path, keyframes: keyframes, timeline: timeline)

    // Last: the new animation owns the property before the previous owner lets go (its run
    // may end; its completions wait for the end of the operation).
    guard let previous else { return animation }
    if previous.animator === self {
      replace(previous)
    } else {
      previous.stopStack()
    }
    return animation
  }

  /// Adds an animation of this run along `path` and makes it the property's owner. (Inlined,
  /// so that the recording of each built-in property adds its lane with its own types.)
  @inline(__always)
  private func addAnimation<Storage: PropertyStorage>(
    node: Storage.Root, storage: Storage, path: LanePath<Storage.Value.VectorType>,
    keyframes: KeyframePath<Storage.Value.VectorType>? = nil,
    timeline: TimelineTrack<Storage.Value.VectorType>? = nil
  ) -> PropertyAnimation {
    typealias Vector = Storage.Value.VectorType
    let (table, animation) = withStore { ($0.table(for: Vector.self), $0.makeAnimation()) }
    animation.animator = self
    animation.width = LaneWidth.of(Vector.self)
    animation.key = storage.makeKey()
    // (The store's flag first: a scene with full motion pays a load and a branch.)
    let jumps = withStore { $0.reducesMotion } && timeline == nil && animation.key.isMotion
    let cell = table.with { table in
      animation.table = Unretained<AnyObject>(table)
      animation.laneIndex = table.add(
        animation, slot: slot, path: path, keyframes: keyframes, timeline: timeline,
        current: path.from)
      if jumps { table.makeJump(at: animation.laneIndex) }
      return table.cell(at: animation.laneIndex)
    }
    if !path.isPlain || keyframes != nil || timeline != nil || jumps {
      recordedOnlyPlainLanes = false
    }
    animations.append(animation)
    node.link(animation)
    storage.access(node) {
      $0.owner = animation
      $0.cell = cell
    }
    hasHadAnimations = true
    return animation
  }

  /// Drops one of this run's own animations, replaced by a later assignment in the run.
  private func replace(_ animation: PropertyAnimation) {
    animation.animator = nil
    animation.end()
    remove(animation)
  }

  /// One of this animator's animations stopped driving its property.
  func animationDidStop(_ animation: PropertyAnimation, endingAt position: AnimatingPosition) {
    wasInterrupted = true
    remove(animation)
    guard animations.isEmpty, hasHadAnimations else { return }
    let now = currentTime
    send("animationDidStop") { $0.finishWhereItIs(now: now) }
  }

  /// Takes an ended animation off this run's list and its node's, and hands it back to the
  /// store to be reused.
  func remove(_ animation: PropertyAnimation) {
    animation.withNode { $0.unlink(animation) }
    unlist(animation)
    store?.pool(animation)
  }

  /// How long the list of a run's animations is before the animator keeps where each is
  /// (``AnimatorExtras/listPositions``): below, a search is a few comparisons.
  static var indexedListLength: Int { 32 }

  /// Forgets where the run's animations are (the list empties).
  func dropListIndex() {
    guard isListIndexed else { return }
    isListIndexed = false
    extras?.listPositions = nil
  }

  /// Takes `animation` off the run's list, if it is there.
  ///
  /// A short list is searched and keeps its order. A long one (one `Node.animate` over
  /// thousands of nodes, whose properties other writers then take one by one) is indexed
  /// the first time one is taken off, and then moves its last animation into each gap: a
  /// search and a shift of the whole list for each was quadratic (50 000 nodes: 443 ms to
  /// replace them all). Animations added to the list after its index was made are not in
  /// it, and are found from the end (where they are), the index made again when that
  /// search goes past an eighth of the list, so that its cost is shared by as many
  /// additions. The order of a run's animations means nothing but that an animator takes
  /// them off their nodes' lists newest first, which a long list's nodes, each on a few
  /// animations, hardly need.
  func unlist(_ animation: PropertyAnimation) {
    guard isListIndexed || animations.count > Self.indexedListLength else {
      if let index = animations.firstIndex(where: { $0 === animation }) {
        animations.remove(at: index)
      }
      return
    }
    let extras = madeExtras
    if !isListIndexed { indexList(in: extras) }
    let index: Int
    if let position = extras.listPositions!.removeValue(forKey: AnimatorExtras.ListKey(animation)) {
      index = position
    } else {
      // Added since the index was made: from the end.
      var search = animations.count - 1
      while search >= 0 && animations[search] !== animation { search -= 1 }
      guard search >= 0 else { return }
      index = search
      if animations.count - index > animations.count / 8 {
        indexList(in: extras)
        extras.listPositions!.removeValue(forKey: AnimatorExtras.ListKey(animation))
      }
    }
    let last = animations.removeLast()
    if index < animations.count {
      animations[index] = last
      extras.listPositions![AnimatorExtras.ListKey(last)] = index
    }
    if animations.isEmpty { dropListIndex() }
  }

  /// Makes the index of the list anew.
  @inline(never)
  private func indexList(in extras: AnimatorExtras) {
    var positions: [AnimatorExtras.ListKey: Int] = [:]
    positions.reserveCapacity(animations.count)
    for index in animations.indices {
      positions[AnimatorExtras.ListKey(animations[index])] = index
    }
    extras.listPositions = positions
    isListIndexed = true
  }
}

extension PropertyAnimator {
  /// Records a move along a path inside one of this animator's blocks: the property
  /// (`center`, or `transform` for a rotation) follows `motion` on the animator's timing
  /// from `windowStart`, or linearly over a keyframe's slice `start ..< start + duration`.
  ///
  /// With a spring, a centre's progress carries the velocity the centre had along the path
  /// (returned, as progress per second); the transform's lane of the same move is given it
  /// (`progressVelocity`), so that the node turns to where its centre is.
  @discardableResult
  func recordMotion<Storage: PropertyStorage>(
    _ motion: PathMotion, for node: Storage.Root, storage: Storage, windowStart: Double,
    slice: (start: Double, duration: Double)? = nil, memo: PathMemo,
    progressVelocity: Double? = nil
  ) -> Double? {
    typealias Vector = Storage.Value.VectorType
    let (from, to) = motion.ends(Vector.self)
    guard canAnimate(node) else {
      node.assignImmediately(Storage.Value(vector: to), storage: storage)
      return nil
    }
    var previous = storage.access(node) { $0.owner }
    if let stacked = previous, stacked.isStacked {
      // A move along a path replaces an additive stack whole: its members let go where
      // they are (this run's own are replaced), and the path starts where it starts.
      for member in stacked.stack.map(PropertyAnimation.Held.init) {
        guard let live = member.live else { continue }
        if live.animator === self { replace(live) } else { live.stop(endingAt: .current) }
      }
      previous = nil
    }
    var track = MotionTrack(motion: motion, windowStart: slice?.start ?? windowStart, memo: memo)
    var carried = progressVelocity
    if let slice {
      track.sliceStart = slice.start
      track.sliceDuration = slice.duration
      carried = nil
    } else if readCore({ $0.timing.isSpring }) {
      if carried == nil, Vector.scalarCount < 8, let previous, motion.length > 0 {
        // (A lane of two values: the centre's, which ``PathMotion`` moves along the path.)
        // A spring carries the velocity the centre had along the path's first direction.
        let velocity = previous.stackVelocity(Vector.self, now: currentTime)
        let (_, direction) = motion.value(Vector.self, at: 0, slopes: true)
        carried = (velocity * direction).sum() / (motion.length * motion.length)
      }
      if let carried {
        let core = core
        track.progress.inherit(
          clockVelocity: SIMD2(repeating: carried), timing: core.timing,
          speed: core.secondsPerFraction > 0 ? 1 / core.secondsPerFraction : 0)
      }
    } else {
      carried = nil
    }
    let animation = adopt(
      node: node, storage: storage,
      path: LanePath(from: from, to: to, windowStart: slice?.start ?? windowStart),
      previous: previous)
    animation.withLanes(Vector.self) { $0.attachMotion(track, at: animation.laneIndex) }
    recordedOnlyPlainLanes = false
    return carried
  }
}

extension PropertyAnimator {
  /// Records a layout transition's animation of a property from `from` (where the node was
  /// drawn, in its new parent's coordinates) to `newValue`; a spring takes `velocity`, the
  /// property's rate before the layout changed, when it is in the same coordinates.
  ///
  /// The property is set to `from` at once, its velocity kept as a hand-off (as a replaced
  /// `node.dance` animation's are, HandOff.swift), and the assignment recorded as any
  /// other. (Through `record`, not a path of its own: a second caller of the recording's
  /// inner steps made the compiler stop inlining parts of every start, 112 instructions.)
  func recordLayout<Storage: PropertyStorage>(
    _ newValue: Storage.Value, from: Storage.Value, velocity: Storage.Value.VectorType?,
    for node: Storage.Root, storage: Storage
  ) {
    // (Bound to the node's scene first: the hand-off is stamped with its clock's time.)
    guard canAnimate(node) else {
      node.assignImmediately(newValue, storage: storage)
      return
    }
    node.assignImmediately(from, storage: storage)
    if let velocity {
      var widened = SIMD8<Double>.zero
      for scalar in 0..<min(velocity.scalarCount, 8) { widened[scalar] = velocity[scalar] }
      madeExtras.handOffs.append(
        HandOff(
          node: ObjectIdentifier(node), key: HandOffKey(storage.makeKey()), time: currentTime,
          velocity: widened))
    }
    record(newValue, for: node, storage: storage, windowStart: 0)
  }
}
