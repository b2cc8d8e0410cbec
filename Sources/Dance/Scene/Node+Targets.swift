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
    // A built-in property: its storage's velocity, exactly. (Through the getter, a
    // transform's rates pass through `Transform(vector:)`, which is not linear: a turn alone
    // has zero scales, which lose the angle's rate, and a second's turn past π wraps.)
    if let velocity = builtInVelocityVector(of: property) { return velocity }
    // The getter read three ways: the value on screen, moved on by one second of its
    // velocity, and the velocity alone (reads are pure, so the three are one moment).
    func read(_ motion: ReadMotion) -> Value.VectorType {
      AnimationBlockStack.current.run(.motion(motion)) { self[keyPath: property] }.vector
    }
    let now = read(.shown)
    let moved = read(.movedOneSecond)
    let rates = read(.velocity)
    // A getter that returns a property, or is linear in the properties it reads (`frame`),
    // gives its velocity exactly from the velocities alone; one with a constant part
    // (`center.x + 10`) or a curve of them gives it as `moved − now`. The first is taken
    // where the two agree to rounding.
    let difference = moved - now
    for index in difference.indices {
      let scale = Swift.max(abs(now[index]), abs(moved[index]), abs(rates[index]))
      guard abs(difference[index] - rates[index]) <= 8 * scale.ulp else { return difference }
    }
    return rates
  }
}

extension TargetReading where Self: Node {
  /// The velocity of a built-in property straight from its storage, or nil for any other key
  /// path. (The value's type picks the one built-in key path to compare with: one
  /// comparison, and the velocity is cast as a generic value, not boxed in an existential,
  /// which a transform's 64 bytes would have to be on the heap.)
  fileprivate func builtInVelocityVector<Value: VectorConvertible>(
    of property: KeyPath<Self, Value>
  ) -> Value.VectorType? {
    func velocity<V>(_ builtIn: KeyPath<Self, some Any>, _ velocity: () -> V)
      -> Value.VectorType?
    {
      property as AnyKeyPath == builtIn ? velocity() as? Value.VectorType : nil
    }
    if Value.self == Point.self { return velocity(\.center) { _center.displayedVelocity } }
    if Value.self == Transform.self {
      return velocity(\.transform) { _transform.displayedVelocity }
    }
    if Value.self == Rect.self { return velocity(\.bounds) { _bounds.displayedVelocity } }
    if Value.self == Double.self { return velocity(\.alpha) { _alpha.displayedVelocity } }
    if Value.self == Color.self {
      return velocity(\.backgroundColor) { _backgroundColor.displayedVelocity }
    }
    return nil
  }
}

/// What a property read inside `Node.velocity(of:)` gives.
enum ReadMotion {
  /// The value on screen.
  case shown
  /// The value on screen plus its velocity: where one second would move it.
  case movedOneSecond
  /// The velocity, per second of clock time.
  case velocity
}
