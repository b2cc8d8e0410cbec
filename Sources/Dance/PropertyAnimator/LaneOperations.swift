// What a property's animation does to its lane without knowing the value type: which table
// holds the lane (`LaneWidth`, kept in two bits of the animation), and the operations that
// `PropertyAnimation.perform(_:)` runs on the lane with its table as its own type.

/// Which of a store's lane tables holds a lane.
enum LaneWidth {
  /// `LaneTable<SIMD2<Double>>`: `Point`, `Size`, `Double`, `Vector`.
  case pairs
  /// `LaneTable<SIMD4<Double>>`: `Rect`, `Color`.
  case quads
  /// `LaneTable<SIMD8<Double>>`: `Transform`.
  case octets
  /// Any other width (users' own `VectorConvertible` types).
  case other

  /// The width as two bits (``PropertyAnimation`` keeps it so).
  var bits: UInt32 {
    switch self {
    case .pairs: 0
    case .quads: 1
    case .octets: 2
    case .other: 3
    }
  }

  /// The width of two bits made by ``bits``.
  @inline(__always)
  init(bits: UInt32) {
    switch bits {
    case 0: self = .pairs
    case 1: self = .quads
    case 2: self = .octets
    default: self = .other
    }
  }

  /// The table that holds lanes of `V`.
  static func of<V: SIMD>(_: V.Type) -> LaneWidth where V.Scalar == Double {
    if V.self == SIMD2<Double>.self { return .pairs }
    if V.self == SIMD4<Double>.self { return .quads }
    if V.self == SIMD8<Double>.self { return .octets }
    return .other
  }
}

/// Where a run ended, for the lanes it ends: the position and the core it ended with.
struct LaneEnding {
  let position: AnimatingPosition
  let core: FlatAddress<AnimatorCore>
}

/// An operation on one lane that does not depend on the property's value type, run by
/// ``PropertyAnimation/perform(_:)`` with the lane's table as its own type.
protocol LaneOperation {
  associatedtype Result
  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) -> Result where V.Scalar == Double
}

/// Writes the lane's value at a fraction.
struct EvaluateLane: LaneOperation {
  let fraction: Double
  let sample: TimingSample
  let core: FlatAddress<AnimatorCore>
  let now: Double

  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) where V.Scalar == Double {
    table.evaluate(at: index, fraction: fraction, sample: sample, core: core, now: now)
  }
}

/// Points the lane to its animator's new slot.
struct MoveLane: LaneOperation {
  let slot: Int

  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) where V.Scalar == Double {
    table.move(at: index, toSlot: slot)
  }
}

/// Re-bases the lane's path for `continueAnimation`: a new segment from where the old
/// timing has the property, carrying its velocity into a spring.
struct RebaseLane: LaneOperation {
  let rebase: AnimatorCore.Rebase
  let core: FlatAddress<AnimatorCore>

  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) where V.Scalar == Double {
    if table.rebaseMotion(at: index, rebase, timing: core.pointee.timing) { return }
    var path = table.path(at: index)
    let f = rebase.fraction
    var oldCore = rebase.oldCore
    let (value, slope) = FlatAddress.withAddress(of: &oldCore) { old in
      let (sample, sampleSlope) = old.sample(atFraction: f, slopes: true)
      return table.value(
        at: index, fraction: f, sample: sample, slope: sampleSlope, core: old, slopes: true)
    }
    path.rebase(
      at: f, value: value, clockVelocity: slope * rebase.oldSpeed, timing: core.pointee.timing,
      speed: rebase.newSpeed)
    table.setPath(path, at: index)
  }
}

/// Whether the lane belongs to an animation and a slot; for the audit.
struct LaneMatches: LaneOperation {
  let animation: PropertyAnimation
  let slot: Int

  func run<V: SIMD>(on table: LaneTable<V>, lane index: Int) -> Bool where V.Scalar == Double {
    table.laneMatches(animation, at: index, slot: slot)
  }
}
