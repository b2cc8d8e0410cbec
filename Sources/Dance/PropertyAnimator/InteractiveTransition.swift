/// A gesture that drives a ``PropertyAnimator`` and lets go of it without a jump: UIKit's
/// interactive transitions (`UIPercentDrivenInteractiveTransition`, an animator scrubbed by a
/// pan gesture), Compose's `SeekableTransitionState`, libadwaita's swipe tracker handing its
/// velocity to a spring.
///
/// ```swift
/// let dismiss = InteractiveTransition(
///   PropertyAnimator(duration: 0.4, curve: .easeOut) { card.alpha = 0 })
/// // each pointer motion:
/// dismiss.update(fractionComplete: dragged / 600)
/// // pointer up: to the end or back, as the position and the velocity point
/// dismiss.finish()
/// ```
///
/// - Making a transition pauses its animator (an inactive one becomes active, paused at its
///   start, and its blocks run); from then on the gesture drives it.
/// - ``update(fractionComplete:)`` shows exactly what the animator's playback shows at that
///   fraction (clamped to 0…1), at the clock's time.
/// - ``velocity`` is the slope of the recent updates over clock time: a least-squares fit
///   over the updates of the last ``velocityWindow`` (0.1 s) of the clock. Several updates at
///   one clock time count as the last of them; once the clock has moved on 0.1 s without an
///   update, the velocity is 0.
/// - ``finish(towards:spring:)`` and ``cancel(spring:)`` let go: the rest of the path (to the
///   end, or back to the start) runs on `spring`, in the spring's own time, starting with the
///   gesture's velocity — each property's value and velocity are continuous at the release
///   (through `continueAnimation`). `finish()` without a position goes to whichever end the
///   fraction plus 0.2 s of the velocity is nearer to.
/// - An ``update(fractionComplete:)`` while the release runs catches it where it is, and from
///   then on shows the original playback again: ``fractionComplete`` reads the fraction at
///   which the original playback shows what the release shows (a release caught beyond an
///   end, past its overshoot, is caught at that end), and the paths go back to their
///   recorded segments (a velocity that a spring animator carried in at its start is not
///   restored).
/// - The animator's completions run once, with `.end` after a finish and `.start` after a
///   cancel.
///
/// Bad input (a NaN fraction, a release or an update after the run ended) reports a
/// `DanceError` and changes nothing; `finish(towards: .current)` decides by position and
/// velocity, with a `DanceError`.
public final class InteractiveTransition {
  /// The animator the transition drives (its completions and blocks are yours to add).
  public let animator: PropertyAnimator

  /// How far back in clock time ``velocity`` looks: 0.1 s.
  public static let velocityWindow = 0.1

  /// How far ahead `finish()` projects the velocity to choose an end: 0.2 s.
  static let projection = 0.2

  /// The updates of the current hold, oldest first, one per clock time.
  private var updates: [(time: Double, fraction: Double)] = []
  /// The timing the animator was made with, which a caught release goes back to.
  private let recordedTiming: AnimationTiming
  /// Whether the animator is running a release (its paths re-based on a spring).
  private var releasing = false

  /// A transition that drives `animator`, which it pauses (activating it at its start if it
  /// is inactive).
  public init(_ animator: PropertyAnimator) {
    self.animator = animator
    if animator.state == .inactive || animator.isRunning { animator.pauseAnimation() }
    recordedTiming = animator.readCore { $0.timing }
  }

  /// Where the path is, in terms of the original playback: 0 shows its start, 1 its end.
  /// During a release, the fraction at which the original playback shows what the release
  /// shows now.
  public var fractionComplete: Double {
    guard releasing, animator.state == .active else { return animator.fractionComplete }
    return caughtFraction()
  }

