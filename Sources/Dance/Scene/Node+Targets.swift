/// Gives nodes `targetValue(of:)` and `velocity(of:)`. Node conforms; you never need to.
///
/// (A protocol so that the key path's root is the node's own class: `\.center` on a `Node`,
/// `\.glow` on your `Sprite`.)
public protocol TargetReading: AnyObject {}

extension Node: TargetReading {}

extension TargetReading where Self: Node {
  /// Where a property is heading: the value it shows when every animation driving it ends
  /// at `.end` — UIKit's model value.
  ///
  /// ```swift
  /// card.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 300, y: 200) }
  ///   .start()
  /// scene.clock.advance(by: 0.25)
  /// card.center                       // on the way
  /// card.targetValue(of: \.center)    // Point(x: 300, y: 200)
  /// ```
  ///
  /// Any animatable property, built-in or a subclass's own, and properties derived from them
  /// (`frame`): the last value assigned in a block, the final keyframe, or the displayed value
  /// when nothing drives it. Exact in every state (paused, reversed, scrubbed); a run finished
  /// at `.start` drives nothing any more, so the target is its start value. A node outside any
  /// scene has no animations: its target is its value.
  public func targetValue<Value>(of property: KeyPath<Self, Value>) -> Value {
    AnimationBlockStack.current.run(.targets) { self[keyPath: property] }
  }

  /// How fast a property's value on screen changes now, in its units per second of clock
  /// time: the derivative of what is drawn, from the animation's own curve, spring or
  /// keyframes (not a difference of frames).
  ///
  /// ```swift
  /// card.dance.animate(duration: 2, curve: .linear) { $0.center = Point(x: 300, y: 0) }
  ///   .start()
  /// scene.clock.advance(by: 0.5)
  /// card.velocity(of: \.center)    // Point(x: 150, y: 0): 300 points in 2 s
  /// ```
  ///
  /// Zero when nothing drives the property, while its animation is paused, before a delayed
  /// start and after the end; the sum of the members' velocities in an additive stack. Any
  /// animatable property, built-in or a subclass's own, exactly; a property derived from
  /// them (`frame`) is differentiated through its getter along the velocities of what it
  /// reads, which is exact for one that is linear in them, as `frame` is, up to the
  /// rounding of its values. For `transform` the result is `Transform(vector:)` of the
  /// rates of its vector (translation, rotation, scales), which is a matrix only in name.
  public func velocity<Value: VectorConvertible>(of property: KeyPath<Self, Value>) -> Value {
    Value(vector: velocityVector(of: property))
  }

  /// ``velocity(of:)`` as the rates of the value's vector (for a `transform`, of its
  /// translation, rotation, scales and shear), which is what DanceTesting's traces record.
  package func velocityVector<Value: VectorConvertible>(of property: KeyPath<Self, Value>)
    -> Value.VectorType
  {
    let probe = VelocityProbe(seconds: 1)
    let moved = AnimationBlockStack.current.run(.velocity(.init(probe))) {
      self[keyPath: property]
    }.vector
    guard probe.reads > 0 else { return .zero }
    // The value on screen, read the same way (not moved on): inside an animation block a
    // plain read would give the target.
    let still = VelocityProbe(seconds: 0)
    let now = AnimationBlockStack.current.run(.velocity(.init(still))) {
      self[keyPath: property]
    }.vector
    // The property itself (the getter gave back what it read, moved or not): its own
    // velocity, exactly.
    if probe.reads == 1, let (value, velocity) = probe.last(Value.VectorType.self),
      now == value, moved == value + probe.seconds * velocity
    {
      return velocity
    }
    // Derived: the getter along the velocities of what it read, over the probe's time.
    return (moved - now) / probe.seconds
  }
}

/// What `Node.velocity(of:)` learns from the reads of a property's getter: how many
/// animatable properties it read, and the value and velocity of the last one (with its
/// vector type, for an exact answer when it was the only one and the getter returned it).
/// Plain storage, no references: a read records here without retaining or releasing
/// anything (``Animatable/slowRead()``'s promise).
final class VelocityProbe {
  /// The time over which a read moves the value on by its velocity (a derived property's
  /// getter is then differentiated by difference over it: exact when it is linear); 0 for
  /// a read of the value on screen itself.
  let seconds: Double
  /// How many animatable properties the getter read.
  private(set) var reads = 0
  /// The last read's value and velocity, their first scalars.
  private var value = SIMD8<Double>.zero
  private var rate = SIMD8<Double>.zero
  /// The last read's vector type, if its scalars fit.
  private var vectorType: ObjectIdentifier?

  /// A probe whose reads move values on by `seconds` of their velocity.
  init(seconds: Double) {
    self.seconds = seconds
  }

  /// Notes a read of a property showing `value` and changing at `velocity`.
  func record<V: SIMD>(value: V, velocity: V) where V.Scalar == Double {
    reads += 1
    guard V.scalarCount <= 8 else {
      vectorType = nil
      return
    }
    for index in 0..<V.scalarCount {
      self.value[index] = value[index]
      rate[index] = velocity[index]
    }
    vectorType = ObjectIdentifier(V.self)
  }

  /// The last read's value and velocity, if it was of type `V`.
  func last<V: SIMD>(_: V.Type) -> (value: V, velocity: V)? where V.Scalar == Double {
    guard vectorType == ObjectIdentifier(V.self) else { return nil }
    var value = V.zero
    var velocity = V.zero
    for index in 0..<V.scalarCount {
      value[index] = self.value[index]
      velocity[index] = rate[index]
    }
    return (value, velocity)
  }
}
