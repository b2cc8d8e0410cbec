/// Options for ``Node/animate(withDuration:delay:options:animations:completion:)``, as
/// `UIView.AnimationOptions`.
///
/// The four curves share one field: ``curveEaseInOut`` is the default (its raw value is 0),
/// and a set holds at most one of the others.
///
/// ```swift
/// Node.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .repeat, .autoreverse],
///              animations: { label.alpha = 1 }, completion: nil)
/// ```
public struct AnimationOptions: OptionSet, Hashable, Sendable {
  /// The bits of the option set.
  public let rawValue: UInt

  /// Creates an option set from its bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Repeat the animation forever; the completion then runs only when it is interrupted.
  public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
  /// Run each cycle forward, then backward. Without `repeat`, the animation ends back at its
  /// start values (where it visibly is — UIKit instead jumps to the end values).
  public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
  /// Ignore the duration of an enclosing animation block.
  public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
  /// Ignore the curve of an enclosing animation block.
  public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
  /// Blend with whatever already animates the properties instead of replacing it: each
  /// property's target becomes the new value at once and the animation adds an offset that
  /// goes to 0 (``PropertyAnimator/composition`` `.additive`; UIKit blends this way always).
  public static let additive = AnimationOptions(rawValue: 1 << 11)
  /// Accepted for UIKit compatibility; Dance handles no input, so it changes nothing.
  public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
  /// Accepted for UIKit compatibility; in Dance every animation starts from the value on
  /// screen, so this is always in effect.
  public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

  /// Slow at both ends (the default).
  public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
  /// Slow at the start.
  public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
  /// Slow at the end.
  public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
  /// Constant speed.
  public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

  /// The curve the set selects.
  public var curve: AnimationCurve {
    switch (rawValue >> 16) & 3 {
    case 1: .easeIn
    case 2: .easeOut
    case 3: .linear
    default: .easeInOut
    }
  }
}

/// Options for ``Node/animateKeyframes(withDuration:delay:options:animations:completion:)``,
/// as `UIView.KeyframeAnimationOptions`.
///
/// The calculation modes share one field; ``calculationModeLinear`` is the default (raw value
/// 0). Whatever the mode, the animation as a whole runs linearly in time.
public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
  /// The bits of the option set.
  public let rawValue: UInt

  /// Creates an option set from its bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Repeat the animation forever; the completion then runs only when it is interrupted.
  public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
  /// Run each cycle forward, then backward; without `repeat` it ends at the start values.
  public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
  /// Ignore the duration of an enclosing animation block.
  public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
  /// Accepted for UIKit compatibility; it changes nothing in Dance.
  public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
  /// Accepted for UIKit compatibility; always in effect in Dance.
  public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)

  /// Straight lines between values, each keyframe in its own time slice (the default).
  public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
  /// No interpolation: each value is taken at the end of its keyframe's slice.
  public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
  /// Straight lines at constant speed over the whole duration; keyframe times are ignored.
  public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
  /// A Catmull-Rom curve through the values, each keyframe in its own time slice.
  public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
  /// The Catmull-Rom curve at constant speed over the whole duration.
  public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

  var calculation: KeyframeCalculation {
    switch (rawValue >> 10) & 7 {
    case 1: .discrete
    case 2: .paced
    case 3: .cubic
    case 4: .cubicPaced
    default: .linear
    }
  }
}
