/// Gives nodes `targetValue(of:)`. Node conforms; you never need to.
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
}