  /// How fast the updates moved the fraction, per second of clock time: the least-squares
  /// slope of the updates of the last ``velocityWindow`` of the clock (0 with fewer than two
  /// at different times).
  public var velocity: Double {
    let now = animator.currentTime
    let recent = updates.filter { now - $0.time <= Self.velocityWindow }
    guard recent.count >= 2 else { return 0 }
    let meanTime = recent.reduce(0) { $0 + $1.time } / Double(recent.count)
    let meanFraction = recent.reduce(0) { $0 + $1.fraction } / Double(recent.count)
    var covariance = 0.0
    var variance = 0.0
    for update in recent {
      covariance += (update.time - meanTime) * (update.fraction - meanFraction)
      variance += (update.time - meanTime) * (update.time - meanTime)
    }
    return variance > 0 ? covariance / variance : 0
  }

  /// Shows the path at `fractionComplete` (clamped to 0…1) exactly as the original playback
  /// shows it there, and records the update for ``velocity``; a release that is running is
  /// caught first. A NaN or infinite fraction, or an update after the run ended, is ignored
  /// with a `DanceError`.
  public func update(fractionComplete: Double) {
    let call = "InteractiveTransition.update(fractionComplete:)"
    guard Validation.requireFinite(fractionComplete, "the fraction", in: call),
      isActive(call)
    else { return }
    if releasing { catchRelease(call: call) }
    if animator.isRunning { animator.pauseAnimation() }
    if animator.isReversed { animator.isReversed = false }
    animator.fractionComplete = fractionComplete
    let now = animator.currentTime
    updates.removeAll { $0.time == now || now - $0.time > Self.velocityWindow }
    updates.append((now, animator.fractionComplete))
  }

  /// Lets go towards `position` (`.end` or `.start`; nil: whichever end the fraction plus
  /// 0.2 s of ``velocity`` is nearer to) on `spring`, starting with ``velocity``; the
  /// completions run with that position. A release already running that way goes on; one
  /// running the other way is caught and let go from rest.
  public func finish(
    towards position: AnimatingPosition? = nil,
    spring: SpringParameters = SpringParameters(dampingRatio: 1, response: 0.4)
  ) {
    let call = "InteractiveTransition.finish(towards:spring:)"
    guard isActive(call) else { return }
    let towardsEnd: Bool
    switch position {
    case .end: towardsEnd = true
    case .start: towardsEnd = false
    case .current, nil:
      if position == .current {
        DanceError.report(
          .outOfRange,
          "\(call): .current is not an end to finish towards; choosing by position and velocity")
      }
      towardsEnd = fractionComplete + Self.projection * velocity >= 0.5
    }
    release(reversed: !towardsEnd, spring: spring, call: call)
  }

  /// Lets go back to the start on `spring`, starting with ``velocity``; the completions run
  /// with `.start`.
  public func cancel(spring: SpringParameters = SpringParameters(dampingRatio: 1, response: 0.4)) {
    let call = "InteractiveTransition.cancel(spring:)"
    guard isActive(call) else { return }
    release(reversed: true, spring: spring, call: call)
  }

  /// Whether the animator's run is still on (active); reports the call otherwise.
  private func isActive(_ call: String) -> Bool {
    guard animator.state == .active else {
      DanceError.report(
        .illegalState,
        "\(call): the animator's run has ended (or was stopped); make a new transition")
      return false
    }
    return true
  }

  private func release(reversed: Bool, spring: SpringParameters, call: String) {
    if releasing {
      if animator.isRunning && animator.isReversed == reversed { return }
      catchRelease(call: call)
    }
    if animator.isRunning { animator.pauseAnimation() }
    let velocity = velocity
    updates.removeAll()
    let f = animator.fractionComplete
    animator.isReversed = reversed
    // The remaining part of the path runs over the spring's settling time: spring time is
    // clock time, so the spring moves as its parameters say.
    let remaining = reversed ? f : 1 - f
    animator.continueAnimation(
      with: AnimationTiming(
        SpringTimingParameters(
          mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping),
        requestedDuration: animator.requestedDuration, call: call),
      factor: remaining > 0 ? 1 / remaining : 1, fractionVelocity: velocity, call: call)
    releasing = animator.isRunning
  }

