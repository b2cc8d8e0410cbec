/// One property of one node, animated by a ``PropertyAnimator`` from `from` to `to`.
///
/// The value is a pure function of the animator's fraction complete f, so scrubbing and
/// playback agree and the motion does not depend on frame slicing:
///
/// - before `windowStart` (the block's delay factor) the property rests at `from`;
/// - from `segmentStart` on it follows the animator's timing from `segmentFrom` to `to`,
///   plus `inheritedVelocity` times the spring's impulse response;
/// - between the two (only after `continueAnimation` re-based the segment) it moves
///   linearly from `from` to `segmentFrom`.
class PropertyAnimation {
  // Plain-value per-frame state is `@exclusivity(unchecked)`: confined to the clock's thread,
  // and each access is a single read or write, never held across a call.

  /// The animator that owns this animation; nil once the animation has ended.
  ///
  /// Unowned and unretained, to keep reference counting off the per-frame path: an animator
  /// clears this link on every animation it lets go (in `finishNow` and `detach`), and it
  /// lets go of all of them before it is destroyed.
  unowned(unsafe) var animator: PropertyAnimator?
  /// The node whose property this animates. Weak, so that an animation never keeps its
  /// node alive: a released node ends its animations from its `deinit`.
  weak var baseNode: Node?
  let windowStart: Double

  /// Writes the value at a fraction: (animation, f, the animator's timing sampled at u = f). Subclasses create it where their generic parameters are concrete,
  /// so that the per-frame math runs specialised rather than through witness tables.
  typealias Kernel = (PropertyAnimation, Double, AnimationTiming.Sample) -> Void
  private let kernel: Kernel

  init(node: Node, animator: PropertyAnimator, windowStart: Double, kernel: @escaping Kernel) {
    baseNode = node
    self.animator = animator
    self.windowStart = windowStart
    self.kernel = kernel
  }

  /// Writes the value at fraction `f`; `shared` is the animator's timing sampled at u = f,
  /// which every animation whose segment starts at 0 can use as it is.
  @inline(__always)
  final func apply(fraction f: Double, shared: AnimationTiming.Sample) {
    kernel(self, f, shared)
  }

  /// Writes the start (`from`) or end (`to`) value into the node.
  func apply(_ position: AnimatingPosition) {}

  // MARK: - The frame store

  /// The index of this animation's lane in its animator's `FrameStore` (in a lane table,
  /// or in the store's list of animations that compute their own values); -1 while the
  /// animator has no slot there.
  @exclusivity(unchecked) final var laneIndex = -1

  /// Adds this animation's lane to `store`, driven by `slot`. By default the animation
  /// computes its value itself each frame.
  func enterStore(_ store: FrameStore, slot: Int) {
    laneIndex = store.addOther(self, slot: slot)
  }

  /// Removes this animation's lane from `store`, keeping the value it shows.
  func leaveStore(_ store: FrameStore) {
    guard laneIndex >= 0 else { return }
    store.removeOther(at: laneIndex)
    laneIndex = -1
  }

  /// Points this animation's lane to `slot` (its animator's slot moved).
  func moveToSlot(_ slot: Int, in store: FrameStore) {
    store.moveOther(at: laneIndex, toSlot: slot)
  }

  /// What is wrong with this animation's lane, for an animator at `slot` in `store`.
  func auditLane(in store: FrameStore, slot: Int) -> [String] {
    store.otherLaneMatches(self, at: laneIndex, slot: slot)
      ? [] : ["an animation's lane in the frame store is missing or belongs to another"]
  }

  /// Starts a new segment at fraction `f`: from the value shown now (under `oldTiming`,
  /// with f moving at `oldSpeed` per second) to the end, under `newTiming` at `newSpeed`,
  /// keeping the property's velocity if the new timing is a spring.
  func rebase(
    at f: Double, oldTiming: AnimationTiming, linear: Bool, oldSpeed: Double,
    newTiming: AnimationTiming, newSpeed: Double
  ) {}

  /// Stops driving the node's property, which stays where it is; tells the animator, which
  /// ends at `position` if that was its last property.
  func detach(endingAt position: AnimatingPosition) {
    guard let animator else { return }
    // Inside an event (another animation's completion, say) the values still show the last
    // frame: bring them to the clock's time first, so the property keeps what is true now.
    animator.refreshIfStale()
    self.animator = nil
    releaseProperty()
    animator.animationDidDetach(self, endingAt: position)
  }

