import Advance

/// How a node moving along a ``Path`` turns (`Node.move(along:rotation:)`), as Core
/// Animation's `CAKeyframeAnimation.rotationMode`.
public enum PathRotation: Hashable, Sendable {
  /// The node keeps its transform.
  case none
  /// The node turns to the path's direction of travel (`kCAAnimationRotateAuto`): its
  /// transform keeps its translation, scale and shear and takes the tangent's angle as its
  /// rotation.
  case auto
  /// As ``auto``, plus a half turn (`kCAAnimationRotateAutoReverse`): the node faces
  /// backwards.
  case autoReverse
}

/// A node's motion along a ``Path``, as the lanes that carry it see it: a progress `s` (0 at
/// the path's start, 1 at its end; from the lane's own timing) mapped to a point `s` of the
/// way along the path by arc length (a lane of two values: the centre's), or to the
/// transform turned to the path's direction there (a lane of eight: the transform's, for a
/// motion with a ``rotation``).
///
/// Immutable once made. A move makes one, which its centre's lane and, with a rotation, its
/// transform's both hold (with a ``PathMemo`` they share): a frame reads one object a move,
/// not one a lane (at 20 000 moves, each lane's own was a cache line or more of a frame's
/// misses a node).
///
/// - Beyond the ends (a spring's overshoot) the point goes on along the end's tangent at the
///   same speed, so that the velocity stays continuous; the angle stays the end's.
/// - The angle is the tangent's, unwrapped along the path (a loop turns the node a whole
///   turn, without a jump of 2π in the transform's angle lane), except around a corner
///   (where the direction jumps: two pieces meeting at an angle, a new subpath): there it
///   turns from the arriving direction to the leaving one, the short way round, over a
///   quarter of the shorter of the two pieces on each side of the corner, smoothly (a
///   smoothstep added to the tangent's angle), so that the angle and its rate are
///   continuous.
final class PathMotion: Sendable {
  /// How the transform turns with the path: the decomposition of `base` (translation,
  /// angle, scales, shear) with the path's angle plus `offset` (a half turn for
  /// ``PathRotation/autoReverse``) as its angle.
  struct Rotation: Sendable {
    let base: SIMD8<Double>
    let offset: Double
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
  let length: Double
  /// How the motion turns the transform, or nil for a motion that does not: a lane of eight
  /// values (the transform's) reads the turned transform of a motion that turns, a lane of
  /// two the point.
  let rotation: Rotation?
  /// The corners, for a motion with a rotation (without one, nothing turns).
  let corners: [Corner]
  /// Per piece, the unwrapped angle of its direction at t = k / ``Path/marksPerCurve`` (a
  /// line's one angle): the reference the angle at a point is unwrapped against. Only a
  /// motion with a rotation has them: a centre's frame reads no angle (at 20 000 nodes on a
  /// path, a centre's angles were 4 of a frame's 36 cache misses a node, and an `atan2`).
  let markAngles: [[Double]]

  /// The motion along `path`, turning the transform as `rotation` says (nil: the centre's
  /// motion alone).
  init(path: Path, rotation: Rotation? = nil) {
    self.path = path
    length = path.length
    self.rotation = rotation
    if rotation != nil {
      (corners, markAngles) = Self.angles(of: path)
    } else {
      (corners, markAngles) = ([], [])
    }
  }

  /// The corners of `path` in order of distance, and its pieces' unwrapped mark angles.
  private static func angles(of path: Path) -> ([Corner], [[Double]]) {
    let segments = path.segments
    var corners: [Corner] = []
    var markAngles: [[Double]] = []
    var previous = segments.isEmpty ? 0 : angle(of: Path.direction(of: segments[0], at: 0))
    for (index, segment) in segments.enumerated() {
      let leaving = unwrap(angle(of: Path.direction(of: segment, at: 0)), near: previous)
      if index > 0, abs(leaving - previous) > 1e-12 {
        let halfWidth = min(segments[index - 1].length, segment.length) / 4
        corners.append(
          Corner(distance: path.ends[index - 1], turn: leaving - previous, halfWidth: halfWidth))
      }
      var marks = [leaving]
      if !segment.isLine {
        let steps = Path.marksPerCurve
        for step in 1...steps {
          let direction = Path.direction(of: segment, at: Double(step) / Double(steps))
          marks.append(unwrap(angle(of: direction), near: marks[step - 1]))
        }
      }
      markAngles.append(marks)
      previous = marks[marks.count - 1]
    }
    return (corners, markAngles)
  }

  /// `angle` plus the multiple of 2π that brings it nearest to `reference`.
  static func unwrap(_ angle: Double, near reference: Double) -> Double {
    reference + (angle - reference).remainder(dividingBy: 2 * .pi)
  }

  static func angle(of direction: SIMD2<Double>) -> Double {
    cAtan2(direction.y, direction.x)
  }

