/// A two-dimensional affine transform, as `CGAffineTransform`.
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
///
/// ```swift
/// node.transform = Transform(rotationAngle: .pi / 4).concatenating(Transform(scaleX: 2, y: 2))
/// Point(x: 1, y: 0).applying(Transform(translationX: 5, y: 0))   // (6, 0)
/// ```
///
/// **Animation.** A transform animates by decomposition, as Core Animation does: its
/// ``vector`` is (translation x, translation y, rotation angle, scale x, scale y, shear), so a
/// half turn animates as a rotation, not as a squash through zero. The matrix is read as a
/// rotation by `angle` (in (−π, π]) applied after an upper-triangular scale-and-shear
/// `[[scaleX, shear], [0, scaleY]]`; a mirror image shows up as a negative `scaleY`.
public struct Transform: Hashable, Sendable {
  /// The matrix entry that scales x into x.
  public var a: Double
  /// The matrix entry that carries x into y.
  public var b: Double
  /// The matrix entry that carries y into x.
  public var c: Double
  /// The matrix entry that scales y into y.
  public var d: Double
  /// The horizontal translation.
  public var tx: Double
  /// The vertical translation.
  public var ty: Double

  /// Creates a transform from its six matrix entries.
  @inlinable
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by (tx, ty).
  @inlinable
  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale by `sx` horizontally and `sy` vertically.
  @inlinable
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians (counter-clockwise in a y-up space, clockwise on a y-down
  /// screen).
  public init(rotationAngle angle: Double) {
    let (sine, cosine) = cSinCos(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether this is the identity transform.
  public var isIdentity: Bool { self == .identity }

  /// The transform that applies `self`, then `other`.
  public func concatenating(_ other: Transform) -> Transform {
    Transform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// `self` after a translation by (tx, ty) in its own space, as `CGAffineTransform`'s
  /// `translatedBy(x:y:)`: the translation applies first.
  ///
  /// ```swift
  /// let t = Transform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
  /// Point(x: 0, y: 0).applying(t)   // (20, 0)
  /// ```
  public func translatedBy(x tx: Double, y ty: Double) -> Transform {
    Transform(translationX: tx, y: ty).concatenating(self)
  }

  /// `self` after a scale by (sx, sy) in its own space, as `CGAffineTransform`'s
  /// `scaledBy(x:y:)`: the scale applies first.
  public func scaledBy(x sx: Double, y sy: Double) -> Transform {
    Transform(scaleX: sx, y: sy).concatenating(self)
  }

  /// `self` after a rotation by `angle` radians in its own space, as `CGAffineTransform`'s
  /// `rotated(by:)`: the rotation applies first.
  public func rotated(by angle: Double) -> Transform {
    Transform(rotationAngle: angle).concatenating(self)
  }

  /// The transform that undoes `self`; a transform that cannot be inverted (its determinant
  /// is 0 or not finite) is returned unchanged, as `CGAffineTransform` does.
  public func inverted() -> Transform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return self }
    let ia = d / determinant
    let ib = -b / determinant
    let ic = -c / determinant
    let id = a / determinant
    return Transform(
      a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }
}

extension Point {
  /// The point moved by `transform`.
  @inlinable
  public func applying(_ transform: Transform) -> Point {
    Point(
      x: transform.a * x + transform.c * y + transform.tx,
      y: transform.b * x + transform.d * y + transform.ty)
  }
}

extension Transform {
  /// The six entries (a, b, c, d, tx, ty), padded with zeros: what two transforms compare
  /// as when their decompositions may differ by a whole turn.
  var matrix: SIMD8<Double> { SIMD8(a, b, c, d, tx, ty, 0, 0) }
}

extension Transform: VectorConvertible {
  /// The decomposition (tx, ty, angle, scaleX, scaleY, shear, 0, 0).
  public var vector: SIMD8<Double> {
    let scaleX = (a * a + b * b).squareRoot()
    guard scaleX > 0 else {
      return SIMD8(tx, ty, 0, 0, d, c, 0, 0)
    }
    let angle = cAtan2(b, a)
    let cosine = a / scaleX
    let sine = b / scaleX
    let shear = cosine * c + sine * d
    let scaleY = -sine * c + cosine * d
    return SIMD8(tx, ty, angle, scaleX, scaleY, shear, 0, 0)
  }

  /// Recomposes the transform from (tx, ty, angle, scaleX, scaleY, shear, _, _).
  public init(vector: SIMD8<Double>) {
    let (sine, cosine) = cSinCos(vector[2])
    let (scaleX, scaleY, shear) = (vector[3], vector[4], vector[5])
    self.init(
      a: scaleX * cosine, b: scaleX * sine,
      c: shear * cosine - scaleY * sine, d: shear * sine + scaleY * cosine,
      tx: vector[0], ty: vector[1])
  }
}
