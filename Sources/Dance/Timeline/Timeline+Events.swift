// Replay and events (SPEC "Timeline, round 2"): restart, invalidate, seeking with
// callbacks, the playhead's time and play, onUpdate.

extension Timeline {
  // MARK: - Replay

  /// Plays the timeline again from own time 0, forward, from any state (GSAP's
  /// `restart()`): own time 0 shows at once, before the next frame, and the callbacks at 0
  /// run as at a start. An active run goes on as the same run (its completions wait for its
  /// end). The start values recorded by the first run are played again (``invalidate()``
  /// forgets them).
  public func restart() {
    CallbackQueue.operation {
      let call = "Timeline.restart()"
      guard isRoot(call) else { return }
      // (A timeline's run is never left stopped: `finish(at:)` stops and ends it at once.
      // Should one be, it ends where it is before the new run.)
      if let run, run.state == .stopped { run.finishAnimation(at: .current) }
      guard let run, run.state == .active else {
        runCore.reversedWhenInactive = false
        guard let run = activeRun(call: call, starting: true) else { return }
        runCore.control()
        run.start(afterDelay: nil, call: call)
        aimCallbacks(skippingCurrent: false)
        return
      }
      runCore.restart()
      if run.isReversed { run.setReversed(false, call: call) }
      run.seek(to: 0, call: call)
      if !run.isRunning { run.start(afterDelay: nil, call: call) }
      aimCallbacks(skippingCurrent: false)
    }
  }

  /// Forgets the start values recorded when the timeline first became active: the next
  /// activation (a start after the end, a restart, a seek of an inactive timeline) records
  /// afresh from what the nodes show then (GSAP's `invalidate()`). A run in progress keeps
  /// the values it started from.
  public func invalidate() {
    startValues.removeAll()
  }

  // MARK: - Seeking with callbacks

  /// Moves the playhead to own time `time` as ``seek(to:)`` does; with `runsCallbacks`, the
  /// callbacks crossed on the way then run, in the direction of travel: each one strictly
  /// between the old and the new playhead, or at the new one, once (GSAP's
  /// `suppressEvents: false`). A timeline that was inactive seeks from where it starts (0,
  /// or its end when set to play reversed). What shows is the new time's, and ``time``
  /// reads it, while they run. For a timeline that repeats forever, the callbacks between
  /// the two places in the sought play run. They run as one clock event, as callbacks
  /// reached by playback do: an advance of the clock from inside them is ignored, with a
  /// `DanceError`.
  public func seek(to time: Double, runsCallbacks: Bool) {
    CallbackQueue.operation {
      let call = "Timeline.seek(to:runsCallbacks:)"
      guard let (from, to) = move(to: time, call: call), runsCallbacks, from != to else {
        return
      }
      let forward = to > from
      runCore.walk.aim(from: from, forward: forward, strictly: true)
      let serial = runCore.serial
      let interrupted = clock.runAsEvent { () -> Bool in
        var ran = 0
        while let body = takeNextCallback(
          forward: forward, isDue: { forward ? $0 <= to : $0 >= to })
        {
          CallbackQueue.checkUserCodeMayRun()
          body()
          guard serial == runCore.serial else { return true }
          ran += 1
          if ran == Self.maximumNestedCallbacks {
            DanceError.report(
              .outOfRange, "\(call): more than \(ran) callbacks crossed; the rest are skipped")
            break
          }
        }
        return false
      }
      if !interrupted { aimCallbacks(skippingCurrent: true) }
    }
  }

  // MARK: - Where the playhead is

  /// The playhead, in own seconds: 0…``totalDuration`` (for a timeline that repeats
  /// forever, the plays entered since the start or the last seek, times one play and its
  /// delay, plus where it is in the current one). An inactive timeline is where its last run
  /// ended (0 before any run; its end when set to play reversed).
  public var time: Double {
    let active = run.flatMap { $0.state != .inactive ? $0 : nil }
    return runCore.time(
      runFraction: active?.core.fraction(at: clock.now), total: totalDuration)
  }

  /// The play the playhead is in, from 0. At the instant one play ends and the next begins
  /// it is the next (as what shows); during a repeat delay and at the end of the last play
  /// it is the play that just ended (GSAP).
  public var iteration: Int {
    // While inactive, the settings as they are now (they may have changed since the run).
    runCore.iteration(
      atTime: time, active: run.map { $0.state != .inactive } ?? false,
      cycle: playLength + repeatDelay,
      plays: repeatCount.isFinite ? repeatCount.rounded(.up) : 1)
  }
}

// MARK: - onUpdate

extension Timeline: ClockFrameObserver {
  /// Puts the timeline in the clock's per-advance list while it runs with an `onUpdate`.
  func updateFrameRegistration() {
    if onUpdate != nil && run?.isRunning == true {
      if !registration.isActive {
        runCore.lastUpdateTime = time
        clock.activate(self)
      }
    } else if registration.isActive {
      clock.deactivate(self)
    }
  }

  /// Runs `onUpdate` if the playhead moved since it last ran.
  func reportUpdate() {
    guard let onUpdate else { return }
    let now = time
    guard now != runCore.lastUpdateTime else { return }
    runCore.lastUpdateTime = now
    CallbackQueue.checkUserCodeMayRun()
    onUpdate(self)
  }

  /// The end of an advance: `onUpdate`, if the playhead moved.
  package func clockDidAdvance(_ clock: AnimationClock) {
    reportUpdate()
  }
}