  /// Where the motion is `s` of the way along the path (beyond its ends, along their
  /// tangents), searched.
  private func located(at s: Double) -> PathPlace {
    let segments = path.segments
    let distance = s * length
    guard !segments.isEmpty, let (index, t) = path.locate(distance, in: "move(along:rotation:)")
    else {
      return PathPlace(
        point: path.point(atDistance: 0).vector, direction: SIMD2(1, 0), index: -1, t: 0,
        side: 0)
    }
    let segment = segments[index]
    if !(distance > 0) || distance >= length {
      // Before the start or past the end: on along the end's tangent.
      let end = distance >= length
      let direction = Path.direction(of: segment, at: end ? 1 : 0)
      return PathPlace(
        point: (end ? segment.p3 : segment.p0) + direction * (end ? distance - length : distance),
        direction: direction, index: index, t: t, side: end ? 1 : -1)
    }
    return PathPlace(
      point: Path.position(of: segment, at: t), direction: Path.direction(of: segment, at: t),
      index: index, t: t, side: 0)
  }

  /// ``located(at:)``, or what `memo` kept of the same search; with `records`, the search is
  /// kept in `memo`.
  @inline(__always)
  private func place(at s: Double, memo: PathMemo?, records: Bool) -> PathPlace {
    if let memo, memo.progress == s { return memo.place }
    let place = located(at: s)
    if records, let memo {
      memo.progress = s
      memo.place = place
    }
    return place
  }

  /// The direction's unwrapped angle at `place`, before any corner's turn (beyond an end,
  /// the end's angle).
  private func angle(at place: PathPlace) -> Double {
    guard place.index >= 0 else { return 0 }
    let marks = markAngles[place.index]
    if place.side != 0 { return place.side > 0 ? marks[marks.count - 1] : marks[0] }
    let reference = marks[min(Int(place.t * Double(marks.count - 1)), marks.count - 1)]
    return Self.unwrap(Self.angle(of: place.direction), near: reference)
  }

  /// The rate at which the direction's angle turns per unit of distance at `place`, on the
  /// path (0 on a line, and beyond the ends).
  private func turning(at place: PathPlace) -> Double {
    guard place.index >= 0, place.side == 0 else { return 0 }
    let segment = path.segments[place.index]
    guard !segment.isLine else { return 0 }
    let first = Path.derivative(of: segment, at: place.t)
    let second = Path.secondDerivative(of: segment, at: place.t)
    let speed = Path.magnitude(first)
    let turning = (first.x * second.y - first.y * second.x) / (speed * speed * speed)
    return turning.isFinite ? turning : 0
  }

  /// The angle the node turns to at distance `distance` (0…length), given the path's
  /// unwrapped `angle` there, and with `slopes` its rate per unit of distance (`turning`
  /// being the path's).
  private func turned(
    at distance: Double, angle: Double, turning: Double, slopes: Bool
  ) -> (angle: Double, rate: Double) {
    var angle = angle
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
  /// respect to `s`: the point for a lane of fewer than eight values (the centre's), the
  /// turned transform for one of eight (the transform's) when the motion has a ``rotation``.
  /// `memo` (the lane's) may hold the search for `s` already; with `records` (a value about
  /// to be written into the lane) the search is kept there.
  @inline(__always)
  func value<V: SIMD>(
    _: V.Type, at s: Double, slopes: Bool, memo: PathMemo? = nil, records: Bool = false
  ) -> (value: V, slope: V) where V.Scalar == Double {
    let place = place(at: s, memo: memo, records: records)
    if V.scalarCount >= 8, let rotation {
      let distance = s * length
      let inside = slopes && distance > 0 && distance < length
      let (angle, rate) = turned(
        at: min(max(distance, 0), length), angle: angle(at: place),
        turning: inside ? turning(at: place) : 0, slopes: inside)
      var value = rotation.base
      value[2] = angle + rotation.offset
      var slope = SIMD8<Double>.zero
      slope[2] = rate * length
      return (Self.vector(value), slopes ? Self.vector(slope) : .zero)
    }
    return (Self.vector(place.point), slopes ? Self.vector(place.direction * length) : .zero)
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

/// A place found along a path by its search (``PathMotion``): the point and the unit
/// direction there (beyond an end, along the end's tangent), the piece and its parameter.
struct PathPlace {
  var point: SIMD2<Double>
  var direction: SIMD2<Double>
  /// The piece, or -1 for a path without one.
  var index: Int
  var t: Double
  /// -1 before the path's start, 1 past its end, 0 on it.
  var side: Int8
}

/// The last search along a path, kept for the next lane that asks for the same progress.
///
/// A frame evaluates every centre lane and then every transform lane, so a move with
/// rotation searched each path twice, once in each pass, and at 20 000 nodes the second
/// search found none of it in the caches (`dance-bench`'s path line: 36 cache misses a
/// node-frame against the loop's 9). The centre's and the transform's lanes of one
/// `move(along:rotation:)` share a memo (one path): the first search of a frame is kept,
/// and the second lane, at the same progress, takes it, the same bits the search gives.
/// Any other progress searches again. Only a value about to be written into a lane keeps its
/// search (a property read writes nothing); a memo is held by lanes, confined to their
/// clock's thread, never by a ``PathMotion`` (which timelines share).
final class PathMemo {
  /// The progress of the kept search; NaN (equal to nothing) until the first.
  var progress = Double.nan
  var place = PathPlace(point: .zero, direction: SIMD2(1, 0), index: -1, t: 0, side: 0)
}
