/// One property of one node, driven by a ``PropertyAnimator``: a handle on the property's
/// lane in the scene's ``FrameStore``.
///
/// The path and the value on screen live in the lane (``LaneTable``), from the moment the
/// animator records the property until the animation lets go of it; this object links the
/// lane to its animator (which carries out the run) and to its node (whose storage gets the
/// value back when the animation ends).
class PropertyAnimation {
  /// The animator that owns this animation; nil once the animation has ended. An animator
  /// clears this link on every animation it lets go, and lets go of all of them before it
  /// is destroyed.
  ///
  /// Unretained, like ``Animatable``'s link to its owner, because every read of a property
  /// passes here (`swift_unownedRetainStrong` was a tenth of a read's instructions).
  @exclusivity(unchecked) unowned(unsafe) var animator: PropertyAnimator?
  /// The node whose property this animates. Weak, so that an animation never keeps its
  /// node alive: a released node ends its animations from its `deinit`.
  weak var baseNode: Node?
  /// The index of this animation's lane in its table; -1 once it has ended. (Read on every
  /// read of the property; confined to the clock's thread.)
  @exclusivity(unchecked) var laneIndex = -1

  init(node: Node, animator: PropertyAnimator) {
    baseNode = node
    self.animator = animator
  }

  /// Writes the value at fraction `f` into the lane; `sample` is the animator's timing at
  /// u = f.
  func evaluate(fraction f: Double, sample: TimingSample, core: AnimatorCore) {}

  /// Writes the start (`from`) or end (target) value into the lane; `.current` keeps it.
  final func apply(_ position: AnimatingPosition, core: AnimatorCore) {
    switch position {
    case .start:
      evaluate(
        fraction: 0, sample: core.timing.sample(at: 0, linear: false, slopes: false).value,
        core: core)
    case .end: evaluate(fraction: 1, sample: .end, core: core)
    case .current: break
    }
  }

  /// Points the lane to `slot` (its animator's slot moved).
  func move(toSlot slot: Int) {}

  /// Re-bases the path for `continueAnimation`.
  func rebase(_ rebase: AnimatorCore.Rebase, core: AnimatorCore) {}

  /// Removes the lane and gives the value it showed back to the node's storage.
  func end() {}

  /// Whether the lane at `laneIndex` belongs to this animation and `slot`; for the audit.
  func laneMatches(slot: Int) -> Bool { false }

  /// What is inconsistent in the additive stack of this animation's property; for the audit.
  func stackProblems() -> [String] { [] }

  /// Stops driving the node's property, which stays where it is; tells the animator, which
  /// ends at `position` if that was its last property.
  func detach(endingAt position: AnimatingPosition) {
    guard let animator else { return }
    // Inside an event (another animation's completion, say) the values still show the last
    // frame: bring them to the clock's time first, so the property keeps what is true now.
    animator.refreshIfStale()
    self.animator = nil
    end()
    animator.animationDidDetach(self, endingAt: position)
  }
}

/// A `PropertyAnimation` of a `Value`.
class ValueAnimation<Value: VectorConvertible>: PropertyAnimation {
  typealias Vector = Value.VectorType

  /// The table holding this animation's lane.
  let table: LaneTable<Vector>

  /// Whether this animation is a member of an additive stack: the property then shows its
  /// storage's value (the target) plus every member's ``offset``, instead of this lane.
  final var isStacked = false
  /// The member below this one in an additive stack (older), if any. The property's storage
  /// links to the top; the links run down to the oldest.
  final var below: ValueAnimation<Value>?

  init(node: Node, animator: PropertyAnimator, table: LaneTable<Vector>) {
    self.table = table
    super.init(node: node, animator: animator)
  }

  /// The value on screen as a read sees it: the lane's value, brought up to the clock's
  /// time first if the clock moved since the last frame (a read inside an event, between
  /// the event's time and the frame's). The read path is three hops: the property's
  /// subscript, this, the lane.
  @inline(__always)
  final var displayed: Vector {
    animator?.refreshIfStale()
    return table.current(at: laneIndex)
  }

  /// The path's end: the value the property is heading to.
  final var target: Vector { table.target(at: laneIndex) }

  /// What this animation adds in an additive stack: its value minus its own target. It
  /// ends at 0 exactly (the lane's blend is exact at p = 1).
  final var offset: Vector { displayed - target }

  /// This animation and the members below it, newest first.
  final var stack: [ValueAnimation<Value>] {
    var members = [self]
    while let next = members[members.count - 1].below { members.append(next) }
    return members
  }

  /// The sum of the offsets of this animation and the members below it, newest first.
  final var stackOffset: Vector {
    var sum = offset
    var member = below
    while let next = member {
      sum += next.offset
      member = next.below
    }
    return sum
  }

