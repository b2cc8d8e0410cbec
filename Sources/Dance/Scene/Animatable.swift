/// Declares an animatable property of a ``Node`` subclass, in one line.
///
/// ```swift
/// final class Sprite: Node {
///   @Animatable var glow: Double = 0
///   @Animatable var tint: Color = .white
/// }
/// sprite.dance.animate(duration: 1, curve: .easeOut) { ($0 as! Sprite).glow = 1 }.start()
/// ```
///
/// The property then behaves exactly like the built-in ones (`center`, `alpha`, …): assigned
/// inside an animation block it animates from its current value to the new one; assigned
/// outside it changes at once and takes the property away from any animation driving it;
/// read outside a block it returns the value being drawn, and inside a block the value it is
/// heading to (its target, UIKit's model value). A non-finite value is refused with a
/// `DanceError`. The value can be any `VectorConvertible` type. `@Animatable` works only
/// on properties of `Node` subclasses.
@propertyWrapper
public struct Animatable<Value: VectorConvertible> {
  /// While one animation drives the property outside an additive stack, where its lane's
  /// value lives (see ``LaneCell`` for who keeps it and how it is checked); nil otherwise.
  /// A read outside clock advances goes straight here: two dependent loads from the node
  /// (`dance-bench`'s host line), where through the owner it took four.
  ///
  /// The fields are in the order a read loads them (cell, owner, value), and `Node` keeps
  /// the storage of `alpha` and `center` first: both cells lie within 32 bytes of the node.
  @usableFromInline var cell: LaneCell<Value.VectorType>?
  /// The animation that currently drives this property (the newest member of an additive
  /// stack), if any. It clears this link,
  /// writing its last value into `value`, whenever it lets go of the property, and its
  /// animator and node keep it alive until then.
  ///
  /// Unretained because every read of the property passes here: retaining and releasing
  /// it measured about 300 of the 1 250 instructions of reading `center` and `alpha`
  /// (`dance-bench --read-probe` under callgrind). An `Unretained` link, not
  /// `unowned(unsafe)`, whose loads still retained: 154 → 126 instructions per read of both.
  var owner: PropertyAnimation? {
    @inline(__always) get { ownerLink?.object }
    @inline(__always) set { ownerLink = newValue.map { Unretained($0) } }
  }
  @usableFromInline var ownerLink: Unretained<PropertyAnimation>?
  /// The value at rest; while an animation drives the property, its lane holds the value,
  /// except in an additive stack, where this is the target the offsets add to.
  @usableFromInline var value: Value

  /// Creates the storage with its initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// Unavailable: `@Animatable` properties live in `Node` subclasses, which reach the value
  /// through ``subscript(_enclosingInstance:wrapped:storage:)``.
  @available(*, unavailable, message: "@Animatable can only be used in Node subclasses")
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The value on screen: the driving animation's lane, or the value at rest.
  @inline(__always)
  var displayedValue: Value {
    guard let owner else { return value }
    guard owner.isStacked else { return Value(vector: owner.displayed(Value.VectorType.self)) }
    return Value(vector: value.vector + owner.stackOffset(Value.VectorType.self))
  }

  /// The rate of change of the value on screen, in value units per second of clock time:
  /// its animation's, the sum over an additive stack, zero when nothing drives it (or while
  /// the animation is paused, waiting for a delayed start, or over).
  var displayedVelocity: Value.VectorType {
    guard let owner, let now = owner.animator?.currentTime else { return .zero }
    return owner.stackVelocity(Value.VectorType.self, now: now)
  }

  /// Where the property is heading: the driving animation's target, an additive stack's
  /// target, or the value at rest (UIKit's model value).
  @inline(__always) var targetValue: Value {
    guard let owner, !owner.isStacked else { return value }
    return Value(vector: owner.target(Value.VectorType.self))
  }

