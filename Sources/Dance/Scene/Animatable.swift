/// Declares an animatable property of a ``Node`` subclass, in one line.
///
/// ```swift
/// final class Sprite: Node {
///   @Animatable var glow: Double = 0
///   @Animatable var tint: Color = .white
/// }
/// sprite.dance.animate(duration: 1, curve: .easeOut) { ($0 as! Sprite).glow = 1 }.start()
/// ```
///
/// The property then behaves exactly like the built-in ones (`center`, `alpha`, …): assigned
/// inside an animation block it animates from its current value to the new one; assigned
/// outside it changes at once and takes the property away from any animation driving it;
/// read at any time it returns the value being drawn. A non-finite value is refused with a
/// `DanceError`. The value can be any `VectorConvertible` type. `@Animatable` works only
/// on properties of `Node` subclasses.
@propertyWrapper
public struct Animatable<Value: VectorConvertible> {
  /// The value at rest; while an animation drives the property, its `current` is the value.
  @usableFromInline var value: Value
  /// The animation that currently drives this property, if any. Unowned and unretained (no
  /// reference counting when a property is read): an animation clears it, writing its value
  /// back into `value`, whenever it lets go of the property.
  unowned(unsafe) var owner: ValueAnimation<Value>?

  /// Creates the storage with its initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }

  /// Unavailable: `@Animatable` properties live in `Node` subclasses, which reach the value
  /// through ``subscript(_enclosingInstance:wrapped:storage:)``.
  @available(*, unavailable, message: "@Animatable can only be used in Node subclasses")
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The value on screen: the driving animation's, brought up to the clock's time, or the
  /// value at rest.
  var displayedValue: Value {
    guard let owner else { return value }
    owner.refreshIfStale()
    return Value(vector: owner.current)
  }

  /// Lets go of the property if `animation` drives it: the value it shows stays, at rest.
  /// (One mutating call, so that a caller reaching the storage through a key path pays
  /// for one access.)
  mutating func release(from animation: ValueAnimation<Value>) {
    guard owner === animation else { return }
    value = Value(vector: animation.current)
    owner = nil
  }

  /// The property as seen through its node: reads return the value on screen, writes go
  /// through Dance's animation rules.
  public static subscript<EnclosingSelf: Node>(
    _enclosingInstance node: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Animatable<Value>>
  ) -> Value {
    get {
      node[keyPath: storageKeyPath].displayedValue
    }
    set {
      node.assign(newValue, to: storageKeyPath)
    }
  }
}

extension Node {
  /// Applies an assignment to an animatable property: recorded as an animation inside an
  /// animation block, applied at once outside one.
  func assign<N: Node, Value: VectorConvertible>(
    _ newValue: Value, to storage: ReferenceWritableKeyPath<N, Animatable<Value>>
  ) {
    let node = unsafeDowncast(self, to: N.self)
    guard Validation.requireFinite(newValue.vector, "the value", in: "Node property assignment")
    else { return }
    switch AnimationBlockStack.current.entries.last {
    case .animating(let animator, let windowStart):
      animator.record(newValue, for: node, at: storage, windowStart: windowStart)
      return
    case .keyframe(let animator, let start, let duration):
      animator.recordKeyframe(newValue, for: node, at: storage, start: start, duration: duration)
      return
    case .immediate, nil:
      break
    }
    // The latest writer owns the property: any animation driving it lets go.
    assignImmediately(newValue, to: storage)
  }
}
