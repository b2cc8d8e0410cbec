// How the core gets fast code — one rule for every file of Dance's core:
//
// 1. Plain Swift first. Generic code is specialised by the optimiser where it is called with
//    concrete types; code another module must specialise is `@inlinable` with
//    `@usableFromInline` storage. The frame calls the three lane tables with concrete types.
// 2. Anything stronger only where `dance-bench` (times, or instruction and allocation counts
//    under valgrind) shows it matters, each with a comment that names the figure:
//    - `@_specialize` on the lane tables' control-path methods (LaneTable.swift), which
//      generic animation classes reach through class methods: start + finish 132 000 →
//      57 000 instructions;
//    - `@exclusivity(unchecked)` on state that the frame, a start or a read touches, all of
//      it confined to the clock's thread and never accessed across a call out: start +
//      finish 72 000 → 64 000 instructions; reading a built-in property skips the check too.
//      Measured again with every one of them removed (callgrind, 2026-12-03): a whole frame
//      of one node 448 → 2 398 instructions, an `Advance.Animator` value-frame 131 → 462, a
//      timed node-frame 142 → 147: the run-time checks cost more than the work. Release
//      builds only: each is written `#if !DEBUG @exclusivity(unchecked) #endif`, so debug
//      builds (the test suite, the debug fuzzer) keep the run-time checks and stop at any
//      overlapping access, the invariant the release builds rely on;
//    - unretained links (`Unretained`, `UnretainedObserver`) and in-place addresses
//      (`FlatAddress`), each a checked type in Advance/Storage: an `unowned(unsafe)` load
//      retained, a read of `center` and `alpha` 153 → 126 instructions without it.
//    Nothing else: no `unsafeBitCast` dispatch, no closure kernels, no copies of state.
// 3. `unsafeDowncast` only where the type is known by construction (a lane table found by
//    its vector type, a node handed to its own key path); the standard library checks it in
//    debug builds.

/// The state of a scene's active animators, laid out flat: the one place a run's state
/// lives while it is active, and what a frame walks.
///
/// A scene has one store, and the store is the scene's one per-frame observer of the clock.
/// While an animator is active (running, paused or stopped) in the scene it has a *slot*
/// here holding its ``AnimatorCore``: the slot is the state, not a copy; the animator reads
/// and changes it in place. Each property it drives has a *lane* in the ``LaneTable`` of its
/// value width, from the moment it is recorded until the animation lets go of it.
///
/// A frame is two passes: every slot samples its timing once (one ``SlotSample``), then
/// every lane evaluates its path with its slot's sample. The sample is kept in two arrays:
/// the progress, which every lane reads, and the fraction and impulse, which only lanes
/// with more than a plain blend and timelines' plans read, and which a frame writes only
/// when the store has such lanes or plans (at N = 100 000 a frame's cost is the bytes it
/// moves). Nothing in a frame calls out,
/// allocates, retains or touches a node; reading a property finds its value in its lane.
/// Paused and stopped slots are sampled too (their fraction does not move), which costs a
/// sample per slot and keeps one path for every phase.
final class FrameStore {
  /// The clock that drives the scene.
  let clock: AnimationClock
  /// The clock's bookkeeping for the store.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var registration = ClockRegistration()

  /// The animator of a slot (for its back-index), and the animator again while it runs or
  /// is paused: the scene keeps it alive then (as UIKit keeps running animators), so
  /// releasing your reference is safe. A stopped animator is not kept: released, it
  /// finishes at `.current`.
  struct SlotOwner {
    /// Unretained: the animator leaves its slot before it goes.
    let link: Unretained<PropertyAnimator>
    var retained: PropertyAnimator?

    init(animator: PropertyAnimator, retained: PropertyAnimator?) {
      link = Unretained(animator)
      self.retained = retained
    }

    /// The animator, retained by the caller.
    var animator: PropertyAnimator { link.object }

    /// Runs `body` with the animator, not retained for the call.
    @inline(__always)
    func withAnimator<Result>(_ body: (PropertyAnimator) -> Result) -> Result {
      link.with(body)
    }
  }

