// The sine and cosine of one angle together: every underdamped spring's frame needs both of
// its phase, and a rotation both of its angle. The C library computes them apart, reducing
// the argument twice and paying two calls (about 170 instructions); this reduces it once and
// evaluates two short polynomials (about 80 in a spring's frame, no call, no branch on the
// quadrant; a spring's frame at N = 1 on the AMD EPYC, 104 → 79 ns).

/// The sine and the cosine of `x` radians, each within one unit in the last place of the
/// correctly rounded value (so within one of the C library's `sin` and `cos`, which it
/// follows exactly where `x` is not finite or `|x|` exceeds ``SineCosine/largestReduced``).
///
/// `x` is reduced to `r` in [−π/4, π/4] and a quarter turn count `k` (`x = k·π/2 + r`) with
/// π/2 in three parts, the first two of 33 bits, so that `k·part` is exact for `|k| ≤ 2¹⁹`;
/// `r` is carried with its rounding error, which both polynomials take in.
@inlinable @inline(__always)
package func cSinCos(_ x: Double) -> (sin: Double, cos: Double) {
  // NaN fails this test too, and takes the C library's answer.
  guard abs(x) <= SineCosine.largestReduced else { return (cSin(x), cCos(x)) }
  // Rounded to the nearest integer by the 1.5·2⁵² shift (no `round` call on x86-64's base
  // instruction set).
  let quarters = (x * SineCosine.twoOverPi + SineCosine.roundingShift) - SineCosine.roundingShift
  let reduced = x - quarters * SineCosine.halfPiFirst  // exact: both terms within a factor 2
  let second = quarters * SineCosine.halfPiSecond  // exact: 33 bits times at most 20
  let r = reduced - second
  let tail = ((reduced - r) - second) - quarters * SineCosine.halfPiThird
  let (sine, cosine) = SineCosine.kernels(r, tail: tail)
  // Quarter turn k: (sin, cos) is (s, c), (c, −s), (−s, −c), (−c, s) for k mod 4 = 0…3,
  // chosen on the bits.
  let k = UInt64(truncatingIfNeeded: Int(quarters))
  let odd = 0 &- (k & 1)
  let first = (sine.bitPattern & ~odd) | (cosine.bitPattern & odd)
  let other = (cosine.bitPattern & ~odd) | (sine.bitPattern & odd)
  return (
    Double(bitPattern: first ^ ((k & 2) << 62)),
    Double(bitPattern: other ^ (((k &+ 1) & 2) << 62))
  )
}

/// The constants and the polynomials of ``cSinCos(_:)``.
@usableFromInline
package enum SineCosine {
  /// The largest `|x|` reduced here: 2¹⁹ quarter turns. Beyond it `k·π/2`'s parts are no
  /// longer exact (and a spring's phase that large is 10⁵ turns past settling).
  @usableFromInline static var largestReduced: Double { 823_549.0 }
  @usableFromInline static var twoOverPi: Double { 6.36619772367581382433e-01 }
  @usableFromInline static var roundingShift: Double { 6_755_399_441_055_744.0 }
  /// π/2 as the sum of three doubles: the first 33 bits, the next 33, and the rest.
  @usableFromInline static var halfPiFirst: Double { 1.57079632673412561417e+00 }
  @usableFromInline static var halfPiSecond: Double { 6.07710050630396597660e-11 }
  @usableFromInline static var halfPiThird: Double { 2.02226624879595063154e-21 }

  /// sin(r + tail) and cos(r + tail) for |r| ≤ π/4 and `tail` r's rounding error: the
  /// minimax polynomials of fdlibm's `__kernel_sin` and `__kernel_cos` (Sun Microsystems,
  /// 1993; glibc's and musl's double sine and cosine descend from them), whose approximation
  /// error on that interval is about 2⁻⁵⁸.
  @inlinable @inline(__always)
  package static func kernels(_ r: Double, tail: Double) -> (sin: Double, cos: Double) {
    let z = r * r
    let cube = z * r
    let sinRest =
      8.33333333332248946124e-03 + z
      * (-1.98412698298579493134e-04 + z
        * (2.75573137070700676789e-06 + z
          * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
    let sine =
      r - ((z * (0.5 * tail - cube * sinRest) - tail) + cube * 1.66666666666666324348e-01)
    let r4 = z * z
    let cosRest =
      z
      * (4.16666666666666019037e-02 + z
        * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05))
      + r4 * r4
      * (-2.75573143513906633035e-07 + z
        * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11))
    let half = 0.5 * z
    let lead = 1 - half
    let cosine = lead + (((1 - lead) - half) + (z * cosRest - r * tail))
    return (sine, cosine)
  }
}
