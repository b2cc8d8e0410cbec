/// A gesture that drives a ``PropertyAnimator`` and lets go of it without a jump: UIKit's
/// interactive transitions (`UIPercentDrivenInteractiveTransition`, an animator scrubbed by a
/// pan gesture), libadwaita's swipe tracker handing its velocity to a spring.
///
/// ```swift
/// let dismiss = InteractiveTransition(duration: 0.4, curve: .easeOut) {
///   card.center = Point(x: card.center.x, y: 900)
///   card.alpha = 0
/// }
/// dismiss.addCompletion { position in if position == .end { card.removeFromParent() } }
/// // each pointer motion:
/// dismiss.update(fractionComplete: dragged / 600)
/// // pointer up:
/// if dismiss.fractionComplete > 0.5 || dismiss.velocity > 1 {
///   dismiss.finish()
/// } else {
///   dismiss.cancel()
/// }
/// ```
///
/// - ``update(fractionComplete:)`` shows exactly what playback shows at that fraction (the
///   animator is paused there; its blocks run at the first update).
/// - ``velocity`` is how fast the updates moved the fraction, per second of the clock's time,
///   over the updates of the last ``velocityWindow`` (0.15 s, libadwaita's swipe history).
/// - ``finish(dampingRatio:)`` and ``cancel(dampingRatio:)`` let go: the rest of the path (to
///   the end, or back to the start) runs on a spring that starts with the gesture's velocity,
///   so every property's value and velocity are continuous at the release. The remaining
///   part takes its share of the animator's duration divided by ``completionSpeed``.
/// - An ``update(fractionComplete:)`` while the spring runs catches it where it is: the
///   animator pauses there, and the fraction reads where the spring was; fractions then map
///   onto the path as the release re-based it (from the value shown at the release).
/// - The completions run once, with `.end` after a finish and `.start` after a cancel.
///
/// Bad input (a NaN fraction, a release of a transition that is not held, a negative speed)
/// reports a `DanceError` and changes nothing, or uses the nearest legal value.
public final class InteractiveTransition {
  /// The animator the transition drives; its other controls stay yours to use.
  public let animator: PropertyAnimator

  /// How much faster than the animator's own pace the rest of the path runs after a
  /// release (UIKit's `completionSpeed`): the remaining fraction takes that share of the
  /// duration, divided by this. 1 by default; a NaN, infinite, zero or negative speed
  /// counts as 1, with a `DanceError`.
  public var completionSpeed: Double {
    get { storedCompletionSpeed }
    set {
      guard newValue.isFinite && newValue > 0 else {
        DanceError.report(
          .outOfRange,
          "InteractiveTransition.completionSpeed: \(newValue) is not a positive speed; using 1")
        storedCompletionSpeed = 1
        return
      }
      storedCompletionSpeed = newValue
    }
  }
  private var storedCompletionSpeed = 1.0

  /// How far back in clock time ``velocity`` looks: 0.15 s.
  public static let velocityWindow = 0.15

  /// The updates of the current hold, oldest first, one per clock time (a later update at the
  /// same time replaces the earlier one).
  private var updates: [(time: Double, fraction: Double)] = []

  /// A transition that drives `animator`.
  public init(animator: PropertyAnimator) {
    self.animator = animator
  }

  /// A transition over a new animator of `duration` seconds and `curve`, animating the
  /// assignments in `animations`.
  public convenience init(
    duration: Double, curve: AnimationCurve = .linear, animations: @escaping () -> Void
  ) {
    self.init(animator: PropertyAnimator(duration: duration, curve: curve, animations: animations))
  }

  /// Where the path is: 0 shows its start, 1 its end (``PropertyAnimator/fractionComplete``).
  public var fractionComplete: Double { animator.fractionComplete }

  /// Whether the gesture holds the path (it is paused where the last update put it).
  public var isHeld: Bool { animator.state == .active && !animator.isRunning }

