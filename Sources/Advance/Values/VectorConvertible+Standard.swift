// Conformances of the standard library's numeric and SIMD types. Double and Float use a
// two-lane vector (the second lane is always 0), as Advance 3.1 does.

extension Double: VectorConvertible {
  /// The vector `(self, 0)`.
  @inlinable
  public var vector: SIMD2<Double> { SIMD2(self, 0) }

  /// The first lane of `vector`.
  @inlinable
  public init(vector: SIMD2<Double>) { self = vector.x }
}

extension Float: VectorConvertible {
  /// The vector `(Double(self), 0)`.
  @inlinable
  public var vector: SIMD2<Double> { SIMD2(Double(self), 0) }

  /// The first lane of `vector`, rounded to `Float`.
  @inlinable
  public init(vector: SIMD2<Double>) { self = Float(vector.x) }
}

extension SIMD2: VectorConvertible, Interpolatable where Scalar == Double {
  /// The vector itself.
  @inlinable
  public var vector: SIMD2<Double> { self }

  /// The vector itself.
  @inlinable
  public init(vector: SIMD2<Double>) { self = vector }
}

extension SIMD3: VectorConvertible, Interpolatable where Scalar == Double {
  /// The vector itself.
  @inlinable
  public var vector: SIMD3<Double> { self }

  /// The vector itself.
  @inlinable
  public init(vector: SIMD3<Double>) { self = vector }
}

extension SIMD4: VectorConvertible, Interpolatable where Scalar == Double {
  /// The vector itself.
  @inlinable
  public var vector: SIMD4<Double> { self }

  /// The vector itself.
  @inlinable
  public init(vector: SIMD4<Double>) { self = vector }
}

/// Advance 2's name for a two-lane vector; Advance 3 and Dance use `SIMD2<Double>`.
public typealias Vector2 = SIMD2<Double>
/// Advance 2's name for a three-lane vector; Advance 3 and Dance use `SIMD3<Double>`.
public typealias Vector3 = SIMD3<Double>
/// Advance 2's name for a four-lane vector; Advance 3 and Dance use `SIMD4<Double>`.
public typealias Vector4 = SIMD4<Double>
