/// One property of one node, driven by a ``PropertyAnimator``: a handle on the property's
/// lane in the scene's ``FrameStore``.
///
/// The path and the value on screen live in the lane (``LaneTable``), from the moment the
/// animator records the property until the animation lets go of it; this object links the
/// lane to its animator (which carries out the run) and to its node (whose storage gets the
/// value back when the animation ends).
///
/// One class for every property and value type, its lane reached through `table` by the
/// value's vector type: pooled by the store (``FrameStore/makeAnimation()``), so that a
/// start allocates none, and its control paths run specialised for the three widths of the
/// built-in properties instead of as a generic class's unspecialised methods. (Generic
/// animation classes, one allocation each, were most of the 56 000 instructions of a start
/// and finish: Docs/Performance.md.)
@usableFromInline
final class PropertyAnimation {
  /// The animator that owns this animation; nil once the animation has ended. An animator
  /// clears this link on every animation it lets go, and lets go of all of them before it
  /// is destroyed.
  ///
  /// Unretained, like ``Animatable``'s link to its owner, because every read of a property
  /// passes here (`swift_unownedRetainStrong` was a tenth of a read's instructions).
  var animator: PropertyAnimator? {
    @inline(__always) get { animatorLink?.object }
    @inline(__always) set { animatorLink = newValue.map { Unretained($0) } }
  }
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var animatorLink: Unretained<PropertyAnimator>?
  /// The node whose property this animates; nil once the animation has ended. Unretained:
  /// a node ends its animations (clearing this first) before it goes.
  var node: Node? {
    get { nodeReference?.object }
    set { nodeReference = newValue.map { Unretained($0) } }
  }
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var nodeReference: Unretained<Node>?

  /// Runs `body` with the node, not retained for the call (see ``node``); nil once the
  /// animation has ended. (A retained `node` cost a retain and release per property on the
  /// control path, where calls out keep the optimiser from dropping them.)
  @inline(__always)
  func withNode<Result>(_ body: (Node) -> Result) -> Result? {
    guard let nodeReference else { return nil }
    return nodeReference.with(body)
  }
  /// The animation before this one in its node's list (``Node/animations``): a link, not
  /// an array, so that adding and removing one costs a few stores, not an array's search,
  /// shift and uniqueness check (``Node/unlink(_:)``). Unretained: the animator's list keeps
  /// the animation alive for as long as it is in a node's list. (`Unmanaged`, not
  /// `unowned(unsafe)`: a link loaded into a local is then not retained.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var previousInNode: Unretained<PropertyAnimation>?
  /// The table holding the lane: the store's table for the value's vector type, unretained
  /// (the store keeps it for as long as it lives) and reached without a retain
  /// (``withLanes(_:_:)``), its type erased: ``width`` says which it is.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var table: Unretained<AnyObject>?
  /// Where the property lives in its node.
  var key = PropertyKey.center

  /// The index of this animation's lane in its table; -1 once it has ended. (Read on every
  /// read of the property; confined to the clock's thread.) Stored in 32 bits beside
  /// ``generation``, as the lane table stores its lanes' slots.
  ///
  /// The object is 72 bytes, an 80-byte heap block a property: a 32-bit index, the
  /// generation, stack flag and table width in one 32-bit word, and one link in the node's
  /// list (it was 88 bytes, a 96-byte block, with a link each way and the flag and width in
  /// bytes of their own; a table of 2³¹ lanes would take over 100 GB).
  var laneIndex: Int {
    @inline(__always) get { Int(storedLaneIndex) }
    @inline(__always) set { storedLaneIndex = Int32(truncatingIfNeeded: newValue) }
  }
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var storedLaneIndex: Int32 = -1
  /// ``isStacked`` in the top bit, ``width`` in the two below it, ``generation`` in the
  /// low 29.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var packed: UInt32 = 0
  private static var stackBit: UInt32 { 1 << 31 }
  private static var widthShift: UInt32 { 29 }
  private static var generationMask: UInt32 { (1 << 29) - 1 }

