/// The states and transitions of a ``PropertyAnimator``, without the clock or the nodes.
///
/// Each event method moves the machine and returns what the animator must do. The table
/// follows `UIViewPropertyAnimator`; where UIKit raises an exception the machine stays put
/// and returns ``Action/reject(_:_:)`` for the animator to report as a `DanceError`.
///
/// | state \ event | start | start after delay | pause | stop(false) | stop(true) | finish(at:) | continue | set fraction | reach the end |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | inactive | activate, run | activate, run | activate, paused | reject | reject | reject | reject | activate, paused | — |
/// | running | — | reject | paused | stopped | inactive (.current) | reject | running | paused | inactive, or paused with `pausesOnCompletion` |
/// | paused | running | running | — | stopped | inactive (.current) | reject | running | paused | — |
/// | stopped | reject | reject | reject | reject | reject | inactive (position) | reject | reject | — |
///
/// With `isInterruptible` false, pausing, stopping and scrubbing an active animator are
/// rejected, and `isInterruptible` itself can change only while inactive.
struct PropertyAnimatorStateMachine: Hashable {
  enum State: Hashable {
    case inactive
    case running
    case paused
    case stopped
  }

  enum Action: Hashable {
    /// Nothing to do.
    case none
    /// An illegal call: report it and change nothing.
    case reject(DanceError.Kind, String)
    /// Run the pending animation blocks and start the clock running.
    case activateRunning
    /// Run the pending animation blocks and hold at the current fraction.
    case activatePaused
    /// Start moving again from the current fraction.
    case resume
    /// Freeze at the current fraction.
    case pause
    /// Freeze where it is and wait for `finishAnimation(at:)`.
    case stop
    /// End the run where it is, now, with completions at `.current`.
    case finishNow(AnimatingPosition)
    /// Adopt the new timing and run.
    case continueRunning
    /// Hold at the end, active.
    case holdAtEnd
  }

  private(set) var state = State.inactive
  var isInterruptible = true

  /// `startAnimation()`.
  mutating func start() -> Action {
    switch state {
    case .inactive:
      state = .running
      return .activateRunning
    case .paused:
      state = .running
      return .resume
    case .running:
      return .none
    case .stopped:
      return .reject(.illegalState, "a stopped animator cannot start; finish it first")
    }
  }

  /// `startAnimation(afterDelay:)`.
  mutating func startAfterDelay() -> Action {
    if state == .running {
      return .reject(.illegalState, "the animator is already running")
    }
    return start()
  }

  /// `pauseAnimation()`.
  mutating func pause() -> Action {
    hold(verb: "pause")
  }

  /// `stopAnimation(_:)`.
  mutating func stop(withoutFinishing: Bool) -> Action {
    switch state {
    case .inactive:
      return .reject(.illegalState, "the animator is not active; there is nothing to stop")
    case .stopped:
      return .reject(.illegalState, "the animator is already stopped")
    case .running, .paused:
      guard isInterruptible else {
        return .reject(.illegalState, "the animator is not interruptible; it cannot stop")
      }
      if withoutFinishing {
        state = .inactive
        return .finishNow(.current)
      }
      state = .stopped
      return .stop
    }
  }

  /// `finishAnimation(at:)`.
  mutating func finish(at position: AnimatingPosition) -> Action {
    guard state == .stopped else {
      return .reject(.illegalState, "finishAnimation(at:) needs a stopped animator")
    }
    state = .inactive
    return .finishNow(position)
  }

  /// `continueAnimation(withTimingParameters:durationFactor:)`.
  mutating func continueAnimation() -> Action {
    switch state {
    case .running, .paused:
      state = .running
      return .continueRunning
    case .inactive, .stopped:
      return .reject(.illegalState, "continueAnimation needs an active animator")
    }
  }

  /// Setting `fractionComplete`: the same transitions as a pause.
  mutating func scrub() -> Action {
    hold(verb: "scrub")
  }

  /// Pausing and scrubbing: activate an inactive animator paused, pause a running one.
  private mutating func hold(verb: String) -> Action {
    switch state {
    case .inactive:
      state = .paused
      return .activatePaused
    case .running:
      guard isInterruptible else {
        return .reject(.illegalState, "the animator is not interruptible; it cannot \(verb)")
      }
      state = .paused
      return .pause
    case .paused:
      return .none
    case .stopped:
      return .reject(.illegalState, "a stopped animator cannot \(verb); finish it first")
    }
  }

  /// The running animator reached the end of its path (`position` is `.end` forward,
  /// `.start` reversed).
  mutating func reachEnd(at position: AnimatingPosition, pausesOnCompletion: Bool) -> Action {
    guard state == .running else { return .none }
    if pausesOnCompletion {
      state = .paused
      return .holdAtEnd
    }
    state = .inactive
    return .finishNow(position)
  }

  /// The animator lost its last property (taken by another writer, or its node left the
  /// scene), or was released, while active or stopped.
  mutating func abandon() -> Action {
    guard state != .inactive else { return .none }
    state = .inactive
    return .finishNow(.current)
  }

  /// Changing `isInterruptible`.
  mutating func setInterruptible(_ value: Bool) -> Action {
    guard state == .inactive else {
      return .reject(.illegalState, "isInterruptible can change only while inactive")
    }
    isInterruptible = value
    return .none
  }

  /// Whether animations may be added now.
  var acceptsAnimations: Bool { state != .stopped }
}
