// The consistency audit (package API for the fuzzer and the tests): what must hold between
// an animator, its slot and lanes in the store, its clock deadline and its nodes.

extension PropertyAnimator {
  /// What is inconsistent in this animator's bookkeeping, as sentences; empty when the
  /// animator, its slot, its deadline and its animations agree.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    // Before `core`, which reads an unused core in place of a missing one.
    if (slot >= 0) == hasParkedCore {
      problems.append(
        slot >= 0
          ? "an animator with a slot still holds a parked core"
          : "an animator without a slot holds no parked core")
    }
    let core = core
    let phase = core.phase
    if phase == .inactive && slot >= 0 {
      problems.append("an inactive animator still has a slot in its scene's store")
    }
    if phase != .inactive && slot < 0 {
      problems.append(
        "a \(phase) animator has no slot in a scene's store (store: \(store != nil), animations: \(animations.count), run \(core.run))"
      )
    }
    if slot >= 0 {
      if let store, slot < store.owners.places, let owner = store.owners.entry(at: slot),
        owner.animator === self
      {
        let retained = owner.retained === self
        if retained != (phase == .running || phase == .paused) {
          problems.append("a \(phase) animator is \(retained ? "" : "not ")kept alive by its scene")
        }
      } else {
        problems.append("an animator's slot belongs to another animator")
      }
      if let store, !store.paceMatchesCore(slot: slot) {
        problems.append("an animator's slot pace is not its core's")
      }
    }
    if registration.hasDeadline != (core.deadline != nil && clock != nil)
      || registration.hasDeadline != (scheduledDeadline != nil)
      || (scheduledDeadline != nil && scheduledDeadline != core.deadline)
    {
      problems.append("the clock's deadline for an animator does not match its core's")
    }
    if phase == .inactive && !animations.isEmpty {
      problems.append("an inactive animator still drives \(animations.count) properties")
    }
    if isListIndexed != (extras?.listPositions != nil) {
      problems.append("an animator's flag for the index of its list is wrong")
    }
    // (An index may lack the animations added since it was made, never misplace one.)
    if let positions = extras?.listPositions,
      !positions.allSatisfy({ key, index in
        index < animations.count && AnimatorExtras.ListKey(animations[index]) == key
      })
    {
      problems.append("the index of an animator's list does not say where its animations are")
    }
    let f = core.fraction(at: currentTime)
    if !(0...1).contains(f) { problems.append("fraction \(f) outside 0…1") }
    problems += core.auditProblems()
    for index in animations.indices {
      let animation = animations[index]
      if animation.animator !== self {
        problems.append("an animation of the animator points to another animator")
      }
      if !animation.laneMatches(slot: slot) {
        problems.append("an animation's lane is missing or belongs to another")
      }
      guard let node = animation.node else {
        problems.append("an animation outlived its node")
        continue
      }
      if !node.animations.contains(where: { $0 === animation }) {
        problems.append("a node does not list an animation that drives it")
      }
      if node.scene == nil || node.scene?.store !== store {
        problems.append("an animation drives a node outside the animator's scene")
      }
    }
    return problems
  }
}

extension Node {
  /// What is inconsistent in the animations listed on this node; empty when each is driven
  /// by a live animator that lists it, and the node is in that animator's scene.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    let animations = animations
    if lastAnimation?.object !== animations.last {
      problems.append("a node's list of animations does not end at its last animation")
    }
    for (index, animation) in animations.enumerated() {
      if animation.node !== self { problems.append("a node lists another node's animation") }
      let previous = animation.previousInNode?.object
      if previous !== (index > 0 ? animations[index - 1] : nil) {
        problems.append("a node's list of animations links back to the wrong animation")
      }
      guard let animator = animation.animator else {
        problems.append("a node lists an animation that has ended")
        continue
      }
      if animator.animations.firstIndex(where: { $0 === animation }) == nil {
        problems.append("a node lists an animation its animator dropped")
      }
      if scene == nil { problems.append("a node outside any scene is still animated") }
      problems += animation.stackProblems()
    }
    // Every built-in property's owner, and every member of its stack, is one of the node's
    // live animations.
    let listed = Set(animations.map(ObjectIdentifier.init))
    let owners = [
      CenterStorage().access(self) { $0.owner }, BoundsStorage().access(self) { $0.owner },
      AlphaStorage().access(self) { $0.owner }, TransformStorage().access(self) { $0.owner },
      BackgroundColorStorage().access(self) { $0.owner },
    ]
    for owner in owners.compactMap(\.self) {
      for member in owner.stack {
        if !listed.contains(ObjectIdentifier(member)) || member.laneIndex < 0 {
          problems.append("a property is owned by an animation that is not one of its node's")
        }
      }
    }
    return problems
  }

  /// The number of animations driving this node's properties; for tests and diagnostics.
  package var animationCount: Int { animations.count }
}