  /// Counts the animation's lives in its store's pool, modulo 2²⁹: it changes when the
  /// animation ends (``FrameStore/pool(_:)``), so a ``Held`` reference taken before tells
  /// whether the animation it names is still the same, live one (a held reference lasts
  /// one loop over the animations it ends, far fewer lives than 2²⁹).
  var generation: UInt32 {
    @inline(__always) get { packed & Self.generationMask }
    set { packed = (packed & ~Self.generationMask) | (newValue & Self.generationMask) }
  }

  /// Whether this animation is a member of an additive stack: the property then shows its
  /// storage's value (the target) plus every member's ``offset(_:)``, instead of this lane.
  var isStacked: Bool {
    @inline(__always) get { packed & Self.stackBit != 0 }
    set {
      if newValue {
        packed |= Self.stackBit
      } else {
        packed &= ~Self.stackBit
      }
    }
  }

  /// Which of the store's tables `table` is, for the operations that do not depend on the
  /// value type.
  var width: LaneWidth {
    @inline(__always) get {
      LaneWidth(bits: (packed >> Self.widthShift) & 3)
    }
    set {
      packed = (packed & ~(3 << Self.widthShift)) | (newValue.bits << Self.widthShift)
    }
  }

  /// An animation held across calls that may end it (a loop that ends several, where ending
  /// one can end the others with their animator), with the generation it had: the object
  /// stays allocated (the list holds it) and may even be handed out again by the pool, so
  /// whether it is still the one held is this comparison, not its fields.
  struct Held {
    let animation: PropertyAnimation
    let generation: UInt32

    init(_ animation: PropertyAnimation) {
      self.animation = animation
      generation = animation.generation
    }

    /// The animation, if it has not ended since it was held.
    var live: PropertyAnimation? { animation.generation == generation ? animation : nil }
  }

  /// The member below this one in an additive stack (older), if any. The property's storage
  /// links to the top; the links run down to the oldest.
  var below: PropertyAnimation?

  /// An animation of no property yet; ``FrameStore/makeAnimation()`` makes them.
  init() {}

  /// Runs `body` with the lane table as the table of `V`, which it is by construction.
  ///
  /// The table is not retained for the call (the store keeps it for as long as it has
  /// lanes): a returned reference is retained and released around every call the optimiser
  /// cannot see through, as on the control path's ends of lanes.
  @inline(__always)
  func withLanes<V: SIMD, Result>(_: V.Type, _ body: (LaneTable<V>) -> Result) -> Result
  where V.Scalar == Double {
    table.unsafelyUnwrapped.with(as: LaneTable<V>.self, body)
  }

  /// Runs `operation` on this animation's lane with its table as its own type: direct,
  /// specialised calls for the three widths of the built-in properties.
  @inline(__always)
  func perform<Operation: LaneOperation>(_ operation: Operation) -> Operation.Result {
    switch width {
    case .pairs: withLanes(SIMD2<Double>.self) { operation.run(on: $0, lane: laneIndex) }
    case .quads: withLanes(SIMD4<Double>.self) { operation.run(on: $0, lane: laneIndex) }
    case .octets: withLanes(SIMD8<Double>.self) { operation.run(on: $0, lane: laneIndex) }
    case .other:
      // Another width: the table through its protocol (a cast, on the control path of the
      // rarer widths only; every table conforms).
      table.unsafelyUnwrapped.with {
        ($0 as! any ErasedLaneTable).perform(operation, lane: laneIndex)
      }
    }
  }

  // MARK: - Value-typed views (the caller knows the property's vector type)

  /// The value on screen as a read sees it: the lane's value, or, if the clock moved since
  /// the lanes were last written (a read inside an event, between the event's time and the
  /// frame's), the value the lane will show at the clock's time, worked out and not written:
  /// a property read writes nothing, which its getter promises the compiler
  /// (``Animatable/slowRead()``). The read path is three hops: the property's storage,
  /// this, the lane.
  @inline(__always)
  func displayed<V: SIMD>(_: V.Type) -> V where V.Scalar == Double {
    if let animator, animator.isStale {
      let now = animator.currentTime
      let core = animator.coreAddress
      let f = core.fraction(at: now)
      let sample = core.sample(atFraction: f).value
      return withLanes(V.self) {
        $0.evaluated(at: laneIndex, fraction: f, sample: sample, core: core, now: now)
      }
    }
    return withLanes(V.self) { $0.current(at: laneIndex) }
  }

