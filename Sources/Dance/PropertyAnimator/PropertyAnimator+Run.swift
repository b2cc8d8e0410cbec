// Carrying out what the core's events return: running blocks and completions, writing
// values, and keeping the animator's slot, scene and clock deadline in step with its phase.
//
// One verb per idea. A run *finishes* (at a position; `finishRun(at:)` carries out the
// core's `.finish`; `finishWhereItIs` ends it at `.current` from any state). An animation
// *stops* driving its property (`PropertyAnimation.stop(endingAt:)`, `stopStack()`), and
// its animator is told (`animationDidStop`). Ended objects go to a *pool*: the store's
// `pool(_:)` of animations (`pooledAnimations`, reused by the next start at once),
// its parking memory, `node.dance`'s `pooledAnimator`. An animator *adds* and *removes* its
// store slot (`addSlot(for:)`, `removeSlot(slot:hold:)`); while it has none, its core is
// parked in memory of its own (`ParkedCore`), which the store takes and hands back.

extension PropertyAnimator {
  /// The run's state: in the store's slot while the animator is active in a scene, in
  /// its parked memory (``parked``) otherwise. One value, never two copies.
  var core: AnimatorCore {
    // (Inlined, so that a caller that reads a few fields copies none of the rest: outlined,
    // it cost a timeline's seek 410 instructions, `dance-bench --timeline-seek-probe`.)
    @inline(__always) get { slot >= 0 ? withStore { $0.cores[slot] } : readParked { copy $0 } }
  }

  /// The run's phase, read in place. (Reading a field through ``core`` copies the whole core
  /// first and retains its solver: a tenth of a start and finish's instructions, measured
  /// when the core was 288 bytes.)
  var phase: AnimatorCore.Phase { readCore { $0.phase } }

  /// The core in place, for an animator that is in a store (as every animator with
  /// animations is): its address, since a copy of the core per use (128 bytes, and its
  /// solver retained) cost more than the work. Valid until a slot is added or removed.
  var coreAddress: FlatAddress<AnimatorCore> {
    withStore { $0.cores.element(at: slot) }
  }

  /// Reads the core where it lives, without copying it (a copy retains the curve's
  /// solver).
  @inline(__always)
  func readCore<Result>(_ body: (borrowing AnimatorCore) -> Result) -> Result {
    slot >= 0 ? withStore { body($0.cores[slot]) } : readParked(body)
  }

  /// Changes the core where it lives. (A closure rather than a `_modify` accessor: the
  /// accessor's coroutine allocated a frame for the large value on every call, five
  /// allocations per start + finish in `dance-bench`.)
  ///
  /// The store derives the slot's pace from the changed core (``SlotPace``); a caller that
  /// only reads uses ``readCore(_:)``.
  @inline(__always)
  func updateCore<Result>(_ body: (inout AnimatorCore) -> Result) -> Result {
    guard slot >= 0 else { return updateParked(body) }
    let slot = slot
    return withStore { store in
      defer { store.corePaceChanged(slot: slot) }
      return body(&store.cores[slot])
    }
  }

  /// Sends an event to the core and carries out the action it returns; returns false if
  /// the core rejected it (reported for `call`).
  @discardableResult
  func send(
    _ call: String, delay: Double = 0, _ event: (inout AnimatorCore) -> AnimatorCore.Action
  ) -> Bool {
    perform(updateCore(event), call, delay: delay)
  }

  /// The clock's time, or 0 for an animator that has no clock yet.
  var currentTime: Double { withClock { $0.now } ?? 0 }

  // MARK: - Entry points shared with node.dance (`call` names the user's call)

  func start(afterDelay delay: Double?, call: String) {
    let delay = delay.map { Validation.seconds($0, "the delay", in: call) }
    let now = currentTime
    send(call, delay: delay ?? 0) {
      $0.start(now: now, delay: delay ?? 0, requireStopped: delay != nil)
    }
  }

  func pause(call: String) {
    let now = currentTime
    send(call) { $0.pause(now: now) }
  }

  func pause(afterDelay delay: Double, call: String) {
    let delay = Validation.seconds(delay, "the delay", in: call)
    let now = currentTime
    send(call) { $0.pause(afterDelay: delay, now: now) }
  }

  func setReversed(_ reversed: Bool, call: String) {
    let now = currentTime
    send(call) { $0.setReversed(reversed, now: now) }
  }

  func scrub(to fraction: Double, call: String) {
    guard Validation.requireFinite(fraction, "the fraction", in: call) else { return }
    let f = Validation.clamped(fraction, to: 0...1, "the fraction", in: call)
    let now = currentTime
    send(call) { $0.scrub(to: f, now: now) }
  }

