/// The time structure of an active ``Timeline`` and the timelines nested in it, shared by
/// the tracks of every property it drives: a *group* per timeline, with where it starts in
/// its parent, its speed and its repeats.
///
/// Own time flows down the tree: a nested timeline's own time is (parent time − its start)
/// × its speed, then folded into one play by ``fold(_:_:)`` (repeats, delays between them,
/// autoreverse). Everything is a pure function of the root's own time.
final class TimelinePlan {
  struct Group {
    /// The parent group's index; -1 for the root.
    var parent: Int
    /// Where the group starts, in its parent's own time (0 for the root).
    var start: Double
    /// Own seconds per parent second.
    var speed: Double
    /// One play, in own seconds.
    var duration: Double
    var repeatCount: Double
    var repeatDelay: Double
    var autoreverses: Bool
    /// The root's own time at which the group's own time 0 falls, in the first play of
    /// every group above it; and own seconds of this group per root second there.
    var rootStart: Double
    var rootScale: Double

    /// One play: forward, and back again when it autoreverses.
    var playLength: Double { autoreverses ? 2 * duration : duration }

    /// Every play and the delays between them, in own seconds (∞ when it repeats forever).
    var totalDuration: Double {
      guard repeatCount.isFinite else { return .infinity }
      let delays = (repeatCount.rounded(.up) - 1) * repeatDelay
      return repeatCount * playLength + max(delays, 0)
    }

    /// The own time `t` (≥ 0, unfolded) as a position within one play, 0…duration, and
    /// the direction the play moves there (1 forward, −1 back, 0 holding).
    @inline(__always)
    func fold(_ t: Double) -> (position: Double, direction: Double) {
      if repeatCount == 1 && !autoreverses {
        return t < duration ? (t, 1) : (duration, 0)
      }
      let play = playLength
      let cycle = play + repeatDelay
      var within: Double
      var holding = false
      if repeatCount.isFinite && t >= totalDuration {
        // The end of the last play (part of a play for a fractional count).
        let last = max(repeatCount.rounded(.up) - 1, 0)
        within = (repeatCount - last) * play
        holding = true
      } else if cycle > 0 && t.isFinite {
        let plays = (t / cycle).rounded(.down)
        within = t - plays * cycle
        if within > play {
          within = play
          holding = true
        }
      } else {
        within = 0
      }
      within = max(within, 0)
      guard autoreverses else { return (min(within, duration), holding ? 0 : 1) }
      if within <= duration { return (within, holding ? 0 : 1) }
      return (max(2 * duration - within, 0), holding ? 0 : -1)
    }
  }

  var groups: [Group] = []
  /// Per timed child: the local time u its timing was last sampled at, and the sample, so
  /// that the lanes of one child (a node's centre and alpha) share one curve solve a frame.
  /// NaN u: not sampled yet.
  private(set) var samples = FlatArray<(u: Double, sample: TimingSample)>()
  /// The root's own seconds that a lane's fraction 0…1 spans: the total duration, or one
  /// play and its delay for a timeline that repeats forever.
  var ownLength = 0.0
  /// The root's own time that reads see: a child's start while its block runs, then the
  /// end (a property's target).
  var cursor = 0.0

  /// A timed child of the root timeline, for the frame's pass over the children.
  struct Child {
    var start: Double
    var duration: Double
    var timing: AnimationTiming
    /// Whether the frame samples it (a timed child of the root); otherwise the fields are
    /// unused.
    var sampled = true
  }

  /// The children (by child index), the root's timed ones marked `sampled`, which the
  /// frame samples in one pass: the lanes of a stagger's children then blend like plain
  /// lanes. (Read in place: copying a child out moved its timing.)
  private(set) var children = FlatArray<Child>()