  /// The value on screen, known to be up to date: read outside every clock advance (see
  /// ``AnimationBlockStack/slowReads``), when the last frame or the animator's last write
  /// is at the clock's time. Debug builds check that.
  @inline(__always)
  func freshDisplayed<V: SIMD>(_: V.Type) -> V where V.Scalar == Double {
    #if DEBUG
      assert(
        animator?.isStale != true,
        "a property read outside any clock advance found its animation behind the clock")
    #endif
    return withLanes(V.self) { $0.current(at: laneIndex) }
  }

  /// The path's end: the value the property is heading to.
  func target<V: SIMD>(_: V.Type) -> V where V.Scalar == Double {
    withLanes(V.self) { $0.target(at: laneIndex) }
  }

  /// What this animation adds in an additive stack: its value minus its own target. It
  /// ends at 0 exactly (the lane's blend is exact at p = 1).
  func offset<V: SIMD>(_: V.Type) -> V where V.Scalar == Double {
    displayed(V.self) - target(V.self)
  }

  /// This animation and the members below it, newest first.
  var stack: [PropertyAnimation] {
    var members = [self]
    while let next = members[members.count - 1].below { members.append(next) }
    return members
  }

  /// The sum of the offsets of this animation and the members below it, newest first.
  func stackOffset<V: SIMD>(_: V.Type) -> V where V.Scalar == Double {
    var sum = offset(V.self)
    var member = below
    while let next = member {
      sum += next.offset(V.self)
      member = next.below
    }
    return sum
  }

  /// The velocity of the property this animation drives, in value units per second at clock
  /// time `now`: the sum over its stack (one animation, when not stacked).
  func stackVelocity<V: SIMD>(_: V.Type, now: Double) -> V where V.Scalar == Double {
    var sum = V.zero
    var member: PropertyAnimation? = self
    while let next = member {
      if let animator = next.animator {
        sum += next.velocity(V.self, core: animator.coreAddress, now: now)
      }
      member = next.below
    }
    return sum
  }

  /// The velocity in value units per second of clock time, at clock time `now`.
  func velocity<V: SIMD>(_: V.Type, core: FlatAddress<AnimatorCore>, now: Double) -> V
  where V.Scalar == Double {
    let f = core.fraction(at: now)
    let speed = core.speed(at: now)
    let (sample, slope) = core.sample(atFraction: f, slopes: true)
    return withLanes(V.self) { lanes in
      if let track = lanes.timeline(at: laneIndex) {
        // Per own second, times own seconds per clock second: per fraction first (per own
        // second × the run's length) overflows for a timeline of 10³⁰⁸ s.
        let length = track.ownLength
        return track.value(at: f * length, slopes: true).slope * (length * speed)
      }
      return lanes.value(
        at: laneIndex, fraction: f, sample: sample, slope: slope, core: core, slopes: true
      ).slope * speed
    }
  }

  /// The keyframes, for an animation of `Node.animateKeyframes`.
  func keyframes<V: SIMD>(_: V.Type) -> KeyframePath<V>? where V.Scalar == Double {
    withLanes(V.self) { $0.keyframes(at: laneIndex) }
  }

  /// Replaces the keyframes of an animation of `Node.animateKeyframes`.
  func setKeyframes<V: SIMD>(_ keyframes: KeyframePath<V>) where V.Scalar == Double {
    withLanes(V.self) { $0.setKeyframes(keyframes, at: laneIndex) }
  }

  /// The timeline track of this animation's lane, if it is a timeline's.
  func timelineTrack<V: SIMD>(_: V.Type) -> TimelineTrack<V>? where V.Scalar == Double {
    laneIndex >= 0 ? withLanes(V.self) { $0.timeline(at: laneIndex) } : nil
  }

  /// Changes the timeline track of this animation's lane.
  func updateTimelineTrack<V: SIMD>(_: V.Type, _ body: (TimelineTrack<V>) -> Void)
  where V.Scalar == Double {
    guard let track = timelineTrack(V.self) else { return }
    body(track)
    withLanes(V.self) { $0.syncTimelineLane(at: laneIndex) }
  }

  // MARK: - Operations on the lane, whatever its type