  /// The velocity of the property this animation drives, in value units per second at clock
  /// time `now`: the sum over its stack (one animation, when not stacked).
  final func stackVelocity(now: Double) -> Vector {
    var sum = Vector.zero
    var member: ValueAnimation<Value>? = self
    while let next = member {
      if let animator = next.animator { sum += next.velocity(core: animator.core, now: now) }
      member = next.below
    }
    return sum
  }

  /// Stops driving the property, with every member below this one in its stack; the value
  /// stays where it is.
  final func detachStack() {
    for member in stack {
      member.detach(endingAt: .current)
    }
  }

  /// The keyframes, for an animation of `Node.animateKeyframes`.
  final var keyframes: KeyframePath<Vector>? {
    get { table.keyframes(at: laneIndex) }
    set { if let newValue { table.setKeyframes(newValue, at: laneIndex) } }
  }

  /// The path.
  final var path: LanePath<Vector> {
    get { table.path(at: laneIndex) }
    set { table.setPath(newValue, at: laneIndex) }
  }

  override final func evaluate(fraction f: Double, sample: TimingSample, core: AnimatorCore) {
    table.evaluate(at: laneIndex, fraction: f, sample: sample, core: core)
  }

  /// The velocity in value units per second of clock time, at clock time `now`.
  final func velocity(core: AnimatorCore, now: Double) -> Vector {
    let f = core.fraction(at: now)
    let (sample, slope) = core.sample(atFraction: f, slopes: true)
    return table.value(
      at: laneIndex, fraction: f, sample: sample, slope: slope, core: core, slopes: true
    ).slope * core.speed(at: now)
  }

  override final func move(toSlot slot: Int) {
    table.move(at: laneIndex, toSlot: slot)
  }

  override final func rebase(_ rebase: AnimatorCore.Rebase, core: AnimatorCore) {
    var path = path
    let f = rebase.fraction
    let old = rebase.oldCore
    let (sample, sampleSlope) = old.sample(atFraction: f, slopes: true)
    let (value, slope) = table.value(
      at: laneIndex, fraction: f, sample: sample, slope: sampleSlope, core: old, slopes: true)
    path.rebase(
      at: f, value: value, clockVelocity: slope * rebase.oldSpeed, timing: core.timing,
      speed: rebase.newSpeed)
    self.path = path
  }

  override final func laneMatches(slot: Int) -> Bool {
    table.laneMatches(self, at: laneIndex, slot: slot)
  }
}

/// A `PropertyAnimation` of a `Value` stored in a node of class `N`.
final class TypedPropertyAnimation<N: Node, Value: VectorConvertible>: ValueAnimation<Value> {
  let storage: ReferenceWritableKeyPath<N, Animatable<Value>>

  init(
    node: N, storage: ReferenceWritableKeyPath<N, Animatable<Value>>, animator: PropertyAnimator,
    table: LaneTable<Vector>
  ) {
    self.storage = storage
    super.init(node: node, animator: animator, table: table)
  }

  override func stackProblems() -> [String] {
    guard let node = baseNode.map({ unsafeDowncast($0, to: N.self) }) else { return [] }
    let property = node[keyPath: storage]
    guard let top = property.owner else {
      return ["a live animation's property has no owner"]
    }
    let members = top.stack
    guard members.contains(where: { $0 === self }) else {
      return ["a live animation is not in its property's stack"]
    }
    if !top.isStacked { return members.count == 1 ? [] : ["a replacing owner has a stack"] }
    var problems: [String] = []
    if members.count > AnimationComposition.maximumOffsets {
      problems.append("\(members.count) offsets on one property")
    }
    // The value shown, from the lanes directly: the target plus each lane's value − target.
    var sum = property.value.vector
    // Rounding is relative to the largest term: the target or an offset.
    var scale = max(1, sum.max(), -sum.min())
    for member in members {
      if !member.isStacked || member.animator == nil || member.laneIndex < 0 {
        problems.append("a stack member is not a live additive lane")
        return problems
      }
      let offset =
        member.table.current(at: member.laneIndex) - member.table.target(at: member.laneIndex)
      sum += offset
      scale = max(scale, offset.max(), -offset.min())
    }
    // (Compared as values: a transform's vector wraps its angle on the way back.)
    let shown = property.displayedValue.vector
    sum = Value(vector: sum).vector
    if ((shown - sum) * (shown - sum)).sum() > (1e-9 * scale) * (1e-9 * scale) {
      problems.append("the value shown \(shown) is not target + Σ offsets \(sum)")
    }
    return problems
  }

  override func end() {
    guard laneIndex >= 0 else { return }
    let target = isStacked ? table.target(at: laneIndex) : .zero
    let value = table.remove(at: laneIndex)
    laneIndex = -1
    guard let baseNode else { return }
    let node = unsafeDowncast(baseNode, to: N.self)
    if isStacked {
      // An ended offset folds into the target: nothing at `.end`, (from − to) at `.start`.
      node[keyPath: storage].fold(self, offset: value - target)
    } else {
      node[keyPath: storage].release(from: self, value: Value(vector: value))
    }
  }
}
