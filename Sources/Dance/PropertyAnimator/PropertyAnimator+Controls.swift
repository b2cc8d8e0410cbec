// The UIViewPropertyAnimator calls: adding animation blocks and completions, and the
// controls (start, pause, stop, finish, continue). Each validates its input and sends its
// event to the core (PropertyAnimator+Run.swift carries out what the core returns).

extension PropertyAnimator {
  // MARK: - Animations and completions

  /// Adds an animation block; it runs when the animator becomes active, or at once (running
  /// for the rest of the animator's path) if it already is.
  public func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, windowStart: 0, call: "PropertyAnimator.addAnimations(_:)")
  }

  /// Adds an animation block that starts `delayFactor × duration` into the animation and
  /// ends with the animator. `delayFactor` is clamped to 0…1 (NaN counts as 0), with a
  /// `DanceError`.
  public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
    let call = "PropertyAnimator.addAnimations(_:delayFactor:)"
    addAnimations(
      animation, windowStart: Validation.unitFraction(delayFactor, "delayFactor", in: call),
      call: call)
  }

  /// Adds a closure to run once when the current (or next) run ends, with where it ended.
  ///
  /// A stopped animator that is released still runs its completions (with `.current`) from
  /// its `deinit`: capture the animator weakly (not `unowned`) in them.
  public func addCompletion(_ completion: consuming @escaping (AnimatingPosition) -> Void) {
    completions.append(Completion(handler: completion))
  }

  // MARK: - Controls

  /// Starts (or resumes) the animation.
  public func startAnimation() {
    start(afterDelay: nil, call: "PropertyAnimator.startAnimation()")
  }

  /// Starts (or resumes) the animation after `delay` seconds of clock time.
  ///
  /// A NaN, infinite or negative delay counts as 0, with a `DanceError`.
  public func startAnimation(afterDelay delay: Double) {
    start(afterDelay: delay, call: "PropertyAnimator.startAnimation(afterDelay:)")
  }

  /// Pauses the animation where it is (activating an inactive animator at its start).
  public func pauseAnimation() {
    pause(call: "PropertyAnimator.pauseAnimation()")
  }

  /// Pauses the animation `delay` seconds of clock time from now, if it is still running
  /// then. A NaN, infinite or negative delay counts as 0, with a `DanceError`.
  public func pauseAnimation(afterDelay delay: Double) {
    pause(afterDelay: delay, call: "PropertyAnimator.pauseAnimation(afterDelay:)")
  }

  /// Stops the animation where it is: with `withoutFinishing` true it becomes inactive at
  /// once (completions run with `.current`); otherwise it waits, stopped, for
  /// ``finishAnimation(at:)``.
  public func stopAnimation(_ withoutFinishing: Bool) {
    let now = currentTime
    send("PropertyAnimator.stopAnimation(_:)") {
      $0.stop(withoutFinishing: withoutFinishing, now: now)
    }
  }

  /// Finishes a stopped animator: properties jump to the end or start values (or stay, for
  /// `.current`) and completions run with `position`.
  public func finishAnimation(at position: AnimatingPosition) {
    send("PropertyAnimator.finishAnimation(at:)") { $0.finish(at: position) }
  }

  /// Runs the rest of the path with new timing (or the current one, for nil) over the
  /// remaining time × `durationFactor`; each property keeps its velocity when the new timing
  /// is a spring. A NaN or infinite factor counts as 1 and a negative one as 0, with a
  /// `DanceError`.
  public func continueAnimation(
    withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: Double
  ) {
    let call = "PropertyAnimator.continueAnimation(withTimingParameters:durationFactor:)"
    var factor = durationFactor
    if !Validation.requireFinite(factor, "durationFactor", in: call, outcome: "using 1") {
      factor = 1
    }
    factor = Validation.clampNonNegative(factor, "durationFactor", in: call)
    let timing = parameters.map {
      AnimationTiming($0, requestedDuration: requestedDuration, call: call)
    }
    let now = currentTime
    send(call) { $0.continueAnimation(with: timing, factor: factor, now: now) }
  }
}
