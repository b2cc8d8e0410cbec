// Playing a timeline: each run is a linear PropertyAnimator over the timeline's own time,
// whose lanes carry the children's segments as timeline tracks (the frame evaluates them on
// the one lane path); the timeline adds its callbacks on the clock's deadlines.

extension Timeline {
  // MARK: - State

  /// `.inactive`, `.active` (running or paused) or `.stopped`, as ``PropertyAnimator``.
  public var state: AnimatingState { run?.state ?? .inactive }

  /// Whether the timeline is active and moving (or waiting out a start delay).
  public var isRunning: Bool { run?.isRunning ?? false }

  /// Whether the timeline runs from its end toward its start. Set while running, it turns
  /// around where it is; set before starting, the timeline plays from the end back to 0.
  /// A timeline that repeats forever cannot run backwards (a `DanceError`).
  public var isReversed: Bool {
    get {
      if let run, run.state != .inactive { return run.isReversed }
      return runCore.reversedWhenInactive
    }
    set {
      let call = "Timeline.isReversed"
      guard isRoot(call) else { return }
      let forever =
        run.map { $0.state != .inactive } == true
        ? runCore.walk.repeatsForever : !repeatCount.isFinite
      if newValue && forever {
        DanceError.report(.illegalState, "\(call): a timeline that repeats forever cannot reverse")
        return
      }
      guard let run, run.state != .inactive else {
        runCore.reversedWhenInactive = newValue
        return
      }
      CallbackQueue.operation {
        runCore.control()
        run.setReversed(newValue, call: call)
        aimCallbacks(skippingCurrent: true)
      }
    }
  }

  /// The playhead as a fraction of ``totalDuration`` (of one play and its delay for a
  /// timeline that repeats forever). Setting it pauses a running timeline (activating an
  /// inactive one) and shows exactly what playback shows there; callbacks are skipped. NaN is
  /// ignored and values outside 0…1 are clamped, with a `DanceError`.
  public var fractionComplete: Double {
    get {
      guard let run, run.state != .inactive else { return runCore.reversedWhenInactive ? 1 : 0 }
      return run.fractionComplete
    }
    set {
      let call = "Timeline.fractionComplete"
      CallbackQueue.operation {
        guard isRoot(call), let run = activeRun(call: call) else { return }
        runCore.control()
        run.scrub(to: newValue, call: call)
        aimCallbacks(skippingCurrent: true)
      }
    }
  }

  // MARK: - Controls

  /// Starts (or resumes) the timeline.
  public func start() {
    begin(afterDelay: nil, call: "Timeline.start()")
  }

  /// Starts (or resumes) the timeline after `delay` seconds of clock time; a NaN, infinite
  /// or negative delay counts as 0, with a `DanceError`.
  public func start(after delay: Double) {
    begin(afterDelay: delay, call: "Timeline.start(after:)")
  }

  /// Pauses the timeline where it is (activating an inactive one at its start).
  public func pause() {
    CallbackQueue.operation {
      let call = "Timeline.pause()"
      guard isRoot(call), let run = activeRun(call: call) else { return }
      runCore.control()
      run.pause(call: call)
      aimCallbacks(skippingCurrent: true)
    }
  }

  /// Ends the run where `position` says (`.end`, `.start`, or `.current`, where it is)
  /// from any active state, skipping the callbacks on the way; completions run once, with
  /// `position`. An inactive timeline has nothing to finish (a `DanceError`).
  public func finish(at position: AnimatingPosition) {
    CallbackQueue.operation {
      let call = "Timeline.finish(at:)"
      guard isRoot(call) else { return }
      guard let run, run.state != .inactive else {
        DanceError.report(.noAnimation, "\(call): the timeline is not active")
        return
      }
      runCore.finish()
      if run.state != .stopped { run.stopAnimation(false) }
      run.finishAnimation(at: position)
    }
  }