  /// Moves the playhead to `fraction` keeping the phase (a timeline's seek: see
  /// `AnimatorCore.seek(to:now:)`); NaN is ignored and values outside 0…1 are clamped, with
  /// a `DanceError`.
  func seek(to fraction: Double, call: String) {
    guard Validation.requireFinite(fraction, "the fraction", in: call) else { return }
    let f = Validation.clamped(fraction, to: 0...1, "the fraction", in: call)
    let now = currentTime
    send(call) { $0.seek(to: f, now: now) }
  }

  func addAnimations(_ animation: @escaping () -> Void, windowStart: Double, call: String) {
    guard readCore({ $0.acceptsAnimations }) else {
      DanceError.report(.illegalState, "\(call): a stopped animator cannot take animations")
      return
    }
    if phase == .inactive {
      pendingBlocks.append((.plain(animation), .window(start: windowStart)))
    } else {
      CallbackQueue.operation {
        let now = currentTime
        let start = max(windowStart, readCore { $0.fraction(at: now) })
        runBlock(.plain(animation), kind: .window(start: start))
        reportNodeOutsideScene(call: call)
        applyAll()
        updateRegistration()
      }
    }
  }

  /// Adds a block whose assignments become keyframes (for `Node.animateKeyframes`); call it
  /// before starting the animator.
  func addKeyframeAnimations(_ animation: @escaping () -> Void) {
    pendingBlocks.append((.plain(animation), .keyframes))
  }

  // MARK: - Carrying out actions

  /// Carries out `action`; returns false if it was a rejection (reported for `call`).
  ///
  /// An activation (whose blocks may take properties from other runs) and a finish are
  /// operations of the engine (``CallbackQueue``): the completions they cause run when they
  /// end, after the change is complete. The other actions end no run and call no user code
  /// before they are done (an error is reported last).
  @discardableResult
  func perform(_ action: AnimatorCore.Action, _ call: String, delay: Double = 0) -> Bool {
    switch action {
    case .none:
      break
    case .reject(let kind, let message):
      // A clock event can be refused after it changed the core (a pending pause that comes
      // due on an animator made uninterruptible since): keep the deadline in step.
      updateRegistration()
      DanceError.report(kind, "\(call): \(message)")
      return false
    case .activate:
      CallbackQueue.operation { activate(delay: delay) }
      // (Outside the operation: the closure then captures no string, on every start.)
      if extras?.nodeOutsideScene != nil { reportNodeOutsideScene(call: call) }
      return true
    case .apply:
      applyAll()
    case .keep:
      // (A pause right after a start or a write: 200 instructions of evaluation saved.)
      if evaluatedAt != currentTime { applyAll() }
    case .finish(let position):
      // A finish makes nothing due but its own completions (it ends no other run): without
      // any, it needs no operation; with some, the queue runs them right after it, without
      // an entry when nothing else came due (``CallbackQueue/operation(makingDueOf:_:)``).
      if completions.isEmpty {
        finishRun(at: position)
      } else {
        CallbackQueue.operation(makingDueOf: self) {
          (finishRun(at: position, queuing: false), position.queueArgument)
        }
      }
      return true
    case .rebase(let rebase):
      if !animations.isEmpty {
        let core = coreAddress
        for index in animations.indices {
          animations[index].rebase(rebase, core: core)
        }
      }
      applyAll()
    }
    updateRegistration()
    return true
  }

