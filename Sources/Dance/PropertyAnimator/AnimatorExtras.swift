extension PropertyAnimator {
  /// The timing provider the animator was made with, for nested blocks that inherit it.
  var timingProvider: any TimingCurveProvider {
    switch extras?.timing {
    case .cubic(let cubic):
      CubicTimingParameters(
        controlPoint1: Point(x: cubic.x1, y: cubic.y1),
        controlPoint2: Point(x: cubic.x2, y: cubic.y2))
    case .dampingRatio(let ratio): SpringTimingParameters(dampingRatio: ratio)
    case .provider(let provider): provider
    case nil: CubicTimingParameters(animationCurve: timingCurve)
    }
  }

  /// Whether the animator keeps velocities handed off by the animation it replaced.
  @inline(__always)
  var hasHandOffs: Bool {
    guard let extras else { return false }
    return !extras.handOffs.isEmpty
  }

  /// Drops the handed-off velocities, if any (they were for one run's blocks).
  @inline(__always)
  func dropHandOffs() {
    if let extras, !extras.handOffs.isEmpty { extras.handOffs.removeAll() }
  }

  /// ``extras``, made if the animator has none yet.
  var madeExtras: AnimatorExtras {
    if let extras { return extras }
    let made = AnimatorExtras()
    extras = made
    return made
  }
}

/// What few animators need, out of the animator's own memory: an animator made with a custom
/// curve, a spring or a timing provider (not a standard curve) keeps it here, and a call
/// whose blocks animated a node in no scene keeps its error here until it reports it; a
/// `node.dance` spring that replaced a running animation keeps the velocities here. Made
/// the first time one is needed and kept for the animator's life, so that a `node.dance`
/// animator reused with a spring's timing allocates it once. Without it, an animator held a
/// 41-byte timing enum and a 16-byte string in every animation (Docs/Performance.md,
/// "Memory per property").
@usableFromInline
final class AnimatorExtras {
  /// An animator's timing when it is not a standard curve: a custom cubic curve, a spring
  /// with a damping ratio that settles in the duration, or any timing provider.
  ///
  /// The first two are what `node.dance`'s named timings need, each kept in a word: given
  /// as timing parameters, a curve or a spring is too large for an existential's inline
  /// buffer, so every start boxed it, and copying the timing through a start cost every
  /// start (plain curves too) its size.
  @usableFromInline
  enum Timing {
    case cubic(TimingFunction)
    case dampingRatio(Double)
    case provider(any TimingCurveProvider)
  }
  /// The curve, spring or timing provider the animator was made with (nil: its standard curve,
  /// ``PropertyAnimator/timingCurve``).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var timing: Timing?
  /// The first node outside any scene that a block of the current call tried to animate
  /// (its frame, described), for the one error the call reports once its blocks have run.
  var nodeOutsideScene: String?
  /// The velocities of the properties of the `node.dance` animation this one replaced, at
  /// the clock time it ended: a spring of this run that records one of them at that time
  /// leaves with it, as it would from a running animation it takes a property from
  /// (``HandOff``): only a spring that replaces a running animation has them, so they are
  /// kept here, not in every animator. Cleared when the run's blocks have run.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var handOffs = FlatArray<HandOff>()
  /// Where the animator's animations are in its list, kept once one is taken off a list
  /// longer than ``PropertyAnimator/indexedListLength`` (one `Node.animate` over thousands
  /// of nodes): taking one off is then constant, not a search and a shift of the whole list
  /// (``PropertyAnimator/unlist(_:)``).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var listPositions: [ListKey: Int]?

  /// An animation as a key of ``listPositions``: its address, hashed by one multiplication
  /// (the default hash of an `ObjectIdentifier` runs SipHash, half of what taking an
  /// animation off an indexed list cost).
  struct ListKey: Hashable {
    let bits: UInt

    init(_ animation: PropertyAnimation) {
      bits = UInt(bitPattern: ObjectIdentifier(animation))
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bits)
    }

    /// The address without its alignment's zero bits, times an odd constant (2⁶⁴/φ), mixed
    /// with the dictionary's seed: animations are heap blocks 80 bytes apart, so the low
    /// bits the table uses vary from one to the next.
    func _rawHashValue(seed: Int) -> Int {
      Int(bitPattern: (bits >> 4) &* 0x9E37_79B9_7F4A_7C15) ^ seed
    }
  }
}