  /// Writes the value at fraction `f` and clock time `now` into the lane; `sample` is the
  /// animator's timing at u = f.
  func evaluate(
    fraction f: Double, sample: TimingSample, core: FlatAddress<AnimatorCore>, now: Double
  ) {
    perform(EvaluateLane(fraction: f, sample: sample, core: core, now: now))
  }

  /// Points the lane to `slot` (its animator's slot moved).
  func move(toSlot slot: Int) {
    perform(MoveLane(slot: slot))
  }

  /// Re-bases the path for `continueAnimation`.
  func rebase(_ rebase: AnimatorCore.Rebase, core: FlatAddress<AnimatorCore>) {
    perform(RebaseLane(rebase: rebase, core: core))
  }

  /// Whether the lane at `laneIndex` belongs to this animation and `slot`; for the audit.
  func laneMatches(slot: Int) -> Bool {
    laneIndex >= 0 && perform(LaneMatches(animation: self, slot: slot))
  }

  /// Removes the lane and gives the value it showed back to the node's storage; with
  /// `ending`, the lane first shows where its run ended (``LaneTable/settle(at:_:)``).
  func end(_ ending: LaneEnding? = nil) {
    guard laneIndex >= 0 else { return }
    perform(onStorage: EndLane(ending: ending))
  }

  /// ``end(_:)`` for the property in `storage`.
  func end<Storage: PropertyStorage>(in storage: Storage, _ ending: LaneEnding? = nil) {
    let (value, target) = withLanes(Storage.Value.VectorType.self) { table in
      if let ending { table.settle(at: laneIndex, ending) }
      let target = isStacked ? table.target(at: laneIndex) : .zero
      return (table.remove(at: laneIndex), target)
    }
    laneIndex = -1
    withNode { node in
      storage.access(unsafeDowncast(node, to: Storage.Root.self)) { property in
        if isStacked {
          // An ended offset folds into the target: nothing at `.end`, (from − to) at
          // `.start`.
          property.fold(self, offset: value - target)
        } else {
          property.takeBack(from: self, value: Storage.Value(vector: value))
        }
      }
    }
  }

  /// Gives the property this animation drives the cell of its lane, after the table moved
  /// the lane's value (``LaneCell``); nothing if the animation is in an additive stack or
  /// no longer drives the property (a later writer's, which set its own).
  func repointCell() {
    perform(onStorage: RepointCell())
  }

  /// ``repointCell()`` for the property in `storage`.
  func repointCell<Storage: PropertyStorage>(in storage: Storage) {
    guard !isStacked, laneIndex >= 0 else { return }
    let cell = withLanes(Storage.Value.VectorType.self) { $0.cell(at: laneIndex) }
    withNode { node in
      storage.access(unsafeDowncast(node, to: Storage.Root.self)) { property in
        if property.ownerLink?.refers(to: self) == true { property.cell = cell }
      }
    }
  }

  /// Stops driving the node's property, which stays where it is; tells the animator, which
  /// ends at `position` if that was its last property.
  func stop(endingAt position: AnimatingPosition) {
    guard let animator else { return }
    // Inside an event (another animation's completion, say) the values still show the last
    // frame: bring them to the clock's time first, so the property keeps what is true now.
    animator.refreshIfStale()
    self.animator = nil
    end()
    animator.animationDidStop(self, endingAt: position)
  }

  /// Stops driving the property, with every member below this one in its stack; the value
  /// stays where it is.
  func stopStack() {
    // (Alone, as most animations are: no list to make.)
    guard below != nil else { return stop(endingAt: .current) }
    // Ending one member can end others (its animator's whole run): each is checked.
    for member in stack.map(Held.init) {
      member.live?.stop(endingAt: .current)
    }
  }
}

/// ``PropertyAnimation/end(_:)``.
private struct EndLane: StorageOperation {
  let ending: LaneEnding?

  func run<Storage: PropertyStorage>(on animation: PropertyAnimation, in storage: Storage) {
    animation.end(in: storage, ending)
  }
}

/// ``PropertyAnimation/repointCell()``.
private struct RepointCell: StorageOperation {
  func run<Storage: PropertyStorage>(on animation: PropertyAnimation, in storage: Storage) {
    animation.repointCell(in: storage)
  }
}
