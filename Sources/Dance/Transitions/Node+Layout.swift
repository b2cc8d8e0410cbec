// Layout transitions (FLIP): capture where every node under a root is drawn, run the
// changes, animate from the old on-screen geometry to the new layout.

extension Node {
  /// Captures where every node under `root` is drawn, runs `changes` at once (frames,
  /// transforms, reparenting, adding and removing children, hiding), then animates every
  /// node from where it was drawn to its new layout — GSAP's Flip, Motion's `layout`,
  /// SwiftUI's implicit layout animation — and returns the running animator.
  ///
  /// ```swift
  /// Node.animateLayout(of: list, duration: 0.4) {
  ///   list.insertChild(card, at: 0)      // reorder
  ///   done.addChild(finished)            // move into another container
  /// }
  /// ```
  ///
  /// - A node that keeps its parent animates its own values (centre, bounds, transform) from
  ///   what they showed to their new targets; one that changed parent starts from its old
  ///   geometry on screen expressed in its new parent's coordinates, composed through every
  ///   ancestor's transform (its start transform takes the rotation, scale and shear; its
  ///   bounds start at their old size), so nothing jumps at the start, and it lands exactly
  ///   on its new layout.
  /// - What is already moving starts from what it shows; with spring timing, a property that
  ///   keeps its coordinates keeps its velocity. A property that `changes` left alone and
  ///   that is where it was is not touched (another animator driving it goes on).
  /// - Nodes `changes` put under `root` fade in from alpha 0; nodes it took out of the graph
  ///   stay drawn where they were, behind `root`'s other children, and fade out
  ///   (``isExiting``), then leave the graph with their alpha back. If the animator ends
  ///   at `.start` (reversed), they stay, no longer exiting. Nodes exiting after
  ///   ``removeFromParent(transition:)`` go on with their exit; one that `changes` adds
  ///   again moves from where it was drawn, as any other node.
  /// - The result is an ordinary ``PropertyAnimator``: pause, scrub (scrubbing shows what
  ///   playback shows), reverse, finish; ``targetValue(of:)`` reads the new layout.
  @discardableResult
  public static func animateLayout(
    of root: Node, duration: Double, curve: AnimationCurve = .easeInOut,
    _ changes: () -> Void
  ) -> PropertyAnimator {
    animateLayout(of: root, animator: PropertyAnimator(duration: duration, curve: curve), changes)
  }

  /// ``animateLayout(of:duration:curve:_:)`` paced by `timingParameters` (a curve or a
  /// spring).
  @discardableResult
  public static func animateLayout(
    of root: Node, duration: Double, timingParameters: any TimingCurveProvider,
    _ changes: () -> Void
  ) -> PropertyAnimator {
    animateLayout(
      of: root,
      animator: PropertyAnimator(duration: duration, timingParameters: timingParameters),
      changes)
  }

  private static func animateLayout(
    of root: Node, animator: PropertyAnimator, _ changes: () -> Void
  ) -> PropertyAnimator {
    let springs = animator.readCore { $0.timing.isSpring }
    var plan = LayoutPlan()
    // Outside any animation block (called from one, reads would give targets).
    performWithoutAnimation {
      let before = LayoutCapture(root, velocities: springs)
      changes()
      let rootParent = root.parent?.transformToScene ?? .identity
      plan.walk(root, parentStart: rootParent, before: before)
      plan.bringBackRemoved(before: before, into: root, rootStart: plan.rootStart ?? rootParent)
    }
    let lanes = plan.lanes
    animator.addAnimations { [weak animator] in
      guard let animator else { return }
      for lane in lanes { lane(animator) }
    }
    for node in plan.leaving {
      node.replaceExit(
        with: NodeExit(
          animator: animator, transition: .opacity(duration: 0), of: node, ownsAnimator: false))
    }
    // (Held weakly: the nodes hold their exits, which hold the animator.)
    let leaving = plan.leaving.map(WeakNode.init)
    animator.addCompletion { [weak animator] position in
      for weak in leaving {
        guard let node = weak.node, let exit = node.exitState, exit.animator === animator
        else { continue }
        if position == .start {
          node.replaceExit(with: nil)
        } else {
          node.finishExit(exit)
        }
      }
    }
    animator.startAnimation()
    return animator
  }
}

/// A node held weakly.
struct WeakNode {
  weak var node: Node?
  init(_ node: Node) { self.node = node }
}

/// Where every node under a root was drawn before a layout change, and its values.
struct LayoutCapture {
  struct Entry {
    let node: Node
    let parent: ObjectIdentifier?
    /// Its transform to the scene, from the values drawn.
    let screen: Transform
    let center: Point
    let bounds: Rect
    let transform: Transform
    let alpha: Double
    let targetCenter: Point
    let targetBounds: Rect
    let targetTransform: Transform
    let targetAlpha: Double
    /// The rates of centre, bounds and transform (for a spring to keep), if asked for.
    let velocities: (SIMD2<Double>, SIMD4<Double>, SIMD8<Double>)?
  }

  /// The entries, parents before children.
  private(set) var entries: [Entry] = []
  private var indices: [ObjectIdentifier: Int] = [:]

  init(_ root: Node, velocities: Bool) {
    visit(root, parentScreen: root.parent?.transformToScene ?? .identity, velocities: velocities)
  }

  subscript(node: Node) -> Entry? {
    indices[ObjectIdentifier(node)].map { entries[$0] }
  }

