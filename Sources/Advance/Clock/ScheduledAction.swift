/// An action that an ``AnimationClock`` runs once, at an exact clock time: a timer on the
/// animation clock, made by ``AnimationClock/schedule(after:_:)`` or
/// ``AnimationClock/schedule(at:_:)``.
///
/// ```swift
/// let clock = AnimationClock()
/// let puck = Animator(initialValue: 0.0, clock: clock)
/// puck.simulate(using: DecayFunction(drag: 3), initialVelocity: 800)
/// // Hand the throw to a spring 0.35 s after release, wherever the frames fall.
/// let handOff = clock.schedule(after: 0.35) {
///   puck.simulate(using: SpringFunction(target: 0, tension: 200, damping: 20))
/// }
/// clock.advance(by: 0.5)   // the action ran at clock time 0.35 exactly
/// assert(!handOff.isPending)
/// ```
///
/// The action runs inside the ``AnimationClock/advance(by:)`` that reaches its time, as an
/// event of its own, in time order with every other event (an animation's end, another
/// action), with ``AnimationClock/now`` equal to that time: one step of 10 s and 600 steps
/// of 1/60 s run it at the same clock time. It runs at the edge of that event (SPEC
/// principle 8): it may make any call — start or cancel animations, schedule or cancel
/// actions, release anything — except advance the clock, which is refused with a
/// ``DanceError`` as from any clock callback. An action scheduled from inside an advance
/// for a time that has already come runs on the next advance.
///
/// The clock keeps a pending action alive, so the returned object may be discarded; it lets
/// the action (and what its closure holds) go once it has run or been cancelled. (So an
/// action whose closure holds the clock keeps the clock alive until then, as a timer keeps
/// its target.) A clock that goes drops its pending actions without running them. An action
/// belongs to the thread that advances its clock.
public final class ScheduledAction {
  /// The clock's bookkeeping for the action's deadline.
  package var registration = ClockRegistration()
  /// The clock that will run the action; nil once it has run or been cancelled. Unretained:
  /// the clock keeps every pending action and clears this before it goes.
  private var clockLink: Unretained<AnimationClock>?
  /// What to run.
  private var action: (() -> Void)?
  /// The action's index in its clock's list of pending actions (a back-index).
  var pendingIndex = -1

  init(clock: AnimationClock, action: @escaping () -> Void) {
    clockLink = Unretained(clock)
    self.action = action
  }

  /// Whether the action is still to run: true from its scheduling until it runs or is
  /// cancelled.
  public var isPending: Bool { clockLink != nil }

  /// Keeps the action from running. A call after it has run, or a second call, does
  /// nothing.
  public func cancel() {
    guard let clock = clockLink?.object else { return }
    clock.unschedule(self)
    _ = clock.removePendingAction(self)
  }

  /// Forgets the clock and the closure (the action ran, was cancelled, or its clock went);
  /// returns the closure.
  func end() -> (() -> Void)? {
    clockLink = nil
    defer { action = nil }
    return action
  }
}

extension ScheduledAction: ClockDeadlineObserver {
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    // The clock holds the action for the event (its link is retained for the call), so
    // leaving the pending list cannot free it under this call.
    guard let action = clock.removePendingAction(self) else { return }
    CallbackQueue.checkUserCodeMayRun()
    action()
  }
}

extension AnimationClock {
  /// Runs `action` once, `delay` seconds of clock time from now; returns the action, which
  /// can be cancelled (the result may be discarded: the clock keeps the action until it
  /// runs).
  ///
  /// A NaN, infinite or negative delay counts as 0 and reports a ``DanceError``: the action
  /// then runs on the next advance. See ``ScheduledAction`` for when exactly it runs.
  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledAction {
    let delay = Validation.seconds(
      delay, "the delay", in: "AnimationClock.schedule(after: \(delay))")
    return scheduleAction(at: now + delay, action)
  }

  /// Runs `action` once, when the clock reaches `time` (seconds of clock time); returns the
  /// action, which can be cancelled (the result may be discarded).
  ///
  /// A time that has passed, or a NaN or infinite one, reports a ``DanceError``: the action
  /// then runs on the next advance.
  @discardableResult
  public func schedule(at time: Double, _ action: @escaping () -> Void) -> ScheduledAction {
    var time = time
    if !time.isFinite {
      DanceError.report(
        .nonFiniteNumber,
        "AnimationClock.schedule(at: \(time)): the time is not finite; the action runs on the "
          + "next advance")
      time = now
    } else if time < now {
      DanceError.report(
        .outOfRange,
        "AnimationClock.schedule(at: \(time)): the clock is already at \(now); the action runs "
          + "on the next advance")
      time = now
    }
    return scheduleAction(at: time, action)
  }

  private func scheduleAction(at time: Double, _ action: @escaping () -> Void) -> ScheduledAction {
    let scheduled = ScheduledAction(clock: self, action: action)
    scheduled.pendingIndex = pendingActions.append(scheduled)
    schedule(scheduled, at: time)
    return scheduled
  }

  /// Takes `action` off the pending list (the clock's hold on it) and returns its closure;
  /// nil if it was not pending.
  func removePendingAction(_ action: ScheduledAction) -> (() -> Void)? {
    let index = action.pendingIndex
    guard index >= 0 else { return nil }
    action.pendingIndex = -1
    let (removed, movedTo) = pendingActions.remove(at: index)
    if let movedTo { pendingActions.entry(at: movedTo)?.pendingIndex = movedTo }
    return removed.end()
  }

  /// The number of actions waiting to run; for tests and diagnostics.
  package var pendingActionCount: Int { pendingActions.count }
}