  /// Per slot: the active animator's state, read and changed in place by its animator. Plain
  /// values but for the curve's shared solver, which a frame reads in place: it copies and
  /// counts nothing.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var cores = FlatArray<AnimatorCore>()
  /// The memory of parked cores that animators entering slots left, for the next animators
  /// that leave (see ``ParkedCore``): at most ``keptParkingBlocks`` blocks.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var parkingMemory = CoreMemoryPool()
  /// How many animators left their slots since the last frame, and the most that ever did.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var leavesThisFrame = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var peakLeaves = 0
  /// How many blocks of parking memory the store keeps: 256, or the most animators that
  /// ever left their slots between two frames, if more. So starts and finishes in step
  /// allocate none, nor does a wave of finishes as large as one seen before (`dance-bench
  /// --start-probe` starts 500 animations and finishes them after a frame), while a crowd
  /// of animations that stay active costs no parked core each: beyond the count, a block
  /// is freed as its animator enters.
  var keptParkingBlocks: Int { max(256, peakLeaves) }
  /// Per slot: what a frame needs of its core when the run moves plainly along a cubic
  /// curve (``SlotPace``), derived from the core whenever it changes.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var paces = FlatArray<SlotPace>()
  /// Per slot: its animator.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var owners = SlotList<SlotOwner>()
  /// A frame's scratch: per slot, the progress of its sample, if its lanes read samples the
  /// store keeps (the frame sizes it to the slots; starts and ends leave it alone). One
  /// table of plain lanes samples where its lanes are and needs none (Docs/Performance.md).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var progress = FlatArray<SIMD2<Double>>()
  /// A frame's scratch too, as long as `progress`: per slot, the rest of its sample, if
  /// lanes or plans need it (only a store that samples every slot in one pass has them).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var details = FlatArray<SampleDetails>()
  /// Per slot: the plan of the timeline whose run it is, or nil; the frame samples its
  /// children after the slots. This and ``childSamples`` are kept only while a slot has a
  /// plan: either both are empty or both have an entry for every slot (``setPlan(_:slot:)``
  /// fills them, ``removeSlot(slot:hold:)`` empties them with the last plan), so that a
  /// store without timelines pays nothing for them (16 bytes a slot, 8 an animated property
  /// of a `node.dance` animation; Docs/Performance.md, "Memory per property").
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var plans = FlatArray<TimelinePlan?>()
  /// Per slot: the progress of that plan's children's samples, for the lanes that blend
  /// from them.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var childSamples = FlatArray<FlatAddress<SIMD2<Double>>?>()
  /// How many slots the current frame has sampled (see ``sampleSlots(through:)``).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var sampledCount = 0
  /// How many slots have a plan (so that a frame without timelines skips them).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var planCount = 0

  /// Whether the scene's motion preference is `.reduced`: the position, size and transform
  /// lanes recorded from then on jump (``LanePath/jumps``).
  var reducesMotion = false
  /// Lanes of two-lane values (`Point`, `Size`, `Double`, …).
  let pairs = LaneTable<SIMD2<Double>>()
  /// Lanes of four-lane values (`Rect`, `Color`, …).
  let quads = LaneTable<SIMD4<Double>>()
  /// Lanes of eight-lane values (`Transform`).
  let octets = LaneTable<SIMD8<Double>>()
  /// Lanes of other widths (users' own `VectorConvertible` types), by vector type.
  private var otherTables: [ObjectIdentifier: any ErasedLaneTable] = [:]
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var otherTableList: [any ErasedLaneTable] = []

  /// Ended animations, ready to be reused by the next start. An animation is pooled once it
  /// has let go of its lane, its node and its animator; the engine holds none across the
  /// call that ends it but the loops that end several, which compare its generation
  /// (``PropertyAnimation/Held``), and no user code runs inside the engine's change to start
  /// another in between (SPEC principle 8): reuse needs no second stage.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pooledAnimations = FlatArray<PropertyAnimation>()

  /// The clock time of the last frame; every lane shows that time unless its animator
  /// wrote it since.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var evaluatedAt = -Double.infinity

  /// Whether the clock is inside an advance, counted in
  /// ``AnimationBlockStack/slowReads``: reads then check their animator against the clock.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var countsInSlowReads = false

  init(clock: AnimationClock) {
    self.clock = clock
    progress.append(.zero)
    details.append(.zero)
    clock.watchAdvances(self)
  }

