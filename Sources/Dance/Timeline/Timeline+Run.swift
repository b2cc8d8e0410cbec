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
      return reversedWhenInactive
    }
    set {
      let call = "Timeline.isReversed"
      guard isRoot(call) else { return }
      let forever =
        run.map { $0.state != .inactive } == true ? runRepeatsForever : !repeatCount.isFinite
      if newValue && forever {
        DanceError.report(.illegalState, "\(call): a timeline that repeats forever cannot reverse")
        return
      }
      guard let run, run.state != .inactive else {
        reversedWhenInactive = newValue
        return
      }
      CallbackQueue.operation {
        controlSerial &+= 1
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
      guard let run, run.state != .inactive else { return reversedWhenInactive ? 1 : 0 }
      return run.fractionComplete
    }
    set {
      let call = "Timeline.fractionComplete"
      CallbackQueue.operation {
        guard isRoot(call), let run = activeRun(call: call) else { return }
        controlSerial &+= 1
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
      controlSerial &+= 1
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
      controlSerial &+= 1
      skipsRemainingCallbacks = true
      if run.state != .stopped { run.stopAnimation(false) }
      run.finishAnimation(at: position)
    }
  }

  /// Moves the playhead to own time `time` (0…``totalDuration``), keeping the timeline
  /// running or paused (an inactive one becomes active, paused there); callbacks on the way
  /// are skipped. NaN is ignored and times outside are clamped, with a `DanceError`.
  public func seek(to time: Double) {
    CallbackQueue.operation {
      let call = "Timeline.seek(to:)"
      guard isRoot(call) else { return }
      guard Validation.requireFinite(time, "the time", in: call) else { return }
      var time = Validation.clamped(time, to: 0...max(totalDuration, 0), "the time", in: call)
      let wasRunning = run?.isRunning ?? false
      guard let run = activeRun(call: call) else { return }
      let length = runLength
      if runRepeatsForever {
        time = time.truncatingRemainder(dividingBy: max(length, .leastNormalMagnitude))
      }
      controlSerial &+= 1
      run.scrub(to: length > 0 ? time / length : 0, call: call)
      if wasRunning { run.start(afterDelay: nil, call: call) }
      aimCallbacks(skippingCurrent: true)
    }
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
  private func isRoot(_ call: String) -> Bool {
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
      controlSerial &+= 1
      run.start(afterDelay: delay, call: call)
      aimCallbacks(skippingCurrent: wasActive)
    }
  }

  /// The active run, made (and activated paused, unless `starting`) if there is none.
  private func activeRun(call: String, starting: Bool = false) -> PropertyAnimator? {
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
    if clock.advanceCount == lastRunAdvance {
      runsInLastAdvance += 1
    } else {
      (lastRunAdvance, runsInLastAdvance) = (clock.advanceCount, 1)
    }
    guard runsInLastAdvance <= AnimationClock.maximumEventsPerObserverPerAdvance else {
      DanceError.report(
        .outOfRange,
        "\(call): the timeline started more than "
          + "\(AnimationClock.maximumEventsPerObserverPerAdvance) runs in one clock advance (a "
          + "callback that restarts it?); not started")
      return nil
    }
    let plan = TimelinePlan()
    var leaves: [(rootTime: Double, group: Int, child: Child)] = []
    var times: [(time: Double, body: () -> Void)] = []
    collect(into: plan, parent: -1, start: 0, leaves: &leaves, callbacks: &times)
    let forever = !repeatCount.isFinite
    let cycle = playLength + repeatDelay
    if forever && cycle <= 0 {
      DanceError.report(
        .illegalState, "\(call): a timeline that repeats forever needs a duration; not started")
      return nil
    }
    plan.ownLength = forever ? cycle : totalDuration
    runLength = plan.ownLength
    runRepeatsForever = forever
    skipsRemainingCallbacks = false
    occurrences = times.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
    runSpeed = speed
    let run = PropertyAnimator(
      duration: plan.ownLength / speed,
      timingParameters: CubicTimingParameters(animationCurve: .linear),
      call: call)
    if forever { run.updateCore { $0.repeats = true } }
    if reversedWhenInactive { run.setReversed(true, call: call) }
    reversedWhenInactive = false
    leaves = leaves.enumerated().sorted {
      ($0.element.rootTime, $0.offset) < ($1.element.rootTime, $1.offset)
    }.map(\.element)
    run.addAnimations { [unowned run] in
      run.bind(to: scene)
      let recorder = TimelineRecorder(animator: run, plan: plan)
      plan.prepare(
        children: leaves.map { leaf in
          guard leaf.group == 0, case .animation(let timing, _) = leaf.child.content else {
            return nil
          }
          return TimelinePlan.Child(
            start: leaf.child.start, duration: leaf.child.length, timing: timing)
        })
      run.store?.setPlan(plan, slot: run.slot)
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
    for completion in takeCompletions() { run.addCompletion(completion) }
    self.run = run
    return run
  }

  /// Adds `timeline`'s group to `plan` (and its nested timelines' groups), its leaves and
  /// its callbacks in the root's own time.
  private func collect(
    into plan: TimelinePlan, parent: Int, start: Double,
    leaves: inout [(rootTime: Double, group: Int, child: Child)],
    callbacks: inout [(time: Double, body: () -> Void)]
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
        var nestedCallbacks: [(time: Double, body: () -> Void)] = []
        nested.collect(
          into: plan, parent: group, start: child.start, leaves: &leaves,
          callbacks: &nestedCallbacks)
        // The nested callbacks, in this timeline's single-play time.
        for callback in nestedCallbacks {
          callbacks.append((child.start + callback.time / nested.speed, callback.body))
        }
      } else {
        leaves.append((rootStart + child.start / rootScale, group, child))
      }
    }
    callbacks += self.callbacks
    // Every play of this timeline (the root's forever-repeating plays are counted at run
    // time, per cycle).
    let info = plan.groups[group]
    let plays = repeatCount.isFinite ? Int(repeatCount.rounded(.up)) : 1
    let cycle = info.playLength + repeatDelay
    var expanded: [(time: Double, body: () -> Void)] = []
    for play in 0..<plays {
      let offset = Double(play) * cycle
      let limit = repeatCount.isFinite ? info.totalDuration : info.playLength
      for callback in callbacks {
        if offset + callback.time <= limit {
          expanded.append((offset + callback.time, callback.body))
        }
        if autoreverses, offset + 2 * duration - callback.time <= limit {
          expanded.append((offset + 2 * duration - callback.time, callback.body))
        }
      }
    }
    callbacks = expanded
  }

  /// The run ended (its completion, which runs before the user's): the callbacks up to a
  /// natural end, then nothing scheduled.
  private func runDidEnd(_ ended: PropertyAnimator, at position: AnimatingPosition) {
    guard run === ended else { return }
    keepAlive = nil
    if registration.hasDeadline { clock.unschedule(self) }
    let serial = controlSerial
    if !skipsRemainingCallbacks && position != .current {
      // Playback reached an end: what is left of the callbacks comes due now.
      // (At most one pass over them: a callback may change the settings of the next run.)
      let forward = position == .end
      for _ in occurrences.indices {
        guard let body = takeNextCallback(upTo: .infinity, forward: forward) else { break }
        CallbackQueue.checkUserCodeMayRun()
        body()
        guard serial == controlSerial else { return }
      }
    }
  }
}

