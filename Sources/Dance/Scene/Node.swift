/// A rectangle in a scene graph, with the animatable properties of a `UIView`.
///
/// ```swift
/// let scene = Scene()
/// let card = Node(frame: Rect(x: 20, y: 20, width: 80, height: 120))
/// card.backgroundColor = .orange
/// scene.root.addChild(card)
///
/// card.dance.animate(duration: 0.5, curve: .easeOut) {
///   $0.center = Point(x: 200, y: 150)
///   $0.alpha = 0.5
/// }.start()
/// scene.clock.advance(by: 0.25)
/// card.center   // the value on screen now, a quarter of a second in
/// ```
///
/// **Geometry** is UIKit's: ``center`` is in the parent's coordinates, ``bounds`` in the
/// node's own, and ``frame`` is derived from them (`center` ± half of `bounds.size`, ignoring
/// ``transform``, which applies about the centre). Setting `frame` sets `center` and
/// `bounds.size`.
///
/// **Animation.** `bounds`, `center`, `alpha`, `transform`, `backgroundColor` (and `frame`,
/// through `center` and `bounds`) animate when assigned inside an animation block —
/// ``dance``, ``PropertyAnimator`` or ``Node/animate(withDuration:animations:)`` — and change
/// at once outside one. There is one value per property: during an animation, reading it
/// returns the in-flight value, which is what the host draws. Declare more animatable
/// properties in subclasses with ``Animatable``.
///
/// **Scenes.** Nodes animate only while they are in a ``Scene``: an assignment in an
/// animation block to a node outside any scene applies at once. Removing a node from its
/// scene ends its animations (and its descendants') where they are, at `.current`. Nothing
/// keeps a node alive but its parent and your own references.
///
/// Non-finite values are refused with a `DanceError`. A node belongs to the thread that
/// advances its scene's clock.
open class Node {
  /// The node's own coordinate space: its size, and the origin its children are placed in.
  public final var bounds: Rect {
    @inlinable @inline(__always) get {
      Animatable.read(cell: _bounds.cell, storage: { self._bounds }, slowly: readSlowly)
    }
    set { assign(newValue, storage: BoundsStorage()) }
  }
  /// The position of the node's centre in its parent's coordinate space.
  public final var center: Point {
    @inlinable @inline(__always) get {
      Animatable.read(cell: _center.cell, storage: { self._center }, slowly: readSlowly)
    }
    set { assign(newValue, storage: CenterStorage()) }
  }
  /// The opacity, from 0 (invisible) to 1 (opaque); renderers clamp values outside.
  public final var alpha: Double {
    @inlinable @inline(__always) get {
      Animatable.read(cell: _alpha.cell, storage: { self._alpha }, slowly: readSlowly)
    }
    set { assign(newValue, storage: AlphaStorage()) }
  }
  /// The transform applied about the centre.
  public final var transform: Transform {
    @inlinable @inline(__always) get {
      Animatable.read(cell: _transform.cell, storage: { self._transform }, slowly: readSlowly)
    }
    set { assign(newValue, storage: TransformStorage()) }
  }
  /// The fill color of the node's rectangle.
  public final var backgroundColor: Color {
    @inlinable @inline(__always) get {
      Animatable.read(
        cell: _backgroundColor.cell, storage: { self._backgroundColor }, slowly: readSlowly)
    }
    set { assign(newValue, storage: BackgroundColorStorage()) }
  }

  // The built-in properties' storage, read directly: `@Animatable`'s subscript reaches its
  // storage through a key path, and these are read by every host for every node on every
  // frame. Confined to the clock's thread, and never accessed across a call. Alpha and
  // centre first, the two a host surely reads: their cells lie within 32 bytes.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline final var _alpha = Animatable<Double>(wrappedValue: 1)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline final var _center = Animatable<Point>(wrappedValue: .zero)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline final var _bounds = Animatable<Rect>(wrappedValue: .zero)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline final var _transform = Animatable<Transform>(wrappedValue: .identity)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline final var _backgroundColor = Animatable<Color>(wrappedValue: .clear)

  /// Whether the node (and its children) is left out when drawing; not animatable.
  public var isHidden = false

  /// The parent node, or nil for a scene's root and for detached nodes. It does not keep
  /// the parent alive: a parent that goes leaves its children without one.
  public var parent: Node? { parentLink }
  /// The children, back to front.
  public private(set) var children: [Node] = []

