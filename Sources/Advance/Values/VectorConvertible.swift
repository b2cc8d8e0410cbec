/// A value that Advance can animate, because it converts to and from a vector of doubles.
///
/// Animations, springs and simulations all work on ``vector``, one lane per animated
/// component, and hand the result back through ``init(vector:)``. Conform your own types in a
/// few lines:
///
/// ```swift
/// struct Temperature: VectorConvertible {
///   var kelvin: Double
///   init(kelvin: Double) { self.kelvin = kelvin }
///   init(vector: SIMD2<Double>) { kelvin = vector.x }
///   var vector: SIMD2<Double> { SIMD2(kelvin, 0) }
/// }
/// ```
///
/// Unused lanes should be zero, and `init(vector:)` should accept any finite vector.
public protocol VectorConvertible: Equatable, Interpolatable {
  /// The SIMD vector type that represents this value, one `Double` lane per component.
  associatedtype VectorType: SIMD where VectorType.Scalar == Double

  /// Creates the value that `vector` represents.
  init(vector: VectorType)

  /// The vector that represents this value.
  var vector: VectorType { get }
}

extension VectorConvertible {
  /// The component-wise linear blend of `self` and `other`.
  ///
  /// Exactly `self` at `alpha` 0 and exactly `other` at 1.
  @inlinable
  public func interpolated(to other: Self, alpha: Double) -> Self {
    Self(vector: vector.lerp(to: other.vector, alpha))
  }
}

extension SIMD where Scalar == Double {
  /// The linear blend `self · (1 − t) + other · t`, exact at both ends.
  @inlinable @inline(__always)
  package func lerp(to other: Self, _ t: Double) -> Self {
    self * (1 - t) + other * t
  }
}