// MARK: - Callbacks

extension Timeline: ClockDeadlineObserver {
  /// Points `nextCallback` at the first callback ahead of the playhead in the direction of
  /// play (past one exactly at the playhead if `skippingCurrent`), and schedules it.
  func aimCallbacks(skippingCurrent: Bool) {
    keepAlive = run?.isRunning == true ? self : nil
    guard let run else { return }
    let core = run.core
    let forward = !core.reversed
    if !runRepeatsForever {
      // A fresh run aims from where it starts (a zero-length run is at its end at once,
      // and its callbacks must still come due); otherwise from where the playhead is.
      let own = skippingCurrent ? core.fraction(at: clock.now) : core.anchorFraction
      if forward {
        nextCallback = occurrences.partitioningIndex {
          skippingCurrent ? fraction(of: $0.time) > own : fraction(of: $0.time) >= own
        }
      } else {
        nextCallback =
          occurrences.partitioningIndex {
            skippingCurrent ? fraction(of: $0.time) >= own : fraction(of: $0.time) > own
          } - 1
      }
    } else {
      nextCycle = 0
      nextCallback = occurrences.partitioningIndex {
        skippingCurrent
          ? fraction(of: $0.time) > core.anchorFraction
          : fraction(of: $0.time) >= core.anchorFraction
      }
    }
    schedule()
  }

  /// The fraction of the run's length at which own time `time` falls.
  private func fraction(of time: Double) -> Double {
    runLength > 0 ? time / runLength : 0
  }

  /// The clock time at which the next callback comes due, if the run is running.
  private func nextCallbackClockTime() -> Double? {
    guard let run else { return nil }
    let core = run.core
    guard core.phase == .running else { return nil }
    let forward = !core.reversed
    guard nextCallback >= 0 && nextCallback < occurrences.count else { return nil }
    var target = fraction(of: occurrences[nextCallback].time)
    if runRepeatsForever { target += nextCycle }
    let spf = core.secondsPerFraction
    let time =
      core.anchorTime + (forward ? target - core.anchorFraction : core.anchorFraction - target)
      * spf
    return max(time, core.anchorTime)
  }

  private func schedule() {
    if let time = nextCallbackClockTime() {
      clock.schedule(self, at: time)
    } else if registration.hasDeadline {
      clock.unschedule(self)
    }
  }

  /// Takes the next callback if it comes due by clock time `time`, moving `nextCallback`
  /// on.
  private func takeNextCallback(upTo time: Double, forward: Bool) -> (() -> Void)? {
    guard nextCallback >= 0 && nextCallback < occurrences.count else { return nil }
    if time.isFinite {
      guard let due = nextCallbackClockTime(), due <= time else { return nil }
    }
    let body = occurrences[nextCallback].body
    if forward {
      nextCallback += 1
      if runRepeatsForever && nextCallback == occurrences.count {
        nextCallback = 0
        nextCycle += 1
      }
    } else {
      nextCallback -= 1
    }
    return body
  }

  /// A callback came due: run every callback due now, in order, unless one of them moves
  /// the playhead or changes the state; then schedule the next.
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    guard let run, run.core.phase == .running else { return }
    let serial = controlSerial
    let forward = !run.core.reversed
    var ran = 0
    while let body = takeNextCallback(upTo: clock.now, forward: forward) {
      CallbackQueue.checkUserCodeMayRun()
      body()
      guard serial == controlSerial else { return }
      ran += 1
      if ran >= AnimationClock.maximumEventsPerObserverPerAdvance { break }
    }
    schedule()
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
      controlSerial &+= 1
      run.continueAnimation(withTimingParameters: nil, durationFactor: runSpeed / speed)
      if paused { run.pause(call: "Timeline.speed") }
      aimCallbacks(skippingCurrent: true)
    }
  }
}