  /// The parent, unretained: a parent clears its children's links when it goes. (Not a
  /// weak reference: those move the referenced object's reference count to a side table,
  /// and every retain of the node then pays its atomic operations; and `scene`, which every
  /// assignment in an animation block asks, walks these links.)
  /// (Held as `Unmanaged`, so that walking the links retains nothing.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var parentReference: Unretained<Node>?
  private var parentLink: Node? {
    get { parentReference?.object }
    set { parentReference = newValue.map { Unretained($0) } }
  }
  /// Set on a scene's root only; unretained, cleared by the scene when it goes.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var sceneReference: Unretained<Scene>?
  var rootOfScene: Scene? {
    get { sceneReference?.object }
    set { sceneReference = newValue.map { Unretained($0) } }
  }
  /// The newest of the animations driving properties of this node, each linked to the one
  /// before it through ``PropertyAnimation/previousInNode``; unretained (their animators
  /// hold them, and take them off this list before they let go).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var lastAnimation: Unretained<PropertyAnimation>?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var danceStorage: NodeDance?
  /// The exit under way after ``removeFromParent(transition:)``, if any. Written only through
  /// ``replaceExit(with:)``.
  private(set) var exitState: NodeExit?

  /// Sets ``exitState``, releasing the exit it held only once the write is over: the last
  /// reference to an exit's animator ends its run, whose completions read this property.
  func replaceExit(with exit: NodeExit?) {
    let old = exitState
    withExtendedLifetime(old) { exitState = exit }
  }

  /// Creates a node whose ``frame`` is `frame`.
  public init(frame: Rect = .zero) {
    _bounds = Animatable(wrappedValue: Rect(origin: .zero, size: frame.size))
    _center = Animatable(wrappedValue: Point(x: frame.midX, y: frame.midY))
    if !Validation.requireFinite(
      frame.vector, "the frame", in: "Node(frame:)", outcome: "using a zero frame")
    {
      _bounds = Animatable(wrappedValue: .zero)
      _center = Animatable(wrappedValue: .zero)
    }
  }

  deinit {
    for child in children { child.parentLink = nil }
    danceStorage?.storedNode = nil
    // A released node ends its animations where they are (completions run with .current);
    // they let go of the node first, which is going.
    let ending = animations.map(PropertyAnimation.Held.init)
    for held in ending { unlink(held.animation) }
    CallbackQueue.operation {
      // Ending one can end others (its animator's whole run): each is checked.
      for held in ending {
        held.live?.stop(endingAt: .current)
      }
    }
  }

  /// The node's rectangle in its parent's coordinates: `center` ± half of `bounds.size`.
  ///
  /// Setting it sets ``center`` and the size of ``bounds`` (animated inside a block).
  public var frame: Rect {
    get {
      let size = bounds.size
      let center = center
      return Rect(
        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
        height: size.height)
    }
    set {
      guard Validation.requireFinite(newValue.vector, "the frame", in: "Node.frame") else {
        return
      }
      center = Point(x: newValue.midX, y: newValue.midY)
      bounds.size = newValue.size
    }
  }

  /// The scene this node is in, if any.
  public var scene: Scene? { unretainedScene?.object }

  /// The scene this node is in, if any, unretained: found without a retain per node, for
  /// the paths that only compare it or read it (every assignment in an animation block).
  var unretainedScene: Unretained<Scene>? {
    var node = Unretained(self)
    while let parent = node.with({ $0.parentReference }) { node = parent }
    return node.with { $0.sceneReference }
  }

  /// Dance's chainable animation API for this node.
  ///
  /// ```swift
  /// node.dance.animate(duration: 2, curve: .easeInOut) { $0.alpha = 0 }.start(after: 1)
  /// ```
  public var dance: NodeDance {
    if let danceStorage { return danceStorage }
    let dance = NodeDance(node: self)
    danceStorage = dance
    return dance
  }

  /// Adds `node` as the frontmost child; it is first removed from its current parent.
  ///
  /// Adding a node to itself or to one of its descendants, or adding a scene's root, is
  /// refused with a `DanceError`.
  public func addChild(_ node: Node) {
    // A child already here moves to the front: it leaves its place first, so the end is one
    // index sooner.
    insert(
      node, at: node.parent === self ? children.count - 1 : children.count,
      call: "Node.addChild(_:)")
  }

  /// Inserts `node` among the children at `index` (clamped to `0...children.count`, with a
  /// `DanceError` when out of range); it is first removed from its current parent.
  public func insertChild(_ node: Node, at index: Int) {
    insert(node, at: index, call: "Node.insertChild(_:at: \(index))")
  }

  /// ``insertChild(_:at:)``, its errors reported for `call` (the user's call).
  private func insert(_ node: Node, at index: Int, call: String) {
    var ancestor: Node? = self
    while let current = ancestor {
      if current === node {
        DanceError.report(
          .illegalState, "\(call): a node cannot be its own descendant; nothing changed")
        return
      }
      ancestor = current.parent
    }
    if node.rootOfScene != nil {
      DanceError.report(.illegalState, "\(call): a scene's root cannot become a child")
      return
    }
    // Adding an exiting node again takes it back: its exit stops where it is and it
    // animates back to how it was (Node+Transitions.swift).
    if node.exitState != nil { node.cancelExit(with: nil) }
    let oldScene = node.scene
    let newScene = scene
    if let oldParent = node.parentLink {
      oldParent.children.removeAll { $0 === node }
      node.parentLink = nil
    }
    var index = index
    if index < 0 || index > children.count {
      DanceError.report(
        .outOfRange, "\(call): index out of 0...\(children.count); clamped")
      index = index.clamped(to: 0...children.count)
    }
    children.insert(node, at: index)
    node.parentLink = self
    if let oldScene, oldScene !== newScene {
      node.endAnimationsInSubtree()
      node.finishExitsInSubtree()
    }
  }

