/// One property of one node, animated by a ``PropertyAnimator`` from `from` to `to`.
///
/// The value is a pure function of the animator's fraction complete f, so scrubbing and
/// playback agree and the motion does not depend on frame slicing:
///
/// - before `windowStart` (the block's delay factor) the property rests at `from`;
/// - from `segmentStart` on it follows the animator's timing from `segmentFrom` to `to`,
///   plus `inheritedVelocity` times the spring's impulse response;
/// - between the two (only after `continueAnimation` re-based the segment) it moves
///   linearly from `from` to `segmentFrom`.
class PropertyAnimation {
  /// The animator that owns this animation; nil once the animation has ended.
  weak var animator: PropertyAnimator?
  /// The node whose property this animates. Weak, so that an animation never keeps its
  /// node alive: a released node ends its animations from its `deinit`.
  weak var baseNode: Node?
  let windowStart: Double
  var segmentStart: Double

  init(node: Node, animator: PropertyAnimator, windowStart: Double) {
    baseNode = node
    self.animator = animator
    self.windowStart = windowStart
    segmentStart = windowStart
  }

  /// Writes the value at fraction `f` into the node.
  func apply(fraction f: Double, timing: AnimationTiming, linear: Bool) {}

  /// Writes the start (`from`) or end (`to`) value into the node.
  func apply(_ position: AnimatingPosition) {}

  /// Starts a new segment at fraction `f`: from the value shown now (under `oldTiming`,
  /// with f moving at `oldSpeed` per second) to the end, under `newTiming` at `newSpeed`,
  /// keeping the property's velocity if the new timing is a spring.
  func rebase(
    at f: Double, oldTiming: AnimationTiming, linear: Bool, oldSpeed: Double,
    newTiming: AnimationTiming, newSpeed: Double
  ) {}

  /// Stops driving the node's property, which stays where it is; tells the animator, which
  /// ends at `position` if that was its last property.
  func detach(endingAt position: AnimatingPosition) {
    guard let animator else { return }
    self.animator = nil
    releaseProperty()
    animator.animationDidDetach(self, endingAt: position)
  }

  /// Clears the node's link to this animation.
  func releaseProperty() {}

  /// Brings the owning animator's values up to the clock's current time.
  func refreshIfStale() {
    animator?.refreshIfStale()
  }
}

/// A `PropertyAnimation` of a `Value` stored in a node of class `N`.
final class TypedPropertyAnimation<N: Node, Value: VectorConvertible>: PropertyAnimation {
  typealias Vector = Value.VectorType

  let storage: ReferenceWritableKeyPath<N, Animatable<Value>>
  let from: Vector
  let to: Vector
  var segmentFrom: Vector
  /// Value units per second of spring time, multiplying the impulse response.
  var inheritedVelocity: Vector = .zero

  init(
    node: N, storage: ReferenceWritableKeyPath<N, Animatable<Value>>, from: Vector, to: Vector,
    animator: PropertyAnimator, windowStart: Double
  ) {
    self.storage = storage
    self.from = from
    self.to = to
    segmentFrom = from
    super.init(node: node, animator: animator, windowStart: windowStart)
  }

  /// The node, with its class; nil once the node is gone.
  @inline(__always)
  var node: N? { baseNode.map { unsafeDowncast($0, to: N.self) } }

  /// Per-lane progress: even lanes follow x, odd lanes y.
  @inline(__always)
  private func mask(_ progress: SIMD2<Double>) -> Vector {
    var mask = Vector(repeating: progress.x)
    if progress.x != progress.y {
      for lane in stride(from: 1, to: Vector.scalarCount, by: 2) {
        mask[lane] = progress.y
      }
    }
    return mask
  }

  /// The value and its derivative with respect to f at fraction `f`.
  func state(fraction f: Double, timing: AnimationTiming, linear: Bool) -> (Vector, Vector) {
    if f >= segmentStart {
      let span = 1 - segmentStart
      let u = span > 0 ? (f - segmentStart) / span : 1
      var sample = timing.sample(u)
      if linear {
        sample =
          u >= 1
          ? .end
          : .init(
            progress: SIMD2(repeating: max(u, 0)), impulse: 0, progressSlope: SIMD2(1, 1),
            impulseSlope: 0)
      }
      let distance = to - segmentFrom
      // The blend a·(1 − p) + b·p is exact at both ends: p = 1 gives `to` to the bit.
      let progress = mask(sample.progress)
      let value =
        segmentFrom * (1 - progress) + to * progress + inheritedVelocity * sample.impulse
      let slope =
        (distance * mask(sample.progressSlope) + inheritedVelocity * sample.impulseSlope)
        / (span > 0 ? span : 1)
      return (value, slope)
    }
    let span = segmentStart - windowStart
    guard f > windowStart, span > 0 else { return (from, .zero) }
    let t = (f - windowStart) / span
    return (from.lerp(to: segmentFrom, t), (segmentFrom - from) / span)
  }

  override func apply(fraction f: Double, timing: AnimationTiming, linear: Bool) {
    node?[keyPath: storage].value = Value(
      vector: state(fraction: f, timing: timing, linear: linear).0)
  }

  override func apply(_ position: AnimatingPosition) {
    switch position {
    case .start: node?[keyPath: storage].value = Value(vector: from)
    case .end: node?[keyPath: storage].value = Value(vector: to)
    case .current: break
    }
  }

  /// The velocity in value units per second of clock time, when f moves at `speed`
  /// fractions per second.
  func velocity(fraction f: Double, timing: AnimationTiming, linear: Bool, speed: Double) -> Vector
  {
    state(fraction: f, timing: timing, linear: linear).1 * speed
  }

  /// Sets the velocity carried into a spring: `clockVelocity` in value units per second of
  /// clock time, for a segment whose fraction moves at `speed` per second.
  func inherit(clockVelocity: Vector, timing: AnimationTiming, speed: Double) {
    // u runs at speed / (1 − segmentStart) per second, spring time at duration × that.
    let span = 1 - segmentStart
    let springSecondsPerSecond = span > 0 ? timing.duration * speed / span : 0
    inheritedVelocity =
      timing.isSpring && springSecondsPerSecond > 0 ? clockVelocity / springSecondsPerSecond : .zero
  }

  override func rebase(
    at f: Double, oldTiming: AnimationTiming, linear: Bool, oldSpeed: Double,
    newTiming: AnimationTiming, newSpeed: Double
  ) {
    let (value, slope) = state(fraction: f, timing: oldTiming, linear: linear)
    guard f > windowStart else { return }  // not started yet: nothing to carry over
    segmentFrom = value
    segmentStart = f
    inherit(clockVelocity: slope * oldSpeed, timing: newTiming, speed: newSpeed)
  }

  override func releaseProperty() {
    if let node, node[keyPath: storage].owner === self {
      node[keyPath: storage].owner = nil
    }
  }
}
