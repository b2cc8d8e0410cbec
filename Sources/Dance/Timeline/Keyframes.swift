/// One keyframe of a ``Timeline`` keyframe track, as the track builder collects them; make
/// them with ``LinearKeyframe``, ``CubicKeyframe``, ``SpringKeyframe`` and ``MoveKeyframe``.
public struct Keyframe<Value: VectorConvertible> {
  enum Kind {
    case linear(TimingFunction)
    /// With the velocities given at its start and end, if any.
    case cubic(start: Value.VectorType?, end: Value.VectorType?)
    /// With the velocity given at its start, if any.
    case spring(SpringParameters, start: Value.VectorType?)
    case move
  }

  let kind: Kind
  let value: Value
  /// Seconds of the track's time; 0 for a move.
  let duration: Double
}

/// A keyframe that moves to `value` over `duration` along `curve` (linear by default), as
/// SwiftUI's `LinearKeyframe`.
public struct LinearKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Moves to `value` in `duration` seconds along `curve`.
  public init(_ value: Value, duration: Double, curve: TimingFunction = .linear) {
    keyframe = Keyframe(kind: .linear(curve), value: value, duration: duration)
  }
}

/// A keyframe that moves to `value` over `duration` on a smooth cubic curve, as SwiftUI's
/// `CubicKeyframe`.
///
/// Velocities not given follow SwiftUI: between two cubic keyframes, the neighbours'
/// difference over their time apart (a Catmull-Rom spline), 0 at the track's end. After a
/// keyframe of another kind, a cubic keyframe starts with that segment's end velocity (a
/// linear keyframe's own slope; the velocity in flight at the track's start); before one,
/// it ends with the next segment's start velocity (a linear keyframe's slope; a spring's
/// `startVelocity`, or the Catmull-Rom one it then starts with; 0 before a move).
public struct CubicKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Moves to `value` in `duration` seconds, with `startVelocity` and `endVelocity` (value
  /// per second) where given.
  public init(
    _ value: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil
  ) {
    keyframe = Keyframe(
      kind: .cubic(start: startVelocity?.vector, end: endVelocity?.vector), value: value,
      duration: duration)
  }
}

/// A keyframe that springs toward `value` for `duration` seconds (by default the spring's
/// settling time), starting with `startVelocity` or else the velocity the track has there
/// (a linear keyframe's slope, a cubic's end velocity), as SwiftUI's `SpringKeyframe`. A
/// spring that has not settled when its slot ends hands its value and velocity on to the
/// next keyframe.
public struct SpringKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Springs toward `value` with `spring` for `duration` seconds (nil: until it settles),
  /// starting with `startVelocity` (value per second) if given.
  public init(
    _ value: Value, duration: Double? = nil,
    spring: SpringParameters = SpringParameters(duration: 0.5, bounce: 0),
    startVelocity: Value? = nil
  ) {
    keyframe = Keyframe(
      kind: .spring(spring, start: startVelocity?.vector), value: value,
      duration: duration ?? spring.settlingDuration)
  }
}

/// A keyframe that jumps to `value` at once, as SwiftUI's `MoveKeyframe`.
public struct MoveKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Jumps to `value`.
  public init(_ value: Value) {
    keyframe = Keyframe(kind: .move, value: value, duration: 0)
  }
}

/// Collects the keyframes of ``Timeline/keyframes(_:_:at:_:)``, in order: the four keyframe
/// kinds, `if`/`else` and `for` loops.
@resultBuilder
public enum KeyframeTrackBuilder<Value: VectorConvertible> {
  /// A linear keyframe.
  public static func buildExpression(_ keyframe: LinearKeyframe<Value>) -> [Keyframe<Value>] {
    [keyframe.keyframe]
  }

  /// A cubic keyframe.
  public static func buildExpression(_ keyframe: CubicKeyframe<Value>) -> [Keyframe<Value>] {
    [keyframe.keyframe]
  }

  /// A spring keyframe.
  public static func buildExpression(_ keyframe: SpringKeyframe<Value>) -> [Keyframe<Value>] {
    [keyframe.keyframe]
  }

  /// A move keyframe.
  public static func buildExpression(_ keyframe: MoveKeyframe<Value>) -> [Keyframe<Value>] {
    [keyframe.keyframe]
  }

  /// Keyframes built elsewhere (a track shared by a ``KeyframeTimeline`` and a timeline).
  public static func buildExpression(_ keyframes: [Keyframe<Value>]) -> [Keyframe<Value>] {
    keyframes
  }

  /// Keyframes in order.
  public static func buildBlock(_ parts: [Keyframe<Value>]...) -> [Keyframe<Value>] {
    parts.flatMap { $0 }
  }

  /// The keyframes of a `for` loop.
  public static func buildArray(_ parts: [[Keyframe<Value>]]) -> [Keyframe<Value>] {
    parts.flatMap { $0 }
  }

  /// The keyframes of an `if` without `else`, when it holds.
  public static func buildOptional(_ part: [Keyframe<Value>]?) -> [Keyframe<Value>] {
    part ?? []
  }

  /// The keyframes of the first branch of an `if`/`else`.
  public static func buildEither(first part: [Keyframe<Value>]) -> [Keyframe<Value>] { part }

  /// The keyframes of the second branch of an `if`/`else`.
  public static func buildEither(second part: [Keyframe<Value>]) -> [Keyframe<Value>] { part }
}
