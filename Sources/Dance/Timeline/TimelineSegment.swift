/// One child's motion of one property in a ``TimelineTrack``: from `from` to `to` over
/// `duration` own seconds from `start`, timed by a curve or a spring, along a cubic Hermite
/// (cubic keyframes), or at once (move keyframes).
///
/// Flat fields rather than an enum with payloads: the frame reads the one it needs in
/// place (binding a payload copied the whole timing first).
struct TimelineSegment<V: SIMD> where V.Scalar == Double {
  enum Kind {
    /// `timing` over u = local time / duration, ending exactly at `to`.
    case timed
    /// `timing.spring` released at the segment's start, `inherited` its velocity; it stops
    /// where it is when the slot ends.
    case spring
    /// A cubic Hermite with velocities `v0` and `v1` (value per second) at its ends.
    case hermite
    /// At `to` at once.
    case move
  }

  var kind: Kind
  /// In the group's own time.
  var start: Double
  var duration: Double
  var from: V
  var to: V
  var timing = AnimationTiming(curve: .linear, duration: 0)
  /// A velocity carried into a spring, in value per second of spring time.
  var inherited: V = .zero
  /// The Hermite's end velocities.
  var v0: V = .zero
  var v1: V = .zero
  /// The child whose timing a `.timed` segment shares with its other properties (an index
  /// into the plan's samples), or -1.
  var child: Int32 = -1
  /// For a `.timed` segment of a move along a path (`Node.move(along:rotation:)`): the
  /// motion, whose progress is the timing's (`from` and `to` are its ends).
  var motion: PathMotion?

  init(kind: Kind, start: Double, duration: Double, from: V, to: V) {
    let from = LanePath.bounded(from)
    let to = LanePath.bounded(to)
    self.kind = kind
    self.start = start
    self.duration = duration
    self.from = from
    self.to = to
  }

  /// The value `s` own seconds after the start, and with `slopes` its derivative;
  /// `samples` holds the children's last timing samples.
  @inline(__always)
  func value(
    at s: Double, slopes: Bool,
    samples: ChildSamples? = nil
  ) -> (value: V, slope: V) {
    FlatAddress.withAddress(reading: self) {
      Self.value(of: $0, at: s, slopes: slopes, samples: samples)
    }
  }

  /// ``value(at:slopes:samples:)`` of the segment at `segment`, reading only the fields it
  /// needs (a call on a copy moved the whole 200-byte segment for every lane in every frame).
  @inline(__always)
  static func value(
    of segment: FlatAddress<Self>, at s: Double, slopes: Bool,
    samples: ChildSamples?
  ) -> (value: V, slope: V) {
    let duration = segment.pointee.duration
    let from = segment.pointee.from
    let to = segment.pointee.to
    switch segment.pointee.kind {
    case .move:
      return (to, .zero)
    case .timed:
      let u = duration > 0 ? s / duration : 1
      let inherited = segment.pointee.inherited
      let child = segment.pointee.child
      if !slopes, child >= 0, let samples {
        let sample = samples.sample(Int(child), at: u) {
          segment.pointee.timing.sample(at: u, linear: false, slopes: false).value
        }
        return (LanePath.blend(from, to, inherited: inherited, sample), .zero)
      }
      let (sample, slope) = segment.pointee.timing.sample(at: u, linear: false, slopes: slopes)
      if let motion = segment.pointee.motion {
        let (value, along) = motion.value(V.self, at: sample.progress.x, slopes: slopes)
        guard slopes, duration > 0 else { return (value, .zero) }
        return (value, along * (slope.progress.x / duration))
      }
      let value = LanePath.blend(from, to, inherited: inherited, sample)
      guard slopes, duration > 0 else { return (value, .zero) }
      var rate = (to - from) * LanePath<V>.mask(slope.progress)
      if slope.impulse != 0 { rate += inherited * slope.impulse }
      return (value, rate / duration)
    case .spring:
      let inherited = segment.pointee.inherited
      let t = min(max(s, 0), duration)
      let (sample, rate) = segment.pointee.timing.spring.state(at: t, velocity: slopes)
      let value =
        from + (to - from) * LanePath<V>.mask(sample.progress) + inherited * sample.impulse
      guard slopes else { return (value, .zero) }
      return (value, (to - from) * LanePath<V>.mask(rate.progress) + inherited * rate.impulse)
    case .hermite:
      guard duration > 0 else { return (to, .zero) }
      let (v0, v1) = (segment.pointee.v0, segment.pointee.v1)
      let u = min(max(s / duration, 0), 1)
      if u == 1 { return (to, slopes ? v1 : .zero) }
      let u2 = u * u
      let u3 = u2 * u
      let h00 = 2 * u3 - 3 * u2 + 1
      let h10 = u3 - 2 * u2 + u
      let h01 = -2 * u3 + 3 * u2
      let h11 = u3 - u2
      let value = from * h00 + v0 * (h10 * duration) + to * h01 + v1 * (h11 * duration)
      guard slopes else { return (value, .zero) }
      let d00 = 6 * u2 - 6 * u
      let d10 = 3 * u2 - 4 * u + 1
      let d01 = -6 * u2 + 6 * u
      let d11 = 3 * u2 - 2 * u
      return (value, from * (d00 / duration) + v0 * d10 + to * (d01 / duration) + v1 * d11)
    }
  }
}
