/// Where a child goes in a ``Timeline``: resolved to a start time, in the timeline's own
/// seconds, when the child is added.
///
/// ```swift
/// timeline
///   .animate(duration: 0.4) { card.alpha = 1 }                     // at the end: 0
///   .animate(duration: 0.4, at: .end(offset: -0.1)) { … }         // overlaps by 0.1 s
///   .animate(duration: 0.2, at: .withPrevious) { … }               // with the one before
///   .addLabel("deal")
///   .animate(duration: 0.3, at: .label("deal", offset: 0.5)) { … }
///   .animate(duration: 0.3, at: 2.5) { … }                         // at 2.5 s
/// ```
///
/// The names follow GSAP's position parameter: `.end(offset:)` is `"+=0.5"` / `"-=0.5"`,
/// `.withPrevious` is `"<"`, `.withPrevious(fraction: 0.25)` is `"<25%"`, `.afterPrevious` is
/// `">"`. A start before 0 is clamped to 0 and a
/// NaN or infinite time or offset counts as 0, each with a `DanceError`.
public struct TimelinePosition: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
  enum Anchor: Sendable {
    case absolute
    case end
    case previousStart
    case previousEnd
    /// The previous child's start plus this fraction of its length.
    case previousFraction(Double)
    case label(String)
  }

  let anchor: Anchor
  let offset: Double

  /// At `time` seconds of the timeline's own time.
  public static func at(_ time: Double) -> TimelinePosition {
    TimelinePosition(anchor: .absolute, offset: time)
  }

  /// At the timeline's current end, the latest end of its children (the default).
  public static var end: TimelinePosition { TimelinePosition(anchor: .end, offset: 0) }

  /// `offset` seconds after the timeline's current end: a gap, or an overlap when negative.
  public static func end(offset: Double) -> TimelinePosition {
    TimelinePosition(anchor: .end, offset: offset)
  }

  /// With the start of the child added last.
  public static var withPrevious: TimelinePosition {
    TimelinePosition(anchor: .previousStart, offset: 0)
  }

  /// `offset` seconds after the start of the child added last.
  public static func withPrevious(offset: Double) -> TimelinePosition {
    TimelinePosition(anchor: .previousStart, offset: offset)
  }

  /// `fraction` of the way into the child added last (GSAP's `"<25%"` is
  /// `.withPrevious(fraction: 0.25)`): its start plus `fraction` × its length. A NaN or
  /// infinite fraction counts as 0, with a `DanceError`.
  public static func withPrevious(fraction: Double) -> TimelinePosition {
    TimelinePosition(anchor: .previousFraction(fraction), offset: 0)
  }

  /// At the end of the child added last.
  public static var afterPrevious: TimelinePosition {
    TimelinePosition(anchor: .previousEnd, offset: 0)
  }

  /// `offset` seconds after the end of the child added last.
  public static func afterPrevious(offset: Double) -> TimelinePosition {
    TimelinePosition(anchor: .previousEnd, offset: offset)
  }

  /// `offset` seconds after the label `name`; a label that does not exist yet is added at
  /// the timeline's current end first (as GSAP does).
  public static func label(_ name: String, offset: Double = 0) -> TimelinePosition {
    TimelinePosition(anchor: .label(name), offset: offset)
  }

  /// At `value` seconds: `.at(value)`.
  public init(floatLiteral value: Double) {
    self.init(anchor: .absolute, offset: value)
  }

  /// At `value` seconds: `.at(Double(value))`.
  public init(integerLiteral value: Int) {
    self.init(anchor: .absolute, offset: Double(value))
  }

  private init(anchor: Anchor, offset: Double) {
    self.anchor = anchor
    self.offset = offset
  }
}

/// Which node of a ``Timeline/stagger(_:each:from:duration:curve:at:_:)`` starts first:
/// each node gets a *rank*, and starts `rank × each` after the stagger's position (GSAP's
/// `from`).
public enum StaggerOrigin: Hashable, Sendable {
  /// The first node, then each next one `each` seconds later.
  case first
  /// The last node first, back to the first.
  case last
  /// The middle node(s) first, out to both ends: node i starts at |i − (n − 1)/2| × `each`.
  case center
  /// Node `i` first, out to both ends: node j has rank |j − i|. An index outside the nodes
  /// is clamped to them, with a `DanceError`.
  case index(Int)
  /// Both ends first, inward: node j has rank min(j, n − 1 − j).
  case edges
  /// A shuffle: the ranks 0…n − 1 in an order drawn from `seed` (SplitMix64, Fisher–Yates),
  /// the same for the same seed and count on every run and machine.
  case random(seed: UInt64)

  /// The rank of each of `count` nodes; `call` names the user's call in errors.
  func ranks(count: Int, call: String) -> [Double] {
    let last = Double(count - 1)
    switch self {
    case .first: return (0..<count).map { Double($0) }
    case .last: return (0..<count).map { last - Double($0) }
    case .center: return (0..<count).map { abs(Double($0) - last / 2) }
    case .index(var origin):
      if count > 0 && !(0..<count).contains(origin) {
        DanceError.report(
          .outOfRange, "\(call): the origin index \(origin) is outside 0..<\(count); clamped")
        origin = min(max(origin, 0), count - 1)
      }
      return (0..<count).map { abs(Double($0 - origin)) }
    case .edges: return (0..<count).map { min(Double($0), last - Double($0)) }
    case .random(let seed):
      var ranks = (0..<count).map { Double($0) }
      var generator = SplitMix64(seed: seed)
      for index in ranks.indices.reversed() where index > 0 {
        let other = Int(generator.next() % UInt64(index + 1))
        ranks.swapAt(index, other)
      }
      return ranks
    }
  }
}