  /// A new run: the pending blocks record its animations, then the values show its start.
  private func activate(delay: Double) {
    let run = readCore { $0.run }
    // The clock the run started by (none for an animator not bound yet), and its time;
    // the blocks bind the animator to their first node's scene, whose clock the run then
    // goes by.
    let startClock = boundClockIdentity
    let startTime = currentTime
    wasInterrupted = false
    self.delay = delay
    // The blocks run from a list of their own, whose buffer goes back to `pendingBlocks`
    // for the next run (so that a reused animator appends without allocating).
    // (Swapped, not copied: an empty flat list allocates nothing.)
    var blocks = CompactList<(block: Block, kind: BlockKind)>()
    swap(&blocks, &pendingBlocks)
    let nodeBlock = pendingNodeBlock.take()
    recordedOnlyPlainLanes = true
    if let nodeBlock { runBlock(.node(nodeBlock), kind: .window(start: 0)) }
    for index in blocks.indices {
      runBlock(blocks[index].block, kind: blocks[index].kind)
    }
    // The replaced animation's velocities were for these blocks only.
    dropHandOffs()
    if pendingBlocks.isEmpty {
      blocks.removeAll()
      swap(&blocks, &pendingBlocks)
    }
    // A block may have ended or restarted this run itself (a block is user code, and may
    // control its own animator); that call did its own bookkeeping. (Completions of runs
    // the blocks ended wait for the end of this operation.)
    guard readCore({ $0.run }) == run else { return }
    guard slot >= 0 else {
      // The blocks animated nothing in a scene: the run ends at once.
      let now = currentTime
      send("activate") { $0.finishUnbound(now: now) }
      return
    }
    if boundClockIdentity != startClock {
      let shift = currentTime - startTime
      updateCore { $0.rebind(run: run, shift: shift) }
    }
    if recordedOnlyPlainLanes && showsPathStart {
      // Every lane was just recorded showing its `from`, which is its value here.
      evaluatedAt = currentTime
    } else {
      applyAll()
    }
    updateRegistration()
  }

  /// Reports, once for the call whose blocks just ran, that they animated a node in no scene
  /// (its values were set at once, without animation): the likeliest first mistake is a
  /// node never added to a scene's tree.
  private func reportNodeOutsideScene(call: String) {
    guard let node = extras?.nodeOutsideScene else { return }
    extras?.nodeOutsideScene = nil
    DanceError.report(
      .illegalState,
      "\(call): \(node) is in no scene, so its properties were set at once, without "
        + "animation; add it to a scene's tree first (scene.root.addChild(node))")
  }

  /// Whether the run shows the start of its path now: at fraction 0 (not a scrub to a later
  /// fraction, not a reversed run, not a path of no duration that is already over), where
  /// every timing is exactly 0: a curve's value, a spring's progress and impulse.
  private var showsPathStart: Bool {
    let now = currentTime
    // Read through the in-place access: a copy of the core retains its curve's solver.
    return readCore { $0.fraction(at: now) } == 0
  }

  func runBlock(_ block: Block, kind: BlockKind) {
    let entry: AnimationBlockStack.Entry =
      switch kind {
      case .window(let start): .animating(AnimationBlockStack.Held(self), windowStart: start)
      case .keyframes: .keyframe(AnimationBlockStack.Held(self), start: 0, duration: 1)
      }
    switch block {
    case .plain(let body):
      AnimationBlockStack.run(entry, body)
    case .node(let body):
      guard let node = dance?.node else { return }
      AnimationBlockStack.run(entry) { body(node) }
    }
  }

  /// Ends the run (the core is already inactive): final values, then completions, queued
  /// (``CallbackQueue``). With `queuing` false they wait in `dueCompletions` instead, and
  /// the result says how many, for the caller to hand to the queue (from `deinit` they are
  /// queued either way, and the result is 0).
  @discardableResult
  func finishRun(at position: AnimatingPosition, queuing: Bool = true) -> Int {
    if scheduledDeadline != nil {
      scheduledDeadline = nil
      clock?.unschedule(self)
    }
    // Where it is: the lanes already show the clock's time if the store's frame or the
    // animator's last write was at it (a start that interrupts a running animation, between
    // frames: 400 of its instructions).
    if position == .current && lanesMayBeBehindClock { applyAll() }
    hasHadAnimations = false
    if !animations.isEmpty {
      let core = coreAddress
      // Each animation moves out of the list into the store's pool (no retain or release
      // of it; the list keeps its buffer for the animator's next run).
      // (The list empties: an index of it goes.)
      dropListIndex()
      withStore { store in
        while !animations.isEmpty {
          let animation = animations.removeLast()
          animation.animator = nil
          animation.end(LaneEnding(position: position, core: core))
          animation.withNode { $0.unlink(animation) }
          store.pool(animation)
        }
      }
    }
    // Leaving the slot hands back the scene's hold on the animator, which may be the last
    // reference (a clock event reaches the animator unretained): kept to the end.
    var hold: PropertyAnimator?
    if slot >= 0 {
      withStore { store in parked = store.removeSlot(slot: slot, hold: &hold) }
      slot = -1
    }
    updateParked { $0.makeReady() }
    // `node.dance` first: its animation no longer exists when the completions run.
    withDance { $0.animatorDidFinish(self) }
    var due = 0
    if !completions.isEmpty {
      if queuing || isDeinitializing {
        queueCompletions(at: position)
      } else {
        due = takeCompletions()
      }
    }
    withExtendedLifetime(hold) {}
    return due
  }