  /// Moves the playhead to own time `time` (0…``totalDuration``), keeping the timeline
  /// running or paused (an inactive one becomes active, paused there); callbacks on the way
  /// are skipped. NaN is ignored and times outside are clamped, with a `DanceError`.
  public func seek(to time: Double) {
    CallbackQueue.operation {
      _ = move(to: time, call: "Timeline.seek(to:)")
    }
  }

  /// Moves the playhead for a seek named `call` (see ``seek(to:)``); returns the fraction of
  /// the run it was at (where it starts, for a timeline that was inactive) and is at now,
  /// or nil if nothing moved.
  @discardableResult
  func move(to time: Double, call: String) -> (from: Double, to: Double)? {
    guard isRoot(call) else { return nil }
    guard Validation.requireFinite(time, "the time", in: call) else { return nil }
    let time = Validation.clamped(time, to: 0...max(totalDuration, 0), "the time", in: call)
    guard let run = activeRun(call: call) else { return nil }
    // (A timeline just activated is where it starts: 0, or its end when set to reverse.)
    let from = run.core.fraction(at: clock.now)
    run.seek(to: runCore.seek(to: time), call: call)
    aimCallbacks(skippingCurrent: true)
    return (from, run.core.fraction(at: clock.now))
  }

  /// Moves the playhead to the label `name` (see ``seek(to:)``); a missing label reports a
  /// `DanceError` and changes nothing.
  public func seek(toLabel name: String) {
    guard let time = time(ofLabel: name) else {
      DanceError.report(.outOfRange, "Timeline.seek(toLabel:): no label \"\(name)\"")
      return
    }
    seek(to: time)
  }

  // MARK: - Runs

  /// One play, forward and back with `autoreverses`.
  var playLength: Double { autoreverses ? 2 * duration : duration }

  /// Whether this timeline can be controlled: a nested one plays with its parent.
  func isRoot(_ call: String) -> Bool {
    guard parent == nil else {
      DanceError.report(.illegalState, "\(call): a nested timeline plays with its parent")
      return false
    }
    return true
  }

  private func begin(afterDelay delay: Double?, call: String) {
    CallbackQueue.operation {
      guard isRoot(call) else { return }
      let wasActive = run.map { $0.state != .inactive } ?? false
      guard let run = activeRun(call: call, starting: true) else { return }
      runCore.control()
      run.start(afterDelay: delay, call: call)
      aimCallbacks(skippingCurrent: wasActive)
    }
  }

  /// The active run, made (and activated paused, unless `starting`) if there is none.
  func activeRun(call: String, starting: Bool = false) -> PropertyAnimator? {
    if let run, run.state != .inactive { return run }
    guard let run = makeRun(call: call) else { return nil }
    if !starting {
      run.pause(call: call)
      aimCallbacks(skippingCurrent: false)
    }
    return self.run
  }

