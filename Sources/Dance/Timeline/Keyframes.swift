/// One keyframe of a ``Timeline`` keyframe track, as the track builder collects them; make
/// them with ``LinearKeyframe``, ``CubicKeyframe``, ``SpringKeyframe`` and ``MoveKeyframe``.
public struct Keyframe<Value: VectorConvertible> {
  enum Kind {
    case linear(TimingFunction)
    case cubic
    case spring(SpringParameters)
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

/// A keyframe that moves to `value` over `duration` on a smooth curve through its
/// neighbours (Catmull-Rom, as SwiftUI's `CubicKeyframe`): the velocity at each value is
/// its neighbours' difference over their time apart, and 0 at the ends of the track.
public struct CubicKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Moves to `value` in `duration` seconds through the neighbouring values.
  public init(_ value: Value, duration: Double) {
    keyframe = Keyframe(kind: .cubic, value: value, duration: duration)
  }
}

/// A keyframe that springs toward `value` for `duration` seconds (by default the spring's
/// settling time), starting with the velocity the track has there, as SwiftUI's
/// `SpringKeyframe`. A spring that has not settled when its slot ends hands its value and
/// velocity on to the next keyframe.
public struct SpringKeyframe<Value: VectorConvertible> {
  let keyframe: Keyframe<Value>

  /// Springs toward `value` with `spring` for `duration` seconds (nil: until it settles).
  public init(
    _ value: Value, duration: Double? = nil,
    spring: SpringParameters = SpringParameters(duration: 0.5, bounce: 0)
  ) {
    keyframe = Keyframe(
      kind: .spring(spring), value: value, duration: duration ?? spring.settlingDuration)
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
