/// A keyframe track as a pure value, SwiftUI's `KeyframeTimeline`: the value and velocity at
/// any time, with no scene, clock or node. It evaluates exactly what a ``Timeline``'s
/// keyframe track shows (the same segments, the same arithmetic), so tests can compute
/// what a timeline must show.
///
/// ```swift
/// let bounce = KeyframeTimeline(initialValue: 0.0) {
///   LinearKeyframe(100.0, duration: 0.25)
///   SpringKeyframe(40.0, duration: 0.5, spring: SpringParameters(duration: 0.5, bounce: 0.3))
///   CubicKeyframe(0.0, duration: 0.25)
/// }
/// bounce.duration                 // 1.0
/// bounce.value(time: 0.125)       // 50.0
/// bounce.velocity(time: 0.25)     // 400.0: the linear keyframe's slope, handed on
/// ```
///
/// Times outside 0…``duration`` are clamped to it; a NaN time reports a `DanceError` and
/// counts as 0.
public struct KeyframeTimeline<Value: VectorConvertible> {
  private let initialValue: Value.VectorType
  private let segments: [TimelineSegment<Value.VectorType>]

  /// The track of `track`'s keyframes starting from `initialValue`, at rest.
  public init(initialValue: Value, @KeyframeTrackBuilder<Value> _ track: () -> [Keyframe<Value>]) {
    let call = "KeyframeTimeline.init(initialValue:_:)"
    let keyframes = track().map {
      Keyframe(
        kind: $0.kind, value: $0.value,
        duration: Validation.seconds($0.duration, "a keyframe's duration", in: call))
    }
    self.initialValue = initialValue.vector
    segments = TimelineSegment.track(
      keyframes, from: initialValue.vector, velocity: .zero, start: 0)
  }

  /// The sum of the keyframes' durations, in seconds.
  public var duration: Double {
    guard let last = segments.last else { return 0 }
    return last.start + last.duration
  }

  /// The value at `time` seconds.
  public func value(time: Double) -> Value {
    Value(vector: state(at: time, slopes: false, call: "KeyframeTimeline.value(time:)").value)
  }

  /// The value at `progress` × ``duration`` (0 the start, 1 the end).
  public func value(progress: Double) -> Value {
    let call = "KeyframeTimeline.value(progress:)"
    return Value(vector: state(at: progress * duration, slopes: false, call: call).value)
  }

  /// The velocity at `time` seconds, in value per second (0 from the end on, where the
  /// track holds its last value).
  public func velocity(time: Double) -> Value {
    Value(vector: state(at: time, slopes: true, call: "KeyframeTimeline.velocity(time:)").slope)
  }

  /// The value and velocity at `time`: the last segment that has started owns it, as on a
  /// timeline's track.
  private func state(at time: Double, slopes: Bool, call: String) -> (
    value: Value.VectorType, slope: Value.VectorType
  ) {
    var time = time
    if time.isNaN {
      DanceError.report(.nonFiniteNumber, "\(call): the time is NaN; using 0")
      time = 0
    }
    time = min(max(time, 0), duration)
    guard let index = segments.lastIndex(where: { $0.start <= time }) else {
      return (initialValue, .zero)
    }
    let segment = segments[index]
    let (value, slope) = segment.value(at: time - segment.start, slopes: slopes)
    // The track ends there: a timeline holds the last value, at rest.
    return (value, time >= duration && index == segments.count - 1 ? .zero : slope)
  }
}

extension TimelineSegment {
  /// The segments of a keyframe track starting at `start` (own seconds) from `value`, moving
  /// at `velocity` (value per second): one per keyframe, each from where the one before left
  /// the property, with SwiftUI's velocities at the joins (``CubicKeyframe``).
  static func track<Value: VectorConvertible>(
    _ keyframes: [Keyframe<Value>], from value: V, velocity: V, start: Double
  ) -> [TimelineSegment] where Value.VectorType == V {
    // The values the keyframes pass through, with their times (index 0: the start).
    var points = [(time: 0.0, value: value)]
    for keyframe in keyframes {
      points.append((points[points.count - 1].time + keyframe.duration, keyframe.value.vector))
    }
    /// The Catmull-Rom velocity at point `index`: its neighbours' difference over their
    /// time apart; 0 at the ends.
    func tangent(_ index: Int) -> V {
      guard index > 0, index + 1 < points.count else { return .zero }
      let span = points[index + 1].time - points[index - 1].time
      return span > 0 ? (points[index + 1].value - points[index - 1].value) / span : .zero
    }
    /// The velocity keyframe `index` starts with, as a cubic keyframe before it ends: a
    /// linear keyframe's slope, a spring's given start or the Catmull-Rom one, 0 for a move.
    func startVelocity(of index: Int) -> V {
      let keyframe = keyframes[index]
      switch keyframe.kind {
      case .linear(let curve):
        guard keyframe.duration > 0 else { return .zero }
        return (points[index + 1].value - points[index].value)
          * (curve.slope(at: 0) / keyframe.duration)
      case .cubic(let start, _): return start ?? tangent(index)
      case .spring(_, let start): return start ?? tangent(index)
      case .move: return .zero
      }
    }
    var segments: [TimelineSegment] = []
    segments.reserveCapacity(keyframes.count)
    var (value, velocity) = (value, velocity)
    var start = start
    for (index, keyframe) in keyframes.enumerated() {
      var segment = TimelineSegment(
        kind: .move, start: start, duration: keyframe.duration, from: value,
        to: keyframe.value.vector)
      var endVelocity: V?
      switch keyframe.kind {
      case .linear(let curve):
        segment.kind = .timed
        segment.timing = AnimationTiming(curve: curve, duration: keyframe.duration)
        // Its own slope at its end (the timing's sample there is the end, at rest).
        endVelocity =
          keyframe.duration > 0
          ? (segment.to - segment.from) * (curve.slope(at: 1) / keyframe.duration) : .zero
      case .cubic(let given, let givenEnd):
        segment.kind = .hermite
        // After a cubic keyframe: its given end velocity or the Catmull-Rom one; after
        // another kind (or at the track's start), the velocity handed on.
        var afterCubic: V?
        if index > 0, case .cubic(_, let previousEnd) = keyframes[index - 1].kind {
          afterCubic = previousEnd ?? tangent(index)
        }
        segment.v0 = given ?? afterCubic ?? velocity
        segment.v1 =
          givenEnd ?? (index + 1 < keyframes.count ? startVelocity(of: index + 1) : .zero)
      case .spring(let spring, let given):
        segment.kind = .spring
        segment.timing = AnimationTiming(
          spring: SpringTimingParameters(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping),
          requestedDuration: keyframe.duration)
        segment.inherited = given ?? velocity
      case .move:
        endVelocity = .zero
      }
      segments.append(segment)
      let end = segment.value(at: keyframe.duration, slopes: true)
      value = end.value
      velocity = endVelocity ?? end.slope
      start += keyframe.duration
    }
    return segments
  }
}