  /// A new run: the plan of this timeline and every nested one, its callbacks in the root's
  /// own time, and an animator whose first activation records the children.
  private func makeRun(call: String) -> PropertyAnimator? {
    guard let scene else {
      DanceError.report(.illegalState, "\(call): the timeline's scene is gone")
      return nil
    }
    // A timeline whose callback or completion restarts it would run again and again inside
    // one huge clock step, each run a new animator that the clock's per-animator cap does
    // not see: cap the runs started in one advance, as the clock caps one animator's events.
    guard runCore.admitRun(inAdvance: clock.advanceCount) else {
      DanceError.report(
        .outOfRange,
        "\(call): the timeline started more than \(TimelineRunCore.maximumRunsPerAdvance) "
          + "runs in one clock advance (a callback that restarts it?); not started")
      return nil
    }
    let plan = TimelinePlan()
    let forever = !repeatCount.isFinite
    let cycle = playLength + repeatDelay
    if forever && cycle <= 0 {
      DanceError.report(
        .illegalState, "\(call): a timeline that repeats forever needs a duration; not started")
      return nil
    }
    if !cycle.isFinite || (!forever && !totalDuration.isFinite) {
      DanceError.report(
        .outOfRange,
        "\(call): repeatCount × duration (\(repeatCount) × \(playLength) s) is beyond the "
          + "largest time; not started")
      return nil
    }
    var leaves: [(rootTime: Double, group: Int, child: Child)] = []
    var times: [TimelineOccurrence] = []  // one play's
    var ids = 0
    collect(
      into: plan, parent: -1, start: 0, leaves: &leaves, callbacks: &times, ids: &ids,
      call: call)
    plan.ownLength = forever ? cycle : totalDuration
    let reversed = runCore.beginRun(
      TimelineCallbackWalk(
        callbacks: times, length: plan.ownLength, cycle: cycle, repeatCount: repeatCount),
      speed: speed)
    // A speed of 10⁻⁶ on a run of 10³⁰³ s would last longer than the largest time: the run
    // then lasts that long (it barely moves either way).
    let seconds = plan.ownLength / speed
    let run = PropertyAnimator(
      duration: seconds.isFinite ? seconds : .greatestFiniteMagnitude,
      timingParameters: CubicTimingParameters(animationCurve: .linear),
      call: call)
    if forever { run.updateCore { $0.repeats = true } }
    if reversed { run.setReversed(true, call: call) }
    leaves = leaves.enumerated().sorted {
      ($0.element.rootTime, $0.offset) < ($1.element.rootTime, $1.offset)
    }.map(\.element)
    run.addAnimations { [unowned run] in
      run.bind(to: scene)
      let recorder = TimelineRecorder(
        animator: run, plan: plan, startValues: self.startValues)
      plan.prepare(
        children: leaves.map { leaf in
          guard leaf.group == 0, case .animation(let timing, _) = leaf.child.content else {
            return nil
          }
          return TimelinePlan.Child(
            start: leaf.child.start, duration: leaf.child.length, timing: timing)
        })
      run.store?.setPlan(plan, slot: run.slot)
      self.startValues.adoptAll(into: recorder)
      for (index, leaf) in leaves.enumerated() {
        recorder.child = index
        recorder.group = leaf.group
        recorder.start = leaf.child.start
        recorder.rootTime = leaf.rootTime
        recorder.duration = leaf.child.length
        plan.cursor = leaf.rootTime
        switch leaf.child.content {
        case .animation(let timing, let block):
          recorder.timing = timing
          AnimationBlockStack.current.run(.timeline(AnimationBlockStack.Held(recorder)), block)
        case .keyframes(let record):
          AnimationBlockStack.current.run(.timeline(AnimationBlockStack.Held(recorder))) {
            record(recorder)
          }
        case .timeline:
          break
        }
      }
      plan.cursor = forever ? self.playLength : plan.ownLength
    }
    // Weak: the run does not keep the timeline (see `keepAlive`).
    run.addCompletion { [weak self, unowned run] position in
      self?.runDidEnd(run, at: position)
    }
    for completion in takeCompletions() { run.addCompletion(completion.handler) }
    self.run = run
    return run
  }