  /// Takes `animation` out of this property's additive stack, adding its last `offset` to
  /// the target (so the value shown does not move); nothing if it is no longer in the stack
  /// (a later writer replaced the stack, or its offset was handed on).
  mutating func fold(_ animation: PropertyAnimation, offset: Value.VectorType) {
    guard let top = owner else { return }
    if top === animation {
      owner = animation.below
    } else {
      var member = top
      while let next = member.below, next !== animation { member = next }
      guard member.below === animation else { return }
      member.below = animation.below
    }
    animation.below = nil
    cell = nil
    if offset != .zero { value = Value(vector: value.vector + offset) }
  }

  /// Lets go of the property if `animation` drives it, keeping `value`.
  /// (One mutating call, so that a caller reaching the storage through a key path pays
  /// for one access.)
  mutating func takeBack(from animation: PropertyAnimation, value: Value) {
    guard owner === animation else { return }
    self.value = value
    owner = nil
    cell = nil
  }

  /// What a read of the property returns: the value on screen, or inside an animation
  /// block the target.
  ///
  /// Outside animation blocks and clock advances (what a host does when it draws) the lane
  /// holds the value at the clock's time (``AnimationBlockStack/slowReads``), and the read
  /// goes straight to it: the property's cell, then the value.
  ///
  /// The two common cases, a property no animation drives and one animation's lane read
  /// outside advances, take one call that only reads (the gate, ``propertyReadsAreFast()``,
  /// first, so that a loop of reads, in which nothing can change it, checks it once before
  /// the loop) and a few loads; the rest is ``slowRead()``.
  @inline(__always)
  func read() -> Value { Self.read(cell: cell, storage: { self }, slowly: { $0.slowRead() }) }

  /// ``read()`` for a property whose storage is in a node: the storage's `cell`, and the
  /// storage itself, loaded only if the cell does not answer (a host that reads an animated
  /// property loads one word of the node, not the 24 to 56 bytes of its storage);
  /// `slowly` is ``slowRead()`` or a function that calls it.
  ///
  /// The common case, an open gate and a cell, is one branch on both, marked likely, so that
  /// the optimiser lays the calls out of a host's loop of reads: a call may overwrite every
  /// floating-point register, and with the gate tested on its own (the optimiser hoists the
  /// gate's call out of the loop, and the branch's weight went with it) the loop kept its
  /// running sum in memory, a store and a load a node on the sum's chain (Docs/Performance.md,
  /// "A host's loop without spills"). Both tests are computed, not short-circuited: a second
  /// branch would lose the weight again.
  @inlinable @inline(__always)
  static func read(
    cell: LaneCell<Value.VectorType>?, storage: () -> Self, slowly: (Self) -> Value
  ) -> Value {
    let fast = propertyReadsAreFast()
    if _fastPath((fast ? 1 : 0) & (cell == nil ? 0 : 1) != 0), let cell {
      #if DEBUG
        storage().checkCell(cell)
      #endif
      return Value(vector: cell.value)
    }
    let storage = storage()
    // Nothing drives the property: on screen and heading to the same value.
    if fast && storage.ownerLink == nil { return storage.value }
    return slowly(storage)
  }

  /// ``read()`` for a property in an additive stack, or read while an animation block is
  /// open or a clock runs user code ahead of its frame.
  ///
  /// It calls no user code (a debug build stops if it would), ends nothing and writes
  /// nothing: it reads lanes, works out a stale animator's values at the clock's time
  /// without writing them (``PropertyAnimation/displayed(_:)``), and looks at the thread's
  /// animation blocks without making a list for a thread that has none. So it writes no
  /// memory and releases no object that existed before the call, which it and the getters
  /// of `Node`'s built-in properties promise the compiler (`readSlowly(_:)`, in
  /// Node.swift): a loop of reads then checks the gate once (``propertyReadsAreFast()``).
  /// (Debug builds count lends in their checks, unoptimised.)
  @inline(never) @_effects(readonly)
  func slowRead() -> Value {
    CallbackQueue.withoutUserCode {
      guard AnimationBlockStack.readsMayBeSlow else { return freshDisplayedValue }
      switch AnimationBlockStack.innermostEntry {
      case .animating, .keyframe, .targets, .timeline: return targetValue
      case .motion(.shown), .immediate, nil: return displayedValue
      case .motion(.velocity): return Value(vector: displayedVelocity)
      case .motion(.movedOneSecond):
        return Value(vector: displayedValue.vector + displayedVelocity)
      }
    }
  }

