// Bringing an animator to the clock's time: the closed-form evaluation a frame and a read
// run, the part of a frame that calls user code, and the end of a run at its deadline.

extension Animator {

  /// Brings the stored state up to the clock's current time.
  @inlinable
  func synchronize() {
    if evaluatedAt != clock.now { kernel(self, .value) }
  }

  /// Brings `frame` to the clock's time. Runs specialised, through `kernel`.
  ///
  /// A timed curve or a spring computes the value alone (the velocity costs as much again
  /// and is rarely read); ``velocity`` derives it from the motion on demand.
  @inlinable
  func evaluate() { evaluate(at: clock.now) }

  /// Brings `frame` to `now`, the clock's time (which a store's frame reads once for all
  /// its animators).
  @inlinable
  func evaluate(at now: Double) {
    // Fields are read and written in place: copying the whole frame (or the motion's
    // payload) costs more than the arithmetic.
    frame.evaluatedAt = now
    switch frame.motion {
    case .idle:
      return
    case .timed(let from, let to, let start, let duration):
      frame.value = Value(
        vector: duration > 0
          ? from.lerp(to: to, frame.curve.value(at: (now - start) / duration)) : to)
      frame.velocityIsStale = true
    case .oscillator(let start, _):
      frame.value = Value(vector: frame.oscillator.value(at: now - start))
      frame.velocityIsStale = true
    case .custom:
      evaluateCustomSimulation(at: now)
    }
  }

  /// Brings a custom simulation to `now`. The user's function runs inside an engine
  /// operation (it cannot advance the clock; completions its calls cause wait for the end),
  /// and its caller holds the animator (a function may release it: the store calls through
  /// a retained reference, see ``advanceFrame(at:)``). A function that ended or replaced the
  /// run leaves the state its calls set.
  @usableFromInline
  func evaluateCustomSimulation(at now: Double) {
    guard let simulation = customSimulation else { return }
    let (value, velocity) = CallbackQueue.runUserCodeInside { simulation.state(at: now) }
    guard customSimulation === simulation else { return }
    frame.value = Value(vector: value)
    frame.velocity = velocity
    frame.velocityIsStale = false
  }

  /// A frame of the store: brings `frame` to the clock's time and returns whether a handler
  /// is due — `onChange`, or the end of a custom simulation that came to rest — which
  /// ``deliverFrame()`` then calls.
  ///
  /// Two steps because the store reaches its animators unretained, and a handler may
  /// release the last reference to this one: the store holds it for `deliverFrame` (a hold
  /// taken inside a method of the animator would not do: the optimiser may drop a retain
  /// of `self`, which the caller guarantees alive).
  ///
  /// A custom simulation is not evaluated here: its function is user code, which may
  /// release the animator too, so ``deliverFrame()`` evaluates it.
  @inlinable
  func advanceFrame(at now: Double) -> Bool {
    switch frame.motion {
    case .idle: return false
    case .custom: return true
    case .timed, .oscillator:
      evaluate(at: now)
      return hasOnChange
    }
  }

  /// Does the part of a frame that calls user code (``advanceFrame(at:)`` said it is due):
  /// evaluates a custom simulation, finishes one that came to rest, or reports the new value
  /// to `onChange`. Its caller holds the animator.
  @usableFromInline
  func deliverFrame() {
    if case .custom = motion {
      evaluate()
      guard case .custom = motion else { return }  // the function's calls ended the run
      if let resting = customSimulation?.restingValue {
        finish(at: resting)
        return
      }
    }
    notifyChange(frame.value)
  }

  /// Brings a stale velocity up to the time of the stored value. Runs specialised, through
  /// `kernel`.
  @inlinable
  func deriveVelocity() {
    frame.velocity = velocity(of: frame.motion, at: frame.evaluatedAt)
    frame.velocityIsStale = false
  }

  /// The velocity of `motion` at clock time `time` (zero at rest and for a custom
  /// simulation, whose frames store theirs).
  @inlinable
  func velocity(of motion: Motion, at time: Double) -> Vector {
    switch motion {
    case .idle, .custom:
      return frame.velocity
    case .timed(let from, let to, let start, let duration):
      guard duration > 0 else { return .zero }
      return (to - from) * (frame.curve.slope(at: (time - start) / duration) / duration)
    case .oscillator(let start, _):
      return frame.oscillator.state(at: time - start).velocity
    }
  }

  /// Calls `onChange` with `value`, unless this is a call from inside `onChange` itself.
  @inlinable
  func notifyChange(_ value: Value) {
    guard hasOnChange, !isCallingOnChange, let onChange else { return }
    CallbackQueue.checkUserCodeMayRun()
    isCallingOnChange = true
    onChange(value)
    isCallingOnChange = false
  }
}

extension Animator: ClockDeadlineObserver {
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    switch motion {
    case .idle, .custom:
      return
    case .timed(_, let to, _, _):
      finish(at: to)
    case .oscillator(let start, let restsAtTarget):
      let oscillator = frame.oscillator
      finish(at: restsAtTarget ? oscillator.target : oscillator.value(at: clock.now - start))
    }
  }

}