  /// Adds `timeline`'s group to `plan` (and its nested timelines' groups) and its leaves;
  /// gives its callbacks in its own time: one play for the root (walked play by play at
  /// run time), every play for a nested timeline. `ids` numbers the callbacks.
  private func collect(
    into plan: TimelinePlan, parent: Int, start: Double,
    leaves: inout [(rootTime: Double, group: Int, child: Child)],
    callbacks: inout [TimelineOccurrence], ids: inout Int, call: String
  ) {
    let group = plan.groups.count
    var rootStart = 0.0
    var rootScale = 1.0
    if parent >= 0 {
      let outer = plan.groups[parent]
      rootStart = outer.rootStart + start / outer.rootScale
      rootScale = outer.rootScale * speed
    }
    plan.groups.append(
      TimelinePlan.Group(
        parent: parent, start: start, speed: parent >= 0 ? speed : 1, duration: duration,
        repeatCount: repeatCount, repeatDelay: repeatDelay, autoreverses: autoreverses,
        rootStart: rootStart, rootScale: rootScale))
    for child in children {
      if case .timeline(let nested) = child.content {
        var nestedCallbacks: [TimelineOccurrence] = []
        nested.collect(
          into: plan, parent: group, start: child.start, leaves: &leaves,
          callbacks: &nestedCallbacks, ids: &ids, call: call)
        // The nested callbacks, in this timeline's single-play time.
        for var callback in nestedCallbacks {
          callback.time = child.start + callback.time / nested.speed
          callbacks.append(callback)
        }
      } else {
        leaves.append((rootStart + child.start / rootScale, group, child))
      }
    }
    for callback in self.callbacks {
      callbacks.append(TimelineOccurrence(time: callback.time, id: ids, body: callback.body))
      ids += 1
    }
    // One play: forward, and back again when it autoreverses.
    var play = callbacks
    if autoreverses {
      for var callback in callbacks {
        callback.time = 2 * duration - callback.time
        play.append(callback)
      }
    }
    guard parent >= 0 else {
      callbacks = TimelineOccurrence.sortedOnce(play)
      return
    }
    // A nested timeline's plays, inside one play of its parent (its repeat count is finite;
    // all its plays fall at one instant when it has no length).
    let info = plan.groups[group]
    let cycle = info.playLength + repeatDelay
    let plays = cycle > 0 ? repeatCount.rounded(.up) : 1
    let limit = Self.maximumNestedCallbacks
    if !play.isEmpty && plays * Double(play.count) > Double(limit) {
      DanceError.report(
        .outOfRange,
        "\(call): a nested timeline's callbacks come to \(plays * Double(play.count)) over its "
          + "repeats; the first \(limit) run")
    }
    var expanded: [TimelineOccurrence] = []
    var offset = 0.0
    while !play.isEmpty && offset < plays && expanded.count < limit {
      for var callback in play where offset * cycle + callback.time <= info.totalDuration {
        callback.time += offset * cycle
        expanded.append(callback)
      }
      offset += 1
    }
    callbacks = TimelineOccurrence.sortedOnce(expanded)
  }

  /// The most callbacks a nested timeline's repeats expand to (a root's plays are walked
  /// one by one instead).
  static var maximumNestedCallbacks: Int { 10_000 }

  /// The run ended (its completion, which runs before the user's): the callbacks up to a
  /// natural end, then nothing scheduled.
  private func runDidEnd(_ ended: PropertyAnimator, at position: AnimatingPosition) {
    guard run === ended else { return }
    keepAlive = nil
    if registration.hasDeadline { clock.unschedule(self) }
    let serial = runCore.serial
    if case .runRemainingCallbacks(let forward) = runCore.runEnded(at: position, now: clock.now) {
      // (At most one pass over them: a callback may change the settings of the next run.)
      for _ in 0...runCore.walk.count {
        guard let body = takeNextCallback(upTo: .infinity, forward: forward) else { break }
        CallbackQueue.checkUserCodeMayRun()
        body()
        guard serial == runCore.serial else { return }
      }
    }
    // The playhead's last move: onUpdate sees the end before the completions do.
    reportUpdate()
    guard serial == runCore.serial else { return }
    updateFrameRegistration()
  }
}

extension Array {
  /// The index of the first element for which `belongs` holds, all before it failing it
  /// (the array partitioned by `belongs`); `count` if none.
  func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension Timeline {
  /// Keeps the playhead where it is while the run's speed changes to ``speed``.
  func changeRunSpeed() {
    CallbackQueue.operation {
      guard let run, run.state == .active else { return }
      let paused = !run.isRunning
      runCore.control()
      run.continueAnimation(withTimingParameters: nil, durationFactor: runCore.runSpeed / speed)
      if paused { run.pause(call: "Timeline.speed") }
      aimCallbacks(skippingCurrent: true)
    }
  }
}
