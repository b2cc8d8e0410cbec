import Advance

/// How a node moving along a ``Path`` turns (`Node.move(along:rotation:)`), as Core
/// Animation's `CAKeyframeAnimation.rotationMode`.
public enum PathRotation: Hashable, Sendable {
  /// The node keeps its transform.
  case none
  /// The node turns to the path's direction of travel (`kCAAnimationRotateAuto`): its
  /// transform is the one it had, rotated by the tangent's angle.
  case auto
  /// As ``auto``, plus a half turn (`kCAAnimationRotateAutoReverse`): the node faces
  /// backwards.
  case autoReverse
}

/// A node's motion along a ``Path``, as the lanes that carry it see it: a progress `s` (0 at
/// the path's start, 1 at its end; from the lane's own timing) mapped to a point `s` of the
/// way along the path by arc length, or to the transform turned to the path's direction
/// there.
///
/// Immutable once made, and shared by the centre's lane and the transform's.
///
/// - Beyond the ends (a spring's overshoot) the point goes on along the end's tangent at the
///   same speed, so that the velocity stays continuous; the angle stays the end's.
/// - The angle is the tangent's, except around a corner (where the direction jumps: two
///   lines meeting at an angle, a cusp, a new subpath): there it turns from the arriving
///   direction to the leaving one, the short way round, over a quarter of the shorter of
///   the two pieces on each side of the corner, smoothly (a smoothstep added to the
///   tangent's angle), so that the transform and its velocity are continuous.
final class PathMotion: Sendable {
  /// What a lane of the motion holds.
  enum Output: Sendable {
    /// The node's centre.
    case center
    /// The node's transform: `base` rotated by the path's angle (plus `offset`, a half turn
    /// for ``PathRotation/autoReverse``).
    case rotation(base: Transform, offset: Double)
  }

  /// A place where the path's direction jumps, and the stretch around it where the node
  /// turns.
  struct Corner: Sendable {
    /// The distance along the path.
    let distance: Double
    /// The turn, in radians, in −π…π (from the arriving direction to the leaving one).
    let turn: Double
    /// Half the stretch over which the node turns.
    let halfWidth: Double
  }

  let path: Path
  let output: Output
  let length: Double
  let corners: [Corner]

  init(path: Path, output: Output) {
    self.path = path
    self.output = output
    length = path.length
    corners = Self.corners(of: path)
  }

  /// The corners of `path`, in order of distance.
  private static func corners(of path: Path) -> [Corner] {
    let segments = path.segments
    guard segments.count > 1 else { return [] }
    var corners: [Corner] = []
    for index in 1..<segments.count {
      let arriving = direction(of: segments[index - 1], at: 1)
      let leaving = direction(of: segments[index], at: 0)
      let turn = (angle(of: leaving) - angle(of: arriving)).remainder(dividingBy: 2 * .pi)
      guard abs(turn) > 1e-12 else { continue }
      let halfWidth = min(segments[index - 1].length, segments[index].length) / 4
      corners.append(Corner(distance: path.ends[index - 1], turn: turn, halfWidth: halfWidth))
    }
    return corners
  }

  /// The unit direction of travel of `segment` at parameter `t` (where its speed vanishes,
  /// the direction it leaves in, or at its end the one it arrives in), as
  /// `Path.tangent(atDistance:)`.
  static func direction(of segment: Path.Segment, at t: Double) -> SIMD2<Double> {
    let scale = max(segment.length, 1e-300)
    var direction = Path.derivative(of: segment, at: t)
    if Path.magnitude(direction) <= 1e-9 * scale {
      direction = Path.secondDerivative(of: segment, at: t)
      if t >= 1 { direction = -direction }
    }
    if Path.magnitude(direction) <= 1e-12 * scale { direction = segment.p3 - segment.p0 }
    let length = Path.magnitude(direction)
    return length > 0 ? direction / length : SIMD2(1, 0)
  }

  static func angle(of direction: SIMD2<Double>) -> Double {
    cAtan2(direction.y, direction.x)
  }

