/// How a keyframe animation moves between its values (the calculation modes of
/// ``KeyframeAnimationOptions``).
enum KeyframeCalculation: Hashable, Sendable {
  /// Straight lines, each keyframe in its own time slice.
  case linear
  /// No motion: the value jumps to each keyframe's value at the end of its slice.
  case discrete
  /// Straight lines at one constant speed over the whole duration; slices are ignored.
  case paced
  /// A Catmull-Rom curve through the values, each keyframe in its own time slice.
  case cubic
  /// The Catmull-Rom curve at one constant speed over the whole duration.
  case cubicPaced
}

/// The keyframes of one property of a `Node.animateKeyframes` animator, as data in its
/// ``LanePath``: the value is a function of the animator's fraction complete f (time over
/// duration). The path starts at the property's value when the animation began and visits
/// each keyframe's value in order of their start times.
struct KeyframePath<V: SIMD> where V.Scalar == Double {
  struct Keyframe {
    var start: Double
    var duration: Double
    var value: V
  }

  let mode: KeyframeCalculation
  /// The keyframes sorted by start (ties in the order added).
  private(set) var keyframes: [Keyframe] = []
  /// The path's points: the start value, then each keyframe's value.
  private var points: [V]
  // For paced modes: the cumulative length at the end of each piece (a piece is a segment,
  // or a sample of a curve segment), its segment and its parameter there.
  private var pieceEnds: [Double] = []
  private var pieceSegment: [Int] = []
  private var pieceParameter: [Double] = []

  /// Samples per curve segment when measuring a cubic path for `cubicPaced`.
  static var samplesPerSegment: Int { 128 }

  init(from: V, mode: KeyframeCalculation) {
    self.mode = mode
    points = [from]
  }

  /// The value at the end of the path.
  var last: V { points[points.count - 1] }

  /// Adds a keyframe reaching `value` over the slice `start ..< start + duration`.
  mutating func add(start: Double, duration: Double, value: V) {
    let index = keyframes.firstIndex { $0.start > start } ?? keyframes.count
    keyframes.insert(Keyframe(start: start, duration: duration, value: value), at: index)
    points.insert(value, at: index + 1)
    measure()
  }

  /// Measures the path's length piece by piece, for the paced modes.
  private mutating func measure() {
    pieceEnds = []
    pieceSegment = []
    pieceParameter = []
    guard mode == .paced || mode == .cubicPaced else { return }
    var length = 0.0
    for segment in 0..<keyframes.count {
      let samples = mode == .paced ? 1 : Self.samplesPerSegment
      var previous = points[segment]
      for sample in 1...samples {
        let u = Double(sample) / Double(samples)
        let point = mode == .paced ? points[segment + 1] : curvePoint(segment, u)
        let step = previous - point
        length += (step * step).sum().squareRoot()
        pieceEnds.append(length)
        pieceSegment.append(segment)
        pieceParameter.append(u)
        previous = point
      }
    }
  }

  /// The point at parameter `u` ∈ [0, 1] of the Catmull-Rom segment from `points[segment]`
  /// to `points[segment + 1]`, with the end points repeated as outer control points.
  private func curvePoint(_ segment: Int, _ u: Double) -> V {
    let p1 = points[segment]
    let p2 = points[segment + 1]
    if u <= 0 { return p1 }
    if u >= 1 { return p2 }
    let p0 = points[max(segment - 1, 0)]
    let p3 = points[min(segment + 2, points.count - 1)]
    let u2 = u * u
    let u3 = u2 * u
    let a = 2 * p1
    let b = (p2 - p0) * u
    let c = (2 * p0 - 5 * p1 + 4 * p2 - p3) * u2
    let d = (3 * p1 - p0 - 3 * p2 + p3) * u3
    return 0.5 * (a + b + c + d)
  }

  private func point(_ segment: Int, _ u: Double) -> V {
    switch mode {
    case .cubic, .cubicPaced: curvePoint(segment, u)
    case .linear, .discrete, .paced:
      points[segment].lerp(to: points[segment + 1], u.clamped(to: 0...1))
    }
  }

  /// The value at fraction `f` of the animation.
  func value(at f: Double) -> V {
    let from = points[0]
    guard !keyframes.isEmpty else { return from }
    switch mode {
    case .linear, .cubic:
      guard let segment = keyframes.lastIndex(where: { $0.start <= f }) else { return from }
      let keyframe = keyframes[segment]
      let u = keyframe.duration > 0 ? (f - keyframe.start) / keyframe.duration : 1
      return point(segment, u)
    case .discrete:
      guard let segment = keyframes.lastIndex(where: { $0.start + $0.duration <= f }) else {
        return from
      }
      return points[segment + 1]
    case .paced, .cubicPaced:
      guard let total = pieceEnds.last, total > 0 else { return f >= 1 ? last : from }
      if f >= 1 { return last }
      if f <= 0 { return from }
      let distance = f * total
      // Binary search for the first piece that ends at or beyond `distance`.
      var low = 0
      var high = pieceEnds.count - 1
      while low < high {
        let middle = (low + high) / 2
        if pieceEnds[middle] < distance { low = middle + 1 } else { high = middle }
      }
      let piece = low
      let pieceStart = piece > 0 ? pieceEnds[piece - 1] : 0
      let pieceLength = pieceEnds[piece] - pieceStart
      let within = pieceLength > 0 ? (distance - pieceStart) / pieceLength : 1
      let segment = pieceSegment[piece]
      let u1 = pieceParameter[piece]
      let u0 = piece > 0 && pieceSegment[piece - 1] == segment ? pieceParameter[piece - 1] : 0
      return point(segment, u0 + (u1 - u0) * within)
    }
  }
}
