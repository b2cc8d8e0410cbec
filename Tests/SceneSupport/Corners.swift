import Dance

extension Node {
  /// The four corners of the node's bounds as drawn in the scene (through its transform and
  /// every ancestor's), clockwise from the top-left.
  public var sceneCorners: [Point] {
    let box = bounds
    let toScene = transformToScene
    let corners = [
      Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
      Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
    ]
    return corners.map { $0.applying(toScene) }
  }
}

/// Whether two lists of points are the same points to within `tolerance` in each coordinate.
public func pointsClose(_ a: [Point], _ b: [Point], within tolerance: Double = 1e-9) -> Bool {
  a.count == b.count
    && zip(a, b).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
}
