/// UIKit's four standard timing curves, for ``PropertyAnimator`` and ``NodeDance``.
public enum AnimationCurve: Hashable, Sendable, CaseIterable {
  /// Slow at both ends (CSS `ease-in-out`).
  case easeInOut
  /// Slow at the start (CSS `ease-in`).
  case easeIn
  /// Slow at the end (CSS `ease-out`).
  case easeOut
  /// Constant speed.
  case linear

  /// The cubic Bézier curve this stands for.
  public var timingFunction: TimingFunction {
    switch self {
    case .easeInOut: .easeInOut
    case .easeIn: .easeIn
    case .easeOut: .easeOut
    case .linear: .linear
    }
  }
}

/// Where an animator's properties are when it finishes.
public enum AnimatingPosition: Hashable, Sendable {
  /// The end values (``PropertyAnimator/fractionComplete`` 1).
  case end
  /// The start values (``PropertyAnimator/fractionComplete`` 0).
  case start
  /// Wherever they were when the animator stopped.
  case current
}

/// The state of a ``PropertyAnimator``, as `UIViewAnimatingState`.
public enum AnimatingState: Hashable, Sendable {
  /// Not started, or finished: the animator can be configured and started.
  case inactive
  /// Started: running or paused.
  case active
  /// Stopped by `stopAnimation(false)`: properties rest where they were until
  /// `finishAnimation(at:)` is called.
  case stopped
}

/// The kind of timing a ``TimingCurveProvider`` supplies.
public enum TimingCurveType: Hashable, Sendable {
  /// A standard ``AnimationCurve``.
  case builtin
  /// A custom cubic Bézier curve.
  case cubic
  /// A spring.
  case spring
  /// Cubic and spring parameters both; Dance uses the spring, as UIKit does.
  case composed
}

/// How a ``PropertyAnimator`` takes a property that something else is already animating.
///
/// ```swift
/// let follow = PropertyAnimator(duration: 0.4, dampingRatio: 1) { dot.center = pointer }
/// follow.composition = .additive   // each retarget blends in: no jump, no restart
/// follow.startAnimation()
/// ```
public enum AnimationComposition: Hashable, Sendable {
  /// The latest writer takes the property, starting from its in-flight value (and, for
  /// springs, its velocity); the animation that drove it ends, interrupted. The default.
  case replace
  /// The property's target becomes the new value at once, and the animation adds an offset
  /// that starts at (previous target − new target) and goes to 0 along its own timing, on
  /// top of whatever was already moving the property (UIKit's blending since iOS 8, Core
  /// Animation's `isAdditive`). The displayed value is target + Σ offsets: continuous at
  /// every retarget, with continuous velocity when the new offset starts flat (springs,
  /// ease-in, ease-in-out).
  case additive

  /// The most offsets one property carries at once: 16. Adding one more hands the oldest
  /// offset's value at that moment to the new animation (its start moves by that amount) and
  /// ends the oldest animation as interrupted, so the value never jumps; only the oldest
  /// offset's velocity stops counting. Finishing the new animation at `.start` then takes
  /// the handed-over part out of the target too.
  public static let maximumOffsets = 16
}
