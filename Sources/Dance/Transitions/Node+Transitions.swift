// Enter and exit: a node added or removed with a `NodeTransition`.

/// An exit under way: the animator taking the node out, the transition it runs, and the
/// node's values before it, which taking the node back returns to.
final class NodeExit {
  let animator: PropertyAnimator
  let transition: NodeTransition
  /// Whether the animator is the exit's own (``Node/removeFromParent(transition:)``), which
  /// taking the node back stops, rather than a layout transition's, which goes on with its
  /// other nodes.
  let ownsAnimator: Bool
  let alpha: Double
  let transform: Transform
  let center: Point

  init(
    animator: PropertyAnimator, transition: NodeTransition, of node: Node, ownsAnimator: Bool
  ) {
    self.animator = animator
    self.transition = transition
    self.ownsAnimator = ownsAnimator
    alpha = node.targetValue(of: \.alpha)
    transform = node.targetValue(of: \.transform)
    center = node.targetValue(of: \.center)
  }
}

extension Node {
  /// Whether the node is animating out after ``removeFromParent(transition:)``: it is still
  /// in the graph, and drawn, until its exit ends; then it leaves its parent.
  ///
  /// Treated as gone: ``targetValue(of:)`` reads where the exit ends (alpha 0 for a fade),
  /// and a layout transition leaves the node to its exit.
  public var isExiting: Bool { exitState != nil }

  /// Adds `node` as the frontmost child, as ``addChild(_:)`` does, and animates it in from
  /// `transition`'s state (transparent, scaled, moved) to its own values.
  ///
  /// An exiting node (``isExiting``) is taken back instead: its exit stops where it is, and
  /// it animates from there to its values before the exit, on `transition`'s timing.
  /// Outside a scene there is no clock: the node is added as it is.
  public func addChild(_ node: Node, transition: NodeTransition) {
    if node.exitState != nil {
      node.cancelExit(with: transition)
      addChild(node)
      return
    }
    addChild(node)
    guard node.parent === self, node.scene != nil else { return }
    let transition = transition.checked(in: "Node.addChild(_:transition:)")
    let alpha = node.targetValue(of: \.alpha)
    let transform = node.targetValue(of: \.transform)
    let center = node.targetValue(of: \.center)
    // The transition's state at once, then an animation back to the node's own values.
    Node.performWithoutAnimation {
      node.apply(transition, alpha: alpha, transform: transform, center: center)
    }
    let animator = PropertyAnimator(
      duration: transition.duration, timingParameters: transition.timing)
    animator.addAnimations { [weak node] in
      node?.restore(transition, alpha: alpha, transform: transform, center: center)
    }
    animator.startAnimation()
  }

  /// Animates the node out to `transition`'s state (transparent, scaled, moved), then
  /// removes it from its parent and gives it back its values from before the exit (so that
  /// adding it again shows it as it was). Until then it stays in the graph and is drawn,
  /// and ``isExiting`` is true; adding it to a parent again takes it back.
  ///
  /// An exiting node goes on with the exit it has; a node without a parent stays as it is;
  /// outside a scene (no clock) the node is removed at once.
  public func removeFromParent(transition: NodeTransition) {
    guard parent != nil, exitState == nil else { return }
    guard scene != nil else {
      removeFromParent()
      return
    }
    let transition = transition.checked(in: "Node.removeFromParent(transition:)")
    let animator = PropertyAnimator(
      duration: transition.duration, timingParameters: transition.timing)
    let exit = NodeExit(animator: animator, transition: transition, of: self, ownsAnimator: true)
    replaceExit(with: exit)
    // (The block holds the values, not the exit, which holds the animator.)
    let (alpha, transform, center) = (exit.alpha, exit.transform, exit.center)
    animator.addAnimations { [weak self] in
      self?.apply(transition, alpha: alpha, transform: transform, center: center)
    }
    // Whatever ends the exit's run ends the exit, unless the node was taken back (or removed)
    // meanwhile. Once out of the graph it gets its values back, so that adding it again
    // shows it as it was.
    animator.addCompletion { [weak self, weak exit] _ in
      guard let self, let exit, self.exitState === exit else { return }
      self.finishExit(exit)
    }
    animator.startAnimation()
  }

  /// Stops the exit under way where it is and animates the node back to its values before
  /// it, on `transition`'s timing (0.2 s ease-out without one).
  func cancelExit(with transition: NodeTransition?) {
    guard let exit = exitState else { return }
    replaceExit(with: nil)
    // (A layout transition's fade-out of this node is taken over by the way back below.)
    if exit.ownsAnimator { exit.animator.stopAnimation(true) }
    let back = PropertyAnimator(
      duration: transition?.checked(in: "Node.addChild(_:transition:)").duration ?? 0.2,
      timingParameters: transition?.timing
        ?? StoredTiming(CubicTimingParameters(animationCurve: .easeOut)))
    back.addAnimations { [weak self] in
      self?.restore(
        exit.transition, alpha: exit.alpha, transform: exit.transform, center: exit.center)
    }
    back.startAnimation()
  }

  /// Ends the exits still under way in this subtree, which has just left its scene, as they
  /// end on time: each exiting node leaves its parent with its values back. (An exit's own
  /// animator ended with the scene's animations, and its completion did this already; a
  /// layout transition's goes on with its other nodes.)
  func finishExitsInSubtree() {
    for child in children { child.finishExitsInSubtree() }
    if let exit = exitState { finishExit(exit) }
  }

  /// Ends `exit`, this node's exit, as an exit ends on time: the node leaves its parent
  /// (which clears the exit) and gets back its values from before the exit.
  func finishExit(_ exit: NodeExit) {
    removeFromParent()
    Node.performWithoutAnimation {
      restore(exit.transition, alpha: exit.alpha, transform: exit.transform, center: exit.center)
    }
  }

  /// Sets the properties `transition` changes to its state, from the node's values.
  private func apply(
    _ transition: NodeTransition, alpha: Double, transform: Transform, center: Point
  ) {
    if transition.fades { self.alpha = 0 }
    if transition.scale != 1 {
      self.transform = Transform(scaleX: transition.scale, y: transition.scale)
        .concatenating(transform)
    }
    if transition.offset != Vector(dx: 0, dy: 0) {
      self.center = Point(x: center.x + transition.offset.dx, y: center.y + transition.offset.dy)
    }
  }

  /// Sets the properties `transition` changes back to the node's values.
  private func restore(
    _ transition: NodeTransition, alpha: Double, transform: Transform, center: Point
  ) {
    if transition.fades { self.alpha = alpha }
    if transition.scale != 1 { self.transform = transform }
    if transition.offset != Vector(dx: 0, dy: 0) { self.center = center }
  }
}

extension NodeTransition {
  /// The transition with a non-finite scale or offset left out, each reported for `call`.
  func checked(in call: String) -> NodeTransition {
    var checked = self
    if !Validation.requireFinite(scale, "the transition's scale", in: call, outcome: "not scaling")
    {
      checked.scale = 1
    }
    if !Validation.requireFinite(
      SIMD2(offset.dx, offset.dy), "the transition's offset", in: call, outcome: "not moving")
    {
      checked.offset = Vector(dx: 0, dy: 0)
    }
    return checked
  }
}
