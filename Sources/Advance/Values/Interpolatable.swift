/// A value that can be blended with another value of its type.
///
/// ```swift
/// let halfway = start.interpolated(to: end, alpha: 0.5)
/// ```
///
/// Every ``VectorConvertible`` type gets this for free, as a component-wise linear blend.
public protocol Interpolatable {
  /// The blend of `self` and `other`: `self` at `alpha` 0, `other` at 1, extrapolated beyond.
  func interpolated(to other: Self, alpha: Double) -> Self
}