  /// Queues this run's completions, with where it ended, to run when the engine's current
  /// operation ends (``CallbackQueue``): never in the middle of the engine's change. The
  /// queue holds the animator until they have run; from `deinit`, which must not hold it,
  /// they go as a closure.
  private func queueCompletions(at position: AnimatingPosition) {
    if isDeinitializing {
      var handlers: [Completion] = []
      while !completions.isEmpty { handlers.append(completions.remove(at: 0)) }
      CallbackQueue.enqueue(.closure { for handler in handlers { handler.handler(position) } })
      return
    }
    CallbackQueue.enqueue(.owned(self, count: takeCompletions(), argument: position.queueArgument))
  }

  /// Moves the run's completions behind those already due (``runDueCallbacks(_:argument:)``
  /// takes them oldest first) and returns how many it moved.
  private func takeCompletions() -> Int {
    let count = completions.count
    if dueCompletions.isEmpty {
      // (Swapped, not copied: the two lists trade buffers run after run.)
      swap(&dueCompletions, &completions)
    } else {
      while !completions.isEmpty { dueCompletions.append(completions.remove(at: 0)) }
    }
    return count
  }

  /// Ends this animator's current run or pending one at `.current`, whatever its state:
  /// an inactive animator drops its pending blocks, an active or stopped one stops where it
  /// is. Completions run once either way. Used when `node.dance` replaces an animation.
  func finishWhereItIs() {
    pendingBlocks.removeAll()
    pendingNodeBlock = nil
    if phase == .inactive {
      finishRun(at: .current)
    } else {
      let now = currentTime
      send("finishWhereItIs") { $0.finishWhereItIs(now: now) }
    }
  }

  /// Keeps the scene's hold on the animator and the clock's deadline in step with the
  /// phase: the scene keeps a running or paused animator alive, and the clock calls a
  /// running one back at its next event.
  func updateRegistration() {
    guard slot >= 0, hasStore else { return }
    let (phase, deadline) = readCore { ($0.phase, $0.deadline) }
    let keep = phase == .running || phase == .paused
    withStore { store in
      if keep != store.holds(slot: slot) { store.setHold(keep ? self : nil, slot: slot) }
    }
    guard deadline != scheduledDeadline else { return }
    withClock { clock in
      scheduledDeadline = deadline
      if let deadline {
        clock.schedule(self, at: deadline)
      } else {
        clock.unschedule(self)
      }
    }
  }

  /// Moves the animator into a slot of `store`, holding its core.
  func enterStore() {
    guard slot < 0, hasStore else { return }
    // The parked core moves into the slot, its memory to the store.
    slot = withStore { $0.addSlot(for: self) }
  }

  /// The store moved this animator's slot to `slot`.
  func didMove(toSlot slot: Int) {
    self.slot = slot
    for index in animations.indices {
      animations[index].move(toSlot: slot)
    }
  }

  // MARK: - Values

  /// Writes every property's value at the clock's current time.
  func applyAll() {
    let now = currentTime
    evaluatedAt = now
    guard !animations.isEmpty else { return }
    let core = coreAddress
    let f = core.fraction(at: now)
    let sample = core.sample(atFraction: f).value
    for index in animations.indices {
      animations[index].evaluate(fraction: f, sample: sample, core: core, now: now)
    }
  }

  /// Brings the properties up to the clock's current time, if the clock has moved since
  /// they were last written (by the store's frame or by the animator).
  @inline(__always)
  func refreshIfStale() {
    if isStale { applyAll() }
  }

  /// Whether the lanes may show another time than the clock's: neither the store's last
  /// frame nor the animator's last write was at the clock's time (whatever the phase).
  var lanesMayBeBehindClock: Bool {
    guard slot >= 0, let now = withClock({ $0.now }) else { return true }
    return now != evaluatedAt && now != withStore({ $0.evaluatedAt })
  }

  /// Whether the clock has moved since the properties were last written (by the store's
  /// frame or by the animator) while the animator runs.
  @inline(__always)
  var isStale: Bool {
    guard slot >= 0, let now = withClock({ $0.now }) else { return false }
    guard now != evaluatedAt, now != withStore({ $0.evaluatedAt }) else { return false }
    return phase == .running
  }
}

extension PropertyAnimator: ClockDeadlineObserver {
  /// The running animator's deadline: a pending pause, or the end of its path.
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    scheduledDeadline = nil  // the clock took it off its list
    let now = clock.now
    send("PropertyAnimator.pauseAnimation(afterDelay:)") { $0.reachDeadline(now: now) }
  }
}