  deinit {
    clock.deactivate(self)
    clock.unwatchAdvances(self)
    if countsInSlowReads { AnimationBlockStack.slowReads.subtract(1, ordering: .relaxed) }
  }

  /// The lane table for values of type `V`, as an unretained link: the store keeps its
  /// tables for as long as it lives.
  func table<V: SIMD>(for _: V.Type) -> Unretained<LaneTable<V>> where V.Scalar == Double {
    if V.self == SIMD2<Double>.self { return Unretained(pairs, as: LaneTable<V>.self) }
    if V.self == SIMD4<Double>.self { return Unretained(quads, as: LaneTable<V>.self) }
    if V.self == SIMD8<Double>.self { return Unretained(octets, as: LaneTable<V>.self) }
    let key = ObjectIdentifier(V.self)
    if let table = otherTables[key] { return Unretained(table, as: LaneTable<V>.self) }
    let table = LaneTable<V>()
    otherTables[key] = table
    otherTableList.append(table)
    return Unretained(table)
  }

  /// Whether the scene keeps the animator of `slot` alive.
  func holds(slot: Int) -> Bool {
    owners.address(of: slot).pointee?.retained != nil
  }

  /// Keeps the animator of `slot` alive (`animator`, which is that slot's) or lets it go
  /// (nil).
  func setHold(_ animator: PropertyAnimator?, slot: Int) {
    owners.address(of: slot).pointee?.retained = animator
  }

  /// The animator of the last slot, if any (a scene ending its animators one by one).
  var lastAnimator: PropertyAnimator? {
    owners.places > 0 ? owners.entry(at: owners.places - 1)?.animator : nil
  }

  /// The number of active animators; for tests and diagnostics.
  var slotCount: Int { cores.count }

  /// Whether an active animator is running (a delayed start included), not paused.
  var hasRunningSlot: Bool { cores.indices.contains(where: isRunning(slot:)) }

  /// Whether the animator of `slot` is running (a delayed start included).
  func isRunning(slot: Int) -> Bool { cores.element(at: slot).pointee.phase == .running }

  /// The number of lanes; for tests and diagnostics.
  var laneCount: Int {
    pairs.count + quads.count + octets.count + otherTableList.reduce(0) { $0 + $1.count }
  }

  // MARK: - Animations

  /// An animation of no property, for a new lane: a pooledAnimator one if there is one.
  func makeAnimation() -> PropertyAnimation {
    guard !pooledAnimations.isEmpty else { return PropertyAnimation() }
    let animation = pooledAnimations.removeLast()
    animation.isStacked = false
    animation.below = nil
    return animation
  }

  /// What is wrong with the pools, for the fuzzer's audit: the store keeps no more parking
  /// memory than ``keptParkingBlocks``, every pooled animation has ended (no lane, animator or
  /// node), and none is also one of `live`, the animations the store's animators drive.
  func poolProblems(live: Set<ObjectIdentifier>) -> [String] {
    var problems: [String] = []
    if parkingMemory.count > keptParkingBlocks {
      problems.append(
        "the store keeps \(parkingMemory.count) blocks of parking memory, over \(keptParkingBlocks)"
      )
    }
    for animation in pooledAnimations.buffer {
      if animation.laneIndex >= 0 || animation.animator != nil || animation.node != nil {
        problems.append("a pooled animation still has a lane, an animator or a node")
      }
      if live.contains(ObjectIdentifier(animation)) {
        problems.append("a pooled animation is also one an animator drives")
      }
    }
    return problems
  }

  /// What is wrong with the per-slot plans, for the fuzzer's audit: the plans and their
  /// children's samples are either both empty (no slot has a plan) or have an entry for
  /// every slot, and ``planCount`` counts the plans.
  func planProblems() -> [String] {
    let plansCounted = plans.buffer.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    guard
      plans.count == childSamples.count, plansCounted == planCount,
      plans.isEmpty ? planCount == 0 : plans.count == cores.count && planCount > 0
    else {
      return [
        "the store has \(plans.count) plan entries and \(childSamples.count) children's "
          + "samples for \(cores.count) slots, \(plansCounted) plans counted as \(planCount)"
      ]
    }
    return []
  }

