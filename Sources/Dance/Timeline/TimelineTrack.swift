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
  let samples: ChildSamples?
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
    samples = plan.samples
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