  /// Makes room for the samples of `count` children, and keeps the root's timed ones.
  ///
  /// A plan is prepared once, before any track or frame reads it (each run makes its own):
  /// the addresses of its samples that tracks and the store keep stay valid for its life.
  func prepare(children list: [Child?]) {
    samples = FlatArray(capacity: list.count)
    children = FlatArray(capacity: list.count)
    let unused = Child(
      start: 0, duration: 0, timing: AnimationTiming(curve: .linear, duration: 0), sampled: false)
    for child in list {
      samples.append((.nan, .zero))
      children.append(child ?? unused)
    }
  }

  /// Samples every timed child of the root at the run's fraction `f`: the same arithmetic
  /// as a segment's own evaluation, so a lane reads the same value either way.
  @inline(__always)
  func sampleChildren(atFraction f: Double) {
    guard !children.isEmpty else { return }
    let (time, _) = groups[0].fold(max(f * ownLength, 0))
    for index in children.indices {
      let child = children.element(at: index)
      guard child.pointee.sampled else { continue }
      let duration = child.pointee.duration
      let start = child.pointee.start
      // Before its start a child shows where it starts (a zero-length one too).
      let u = time < start ? 0 : duration > 0 ? (time - start) / duration : 1
      if samples[index].u != u {
        samples[index] = (u, child.pointee.timing.sample(at: u, linear: false))
      }
    }
  }

}

/// What one property does in an active ``Timeline``: the segments its children animate,
/// found by own time through the plan's groups. Lives in the property's lane (a side array
/// of its ``LaneTable``), so the frame evaluates it on the one lane path.
///
/// At own time t of the root: fold t into the root's play; in each group take the entry
/// that started last (the latest writer owns the property); a segment gives the value, a
/// nested group repeats the step in its own time. Before a group's first entry the value is
/// the group's base: where the property was when the group first took it.
///
/// A class, so that the frame evaluates it in place (a struct of arrays was copied, with
/// a retain per array, for every lane in every frame).
final class TimelineTrack<V: SIMD> where V.Scalar == Double {
  struct Entry {
    /// In the group's own time.
    var start: Double
    /// A segment's index, or -1.
    var segment: Int32
    /// A nested group's index, or -1.
    var group: Int32
  }

  let plan: TimelinePlan
  /// The root group, the plan's shared samples and its own length (copies, for the
  /// frame's fast path).
  let root: TimelinePlan.Group
  let samples: FlatAddress<(u: Double, sample: TimingSample)>?
  let ownLength: Double
  /// The one segment, when the property has one segment in the root group and nothing
  /// else (a stagger's child): the frame's fast path, read in place (a stored optional was
  /// copied out, 200 bytes, for every lane in every frame). A list of one or none.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var single = FlatArray<TimelineSegment<V>>()
  /// Per group: its entries, in start order.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var entries: [[Entry]]
  /// Per group: the value before its first entry.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var bases: [V]
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var segments: ContiguousArray<TimelineSegment<V>> = []

  init(plan: TimelinePlan, base: V) {
    self.plan = plan
    root = plan.groups[0]
    samples = plan.samples.firstAddress
    ownLength = plan.ownLength
    entries = Array(repeating: [], count: plan.groups.count)
    bases = Array(repeating: base, count: plan.groups.count)
  }

  /// The value at the fraction `f` of the timeline's own length, and with `slopes` its
  /// derivative with respect to `f`.
  @inline(__always)
  func value(atFraction f: Double, slopes: Bool) -> (value: V, slope: V) {
    let (value, slope) = value(at: f * ownLength, slopes: slopes)
    return (value, slope * ownLength)
  }

  /// The value at the root's own time `t` (unfolded), and with `slopes` its derivative with
  /// respect to t.
  @inline(__always)
  func value(at t: Double, slopes: Bool) -> (value: V, slope: V) {
    if let single = single.firstAddress {
      let (time, direction) = root.fold(max(t, 0))
      guard time >= single.pointee.start else { return (bases[0], .zero) }
      let (value, slope) = TimelineSegment.value(
        of: single, at: time - single.pointee.start, slopes: slopes, samples: samples)
      return (value, slope * direction)
    }
    return walk(to: t, slopes: slopes)
  }

