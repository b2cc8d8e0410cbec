// Where a node is drawn: the transforms a host draws it with.

extension Node {
  /// The transform from this node's own coordinates (its ``bounds``) to its parent's, as
  /// UIKit composes a view's: `bounds` centred on ``center``, then ``transform`` applied
  /// about the centre.
  ///
  /// It is built from the values on screen, so a host that draws each node with it draws
  /// what a read returns (inside an animation block, the targets).
  ///
  /// ```swift
  /// let node = Node(frame: Rect(x: 80, y: 40, width: 40, height: 20))
  /// node.transform = Transform(rotationAngle: .pi / 2)
  /// Point(x: 0, y: 0).applying(node.transformToParent)   // (110, 30): the top-left corner
  /// ```
  public var transformToParent: Transform {
    let bounds = bounds
    let center = center
    return Transform(translationX: -bounds.midX, y: -bounds.midY)
      .concatenating(transform)
      .concatenating(Transform(translationX: center.x, y: center.y))
  }

  /// The transform from this node's own coordinates to its root's: its own
  /// ``transformToParent``, then each ancestor's but the root's (a host draws the root's
  /// children in its window's coordinates, as a scene's root is the window).
  ///
  /// Its inverse takes a point of the window (a click) into the node's coordinates, where
  /// `bounds.contains` says whether it hit the node.
  public var transformToScene: Transform {
    var transform = Transform.identity
    var current = self
    while let parent = current.parent {
      transform = transform.concatenating(current.transformToParent)
      current = parent
    }
    return transform
  }
}