extension Scene {
  /// The number of animators the scene keeps alive (running or paused); for tests and
  /// diagnostics.
  package var activeAnimatorCount: Int {
    (0..<store.owners.places).count { store.owners.entry(at: $0)?.retained != nil }
  }

  /// The number of active or stopped animators in the scene's store, and of the lanes of
  /// the properties they drive; for tests and diagnostics.
  package var frameStoreShape: (slots: Int, lanes: Int) { (store.slotCount, store.laneCount) }

  /// How many slots the scene's store has a frame's scratch for (at least one: see
  /// `FrameStore.growScratch(to:)`); for tests.
  package var frameStoreScratchCount: Int { store.progress.count }

  /// What is inconsistent in the scene's store; empty when it is registered with the clock
  /// exactly while it has slots, each slot's animator passes its own audit, and the lanes
  /// are exactly the animators' animations.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    if store.registration.isActive != (store.slotCount > 0) {
      problems.append("the frame store is registered with the clock iff it has slots: not so")
    }
    var animations = 0
    var live = Set<ObjectIdentifier>()
    problems += store.owners.checkInvariants { $0.withAnimator { $0.slot } }
    for index in 0..<store.owners.places {
      guard let animator = store.owners.entry(at: index)?.animator else { continue }
      if animator.store !== store { problems.append("a scene keeps another scene's animator") }
      animations += animator.animations.count
      for index in animator.animations.indices {
        live.insert(ObjectIdentifier(animator.animations[index]))
      }
      problems += animator.auditProblems()
    }
    problems += store.poolProblems(live: live)
    problems += store.planProblems()
    if animations != store.laneCount {
      problems.append("the store has \(store.laneCount) lanes for \(animations) animations")
    }
    let tables: [any ErasedLaneTable] = [store.pairs, store.quads, store.octets]
    if !(tables + store.otherTableList).allSatisfy(\.countsSpecialLanes) {
      problems.append("a lane table miscounts its lanes that are not plain, or a route is off")
    }
    problems += (tables + store.otherTableList).flatMap(\.backIndexProblems)
    return problems
  }
}

extension AnimatorCore {
  /// What is wrong with the value itself, as sentences; empty when every number is finite
  /// and in its range. For the fuzzer's audit, which runs it after every call.
  func auditProblems() -> [String] {
    var problems: [String] = []
    let anchorRange: ClosedRange<Double> = isCycling ? 0...2 : 0...1
    if !anchorRange.contains(anchorFraction) {
      problems.append("the core's anchor fraction \(anchorFraction) is outside \(anchorRange)")
    }
    if !anchorTime.isFinite { problems.append("the core's anchor time is \(anchorTime)") }
    if !(secondsPerFraction.isFinite && secondsPerFraction >= 0) {
      problems.append("the core's seconds per fraction is \(secondsPerFraction)")
    }
    if !(timing.duration.isFinite && timing.duration >= 0) {
      problems.append("the core's timing lasts \(timing.duration) s")
    }
    if let pauseTime, !pauseTime.isFinite { problems.append("a pending pause at \(pauseTime)") }
    if let deadline, !deadline.isFinite { problems.append("the core's deadline is \(deadline)") }
    if phase == .inactive && showsLinearScrub {
      problems.append("an inactive core still shows a linear scrub")
    }
    return problems
  }
}
