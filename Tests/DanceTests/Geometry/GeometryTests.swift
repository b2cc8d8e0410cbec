import Dance
import Foundation
import TestSupport
import Testing

@Suite struct GeometryTests {
  @Test("Points, sizes, rects, vectors and colors round-trip through their vectors")
  func vectors() {
    let rect = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(rect.vector == SIMD4(1, 2, 3, 4))
    #expect(Rect(vector: rect.vector) == rect)
    #expect(Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4)) == rect)
    #expect(rect.midX == 2.5 && rect.maxY == 6 && rect.width == 3)
    #expect(Point(vector: SIMD2(5, 6)) == Point(x: 5, y: 6))
    #expect(Size(vector: Size(width: 7, height: 8).vector) == Size(width: 7, height: 8))
    #expect(Vector(vector: SIMD2(1, -1)) == Vector(dx: 1, dy: -1))
    #expect(Color(vector: Color.orange.vector) == .orange)
    #expect(Color.clear.alpha == 0 && Color.gray == Color(red: 0.5, green: 0.5, blue: 0.5))
    #expect(
      Color.red.interpolated(to: .blue, alpha: 0.5)
        == Color(red: 0.5, green: 0, blue: 0.5, alpha: 1))
    #expect(Point.zero == Point(x: 0, y: 0) && Size.zero.width == 0 && Rect.zero.maxX == 0)
  }

  @Test("Transform matrices compose like CGAffineTransform")
  func transformAlgebra() {
    let point = Point(x: 3, y: 4)
    #expect(point.applying(Transform(translationX: 5, y: -1)) == Point(x: 8, y: 3))
    #expect(point.applying(Transform(scaleX: 2, y: 3)) == Point(x: 6, y: 12))
    let quarter = Transform(rotationAngle: .pi / 2)
    let rotated = point.applying(quarter)
    #expect(abs(rotated.x - -4) < 1e-12 && abs(rotated.y - 3) < 1e-12)
    // Scale, then translate: concatenation applies the receiver first.
    let scaleThenMove = Transform(scaleX: 2, y: 2).concatenating(Transform(translationX: 10, y: 0))
    #expect(point.applying(scaleThenMove) == Point(x: 16, y: 8))
    let inverse = scaleThenMove.inverted()
    let back = point.applying(scaleThenMove).applying(inverse)
    #expect(abs(back.x - 3) < 1e-12 && abs(back.y - 4) < 1e-12)
    let singular = Transform(scaleX: 0, y: 1)
    #expect(singular.inverted() == singular)
    #expect(Transform.identity.isIdentity)
  }

  @Test("Decomposition round-trips random transforms", arguments: [7, 8, 9] as [UInt64])
  func decomposition(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let transform = Transform(
        a: .random(in: -3...3, using: &generator), b: .random(in: -3...3, using: &generator),
        c: .random(in: -3...3, using: &generator), d: .random(in: -3...3, using: &generator),
        tx: .random(in: -100...100, using: &generator),
        ty: .random(in: -100...100, using: &generator))
      let again = Transform(vector: transform.vector)
      for (x, y) in [
        (again.a, transform.a), (again.b, transform.b), (again.c, transform.c),
        (again.d, transform.d), (again.tx, transform.tx), (again.ty, transform.ty),
      ] {
        #expect(abs(x - y) < 1e-12, "seed \(seed): \(transform)")
      }
    }
  }

  @Test("A half turn animates as a rotation, not a squash through zero")
  func halfTurn() {
    let start = Transform.identity
    let end = Transform(rotationAngle: .pi)
    for step in 1..<10 {
      let t = Double(step) / 10
      let middle = start.interpolated(to: end, alpha: t)
      let expected = Transform(rotationAngle: .pi * t)
      #expect(abs(middle.a - expected.a) < 1e-12 && abs(middle.b - expected.b) < 1e-12)
      // Area is preserved all the way: the determinant stays 1.
      #expect(abs(middle.a * middle.d - middle.b * middle.c - 1) < 1e-12)
    }
  }
}
