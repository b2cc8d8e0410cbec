/// How recording and ending reach one animatable property's storage in its node: one of
/// `Node`'s built-in properties, directly, or a subclass's `@Animatable`, through its key
/// path.
///
/// Recording and ending are generic over this, so that for the built-in properties they run
/// specialised with the storage reached as a stored property. (Through a key path, each
/// access was a runtime projection: about 7 000 of the 56 000 instructions of a two-property
/// start and finish.)
protocol PropertyStorage {
  /// The node class that holds the property.
  associatedtype Root: Node
  /// The property's type.
  associatedtype Value: VectorConvertible

  /// The key an animation keeps to find the property again.
  func makeKey() -> PropertyKey

  /// Runs `body` on the property's storage in `node`.
  func access<Result>(_ node: Root, _ body: (inout Animatable<Value>) -> Result) -> Result
}

/// Where an animation's property lives in its node (see ``PropertyStorage``).
enum PropertyKey {
  case center
  case bounds
  case alpha
  case transform
  case backgroundColor
  /// A subclass's `@Animatable` property.
  case custom(AnyCustomProperty)
}

/// `Node.center`'s storage.
struct CenterStorage: PropertyStorage {
  func makeKey() -> PropertyKey { .center }
  @inline(__always)
  func access<Result>(_ node: Node, _ body: (inout Animatable<Point>) -> Result) -> Result {
    body(&node._center)
  }
}

/// `Node.bounds`'s storage.
struct BoundsStorage: PropertyStorage {
  func makeKey() -> PropertyKey { .bounds }
  @inline(__always)
  func access<Result>(_ node: Node, _ body: (inout Animatable<Rect>) -> Result) -> Result {
    body(&node._bounds)
  }
}

/// `Node.alpha`'s storage.
struct AlphaStorage: PropertyStorage {
  func makeKey() -> PropertyKey { .alpha }
  @inline(__always)
  func access<Result>(_ node: Node, _ body: (inout Animatable<Double>) -> Result) -> Result {
    body(&node._alpha)
  }
}

/// `Node.transform`'s storage.
struct TransformStorage: PropertyStorage {
  func makeKey() -> PropertyKey { .transform }
  @inline(__always)
  func access<Result>(_ node: Node, _ body: (inout Animatable<Transform>) -> Result) -> Result {
    body(&node._transform)
  }
}

/// `Node.backgroundColor`'s storage.
struct BackgroundColorStorage: PropertyStorage {
  func makeKey() -> PropertyKey { .backgroundColor }
  @inline(__always)
  func access<Result>(_ node: Node, _ body: (inout Animatable<Color>) -> Result) -> Result {
    body(&node._backgroundColor)
  }
}

/// A subclass's `@Animatable` property, reached through the key path of its storage.
struct KeyPathStorage<Root: Node, Value: VectorConvertible>: PropertyStorage {
  let keyPath: ReferenceWritableKeyPath<Root, Animatable<Value>>

  func makeKey() -> PropertyKey { .custom(CustomProperty(self)) }

  func access<Result>(_ node: Root, _ body: (inout Animatable<Value>) -> Result) -> Result {
    body(&node[keyPath: keyPath])
  }
}

/// Something an animation does to its property's storage, whatever the property
/// (``PropertyAnimation/perform(onStorage:)``): ending, re-pointing the cell, the audit.
protocol StorageOperation {
  associatedtype Result
  func run<Storage: PropertyStorage>(on animation: PropertyAnimation, in storage: Storage)
    -> Result
}

/// What an animation of a subclass's own property needs of its storage, whatever its type:
/// the key of ``PropertyKey/custom(_:)``.
class AnyCustomProperty {
  /// Runs `operation` on `animation` and this property's storage.
  func perform<Operation: StorageOperation>(
    _ operation: Operation, on animation: PropertyAnimation
  ) -> Operation.Result {
    preconditionFailure("AnyCustomProperty is abstract: CustomProperty overrides this")
  }

  /// The property's storage, as its key path prints (for names in messages).
  var name: String {
    preconditionFailure("AnyCustomProperty is abstract: CustomProperty overrides this")
  }

  /// The key path of the property's storage (for telling two properties apart).
  var storageKeyPath: AnyKeyPath {
    preconditionFailure("AnyCustomProperty is abstract: CustomProperty overrides this")
  }
}

