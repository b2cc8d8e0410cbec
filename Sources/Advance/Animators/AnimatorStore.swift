/// The running ``Animator``s of one value type on one clock, advanced together: the clock's
/// one per-frame observer for all of them.
///
/// A frame walks the list and brings each animator to the clock's time in code specialised
/// for `Value` (the store's frame is a closure made where an animator of `Value` is made,
/// as `Animator`'s own kernel is), reaching each through an unretained reference. One clock
/// observer per animator cost, per value and frame, a call through the observer protocol,
/// a retain and release of the animator and a call through its kernel closure: 100 of the
/// 257 instructions of a timed value-frame (`dance-bench --animator-frame-probe`).
///
/// An animator joins when a run starts and leaves when it ends (or the animator goes).
///
/// A frame is two passes over the members it had when it began. The first brings every one
/// to the clock's time and calls no user code; the second, at the edge (SPEC principle 8),
/// calls the handlers that came due, in the members' order: `onChange`, and the functions
/// of custom simulations. So a handler sees every animator of the store already at the
/// frame's time, and what it does (stop, start or release animators, this one included)
/// meets a store whose frame is complete. A member that leaves meanwhile leaves a hole,
/// filled when the frame ends, and is skipped; one that joins waits for the next frame. A
/// member whose handler runs is retained for that call, since the handler may release it.
@usableFromInline
final class AnimatorStore<Value: VectorConvertible>: ClockFrameObserver {
  /// Unretained: the clock keeps its stores, which go with it.
  @usableFromInline let clockLink: Unretained<AnimationClock>
  @inlinable var clock: AnimationClock { clockLink.object }
  package var registration = ClockRegistration()

  /// The running animators, unretained: each leaves before it goes (its back-index is
  /// `storeIndex`). A frame walks them; one that leaves meanwhile leaves a hole until the
  /// frame ends.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var members = SlotList<Unretained<Animator<Value>>>()
  /// The indices of the members whose handlers came due in the current frame's first pass.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var due = FlatArray<Int>()
  /// Advances every member, in code specialised for `Value`.
  @usableFromInline let frame: (AnimatorStore<Value>) -> Void

  @inlinable
  init(clock: AnimationClock) {
    clockLink = Unretained(clock)
    frame = { store in
      let count = store.members.beginWalk()
      let now = store.clock.now
      var index = 0
      while index < count {
        if let member = store.members.entry(at: index), member.with({ $0.advanceFrame(at: now) }) {
          store.due.append(index)
        }
        index += 1
      }
      if !store.due.isEmpty { store.deliverDueHandlers() }
      store.members.endWalk { member, index in member.with { $0.storeIndex = index } }
    }
  }

  /// The frame's second pass: runs the handlers that came due, each with its animator
  /// retained (the handler may release it), skipping members that left meanwhile.
  /// (A handler cannot advance the clock, so no frame of this store starts inside it.)
  @usableFromInline
  func deliverDueHandlers() {
    var next = 0
    while next < due.count {
      let index = due[next]
      next += 1
      members.entry(at: index)?.object.deliverFrame()
    }
    due.removeAll()
  }

  /// The store of `Value` animators on `clock`, made on first use.
  @inlinable
  static func on(_ clock: AnimationClock) -> AnimatorStore<Value> {
    let key = ObjectIdentifier(Value.self)
    if let store = clock.animatorStores[key] {
      return unsafeDowncast(store, to: AnimatorStore<Value>.self)
    }
    let store = AnimatorStore<Value>(clock: clock)
    clock.animatorStores[key] = store
    return store
  }

  package func clockDidAdvance(_ clock: AnimationClock) {
    frame(self)
  }

  /// Adds `animator` (not a member) to the frames.
  @usableFromInline
  func add(_ animator: Animator<Value>) {
    animator.storeIndex = members.append(Unretained(animator))
    if !registration.isActive { clock.activate(self) }
  }

  /// Takes `animator` (a member) out of the frames.
  @usableFromInline
  func remove(_ animator: Animator<Value>) {
    let index = animator.storeIndex
    guard index >= 0 else { return }
    animator.storeIndex = -1
    if let movedTo = members.remove(at: index).movedTo {
      members.entry(at: movedTo).unsafelyUnwrapped.with { $0.storeIndex = movedTo }
    }
    if members.count == 0 { clock.deactivate(self) }
  }

  /// The number of running animators; for tests and diagnostics.
  var memberCount: Int { members.count }
}

extension AnimationClock {
  /// The number of running ``Animator``s, of every value type; for tests and diagnostics.
  package var runningAnimatorCount: Int {
    animatorStores.values.reduce(0) { $0 + (($1 as? any StoreCounting)?.memberCount ?? 0) }
  }
}

/// An ``AnimatorStore`` whatever its value type, for counting and auditing.
protocol StoreCounting {
  var memberCount: Int { get }
  /// What breaks the member list's invariants (``SlotList``).
  var memberProblems: [String] { get }
}

extension AnimatorStore: StoreCounting {
  var memberProblems: [String] {
    members.checkInvariants { member in member.with { $0.storeIndex } }
      + (registration.isActive == (members.count > 0)
        ? [] : ["an animator store is active with the clock iff it has members: not so"])
  }
}
