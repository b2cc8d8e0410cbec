/// How a node comes in or goes out: SwiftUI's `AnyTransition` names, for
/// ``Node/addChild(_:transition:)`` and ``Node/removeFromParent(transition:)``.
///
/// A transition is the state a node comes in from (and goes out to): transparent
/// (``opacity(duration:)``), scaled about its centre (``scale(_:duration:)``), moved
/// (``move(by:duration:)``), or several at once (``combined(with:)``), over a duration, on
/// ease-in-out unless ``timingParameters(_:)`` gives other timing.
///
/// ```swift
/// list.addChild(row, transition: .opacity(duration: 0.3).combined(with: .scale(0.8, duration: 0.3)))
/// row.removeFromParent(transition: .move(by: Vector(dx: 0, dy: 40), duration: 0.25))
/// ```
///
/// With reduced motion (``Scene/motionPreference``) the scale and the move jump, the fade
/// runs as written.
public struct NodeTransition: Sendable {
  /// Whether the node comes in from (goes out to) alpha 0.
  var fades = false
  /// The scale the node comes in from (goes out to), about its centre, before its own
  /// transform.
  var scale = 1.0
  /// The offset the node comes in from (goes out to), in its parent's coordinates.
  var offset = Vector(dx: 0, dy: 0)
  /// How long it takes, in seconds.
  var duration: Double
  /// Its pacing.
  var timing: StoredTiming = StoredTiming(CubicTimingParameters(animationCurve: .easeInOut))

  /// A fade from (to) alpha 0 over `duration` seconds.
  public static func opacity(duration: Double) -> NodeTransition {
    NodeTransition(fades: true, duration: duration)
  }

  /// A scale from (to) `scale` times the node's size, about its centre, over `duration`
  /// seconds.
  public static func scale(_ scale: Double, duration: Double) -> NodeTransition {
    NodeTransition(scale: scale, duration: duration)
  }

  /// A move from (to) `offset` away from the node's place, in its parent's coordinates, over
  /// `duration` seconds.
  public static func move(by offset: Vector, duration: Double) -> NodeTransition {
    NodeTransition(offset: offset, duration: duration)
  }

  /// Both transitions at once: the fades of either, the product of the scales, the sum of
  /// the offsets, over the longer duration, on this transition's timing.
  public func combined(with other: NodeTransition) -> NodeTransition {
    var both = self
    both.fades = fades || other.fades
    both.scale = scale * other.scale
    both.offset = Vector(dx: offset.dx + other.offset.dx, dy: offset.dy + other.offset.dy)
    both.duration = max(duration, other.duration)
    return both
  }

  /// The same transition paced by `timing` (a curve or a spring) instead of ease-in-out.
  public func timingParameters(_ timing: any TimingCurveProvider) -> NodeTransition {
    var paced = self
    paced.timing = StoredTiming(timing)
    return paced
  }
}

/// A copy of any `TimingCurveProvider`'s parameters, which are values: what a transition
/// (a `Sendable` value) keeps of the timing it was given.
struct StoredTiming: TimingCurveProvider, Sendable {
  let timingCurveType: TimingCurveType
  let cubicTimingParameters: CubicTimingParameters?
  let springTimingParameters: SpringTimingParameters?

  init(_ timing: any TimingCurveProvider) {
    timingCurveType = timing.timingCurveType
    cubicTimingParameters = timing.cubicTimingParameters
    springTimingParameters = timing.springTimingParameters
  }
}