  /// The point and unit direction `s` of the way along the path (beyond its ends, along
  /// their tangents), and the rate at which the direction's angle turns per unit of
  /// distance (the curvature) when `curvature` is set.
  private func place(at s: Double, curvature: Bool) -> (
    point: SIMD2<Double>, direction: SIMD2<Double>, turning: Double
  ) {
    let segments = path.segments
    guard !segments.isEmpty else {
      return (path.point(atDistance: 0).vector, SIMD2(1, 0), 0)
    }
    let distance = s * length
    if !(distance > 0) {
      // (NaN never reaches here: a lane's progress is bounded and finite.)
      let direction = Self.direction(of: segments[0], at: 0)
      return (segments[0].p0 + direction * distance, direction, 0)
    }
    if distance >= length {
      let last = segments[segments.count - 1]
      let direction = Self.direction(of: last, at: 1)
      return (last.p3 + direction * (distance - length), direction, 0)
    }
    guard let (index, t) = path.locate(distance, in: "move(along:rotation:)") else {
      return (path.point(atDistance: 0).vector, SIMD2(1, 0), 0)
    }
    let segment = segments[index]
    let direction = Self.direction(of: segment, at: t)
    guard curvature, !segment.isLine else {
      return (Path.position(of: segment, at: t), direction, 0)
    }
    let first = Path.derivative(of: segment, at: t)
    let second = Path.secondDerivative(of: segment, at: t)
    let speed = Path.magnitude(first)
    let turning = (first.x * second.y - first.y * second.x) / (speed * speed * speed)
    return (Path.position(of: segment, at: t), direction, turning.isFinite ? turning : 0)
  }

  /// The angle the node turns to at distance `distance`, given the path's `direction`
  /// there, and with `slopes` its rate per unit of distance (`turning` being the path's).
  private func angle(
    at distance: Double, direction: SIMD2<Double>, turning: Double, slopes: Bool
  ) -> (angle: Double, rate: Double) {
    var angle = Self.angle(of: direction)
    var rate = turning
    // The corner whose stretch holds the distance, if any (stretches do not overlap: each
    // takes at most a quarter of a piece from either end).
    var low = 0
    var high = corners.count
    while low < high {
      let middle = (low + high) / 2
      if corners[middle].distance + corners[middle].halfWidth < distance {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low < corners.count, corners[low].distance - corners[low].halfWidth < distance {
      let corner = corners[low]
      let u = (distance - (corner.distance - corner.halfWidth)) / (2 * corner.halfWidth)
      let eased = u * u * (3 - 2 * u)
      // Up to the corner the tangent still arrives (at the corner itself the path gives the
      // arriving piece's end): add the part of the turn made so far; after it the tangent
      // has turned: take back the part still to come.
      angle += corner.turn * (distance <= corner.distance ? eased : eased - 1)
      if slopes { rate += corner.turn * 6 * u * (1 - u) / (2 * corner.halfWidth) }
    }
    return (angle, rate)
  }

  /// The lane's value `s` of the way along the path, and with `slopes` its derivative with
  /// respect to `s`.
  func value<V: SIMD>(_: V.Type, at s: Double, slopes: Bool) -> (value: V, slope: V)
  where V.Scalar == Double {
    let rotates: Bool
    if case .center = output { rotates = false } else { rotates = true }
    let (point, direction, turning) = place(at: s, curvature: rotates && slopes)
    switch output {
    case .center:
      return (Self.vector(point), slopes ? Self.vector(direction * length) : .zero)
    case .rotation(let base, let offset):
      let distance = min(max(s * length, 0), length)
      let inside = s * length > 0 && s * length < length
      let (angle, rate) = self.angle(
        at: distance, direction: direction, turning: inside ? turning : 0,
        slopes: slopes && inside)
      let turned = base.rotated(by: angle + offset)
      guard slopes, rate != 0 else { return (Self.vector(turned.vector), .zero) }
      // d/dθ of R(θ)·base: R′(θ) = (−sin θ, cos θ, −cos θ, −sin θ), no translation.
      let (sine, cosine) = (cSin(angle + offset), cCos(angle + offset))
      let scale = rate * length
      let derivative = SIMD8<Double>(
        -sine * base.a + cosine * base.c, -sine * base.b + cosine * base.d,
        -cosine * base.a - sine * base.c, -cosine * base.b - sine * base.d, 0, 0, 0, 0)
      return (Self.vector(turned.vector), Self.vector(derivative * scale))
    }
  }

  /// The first lanes of `value` as a `V` (a point's two, a transform's eight).
  @inline(__always)
  private static func vector<V: SIMD, W: SIMD>(_ value: W) -> V
  where V.Scalar == Double, W.Scalar == Double {
    var vector = V.zero
    for lane in 0..<min(V.scalarCount, W.scalarCount) { vector[lane] = value[lane] }
    return vector
  }

  /// The lane's value at the path's start (`s` = 0) and at its end (`s` = 1).
  func ends<V: SIMD>(_: V.Type) -> (from: V, to: V) where V.Scalar == Double {
    (value(V.self, at: 0, slopes: false).value, value(V.self, at: 1, slopes: false).value)
  }
}