  /// The fraction at which the original playback shows what the release shows now.
  private func caughtFraction() -> Double {
    guard let (progress, windowStart) = animator.shownProgress() else {
      return animator.fractionComplete
    }
    guard progress > 0 else { return 0 }
    guard progress < 1 else { return 1 }
    // The recorded timing's progress rises from 0 to 1 over the lane's window: bisection.
    var (low, high) = (0.0, 1.0)
    for _ in 0..<64 {
      let middle = (low + high) / 2
      if recordedTiming.sample(at: middle, linear: false).progress.x < progress {
        low = middle
      } else {
        high = middle
      }
    }
    return windowStart + (1 - windowStart) * (low + high) / 2
  }

  /// Stops the release where it is and puts the recorded paths and timing back, paused at
  /// the fraction where the original playback shows that.
  private func catchRelease(call: String) {
    releasing = false
    if animator.isRunning { animator.pauseAnimation() }
    let f = caughtFraction()
    animator.isReversed = false
    animator.continueAnimation(with: recordedTiming, factor: 1, fractionVelocity: 0, call: call)
    animator.pauseAnimation()
    animator.restoreRecordedSegments()
    animator.fractionComplete = f
    updates.removeAll()
  }
}

extension PropertyAnimator {
  /// `continueAnimation` with `timing`, carrying `fractionVelocity` (fraction per second of
  /// clock time) into the properties: for a paused path that a gesture moved at that speed.
  func continueAnimation(
    with timing: AnimationTiming, factor: Double, fractionVelocity: Double, call: String
  ) {
    let now = currentTime
    send(call) {
      $0.continueAnimation(
        with: timing, factor: factor, now: now, fractionVelocity: fractionVelocity)
    }
  }

  /// The progress the lanes show now along their paths, from the lane whose ends lie
  /// farthest apart, with that lane's window start; nil if no lane of a whole path moves.
  func shownProgress() -> (progress: Double, windowStart: Double)? {
    var best: ShownProgress.Result?
    for index in animations.indices {
      let shown = animations[index].perform(ShownProgress())
      if shown.weight > (best?.weight ?? 0) { best = shown }
    }
    return best.map { ($0.progress, $0.windowStart) }
  }

  /// Puts every lane's path back to its segment as recorded (undoing `continueAnimation`'s
  /// re-basing), without a carried velocity.
  func restoreRecordedSegments() {
    for index in animations.indices { animations[index].perform(RestoreSegment()) }
  }
}

/// The progress a lane shows along its path, for its largest component.
struct ShownProgress: LaneOperation {
  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) -> (
    progress: Double, windowStart: Double, weight: Double
  ) where V.Scalar == Double {
    if let motion = table.shownMotionProgress(at: index) {
      return (motion.progress, motion.windowStart, motion.length)
    }
    let path = table.path(at: index)
    guard path.keyframes < 0, path.timeline < 0 else { return (0, 0, 0) }
    let value = table.current(at: index)
    var best = (progress: 0.0, windowStart: path.windowStart, weight: 0.0)
    for component in path.from.indices {
      let span = path.to[component] - path.from[component]
      if abs(span) > best.weight {
        best = ((value[component] - path.from[component]) / span, path.windowStart, abs(span))
      }
    }
    return best
  }
}

/// A lane's path back to its recorded segment: from `from` at its window's start, with no
/// velocity carried in.
struct RestoreSegment: LaneOperation {
  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) where V.Scalar == Double {
    if table.restoreMotionSegment(at: index) { return }
    var path = table.path(at: index)
    guard path.keyframes < 0, path.timeline < 0 else { return }
    path.segmentStart = path.windowStart
    path.segmentFrom = path.from
    path.inherited = .zero
    path.segmentReversed = false
    table.setPath(path, at: index)
  }
}
