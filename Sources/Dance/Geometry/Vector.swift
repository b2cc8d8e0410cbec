/// A two-dimensional displacement or velocity, as `CGVector`.
///
/// ```swift
/// let velocity = Vector(dx: 0, dy: 5)   // units per second
/// ```
public struct Vector: Hashable, Sendable, VectorConvertible {
  /// The horizontal component.
  public var dx: Double
  /// The vertical component.
  public var dy: Double

  /// Creates a vector with the given components.
  @inlinable
  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  /// The zero vector.
  public static let zero = Vector(dx: 0, dy: 0)

  /// The SIMD vector `(dx, dy)`.
  @inlinable
  public var vector: SIMD2<Double> { SIMD2(dx, dy) }

  /// Creates the vector `(vector.x, vector.y)`.
  @inlinable
  public init(vector: SIMD2<Double>) {
    self.init(dx: vector.x, dy: vector.y)
  }
}