  /// ``value(at:slopes:)`` through the groups.
  private func walk(to t: Double, slopes: Bool) -> (value: V, slope: V) {
    var group = 0
    var (time, direction) = plan.groups[0].fold(max(t, 0))
    var scale = direction
    while true {
      let list = entries[group]
      // The last entry that has started (ties: the one added last).
      var low = 0
      var high = list.count
      while low < high {
        let middle = (low + high) / 2
        if list[middle].start <= time { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return (bases[group], .zero) }
      let entry = list[low - 1]
      if entry.segment >= 0 {
        let (value, slope) = segments[Int(entry.segment)].value(
          at: time - entry.start, slopes: slopes, samples: samples)
        return (value, slope * scale)
      }
      group = Int(entry.group)
      let nested = plan.groups[group]
      (time, direction) = nested.fold(max((time - nested.start) * nested.speed, 0))
      scale *= nested.speed * direction
    }
  }

  /// The lone timed segment's child, start and end values, when the frame can blend this
  /// property like a plain lane from its child's sample (one root segment, no velocity
  /// carried in); nil otherwise.
  var plainChild: (child: Int32, from: V, to: V)? {
    guard let segment = single.firstAddress?.pointee, segment.kind == .timed, segment.child >= 0,
      Int(segment.child) < plan.children.count, segment.inherited == .zero,
      plan.children[Int(segment.child)].sampled
    else { return nil }
    return (segment.child, segment.from, segment.to)
  }

  /// Inserts `entry` into `group`'s entries after every one that starts at or before it; a
  /// nested group's entry not where that group already holds the property.
  private func insert(_ entry: Entry, into group: Int) {
    let list = entries[group]
    var index = list.count
    while index > 0 && list[index - 1].start > entry.start { index -= 1 }
    if entry.group >= 0 && index > 0 && list[index - 1].group == entry.group { return }
    entries[group].insert(entry, at: index)
  }

  /// Where the property is at the plan's cursor: what a read inside a block sees, and
  /// the target.
  var target: V { value(at: plan.cursor, slopes: false).value }

  /// Adds `segment`, starting at the root's own time `rootTime` in group `group`: the
  /// groups on the way down from the root take the property there (each from its parent's
  /// value at that moment) unless they already hold it then.
  ///
  /// Segments may come out of start order (a keyframe track's later keyframes are added
  /// before a child that starts between them): each entry goes in start order, so the
  /// entry that starts latest at or before t owns the property at t, whatever the order
  /// added (ties: the one added last).
  func add(_ segment: TimelineSegment<V>, group: Int, rootTime: Double) {
    var path: [Int] = []
    var level = group
    while level > 0 {
      path.append(level)
      level = plan.groups[level].parent
    }
    var parent = 0
    for child in path.reversed() {
      let start = (rootTime - plan.groups[parent].rootStart) * plan.groups[parent].rootScale
      if entries[child].isEmpty { bases[child] = value(at: rootTime, slopes: false).value }
      insert(Entry(start: start, segment: -1, group: Int32(child)), into: parent)
      parent = child
    }
    insert(Entry(start: segment.start, segment: Int32(segments.count), group: -1), into: group)
    segments.append(segment)
    single.removeAll()
    if group == 0 && entries[0].count == 1 && entries.count == 1 { single.append(segment) }
  }
}

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
    samples: FlatAddress<(u: Double, sample: TimingSample)>? = nil
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
    samples: FlatAddress<(u: Double, sample: TimingSample)>?
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
        let memo = samples + Int(child)
        if memo.pointee.u != u {
          memo.pointee = (
            u, segment.pointee.timing.sample(at: u, linear: false, slopes: false).value
          )
        }
        return (LanePath.blend(from, to, inherited: inherited, memo.pointee.sample), .zero)
      }
      let (sample, slope) = segment.pointee.timing.sample(at: u, linear: false, slopes: slopes)
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