  /// Detaches the node from its parent; if that takes it out of a scene, its animations and
  /// its descendants' end where they are (completions run with `.current`).
  public func removeFromParent() {
    // An exit under way is over: the node goes now.
    replaceExit(with: nil)
    guard let parent = parentLink else { return }
    let wasInScene = scene != nil
    parent.children.removeAll { $0 === self }
    parentLink = nil
    if wasInScene {
      endAnimationsInSubtree()
      finishExitsInSubtree()
    }
  }

  /// Ends every animation of this node and its descendants, as they are now.
  ///
  /// The animations are gathered first, then ended, in one operation of the engine: their
  /// completions run once every one of them has ended (and may then move the nodes anywhere).
  private func endAnimationsInSubtree() {
    var ending: [PropertyAnimation.Held] = []
    gatherAnimationsInSubtree(into: &ending)
    CallbackQueue.operation {
      // Ending one can end others (its animator's whole run): each is checked.
      for animation in ending {
        animation.live?.stop(endingAt: .current)
      }
    }
  }

  private func gatherAnimationsInSubtree(into ending: inout [PropertyAnimation.Held]) {
    ending += animations.map(PropertyAnimation.Held.init)
    for child in children {
      child.gatherAnimationsInSubtree(into: &ending)
    }
  }
}

extension Node {
  /// The animations currently driving properties of this node, oldest first.
  var animations: [PropertyAnimation] {
    var list: [PropertyAnimation] = []
    var next = lastAnimation
    while let animation = next {
      list.append(animation.object)
      next = animation.with { $0.previousInNode }
    }
    list.reverse()
    return list
  }

  /// Adds `animation` to the node's animations (it animates a property of this node).
  func link(_ animation: PropertyAnimation) {
    animation.node = self
    animation.previousInNode = lastAnimation
    lastAnimation = Unretained(animation)
  }

  /// Takes `animation`, one of the node's animations, off its list.
  ///
  /// The list links each animation to the one before it only (8 bytes of every animation,
  /// where a link each way took 16): an animation not the newest is found from the newest.
  /// A node's list is as long as the properties it animates at once (and the members of
  /// their additive stacks), and an animator ends its animations newest first, so the walk
  /// is mostly none.
  func unlink(_ animation: PropertyAnimation) {
    let previous = animation.previousInNode
    if lastAnimation?.refers(to: animation) == true {
      lastAnimation = previous
    } else {
      var later = lastAnimation
      while let current = later {
        let before = current.with { $0.previousInNode }
        if before?.refers(to: animation) == true {
          current.with { $0.previousInNode = previous }
          break
        }
        later = before
      }
    }
    animation.previousInNode = nil
    animation.node = nil
  }
}

// The built-in properties' getters are inlined into the host's code (always: the inliner
// stopped inlining `alpha` into a large function once its fast path became one weighted
// branch, and the call then retained the node) with their fast path
// (``Animatable/read(cell:storage:slowly:)``), whose one call promises to read memory only
// (``propertyReadsAreFast()``). What it leaves goes to these: free functions (a static
// method's call passes the class's metadata, which takes another call), given a copy of
// the storage, not the node, and promising the compiler the same: they write nothing and
// release nothing (``Animatable/slowRead()`` says why that holds; a debug build checks
// that it calls no user code, the only way a read could release one). Without the
// promises, a loop that holds a node across any call retains and releases it (two atomic
// operations a node); with them, the compiler checks the gate once before a host's loop
// instead of at every read, as nothing in the loop can change it (Docs/Performance.md,
// "The read gate, once a loop").
@usableFromInline @inline(never) @_effects(readonly)
func readSlowly(_ storage: Animatable<Rect>) -> Rect { storage.slowRead() }
@usableFromInline @inline(never) @_effects(readonly)
func readSlowly(_ storage: Animatable<Point>) -> Point { storage.slowRead() }
@usableFromInline @inline(never) @_effects(readonly)
func readSlowly(_ storage: Animatable<Double>) -> Double { storage.slowRead() }
@usableFromInline @inline(never) @_effects(readonly)
func readSlowly(_ storage: Animatable<Transform>) -> Transform { storage.slowRead() }
@usableFromInline @inline(never) @_effects(readonly)
func readSlowly(_ storage: Animatable<Color>) -> Color { storage.slowRead() }