  /// Takes back an animation that has ended (its lane removed, off every list), for the
  /// next start; its generation changes, so that a ``PropertyAnimation/Held`` taken before
  /// no longer names it.
  func pool(_ animation: PropertyAnimation) {
    animation.generation &+= 1
    pooledAnimations.append(animation)
  }

  // MARK: - Slots

  /// Moves `owner`'s parked core (``PropertyAnimator/parked``) into a new slot for `owner`
  /// (a move, not a copy: a copy retains the curve's solver), keeping its memory for the
  /// next animator that leaves or freeing it (``keptParkingBlocks``); returns the slot.
  /// (`owner` must hold a parked core; one without gets a slot with an unused core.)
  func addSlot(for owner: PropertyAnimator) -> Int {
    if let parked = owner.parked.take() {
      let memory = parked.moveCore { cores.append(moving: $0) }
      parkingMemory.give(memory, keepingAtMost: keptParkingBlocks)
    } else {
      cores.append(.unused)
    }
    _ = owners.append(SlotOwner(animator: owner, retained: nil))
    paces.append(SlotPace(cores.element(at: cores.count - 1)))
    if !plans.isEmpty {
      plans.append(nil)
      childSamples.append(nil)
    }
    if cores.count == 1 { clock.activate(self) }
    return cores.count - 1
  }

  /// Gives `slot` (a timeline's run) the plan whose children the frame samples.
  func setPlan(_ plan: TimelinePlan, slot: Int) {
    guard slot >= 0 && slot < cores.count else { return }
    if plans.isEmpty {
      for _ in 0..<cores.count {
        plans.append(nil)
        childSamples.append(nil)
      }
    }
    if plans[slot] == nil { planCount += 1 }
    plans[slot] = plan
    childSamples[slot] = plan.samples?.progress
  }

  /// Moves the core out of `slot`, which the last slot takes over (its animator and lanes
  /// are re-pointed), into parking memory (kept memory, or a new block) and returns it for
  /// the animator to hold; the animator must have removed its lanes first. Cores only move,
  /// never copied or destroyed on the way.
  ///
  /// `hold` receives the scene's hold on the animator (nil if it had none), for the caller
  /// to drop when it is done with the animator: it may be the last reference.
  func removeSlot(slot: Int, hold: inout PropertyAnimator?) -> ParkedCore {
    // The last slot moves into this one: its animator and lanes are re-pointed (in place: a
    // copy of the moved owner retains and releases its hold).
    let (removed, movedTo) = owners.remove(at: slot)
    if let movedTo {
      owners.address(of: movedTo).pointee?.withAnimator { $0.didMove(toSlot: movedTo) }
    }
    _ = paces.swapRemove(at: slot, returningMoved: false)
    if !plans.isEmpty {
      if plans.swapRemove(at: slot, returningMoved: false).removed != nil { planCount -= 1 }
      _ = childSamples.swapRemove(at: slot)
      if planCount == 0 {
        plans.removeAll()
        childSamples.removeAll()
      }
    }
    hold = removed.retained
    leavesThisFrame += 1
    if leavesThisFrame > peakLeaves { peakLeaves = leavesThisFrame }
    let parked = ParkedCore(
      cores.swapRemove(at: slot, returningMoved: false).removed, in: parkingMemory.take())
    if cores.isEmpty { clock.deactivate(self) }
    return parked
  }

  /// Derives the pace of `slot` from its core, which just changed.
  @inline(__always)
  func corePaceChanged(slot: Int) {
    SlotPace.update(paces.element(at: slot), from: cores.element(at: slot))
  }

  /// Whether the pace of `slot` is its core's; for the audit.
  func paceMatchesCore(slot: Int) -> Bool {
    slot >= 0 && slot < paces.count && paces[slot].matches(cores.element(at: slot))
  }
}

extension FrameStore {
  /// How many slots to sample at a time when the lanes ask for them.
  static var sampleChunk: Int { 256 }

