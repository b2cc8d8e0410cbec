// Matched geometry: a hero transition between two nodes.

extension Node {
  /// A hero transition — SwiftUI's `matchedGeometryEffect`, Motion's `layoutId`, Flutter's
  /// `Hero`: `destination` flies from where `source` is drawn (its frame and transform on
  /// screen, through every ancestor's) to its own place, while `source` flies along with it
  /// to the same place and the two crossfade. Returns the running animator.
  ///
  /// ```swift
  /// detail.isHidden = true   // laid out where it will open, not shown yet
  /// Node.matchGeometry(from: thumbnail, to: detail, duration: 0.45)
  /// ```
  ///
  /// At the end `source` is hidden (``isHidden``) with its geometry and alpha as before the
  /// call, and `destination` is visible with its own geometry and its alpha from before the
  /// call. Ended at `.start` (reversed), `source` shows as before and `destination` has its
  /// visibility back. Nodes in different scenes, or not in a scene, are reported: the
  /// destination is shown at once and the source hidden.
  @discardableResult
  public static func matchGeometry(
    from source: Node, to destination: Node, duration: Double,
    curve: AnimationCurve = .easeInOut
  ) -> PropertyAnimator {
    let animator = PropertyAnimator(duration: duration, curve: curve)
    let destinationWasHidden = destination.isHidden
    guard let scene = source.scene, scene === destination.scene, source !== destination else {
      DanceError.report(
        .illegalState,
        "Node.matchGeometry(from:to:duration:curve:): the two nodes must be different nodes in "
          + "one scene; the destination is shown and the source hidden at once")
      destination.isHidden = false
      if source !== destination { source.isHidden = true }
      return animator
    }
    let sourceValues = (
      center: source.targetValue(of: \.center), bounds: source.targetValue(of: \.bounds),
      transform: source.targetValue(of: \.transform), alpha: source.targetValue(of: \.alpha)
    )
    let destinationAlpha = destination.targetValue(of: \.alpha)
    let destinationEnd = (
      destination.targetValue(of: \.center), destination.targetValue(of: \.bounds),
      destination.targetValue(of: \.transform)
    )
    // What is drawn, read outside any animation block (inside one, reads give targets).
    let (sourceShown, from, sourceParent, destinationParent) = AnimationBlockStack.current.run(
      .immediate
    ) {
      (
        (source.center, source.bounds, source.transform, source.alpha), source.transformToScene,
        source.parent?.transformToScene ?? .identity,
        destination.parent?.transformToScene ?? .identity
      )
    }
    // Where each is drawn: the source as it shows now, the destination at its targets.
    let to = LayoutPlan.screen(
      center: destinationEnd.0, bounds: destinationEnd.1, transform: destinationEnd.2,
      parent: destinationParent)
    let destinationStart = LayoutPlan.geometry(
      drawn: from, bounds: sourceShown.1, in: destinationParent, keeping: destinationEnd.2)
    let sourceEnd = LayoutPlan.geometry(
      drawn: to, bounds: destinationEnd.1, in: sourceParent, keeping: sourceValues.transform)
    destination.isHidden = false
    animator.addAnimations { [weak animator] in
      guard let animator else { return }
      animator.recordLayout(
        destinationEnd.0, from: destinationStart.0, velocity: nil, for: destination,
        storage: CenterStorage())
      animator.recordLayout(
        destinationEnd.1, from: destinationStart.1, velocity: nil, for: destination,
        storage: BoundsStorage())
      animator.recordLayout(
        destinationEnd.2, from: destinationStart.2, velocity: nil, for: destination,
        storage: TransformStorage())
      animator.recordLayout(
        destinationAlpha, from: 0, velocity: nil, for: destination, storage: AlphaStorage())
      animator.recordLayout(
        sourceEnd.0, from: sourceShown.0, velocity: nil, for: source, storage: CenterStorage())
      animator.recordLayout(
        sourceEnd.1, from: sourceShown.1, velocity: nil, for: source, storage: BoundsStorage())
      animator.recordLayout(
        sourceEnd.2, from: sourceShown.2, velocity: nil, for: source, storage: TransformStorage())
      animator.recordLayout(
        0.0, from: sourceShown.3, velocity: nil, for: source, storage: AlphaStorage())
    }
    animator.addCompletion { [weak source, weak destination] position in
      guard position != .current else { return }
      if let source {
        Node.performWithoutAnimation {
          source.center = sourceValues.center
          source.bounds = sourceValues.bounds
          source.transform = sourceValues.transform
          source.alpha = sourceValues.alpha
        }
        source.isHidden = position == .end
      }
      if let destination, position == .start {
        Node.performWithoutAnimation { destination.alpha = destinationAlpha }
        destination.isHidden = destinationWasHidden
      }
    }
    animator.startAnimation()
    return animator
  }
}