  /// Clears the node's link to this animation.
  func releaseProperty() {}

  /// Brings the owning animator's values up to the clock's current time.
  func refreshIfStale() {
    animator?.refreshIfStale()
  }
}

/// A `PropertyAnimation` of a `Value`: it holds the value on screen while it drives the
/// property.
///
/// Each frame writes `current` rather than into the node, so the per-frame path touches
/// neither the node nor a key path; the property's getter reads `current` through the
/// `Animatable` storage's `owner` link. While the animation has a lane in a lane table of
/// the frame store, `current` lives in that lane; otherwise here. When the animation lets go
/// of the property it writes `current` back into the node's storage.
class ValueAnimation<Value: VectorConvertible>: PropertyAnimation {
  typealias Vector = Value.VectorType

  /// The value on screen while the animation has no lane in a lane table.
  @exclusivity(unchecked) private final var parked: Vector
  /// The lane table holding this animation's lane, if it is in one. The store that owns the
  /// table is kept alive by the animator; the animation leaves the table before either goes.
  unowned(unsafe) final var table: LaneTable<Vector>?

  init(
    node: Node, current: Vector, animator: PropertyAnimator, windowStart: Double,
    kernel: @escaping Kernel
  ) {
    parked = current
    super.init(node: node, animator: animator, windowStart: windowStart, kernel: kernel)
  }

  /// The value on screen.
  final var current: Vector {
    @inline(__always) get {
      if let table { return table.current(at: laneIndex) }
      return parked
    }
    @inline(__always) set {
      if let table {
        table.setCurrent(newValue, at: laneIndex)
      } else {
        parked = newValue
      }
    }
  }

  /// Adds a lane to `table` for this animation: from `from` to `to` (the whole path).
  final func enterTable(
    _ table: LaneTable<Vector>, slot: Int, from: Vector, to: Vector, inheritedVelocity: Vector
  ) {
    laneIndex = table.add(
      self, slot: slot, from: from, to: to, inheritedVelocity: inheritedVelocity,
      current: parked)
    self.table = table
  }

  override func leaveStore(_ store: FrameStore) {
    guard let table else { return super.leaveStore(store) }
    parked = table.remove(at: laneIndex)
    self.table = nil
    laneIndex = -1
  }

  override func moveToSlot(_ slot: Int, in store: FrameStore) {
    guard let table else { return super.moveToSlot(slot, in: store) }
    table.move(at: laneIndex, toSlot: slot)
  }

  override func auditLane(in store: FrameStore, slot: Int) -> [String] {
    guard let table else { return super.auditLane(in: store, slot: slot) }
    return table.laneMatches(self, at: laneIndex, slot: slot)
      ? [] : ["an animation's lane in a lane table is missing or belongs to another"]
  }
}

/// A `PropertyAnimation` of a `Value` stored in a node of class `N`.
final class TypedPropertyAnimation<N: Node, Value: VectorConvertible>: ValueAnimation<Value> {
  let storage: ReferenceWritableKeyPath<N, Animatable<Value>>
  let from: Vector
  let to: Vector

  /// The part of the path that follows the animator's current timing. One struct, so that
  /// the per-frame path reads it in one access.
  struct Segment {
    /// The fraction at which the segment starts.
    var start: Double
    /// The value at which the segment starts.
    var from: Vector
    /// Value units per second of spring time, multiplying the spring's impulse response.
    var inheritedVelocity: Vector = .zero
  }

  @exclusivity(unchecked) var segment: Segment

  init(
    node: N, storage: ReferenceWritableKeyPath<N, Animatable<Value>>, from: Vector, to: Vector,
    animator: PropertyAnimator, windowStart: Double
  ) {
    self.storage = storage
    self.from = from
    self.to = to
    segment = Segment(start: windowStart, from: from)
    super.init(
      node: node, current: from, animator: animator, windowStart: windowStart,
      kernel: { animation, f, shared in
        let typed = unsafeDowncast(animation, to: TypedPropertyAnimation<N, Value>.self)
        typed.current = typed.value(fraction: f, shared: shared)
      })
  }

  /// The node, with its class; nil once the node is gone.
  @inline(__always)
  var node: N? { baseNode.map { unsafeDowncast($0, to: N.self) } }

  /// Per-lane progress: even lanes follow x, odd lanes y.
  @inline(__always)
  private static func mask(_ progress: SIMD2<Double>) -> Vector {
    var mask = Vector(repeating: progress.x)
    if progress.x != progress.y {
      for lane in stride(from: 1, to: Vector.scalarCount, by: 2) {
        mask[lane] = progress.y
      }
    }
    return mask
  }

