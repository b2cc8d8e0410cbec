/// A position in a two-dimensional coordinate space, as `CGPoint`.
///
/// ```swift
/// node.center = Point(x: 160, y: 90)
/// ```
public struct Point: Hashable, Sendable, VectorConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (down is positive in a typical screen space).
  public var y: Double

  /// Creates a point with the given coordinates.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// The vector `(x, y)`.
  @inlinable
  public var vector: SIMD2<Double> { SIMD2(x, y) }

  /// Creates the point `(vector.x, vector.y)`.
  @inlinable
  public init(vector: SIMD2<Double>) {
    self.init(x: vector.x, y: vector.y)
  }
}
