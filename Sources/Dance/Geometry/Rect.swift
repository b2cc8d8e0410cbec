/// A rectangle: an origin and a size, as `CGRect`.
///
/// ```swift
/// let node = Node(frame: Rect(x: 10, y: 20, width: 100, height: 50))
/// node.frame.midX   // 60
/// ```
///
/// Sizes are normally positive; a negative size is kept as given (no standardisation).
public struct Rect: Hashable, Sendable, VectorConvertible {
  /// The corner with the smallest coordinates (for a positive size).
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle with the given origin and size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates and extents.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The width.
  @inlinable public var width: Double { size.width }
  /// The height.
  @inlinable public var height: Double { size.height }
  /// The smallest x coordinate.
  @inlinable public var minX: Double { origin.x }
  /// The x coordinate of the centre.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The largest x coordinate.
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The smallest y coordinate.
  @inlinable public var minY: Double { origin.y }
  /// The y coordinate of the centre.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The largest y coordinate.
  @inlinable public var maxY: Double { origin.y + size.height }

  /// Whether `point` lies inside the rectangle (the maximum edges excluded).
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The vector `(x, y, width, height)`.
  @inlinable
  public var vector: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }

  /// Creates the rectangle `(x, y, width, height)` from `vector`.
  @inlinable
  public init(vector: SIMD4<Double>) {
    self.init(x: vector[0], y: vector[1], width: vector[2], height: vector[3])
  }
}