  /// The value and its derivative with respect to f at fraction `f` (for velocity queries
  /// and re-basing; frames use `value(fraction:shared:)`).
  func state(fraction f: Double, timing: AnimationTiming, linear: Bool) -> (Vector, Vector) {
    let segment = segment
    if f >= segment.start {
      let span = 1 - segment.start
      let u = span > 0 ? (f - segment.start) / span : 1
      let sample = linear ? AnimationTiming.linearSample(u) : timing.sample(u)
      // The blend a·(1 − p) + b·p is exact at both ends: p = 1 gives `to` to the bit.
      let progress = Self.mask(sample.progress)
      var value = segment.from * (1 - progress) + to * progress
      var slope = (to - segment.from) * Self.mask(sample.progressSlope)
      if sample.impulse != 0 || sample.impulseSlope != 0 {
        value += segment.inheritedVelocity * sample.impulse
        slope += segment.inheritedVelocity * sample.impulseSlope
      }
      return (value, slope / (span > 0 ? span : 1))
    }
    let span = segment.start - windowStart
    guard f > windowStart, span > 0 else { return (from, .zero) }
    let t = (f - windowStart) / span
    return (from.lerp(to: segment.from, t), (segment.from - from) / span)
  }

  /// The value alone at fraction `f`, for drawing a frame: `state(…).0` without the slope.
  /// `shared` serves when the segment starts at 0; otherwise the animator's timing is
  /// sampled for this segment.
  @inline(__always)
  func value(fraction f: Double, shared: AnimationTiming.Sample) -> Vector {
    let segment = segment
    guard f >= segment.start else {
      let span = segment.start - windowStart
      guard f > windowStart, span > 0 else { return from }
      return from.lerp(to: segment.from, (f - windowStart) / span)
    }
    var sample = shared
    if segment.start != 0, let animator {
      let span = 1 - segment.start
      let u = span > 0 ? (f - segment.start) / span : 1
      sample =
        animator.showsLinearScrub
        ? AnimationTiming.linearSample(u) : animator.timing.frameSample(u)
    }
    let progress = Self.mask(sample.progress)
    let value = segment.from * (1 - progress) + to * progress
    return sample.impulse == 0 ? value : value + segment.inheritedVelocity * sample.impulse
  }

  /// A lane in the store's table when the segment is the whole path (nothing to re-base or
  /// delay) and the value width has a table; otherwise the animation computes its value.
  override func enterStore(_ store: FrameStore, slot: Int) {
    guard segment.start == 0, let table = store.table(for: Vector.self) else {
      return super.enterStore(store, slot: slot)
    }
    enterTable(
      table, slot: slot, from: segment.from, to: to,
      inheritedVelocity: segment.inheritedVelocity)
  }

  override func apply(_ position: AnimatingPosition) {
    switch position {
    case .start: current = from
    case .end: current = to
    case .current: break
    }
  }

  /// The velocity in value units per second of clock time, when f moves at `speed`
  /// fractions per second.
  func velocity(fraction f: Double, timing: AnimationTiming, linear: Bool, speed: Double) -> Vector
  {
    state(fraction: f, timing: timing, linear: linear).1 * speed
  }

  /// Sets the velocity carried into a spring: `clockVelocity` in value units per second of
  /// clock time, for a segment whose fraction moves at `speed` per second.
  func inherit(clockVelocity: Vector, timing: AnimationTiming, speed: Double) {
    // u runs at speed / (1 − segment start) per second, spring time at duration × that.
    let span = 1 - segment.start
    let springSecondsPerSecond = span > 0 ? timing.duration * speed / span : 0
    segment.inheritedVelocity =
      timing.isSpring && springSecondsPerSecond > 0 ? clockVelocity / springSecondsPerSecond : .zero
  }

  override func rebase(
    at f: Double, oldTiming: AnimationTiming, linear: Bool, oldSpeed: Double,
    newTiming: AnimationTiming, newSpeed: Double
  ) {
    let (value, slope) = state(fraction: f, timing: oldTiming, linear: linear)
    guard f > windowStart else { return }  // not started yet: nothing to carry over
    segment.from = value
    segment.start = f
    inherit(clockVelocity: slope * oldSpeed, timing: newTiming, speed: newSpeed)
  }

  override func releaseProperty() {
    node?[keyPath: storage].release(from: self)
  }
}
