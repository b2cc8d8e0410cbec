/// An RGBA color with components from 0 to 1, interpolated component by component.
///
/// ```swift
/// node.backgroundColor = .orange
/// node.backgroundColor = Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.8)
/// ```
///
/// Components are not clamped, so a bouncing spring may briefly overshoot 0…1; renderers
/// clamp when they draw.
public struct Color: Hashable, Sendable, VectorConvertible {
  /// The red component, 0…1.
  public var red: Double
  /// The green component, 0…1.
  public var green: Double
  /// The blue component, 0…1.
  public var blue: Double
  /// The opacity, 0 (transparent) … 1 (opaque).
  public var alpha: Double

  /// Creates a color from its components.
  @inlinable
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Transparent black, (0, 0, 0, 0).
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// White.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Middle gray, (0.5, 0.5, 0.5).
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  /// Red, (1, 0, 0).
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Green, (0, 1, 0).
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Blue, (0, 0, 1).
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Yellow, (1, 1, 0).
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Orange, (1, 0.5, 0).
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// Purple, (0.5, 0, 0.5).
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)

  /// The vector `(red, green, blue, alpha)`.
  @inlinable
  public var vector: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

  /// Creates the color `(red, green, blue, alpha)` from `vector`.
  @inlinable
  public init(vector: SIMD4<Double>) {
    self.init(red: vector[0], green: vector[1], blue: vector[2], alpha: vector[3])
  }
}