  /// The value on screen when no clock is running user code ahead of its frame: its
  /// animation's lane is known to be up to date. One animation's value is read from its
  /// ``cell``, without visiting the animation; a stack's, from the target and its members.
  @inline(__always)
  var freshDisplayedValue: Value {
    if let cell {
      #if DEBUG
        checkCell(cell)
      #endif
      return Value(vector: cell.value)
    }
    // (Unretained for the call: a retained owner was two atomic operations a read.)
    guard let ownerLink else { return value }
    return ownerLink.with { owner in
      guard owner.isStacked else {
        return Value(vector: owner.freshDisplayed(Value.VectorType.self))
      }
      return Value(vector: value.vector + owner.stackOffset(Value.VectorType.self))
    }
  }

  #if DEBUG
    /// Checks ``LaneCell``'s invariant for this property: the cell is the lane of an owner
    /// that is not stacked, and that lane is up to date.
    @usableFromInline
    func checkCell(_ cell: LaneCell<Value.VectorType>) {
      guard let owner, !owner.isStacked, owner.laneIndex >= 0 else {
        preconditionFailure("a property's lane cell outlived its single owner")
      }
      precondition(
        owner.withLanes(Value.VectorType.self) { $0.cell(at: owner.laneIndex) } == cell,
        "a property's lane cell is not its owner's lane")
      _ = owner.freshDisplayed(Value.VectorType.self)
    }
  #endif

  /// The property as seen through its node: reads return the value on screen (the target,
  /// inside an animation block), writes go through Dance's animation rules.
  public static subscript<EnclosingSelf: Node>(
    _enclosingInstance node: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Animatable<Value>>
  ) -> Value {
    @inline(__always) get {
      node[keyPath: storageKeyPath].read()
    }
    set {
      node.assign(newValue, storage: KeyPathStorage(keyPath: storageKeyPath))
    }
  }
}

extension Node {
  /// Applies an assignment to an animatable property: recorded as an animation inside an
  /// animation block, applied at once outside one.
  @inline(__always)
  func assign<Storage: PropertyStorage>(_ newValue: Storage.Value, storage: Storage) {
    let node = unsafeDowncast(self, to: Storage.Root.self)
    guard Validation.requireFinite(newValue.vector, "the value", in: "Node property assignment")
    else { return }
    let entry = AnimationBlockStack.innermostEntry
    switch entry {
    case .animating, .keyframe, .timeline:
      guard !LanePath.exceedsBound(newValue.vector) else {
        DanceError.report(
          .outOfRange,
          "Node property assignment: \(newValue) is beyond ±1e100, more than an animation can "
            + "hold; set without animation")
        assignImmediately(newValue, storage: storage)
        return
      }
    case .immediate, .targets, .motion, nil:
      break
    }
    switch entry {
    case .animating(let animator, let windowStart):
      animator.withObject {
        $0.record(newValue, for: node, storage: storage, windowStart: windowStart)
      }
      return
    case .keyframe(let animator, let start, let duration):
      animator.withObject {
        $0.recordKeyframe(newValue, for: node, storage: storage, start: start, duration: duration)
      }
      return
    case .timeline(let held):
      let recorder = held.object
      recorder.animator.recordTimeline(newValue, for: node, storage: storage, recorder: recorder)
      return
    case .immediate, .targets, .motion, nil:
      break
    }
    // The latest writer owns the property: any animation driving it lets go.
    assignImmediately(newValue, storage: storage)
  }

  /// Sets an animatable property at once, taking it from any animation driving it.
  func assignImmediately<Storage: PropertyStorage>(
    _ newValue: Storage.Value, storage: Storage
  ) {
    let node = unsafeDowncast(self, to: Storage.Root.self)
    guard let owner = storage.access(node, { $0.owner }) else {
      storage.access(node) { $0.value = newValue }
      return
    }
    // An operation: the completions of the runs this ends run once the value is set.
    CallbackQueue.operation {
      owner.stopStack()
      storage.access(node) { $0.value = newValue }
    }
  }
}
