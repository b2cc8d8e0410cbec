/// Supplies the pacing of a ``PropertyAnimator``: a cubic curve, a spring, or both.
///
/// ``CubicTimingParameters`` and ``SpringTimingParameters`` conform; your own type can
/// conform by returning one of them. When both are present the spring wins; when neither
/// is, the animator uses ease-in-out and reports a `DanceError`.
public protocol TimingCurveProvider {
  /// Which kind of timing this is.
  var timingCurveType: TimingCurveType { get }
  /// The cubic timing, if any.
  var cubicTimingParameters: CubicTimingParameters? { get }
  /// The spring timing, if any.
  var springTimingParameters: SpringTimingParameters? { get }
}

/// Cubic Bézier pacing, as `UICubicTimingParameters`.
///
/// ```swift
/// let timing = CubicTimingParameters(controlPoint1: Point(x: 0.1, y: 0.9),
///                                    controlPoint2: Point(x: 0.2, y: 1))
/// ```
public struct CubicTimingParameters: TimingCurveProvider, Hashable, Sendable {
  /// The standard curve this was made from (ease-in-out for custom control points).
  public let animationCurve: AnimationCurve
  /// The first control point.
  public let controlPoint1: Point
  /// The second control point.
  public let controlPoint2: Point
  /// The curve itself.
  public let timingFunction: TimingFunction
  private let isBuiltin: Bool

  /// Ease-in-out pacing.
  public init() {
    self.init(animationCurve: .easeInOut)
  }

  /// The pacing of a standard curve.
  public init(animationCurve: AnimationCurve) {
    let function = animationCurve.timingFunction
    self.animationCurve = animationCurve
    controlPoint1 = Point(x: function.x1, y: function.y1)
    controlPoint2 = Point(x: function.x2, y: function.y2)
    timingFunction = function
    isBuiltin = true
  }

  /// A custom curve through the two control points (x clamped to 0…1, with a
  /// `DanceError`; non-finite points give a linear curve).
  public init(controlPoint1: Point, controlPoint2: Point) {
    let function = TimingFunction(
      x1: controlPoint1.x, y1: controlPoint1.y, x2: controlPoint2.x, y2: controlPoint2.y)
    animationCurve = .easeInOut
    self.controlPoint1 = Point(x: function.x1, y: function.y1)
    self.controlPoint2 = Point(x: function.x2, y: function.y2)
    timingFunction = function
    isBuiltin = false
  }

  /// `.builtin` for a standard curve, `.cubic` otherwise.
  public var timingCurveType: TimingCurveType { isBuiltin ? .builtin : .cubic }
  /// `self`.
  public var cubicTimingParameters: CubicTimingParameters? { self }
  /// nil.
  public var springTimingParameters: SpringTimingParameters? { nil }
}

/// Spring pacing, as `UISpringTimingParameters`.
///
/// ```swift
/// let bouncy = SpringTimingParameters(dampingRatio: 0.6, initialVelocity: Vector(dx: 2, dy: 0))
/// let physical = SpringTimingParameters(mass: 1, stiffness: 200, damping: 12)
/// let designed = SpringTimingParameters(duration: 0.5, bounce: 0.2)
/// ```
///
/// The spring moves the animation's progress from 0 to 1. `initialVelocity` is in units of
/// the whole distance per second, as in UIKit: 2 means "moving at twice the full distance per
/// second"; `dx` drives the x-like components of each property (x, width, and every even
/// component of its vector) and `dy` the others.
///
/// **Duration.** With ``init(dampingRatio:initialVelocity:)`` the spring is chosen so that it
/// settles (stays within 0.1 % of the distance) in the animator's duration. The physical
/// initialisers fix the spring, so the animator's duration becomes the spring's
/// `SpringParameters.settlingDuration` (a spring without damping, which never settles, keeps
/// the animator's duration).
public struct SpringTimingParameters: TimingCurveProvider, Hashable, Sendable {
  /// The physical spring, or nil when only a damping ratio was given.
  public let spring: SpringParameters?
  /// The damping ratio ζ (1 = critically damped).
  public let dampingRatio: Double
  /// The initial velocity, in whole distances per second, per axis.
  public let initialVelocity: Vector

  /// A spring with damping ratio `dampingRatio` that settles in the animator's duration.
  ///
  /// Negative or non-finite ratios become 1 with a `DanceError`; ratios below 0.01 (which
  /// would never settle) are treated as 0.01 when choosing the spring.
  public init(dampingRatio: Double, initialVelocity: Vector = .zero) {
    spring = nil
    self.dampingRatio = Self.checkedRatio(dampingRatio)
    self.initialVelocity = Self.checked(
      initialVelocity, in: "SpringTimingParameters(dampingRatio: \(dampingRatio))")
  }

  /// `dampingRatio` as ``init(dampingRatio:initialVelocity:)`` keeps it: 1, with a
  /// `DanceError`, for a negative or non-finite ratio. (What `node.dance`'s spring
  /// animations check, without making the parameters.)
  @usableFromInline
  static func checkedRatio(_ dampingRatio: Double) -> Double {
    // The call, as an error names it: written out only if there is an error to report.
    func call() -> String { "SpringTimingParameters(dampingRatio: \(dampingRatio))" }
    guard Validation.requireFinite(dampingRatio, "dampingRatio", in: call(), outcome: "using 1")
    else { return 1 }
    guard dampingRatio >= 0 else {
      DanceError.report(.outOfRange, "\(call()): dampingRatio is negative; using 1")
      return 1
    }
    return dampingRatio
  }

  /// A physical spring; the animator runs for its settling duration.
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Vector = .zero) {
    let spring = SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
    self.spring = spring
    dampingRatio = spring.dampingRatio
    self.initialVelocity = Self.checked(
      initialVelocity, in: "SpringTimingParameters(mass:stiffness:damping:)")
  }

  /// A spring by duration and bounce (SwiftUI's definitions); the animator runs for its
  /// settling duration.
  public init(duration: Double, bounce: Double = 0, initialVelocity: Vector = .zero) {
    let spring = SpringParameters(duration: duration, bounce: bounce)
    self.spring = spring
    dampingRatio = spring.dampingRatio
    self.initialVelocity = Self.checked(
      initialVelocity, in: "SpringTimingParameters(duration:bounce:)")
  }

  private static func checked(_ velocity: Vector, in call: @autoclosure () -> String) -> Vector {
    let vector = velocity.vector
    if vector - vector == .zero { return velocity }
    Validation.reportNonFinite("initialVelocity", in: call(), outcome: "the call was ignored")
    return .zero
  }

  /// `.spring`.
  public var timingCurveType: TimingCurveType { .spring }
  /// nil.
  public var cubicTimingParameters: CubicTimingParameters? { nil }
  /// `self`.
  public var springTimingParameters: SpringTimingParameters? { self }
}
