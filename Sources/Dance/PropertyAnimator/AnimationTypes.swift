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
