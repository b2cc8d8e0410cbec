/// A width and a height, as `CGSize`.
///
/// ```swift
/// node.bounds.size = Size(width: 44, height: 44)
/// ```
public struct Size: Hashable, Sendable, VectorConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size with the given extents.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size, 0 × 0.
  public static let zero = Size(width: 0, height: 0)

  /// The vector `(width, height)`.
  @inlinable
  public var vector: SIMD2<Double> { SIMD2(width, height) }

  /// Creates the size `(vector.x, vector.y)`.
  @inlinable
  public init(vector: SIMD2<Double>) {
    self.init(width: vector.x, height: vector.y)
  }
}
