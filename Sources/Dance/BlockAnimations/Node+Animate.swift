/// The `UIView.animate` family, as static methods on `Node`, built on ``PropertyAnimator``.
///
/// ```swift
/// Node.animate(withDuration: 0.3) { card.alpha = 0 }
///
/// Node.animate(withDuration: 0.5, delay: 0.2, options: [.curveEaseIn, .repeat, .autoreverse],
///              animations: { label.alpha = 1 }, completion: { finished in print(finished) })
///
/// Node.animateKeyframes(withDuration: 5, delay: 0, options: [], animations: {
///   Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.6) { label.center = middle }
///   Node.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.4) { label.center = corner }
/// }, completion: nil)
/// ```
///
/// The animations block runs at once; each assignment in it animates from the value on
/// screen to the assigned one (every animation begins from the current state). The
/// completion runs exactly once, at the very end (never per repeat), with `finished` false
/// when the animation was interrupted — a property taken by another writer, or its node
/// removed from the scene. A duration ≤ 0 applies the values at once and runs the completion
/// on the next clock advance (at once for nodes outside any scene, which have no clock).
///
/// **Nesting.** Called inside another animation block (of `Node.animate` or a
/// ``PropertyAnimator``), an animation inherits the outer block's duration and curve unless
/// its options include `overrideInheritedDuration` or `overrideInheritedCurve`.
extension Node {
  /// Animates the changes in `animations` over `duration` seconds, easing in and out.
  public static func animate(withDuration duration: Double, animations: @escaping () -> Void) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations, completion: nil,
      call: "Node.animate(withDuration:animations:)")
  }

  /// Animates the changes in `animations`, then calls `completion` once.
  public static func animate(
    withDuration duration: Double, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations,
      completion: completion, call: "Node.animate(withDuration:animations:completion:)")
  }

  /// Animates the changes in `animations` after `delay` seconds, with `options`.
  public static func animate(
    withDuration duration: Double, delay: Double, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: delay, options: options, animations: animations,
      completion: completion,
      call: "Node.animate(withDuration:delay:options:animations:completion:)")
  }

  private static func animate(
    withDuration duration: Double, delay: Double, options: AnimationOptions,
    animations: @escaping () -> Void, completion: ((Bool) -> Void)?, call: String
  ) {
    let inherited = inherit(
      overrideDuration: options.contains(.overrideInheritedDuration),
      overrideCurve: options.contains(.overrideInheritedCurve))
    run(
      duration: inherited.duration ?? duration,
      timing: inherited.timing ?? CubicTimingParameters(animationCurve: options.curve),
      delay: delay, repeats: options.contains(.repeat),
      autoreverses: options.contains(.autoreverse),
      composition: options.contains(.additive) ? .additive : .replace, keyframeMode: nil,
      call: call, animations: animations, completion: completion)
  }

  /// Animates the changes in `animations` with a spring of damping ratio `dampingRatio` that
  /// settles in `duration` seconds, starting at `velocity` (in whole distances per second,
  /// as in UIKit).
  public static func animate(
    withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
    initialSpringVelocity velocity: Double, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let call =
      "Node.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:"
      + "animations:completion:)"
    var velocity = velocity
    if !Validation.requireFinite(velocity, "initialSpringVelocity", in: call, outcome: "using 0") {
      velocity = 0
    }
    let inherited = inherit(
      overrideDuration: options.contains(.overrideInheritedDuration), overrideCurve: true)
    run(
      duration: inherited.duration ?? duration,
      timing: SpringTimingParameters(
        dampingRatio: dampingRatio, initialVelocity: Vector(dx: velocity, dy: velocity)),
      delay: delay, repeats: options.contains(.repeat),
      autoreverses: options.contains(.autoreverse),
      composition: options.contains(.additive) ? .additive : .replace, keyframeMode: nil,
      call: call, animations: animations, completion: completion)
  }

  /// Animates through the keyframes that `animations` adds with
  /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``, over `duration`
  /// seconds, linearly in time.
  ///
  /// Assignments made directly in `animations` (outside any keyframe) form a keyframe over
  /// the whole duration.
  public static func animateKeyframes(
    withDuration duration: Double, delay: Double, options: KeyframeAnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let call = "Node.animateKeyframes(withDuration:delay:options:animations:completion:)"
    let inherited = inherit(
      overrideDuration: options.contains(.overrideInheritedDuration), overrideCurve: true)
    run(
      duration: inherited.duration ?? duration,
      timing: CubicTimingParameters(animationCurve: .linear), delay: delay,
      repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse),
      composition: .replace, keyframeMode: options.calculation, call: call, animations: animations,
      completion: completion)
  }

  /// Adds a keyframe to the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``:
  /// the changes in `animations` happen during the slice of the animation that starts at
  /// `frameStartTime` and lasts `frameDuration` (both fractions of the whole, 0…1).
  ///
  /// Called outside a keyframe animation, it applies the changes at once and reports a
  /// `DanceError`; out-of-range times are clamped (NaN counts as 0), with a `DanceError`.
  public static func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: () -> Void
  ) {
    let call = "Node.addKeyframe(withRelativeStartTime:relativeDuration:animations:)"
    let stack = AnimationBlockStack.current
    guard case .keyframe(let held, _, _)? = stack.entries.last else {
      DanceError.report(
        .illegalState,
        "\(call): not inside Node.animateKeyframes; the changes were applied without animation")
      stack.run(.immediate, animations)
      return
    }
    let start = Validation.unitFraction(frameStartTime, "relativeStartTime", in: call)
    var duration = Validation.unitFraction(frameDuration, "relativeDuration", in: call)
    if start + duration > 1 {
      DanceError.report(.outOfRange, "\(call): the keyframe ends after 1; clamped")
      duration = 1 - start
    }
    stack.run(.keyframe(held, start: start, duration: duration), animations)
  }

  /// Runs `actions` with every assignment applied at once, even inside an animation block.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    AnimationBlockStack.current.run(.immediate, actions)
  }

  // MARK: - Shared machinery

  /// The duration and timing of the enclosing animation block, for those not overridden.
  private static func inherit(overrideDuration: Bool, overrideCurve: Bool) -> (
    duration: Double?, timing: (any TimingCurveProvider)?
  ) {
    guard let outer = AnimationBlockStack.current.openAnimator else { return (nil, nil) }
    return (
      overrideDuration ? nil : outer.duration, overrideCurve ? nil : outer.timingProvider
    )
  }

  private static func run(
    duration: Double, timing: any TimingCurveProvider, delay: Double, repeats: Bool,
    autoreverses: Bool, composition: AnimationComposition, keyframeMode: KeyframeCalculation?,
    call: String,
    animations: @escaping () -> Void, completion: ((Bool) -> Void)?
  ) {
    let duration = Validation.seconds(duration, "the duration", in: call)
    let delay = Validation.seconds(delay, "the delay", in: call)
    let animator = PropertyAnimator(duration: duration, timingParameters: timing, call: call)
    animator.composition = composition
    if duration > 0 {
      animator.updateCore {
        $0.repeats = repeats
        $0.autoreverses = autoreverses
      }
    }
    if let keyframeMode {
      animator.keyframeMode = keyframeMode
      animator.addKeyframeAnimations(animations)
    } else {
      animator.addAnimations(animations)
    }
    if let completion {
      let group = CompletionGroup(completion)
      animator.completionGroup = group
      group.join(animator)
    }
    animator.start(afterDelay: delay > 0 ? delay : nil, call: call)
  }

  /// Inside a ``animate(withDuration:delay:options:animations:completion:)`` block, gives
  /// the changes in `animations` their own repeat count, as UIKit's
  /// `UIView.modifyAnimations(withRepeatCount:autoreverses:animations:)`: they play
  /// `count` times (a fraction plays part of the last play), each play the enclosing
  /// block's duration and curve, forward and, with `autoreverses`, back. The count is
  /// `Timeline.repeatCount`'s: 2.5 plays end half-way through the third.
  ///
  /// ```swift
  /// Node.animate(withDuration: 0.4, delay: 0, options: [], animations: {
  ///   Node.modifyAnimations(withRepeatCount: 3, autoreverses: true) { badge.alpha = 0.2 }
  ///   card.center = target
  /// }, completion: { finished in print("all done", finished) })
  /// ```
  ///
  /// The enclosing animation's completion waits for these plays too, and runs once.
  /// Outside an animation block the changes apply at once; a count that is NaN, infinite
  /// (use `.repeat`) or ≤ 0 counts as 1; each reports a `DanceError`.
  public static func modifyAnimations(
    withRepeatCount count: Double, autoreverses: Bool, animations: () -> Void
  ) {
    let call = "Node.modifyAnimations(withRepeatCount:autoreverses:animations:)"
    let stack = AnimationBlockStack.current
    guard case .animating(let heldOuter, _)? = stack.entries.last else {
      DanceError.report(
        .illegalState,
        "\(call): not inside an animation block; the changes were applied without animation")
      stack.run(.immediate, animations)
      return
    }
    let outer = heldOuter.object
    // A block still running after its own run ended (the block stopped or finished
    // the run) has nothing to animate with: its changes apply at once.
    guard outer.core.phase != .inactive else {
      stack.run(.immediate, animations)
      return
    }
    var count = count
    if !(count > 0 && count.isFinite) {
      DanceError.report(
        .outOfRange,
        "\(call): \(count) is not a finite count > 0 (.repeat repeats forever); using 1")
      count = 1
    }
    let plays = PropertyAnimator(
      duration: outer.requestedDuration, timingParameters: outer.timingProvider, call: call)
    plays.updateCore {
      $0.repeatCount = count
      $0.autoreverses = autoreverses
    }
    plays.composition = outer.composition
    outer.completionGroup?.join(plays)
    withoutActuallyEscaping(animations) { animations in
      plays.addAnimations(animations)
      plays.start(afterDelay: outer.delay > 0 ? outer.delay : nil, call: call)
      plays.pendingBlocks.removeAll()  // never kept past this call
    }
  }
}

/// The completion of a `Node.animate` call and the animators it runs (its own, and one
/// per `Node.modifyAnimations` inside it): it runs once, when the last of them ends, with
/// `finished` true only if every one of them finished uninterrupted.
final class CompletionGroup {
  private var outstanding = 0
  private var finished = true
  private var isDone = false
  private let completion: (Bool) -> Void

  init(_ completion: @escaping (Bool) -> Void) {
    self.completion = completion
  }

  /// Adds `animator`: the completion also waits for its run.
  func join(_ animator: PropertyAnimator) {
    guard !isDone else { return }  // the completion ran: nothing more to wait for
    outstanding += 1
    animator.addCompletion { [weak animator] position in
      let interrupted = animator?.wasInterrupted ?? true
      self.memberDidFinish(finished: position != .current && !interrupted)
    }
  }

  private func memberDidFinish(finished: Bool) {
    self.finished = self.finished && finished
    outstanding -= 1
    guard outstanding == 0 else { return }
    isDone = true
    completion(self.finished)
  }
}