  /// Captures `node` and its subtree; exiting nodes too, so that one the changes take back
  /// goes on from where it was drawn.
  private mutating func visit(_ node: Node, parentScreen: Transform, velocities: Bool) {
    let screen = node.transformToParent.concatenating(parentScreen)
    indices[ObjectIdentifier(node)] = entries.count
    entries.append(
      Entry(
        node: node, parent: node.parent.map(ObjectIdentifier.init), screen: screen,
        center: node.center, bounds: node.bounds, transform: node.transform, alpha: node.alpha,
        // (Targets and velocities straight from the storage: what `targetValue(of:)` and
        // `velocity(of:)` give for these, without opening a block and a slow read for each.)
        targetCenter: node._center.targetValue, targetBounds: node._bounds.targetValue,
        targetTransform: node._transform.targetValue, targetAlpha: node._alpha.targetValue,
        velocities: velocities
          ? (
            node._center.displayedVelocity, node._bounds.displayedVelocity,
            node._transform.displayedVelocity
          ) : nil))
    for child in node.children {
      visit(child, parentScreen: screen, velocities: velocities)
    }
  }
}

/// The animations a layout change needs, worked out after the change.
struct LayoutPlan {
  /// The recordings to make in the animator's block.
  private(set) var lanes: [(PropertyAnimator) -> Void] = []
  /// The nodes taken out of the graph, brought back to fade out.
  private(set) var leaving: [Node] = []
  /// Where the root is drawn at the start.
  private(set) var rootStart: Transform?

  /// Plans `node` and its subtree: `parentStart` is where its parent is drawn at the start.
  mutating func walk(_ node: Node, parentStart: Transform, before: LayoutCapture) {
    guard !node.isExiting else { return }
    let center = node._center.targetValue
    let bounds = node._bounds.targetValue
    let transform = node._transform.targetValue
    let alpha = node._alpha.targetValue
    let start: Transform
    if let old = before[node] {
      start = old.screen
      let sameParent = old.parent == node.parent.map(ObjectIdentifier.init)
      let from =
        sameParent
        ? (old.center, old.bounds, old.transform)
        : Self.geometry(drawn: old.screen, bounds: old.bounds, in: parentStart, keeping: transform)
      let velocities = sameParent ? old.velocities : nil
      plan(node, CenterStorage(), from: from.0, to: center, was: old.targetCenter, velocities?.0)
      plan(node, BoundsStorage(), from: from.1, to: bounds, was: old.targetBounds, velocities?.1)
      plan(
        node, TransformStorage(), from: from.2, to: transform, was: old.targetTransform,
        velocities?.2)
      plan(node, AlphaStorage(), from: old.alpha, to: alpha, was: old.targetAlpha, nil)
    } else {
      // New under the root: it fades in where it is put.
      start = Self.screen(center: center, bounds: bounds, transform: transform, parent: parentStart)
      lanes.append { animator in
        animator.recordLayout(alpha, from: 0, velocity: nil, for: node, storage: AlphaStorage())
      }
    }
    if rootStart == nil { rootStart = start }
    for child in node.children {
      walk(child, parentStart: start, before: before)
    }
  }

  /// Plans one property of `node`: from `from` to its target `to`, unless it shows `from`
  /// already and its target did not change (`was`), which leaves it as it is.
  private mutating func plan<Storage: PropertyStorage>(
    _ node: Node, _ storage: Storage, from: Storage.Value, to: Storage.Value,
    was: Storage.Value, _ velocity: Storage.Value.VectorType?
  ) where Storage.Root == Node {
    let shown = storage.access(node) { $0.displayedValue }
    guard shown.vector != from.vector || to.vector != was.vector else { return }
    lanes.append { animator in
      animator.recordLayout(to, from: from, velocity: velocity, for: node, storage: storage)
    }
  }

  /// Where a node with these values is drawn under a parent drawn by `parent` (its
  /// ``Node/transformToParent``, then the parent's).
  static func screen(center: Point, bounds: Rect, transform: Transform, parent: Transform)
    -> Transform
  {
    Transform(translationX: -bounds.midX, y: -bounds.midY)
      .concatenating(transform)
      .concatenating(Transform(translationX: center.x, y: center.y))
      .concatenating(parent)
  }

  /// Centre, bounds and transform that draw a node of `bounds` where `drawn` draws it,
  /// under a parent drawn by `parent`: the transform takes the rotation, scale and shear,
  /// with `keeping`'s translation; the centre takes the rest.
  static func geometry(
    drawn: Transform, bounds: Rect, in parent: Transform, keeping: Transform
  ) -> (Point, Rect, Transform) {
    let local = drawn.concatenating(parent.inverted())
    let transform = Transform(
      a: local.a, b: local.b, c: local.c, d: local.d, tx: keeping.tx, ty: keeping.ty)
    let middle = Point(x: bounds.midX, y: bounds.midY).applying(local)
    return (
      Point(x: middle.x - keeping.tx, y: middle.y - keeping.ty), bounds, transform
    )
  }

  /// Puts each node that the change took out of the graph (the top of each removed subtree)
  /// back under `root`, behind its other children, drawn where it was, and plans its fade.
  mutating func bringBackRemoved(before: LayoutCapture, into root: Node, rootStart: Transform) {
    guard root.scene != nil else { return }
    for entry in before.entries.reversed() where entry.node.parent == nil && entry.node !== root {
      let node = entry.node
      let (center, bounds, transform) = Self.geometry(
        drawn: entry.screen, bounds: entry.bounds, in: rootStart, keeping: entry.transform)
      root.insertChild(node, at: 0)
      Node.performWithoutAnimation {
        node.bounds = bounds
        node.transform = transform
        node.center = center
        node.alpha = entry.alpha
      }
      leaving.append(node)
      let alpha = entry.alpha
      lanes.append { animator in
        animator.recordLayout(0.0, from: alpha, velocity: nil, for: node, storage: AlphaStorage())
      }
    }
  }
}