  /// Samples the slots from the first not yet sampled this frame through `slot` and on
  /// for a chunk; returns how many are sampled now.
  ///
  /// A store of plain lanes only samples its slots as its lanes reach them, a chunk at a
  /// time: the samples are read back from the first-level cache, and reading the cores
  /// and the lanes in one pass lets their memory traffic overlap the curve's arithmetic. At
  /// N = 100 000 sampling every slot first and then blending every lane was a third slower
  /// than the hand-written loop; the chunks bring it within its target. Lanes in any order
  /// are served (a lane whose slot lies far ahead samples everything up to it), and slots
  /// without lanes are not sampled (nothing reads their sample).
  @inline(never)
  func sampleSlots(through slot: Int) -> Int {
    guard slot >= sampledCount else { return sampledCount }
    let end = min(max(slot + 1, sampledCount + Self.sampleChunk), cores.count)
    guard let coreBase = cores.firstAddress, let paceBase = paces.firstAddress,
      let progressBase = progress.firstAddress
    else {
      return sampledCount
    }
    let now = evaluatedAt
    for index in sampledCount..<end {
      progressBase[index] =
        SlotPace.frameSample(paceBase + index, coreBase + index, at: now).timing.progress
    }
    sampledCount = end
    return end
  }
}

extension FrameStore: ClockFrameObserver {
  /// The clock's time starts to run ahead of the lanes: reads take their slow path, which
  /// works a lane's value out at the clock's time, until the advance ends.
  func clockWillAdvance(_ clock: AnimationClock) {
    guard !countsInSlowReads else { return }
    countsInSlowReads = true
    AnimationBlockStack.slowReads.add(1, ordering: .relaxed)
  }

  /// Every frame observer has run: the lanes show the clock's time.
  func clockDidEndAdvance(_ clock: AnimationClock) {
    guard countsInSlowReads else { return }
    countsInSlowReads = false
    AnimationBlockStack.slowReads.subtract(1, ordering: .relaxed)
  }

  /// One frame: sample every slot's timing once, then evaluate every lane.
  func clockDidAdvance(_ clock: AnimationClock) {
    let now = clock.now
    evaluatedAt = now
    leavesThisFrame = 0
    let coreCount = cores.count
    guard let coreBase = cores.firstAddress, let paceBase = paces.firstAddress else { return }
    let needsDetails =
      planCount > 0 || pairs.specialCount > 0 || quads.specialCount > 0
      || octets.specialCount > 0 || !otherTableList.isEmpty
    // A large store of plain lanes only samples its slots as the lanes reach them
    // (`sampleSlots(through:)`); a store of a chunk or less, in one pass (without the
    // calls).
    let samplesLazily = !needsDetails && coreCount > Self.sampleChunk
    // One table: it samples its slots where its lanes are, storing no sample (at N = 100 000
    // the stored progress was a tenth of a frame's cache misses). Several share the stored
    // samples, so that a slot whose lanes span tables is sampled once.
    let tables =
      (pairs.isEmpty ? 0 : 1) + (quads.isEmpty ? 0 : 1) + (octets.isEmpty ? 0 : 1)
      + otherTableList.count
    let samplesInLanes = samplesLazily && tables == 1
    if !samplesInLanes && progress.count < coreCount { growScratch(to: coreCount) }
    let progressBase = progress.element(at: 0)
    let detailBase = details.element(at: 0)
    if !samplesLazily {
      for index in 0..<coreCount {
        let sample = SlotPace.frameSample(paceBase + index, coreBase + index, at: now)
        progressBase[index] = sample.timing.progress
        if needsDetails {
          detailBase[index] = SampleDetails(
            fraction: sample.fraction, impulse: sample.timing.impulse)
        }
      }
    }
    sampledCount = samplesLazily ? 0 : coreCount
    if planCount > 0 {
      // Timelines' runs: their children's samples, from the run's fraction.
      for index in plans.indices {
        plans[index]?.sampleChildren(atFraction: detailBase[index].fraction)
      }
    }
    let frame = FrameSamples(
      progress: progressBase, details: detailBase, cores: coreBase,
      children: childSamples.firstAddress,
      sampler: samplesLazily && !samplesInLanes ? Unretained(self) : nil,
      paces: samplesInLanes ? paceBase : nil, now: now)
    if pairs.specialCount > 0 && octets.specialCount > 0 {
      Self.blendInStep(pairs, octets, frame)
    } else {
      if !pairs.isEmpty { pairs.blend(frame) }
      if !octets.isEmpty { octets.blend(frame) }
    }
    if !quads.isEmpty { quads.blend(frame) }
    if !otherTableList.isEmpty {
      for table in otherTableList { table.blend(frame) }
    }
  }
}
