// `node.dance.animate` replaces the node's running animation before the new one's blocks
// record (its completions run first, so that the node's animation after the call is the
// one the call made). A spring recording a property then finds no running owner to take its
// velocity from, and left from rest: the hand-off a thrown card makes to its spring home
// jumped to 0 (found by DanceTesting's `expectVelocityContinuous`). The replaced
// animation's velocities are kept for that moment instead.

/// A property's velocity where a replaced `node.dance` animation ended: the node, the
/// property, the clock time, and the velocity in value units per second of clock time (its
/// vector's scalars, then zeros).
struct HandOff {
  let node: ObjectIdentifier
  let key: HandOffKey
  let time: Double
  let velocity: SIMD8<Double>
}

/// Which property a ``HandOff`` is for: a built-in one, or a subclass's own by its storage's
/// key path.
enum HandOffKey: Equatable {
  case center, bounds, alpha, transform, backgroundColor
  case custom(AnyKeyPath)

  init(_ key: PropertyKey) {
    switch key {
    case .center: self = .center
    case .bounds: self = .bounds
    case .alpha: self = .alpha
    case .transform: self = .transform
    case .backgroundColor: self = .backgroundColor
    case .custom(let property): self = .custom(property.storageKeyPath)
    }
  }
}

extension PropertyAnimator {
  /// Appends to `handOffs` the velocities of this animator's properties of `node` now, for
  /// a spring of its successor's that records one of them at this time.
  func handVelocities(of node: Node, into handOffs: inout FlatArray<HandOff>) {
    guard let now = clock?.now else { return }
    for index in 0..<animations.count {
      let animation = animations[index]
      guard animation.laneIndex >= 0, animation.withNode({ $0 === node }) == true,
        let velocity = animation.widenedStackVelocity(now: now)
      else { continue }
      handOffs.append(
        HandOff(
          node: ObjectIdentifier(node), key: HandOffKey(animation.key), time: now,
          velocity: velocity))
    }
  }

  /// The velocity kept for `key` of `node` at the clock's time now, as `V`; nil if none.
  func handOff<V: SIMD>(_: V.Type, for key: PropertyKey, of node: Node) -> V?
  where V.Scalar == Double {
    guard let extras, !extras.handOffs.isEmpty, V.scalarCount <= 8 else { return nil }
    let (identity, handOffKey, now) = (ObjectIdentifier(node), HandOffKey(key), currentTime)
    for index in extras.handOffs.indices {
      let handOff = extras.handOffs[index]
      guard handOff.node == identity, handOff.key == handOffKey, handOff.time == now else {
        continue
      }
      var velocity = V.zero
      for scalar in 0..<V.scalarCount { velocity[scalar] = handOff.velocity[scalar] }
      return velocity
    }
    return nil
  }
}

extension PropertyAnimation {
  /// ``stackVelocity(_:now:)`` for a lane of a built-in width, widened to eight scalars;
  /// nil for another width.
  func widenedStackVelocity(now: Double) -> SIMD8<Double>? {
    switch width {
    case .pairs:
      let v = stackVelocity(SIMD2<Double>.self, now: now)
      return SIMD8(v.x, v.y, 0, 0, 0, 0, 0, 0)
    case .quads:
      let v = stackVelocity(SIMD4<Double>.self, now: now)
      return SIMD8(lowHalf: v, highHalf: .zero)
    case .octets:
      return stackVelocity(SIMD8<Double>.self, now: now)
    case .other:
      return nil
    }
  }
}