  /// How fast the updates moved the fraction, per second of clock time: the change over the
  /// updates of the last ``velocityWindow`` before the newest, divided by their time apart.
  /// 0 with fewer than two updates at different times, when the clock has moved on more than
  /// the window since the newest (the gesture holds still), or when the transition is not
  /// held.
  public var velocity: Double {
    guard isHeld, let newest = updates.last, let oldest = updates.first,
      newest.time > oldest.time, animator.currentTime - newest.time <= Self.velocityWindow
    else { return 0 }
    return (newest.fraction - oldest.fraction) / (newest.time - oldest.time)
  }

  /// Shows the path at `fractionComplete` (clamped to 0…1), exactly as playback shows it
  /// there, and records the update for ``velocity``. The first update runs the animator's
  /// blocks; an update while a release runs catches the path where it is first (then
  /// moves it). A NaN or infinite fraction is ignored, with a `DanceError`.
  public func update(fractionComplete: Double) {
    let call = "InteractiveTransition.update(fractionComplete:)"
    guard Validation.requireFinite(fractionComplete, "the fraction", in: call) else { return }
    if !isHeld { hold() }
    guard isHeld else { return }
    animator.fractionComplete = fractionComplete
    let now = animator.currentTime
    if let last = updates.last, last.time == now { updates.removeLast() }
    updates.removeAll { now - $0.time > Self.velocityWindow }
    updates.append((now, animator.fractionComplete))
  }

  /// Catches the path where it is and holds it there (a gesture begins): a release that is
  /// running pauses where it is; an inactive animator becomes active, paused at its start.
  /// Read ``fractionComplete`` then to base the gesture on.
  public func pause() {
    hold()
  }

  /// Lets go towards the end: the rest of the path runs on a spring of `dampingRatio` (1,
  /// critically damped, by default) that starts with ``velocity``; the completions run with
  /// `.end`. Ignored, with a `DanceError`, unless the transition is held.
  public func finish(dampingRatio: Double = 1) {
    release(reversed: false, dampingRatio: dampingRatio, call: "InteractiveTransition.finish")
  }

  /// Lets go towards the start: the path runs back on a spring of `dampingRatio` that starts
  /// with ``velocity``; the completions run with `.start`. Ignored, with a `DanceError`,
  /// unless the transition is held.
  public func cancel(dampingRatio: Double = 1) {
    release(reversed: true, dampingRatio: dampingRatio, call: "InteractiveTransition.cancel")
  }

  /// Adds a completion to the animator's run (``PropertyAnimator/addCompletion(_:)``).
  public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
    animator.addCompletion(completion)
  }

  /// Pauses the animator where it is (activating it at its start if it is inactive), facing
  /// forward, and starts a new record of updates.
  private func hold() {
    updates.removeAll()
    switch animator.state {
    case .inactive:
      animator.pauseAnimation()
    case .active:
      if animator.isRunning { animator.pauseAnimation() }
    case .stopped:
      DanceError.report(
        .illegalState,
        "InteractiveTransition: its animator is stopped; finish it (finishAnimation(at:)) "
          + "before driving it again")
      return
    }
    if animator.isReversed { animator.isReversed = false }
  }

  private func release(reversed: Bool, dampingRatio: Double, call: String) {
    guard isHeld else {
      DanceError.report(
        .illegalState,
        "\(call): the transition is not held (update(fractionComplete:) or pause() first); "
          + "ignored")
      return
    }
    let velocity = velocity
    updates.removeAll()
    if reversed { animator.isReversed = true }
    animator.continueAnimation(
      withTimingParameters: SpringTimingParameters(dampingRatio: dampingRatio),
      durationFactor: 1 / storedCompletionSpeed, fractionVelocity: velocity, call: call)
  }
}

extension PropertyAnimator {
  /// ``continueAnimation(withTimingParameters:durationFactor:)`` carrying `fractionVelocity`
  /// (fraction per second of clock time) into the properties, for a paused path that a
  /// gesture moved at that speed.
  func continueAnimation(
    withTimingParameters parameters: any TimingCurveProvider, durationFactor factor: Double,
    fractionVelocity: Double, call: String
  ) {
    let timing = AnimationTiming(parameters, requestedDuration: requestedDuration, call: call)
    let now = currentTime
    send(call) {
      $0.continueAnimation(
        with: timing, factor: factor, now: now, fractionVelocity: fractionVelocity)
    }
  }
}