/// ``AnyCustomProperty`` for the storage `storage`.
final class CustomProperty<Root: Node, Value: VectorConvertible>: AnyCustomProperty {
  let storage: KeyPathStorage<Root, Value>

  init(_ storage: KeyPathStorage<Root, Value>) {
    self.storage = storage
  }

  override func perform<Operation: StorageOperation>(
    _ operation: Operation, on animation: PropertyAnimation
  ) -> Operation.Result {
    operation.run(on: animation, in: storage)
  }

  override var name: String { "\(storage.keyPath)" }

  override var storageKeyPath: AnyKeyPath { storage.keyPath }
}

extension PropertyAnimation {
  /// Runs `operation` on this animation and its property's storage: specialised, direct
  /// calls for the built-in properties, a subclass's own through its key path.
  @inline(__always)
  func perform<Operation: StorageOperation>(onStorage operation: Operation)
    -> Operation.Result
  {
    switch key {
    case .center: operation.run(on: self, in: CenterStorage())
    case .bounds: operation.run(on: self, in: BoundsStorage())
    case .alpha: operation.run(on: self, in: AlphaStorage())
    case .transform: operation.run(on: self, in: TransformStorage())
    case .backgroundColor: operation.run(on: self, in: BackgroundColorStorage())
    case .custom(let property): property.perform(operation, on: self)
    }
  }

  /// What is inconsistent in the additive stack of this animation's property; for the audit.
  func stackProblems() -> [String] {
    perform(onStorage: StackProblems())
  }

  /// ``stackProblems()`` for the property in `storage`.
  func stackProblems<Storage: PropertyStorage>(in storage: Storage) -> [String] {
    typealias Vector = Storage.Value.VectorType
    guard let node = node.map({ unsafeDowncast($0, to: Storage.Root.self) }) else { return [] }
    let property = storage.access(node) { $0 }
    guard let top = property.owner else {
      return ["a live animation's property has no owner"]
    }
    let members = top.stack
    guard members.contains(where: { $0 === self }) else {
      return ["a live animation is not in its property's stack"]
    }
    if !top.isStacked {
      var problems = members.count == 1 ? [] : ["a replacing owner has a stack"]
      let lane =
        top.laneIndex >= 0 ? top.withLanes(Vector.self) { $0.cell(at: top.laneIndex) } : nil
      if property.cell != lane { problems.append("the property's cell is not its owner's lane") }
      return problems
    }
    var problems: [String] = []
    if property.cell != nil { problems.append("an additive stack's property has a lane cell") }
    if members.count > AnimationComposition.maximumOffsets {
      problems.append("\(members.count) offsets on one property")
    }
    // The value shown, from the lanes directly: the target plus each lane's value − target.
    var sum = property.value.vector
    // Rounding is relative to the largest term: the target or an offset.
    var scale = max(1, sum.max(), -sum.min())
    for member in members {
      if !member.isStacked || member.animator == nil || member.laneIndex < 0 {
        problems.append("a stack member is not a live additive lane")
        return problems
      }
      // (Reads work a stale lane's value out without writing it; the check needs it written.)
      member.animator?.refreshIfStale()
      let offset = member.withLanes(Vector.self) {
        $0.current(at: member.laneIndex) - $0.target(at: member.laneIndex)
      }
      sum += offset
      scale = max(scale, offset.max(), -offset.min())
    }
    // (Compared as values: a transform's vector wraps its angle on the way back, and a half
    // turn reads as π or −π by the sign of a zero, so transforms compare as matrices.)
    let shown = property.displayedValue.vector
    sum = Storage.Value(vector: sum).vector
    let limit = (1e-9 * scale) * (1e-9 * scale)
    var differs = ((shown - sum) * (shown - sum)).sum() > limit
    if differs, let shownMatrix = property.displayedValue as? Transform,
      let sumMatrix = Storage.Value(vector: sum) as? Transform
    {
      let difference = shownMatrix.matrix - sumMatrix.matrix
      differs = (difference * difference).sum() > limit
    }
    if differs {
      problems.append("the value shown \(shown) is not target + Σ offsets \(sum)")
    }
    return problems
  }
}

/// ``PropertyAnimation/stackProblems()``.
private struct StackProblems: StorageOperation {
  func run<Storage: PropertyStorage>(on animation: PropertyAnimation, in storage: Storage)
    -> [String]
  {
    animation.stackProblems(in: storage)
  }
}
