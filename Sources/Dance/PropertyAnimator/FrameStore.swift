/// The per-frame state of a scene's running animators, laid out flat so that a frame walks
/// a few contiguous arrays instead of one object graph per animation.
///
/// A scene has one store, and the store is the scene's one observer of the clock. While an
/// animator runs it has a *slot* here: a copy of its timeline and timing, and the timing
/// sampled at the last frame. Each property it drives has a *lane*: for the common value
/// widths (2, 4 and 8 lanes, which cover every built-in property) a plain record of `from`,
/// `to` and the value on screen in a typed ``LaneTable``; for the rest (keyframes, windows
/// of `addAnimations(_:delayFactor:)`, segments re-based by `continueAnimation`, other
/// widths) a reference to the animation, which computes its value itself.
///
/// A frame is two passes: every slot samples its timing once, then every lane blends its
/// `from` and `to` with its slot's sample. Nothing in a frame calls out, allocates or
/// touches a node; reading a property finds its value in its lane through the animation.
///
/// The animator stays the authority for its timeline: it copies it here whenever it
/// changes while running (`PropertyAnimator.updateClock`), and the consistency audit checks
/// that the copy agrees.
final class FrameStore {
  /// The clock that drives the scene.
  let clock: AnimationClock
  /// The clock's bookkeeping for the store.
  var registration = ClockRegistration()

  /// What a slot copies from its animator (the timing's curve and spring are kept in
  /// arrays of their own, read in place).
  struct Slot {
    var timeline: AnimatorTimeline
    var linear: Bool
    var isSpring: Bool
    var duration: Double
  }

  /// An animation that computes its own value: (animation, its slot).
  struct OtherLane {
    unowned(unsafe) let animation: PropertyAnimation
    var slot: Int
  }

  // The store is confined to its clock's thread, and no access to these arrays is held
  // across a call out (a frame calls nothing that could reach the store), so the runtime
  // exclusivity checks could never fire. Nothing here is inlined into other modules.
  @exclusivity(unchecked) private var slots: ContiguousArray<Slot> = []
  @exclusivity(unchecked) private var slotOwners: ContiguousArray<UnownedAnimator> = []
  @exclusivity(unchecked) private var curves: ContiguousArray<TimingFunction> = []
  @exclusivity(unchecked) private var springs: ContiguousArray<DampedOscillator<SIMD4<Double>>> =
    []
  /// Per slot: the fraction, x and y progress, and impulse response at the last frame.
  @exclusivity(unchecked) private var samples: ContiguousArray<SIMD4<Double>> = []
  @exclusivity(unchecked) private var others: ContiguousArray<OtherLane> = []

  /// Lanes of two-lane values (`Point`, `Size`, `Double`, …).
  let pairs = LaneTable<SIMD2<Double>>()
  /// Lanes of four-lane values (`Rect`, `Color`, …).
  let quads = LaneTable<SIMD4<Double>>()
  /// Lanes of eight-lane values (`Transform`).
  let octets = LaneTable<SIMD8<Double>>()

  /// The clock time of the last frame the store computed; every animator with a slot shows
  /// that time.
  @exclusivity(unchecked) private(set) var evaluatedAt = -Double.infinity

  struct UnownedAnimator {
    unowned(unsafe) let animator: PropertyAnimator
  }

  init(clock: AnimationClock) {
    self.clock = clock
  }

  deinit {
    clock.detach(self)
  }

  /// The lane table for values of type `V`, if the store keeps such values flat.
  func table<V: SIMD>(for _: V.Type) -> LaneTable<V>? where V.Scalar == Double {
    if V.self == SIMD2<Double>.self { return unsafeDowncast(pairs, to: LaneTable<V>.self) }
    if V.self == SIMD4<Double>.self { return unsafeDowncast(quads, to: LaneTable<V>.self) }
    if V.self == SIMD8<Double>.self { return unsafeDowncast(octets, to: LaneTable<V>.self) }
    return nil
  }

  /// The number of running animators; for tests and diagnostics.
  var slotCount: Int { slots.count }

  // MARK: - Animators

  /// Gives `animator` a slot (with lanes for all its animations), or refreshes its slot's
  /// copy of the timeline and timing.
  func enter(_ animator: PropertyAnimator) {
    let timing = animator.timing
    let slot = Slot(
      timeline: animator.timelineForStore, linear: animator.showsLinearScrub,
      isSpring: timing.isSpring, duration: timing.duration)
    if animator.slot >= 0 {
      slots[animator.slot] = slot
      curves[animator.slot] = timing.curve
      springs[animator.slot] = timing.spring
      return
    }
    let index = slots.count
    slots.append(slot)
    curves.append(timing.curve)
    springs.append(timing.spring)
    slotOwners.append(UnownedAnimator(animator: animator))
    samples.append(.zero)
    animator.slot = index
    for animation in animator.animations {
      animation.enterStore(self, slot: index)
    }
    if index == 0 {
      clock.activate(self)
    }
  }

  /// Takes `animator`'s slot and lanes away; each animation keeps the value it shows.
  func leave(_ animator: PropertyAnimator) {
    let index = animator.slot
    guard index >= 0 else { return }
    for animation in animator.animations {
      animation.leaveStore(self)
    }
    animator.slot = -1
    let last = slots.count - 1
    if index != last {
      slots[index] = slots[last]
      curves[index] = curves[last]
      springs[index] = springs[last]
      samples[index] = samples[last]
      let moved = slotOwners[last].animator
      slotOwners[index] = slotOwners[last]
      moved.slot = index
      for animation in moved.animations {
        animation.moveToSlot(index, in: self)
      }
    }
    slots.removeLast()
    curves.removeLast()
    springs.removeLast()
    samples.removeLast()
    slotOwners.removeLast()
    if slots.isEmpty {
      clock.deactivate(self)
    }
  }

  /// The sample of `slot` at the last frame, as the timing sample an animation applies.
  func sample(ofSlot slot: Int) -> (fraction: Double, sample: AnimationTiming.Sample) {
    let s = samples[slot]
    return (
      s[0],
      AnimationTiming.Sample(
        progress: SIMD2(s[1], s[2]), impulse: s[3], progressSlope: .zero, impulseSlope: 0)
    )
  }

  // MARK: - Lanes computed by their animations

  /// Adds a lane that `animation` computes itself; returns its index.
  func addOther(_ animation: PropertyAnimation, slot: Int) -> Int {
    others.append(OtherLane(animation: animation, slot: slot))
    return others.count - 1
  }

  /// Removes the lane at `index` (another lane takes its index).
  func removeOther(at index: Int) {
    let last = others.count - 1
    if index != last {
      others[index] = others[last]
      others[index].animation.laneIndex = index
    }
    others.removeLast()
  }

  /// Points the lane at `index` to `slot`.
  func moveOther(at index: Int, toSlot slot: Int) {
    others[index].slot = slot
  }

  // MARK: - Consistency audit

  /// What is inconsistent between `animator` and its slot; empty when they agree.
  func auditProblems(of animator: PropertyAnimator) -> [String] {
    let index = animator.slot
    guard index >= 0 else { return [] }
    guard index < slots.count, slotOwners[index].animator === animator else {
      return ["an animator's slot in the frame store belongs to another animator"]
    }
    var problems: [String] = []
    let timing = animator.timing
    if slots[index].timeline != animator.timelineForStore
      || slots[index].linear != animator.showsLinearScrub
      || slots[index].isSpring != timing.isSpring || slots[index].duration != timing.duration
      || curves[index] != timing.curve
    {
      problems.append("the frame store's copy of an animator's timeline is out of date")
    }
    for animation in animator.animations {
      problems += animation.auditLane(in: self, slot: index)
    }
    return problems
  }

  /// Whether the lane computed by its animation at `index` belongs to `animation` and
  /// `slot`.
  func otherLaneMatches(_ animation: PropertyAnimation, at index: Int, slot: Int) -> Bool {
    index >= 0 && index < others.count && others[index].animation === animation
      && others[index].slot == slot
  }

  /// The number of lanes in the typed lane tables; for tests and diagnostics.
  var tableLaneCount: Int { pairs.count + quads.count + octets.count }

  /// The number of lanes whose animations compute their own values; for tests and
  /// diagnostics.
  var computedLaneCount: Int { others.count }
}

extension FrameStore: ClockObserver {
  func clockDidReachDeadline(_ clock: AnimationClock) {}

  /// One frame: sample every slot's timing once, then blend every lane.
  func clockDidAdvance(_ clock: AnimationClock) {
    let now = clock.now
    evaluatedAt = now
    let count = slots.count
    slots.withUnsafeBufferPointer { slots in
      curves.withUnsafeBufferPointer { curves in
        springs.withUnsafeBufferPointer { springs in
          samples.withUnsafeMutableBufferPointer { samples in
            for index in 0..<count {
              let slot = slots[index]
              let f = slot.timeline.fraction(at: now)
              let values =
                slot.linear
                ? AnimationTiming.linearFrameValues(f)
                : slot.isSpring
                  ? AnimationTiming.springFrameValues(
                    f, spring: springs[index], duration: slot.duration)
                  : AnimationTiming.curveFrameValues(f, curve: curves[index])
              samples[index] = SIMD4(f, values.x, values.y, values.z)
            }
          }
        }
      }
    }
    samples.withUnsafeBufferPointer { samples in
      guard let base = samples.baseAddress else { return }
      pairs.blend(samples: base)
      quads.blend(samples: base)
      octets.blend(samples: base)
    }
    for index in others.indices {
      let lane = others[index]
      let (f, sample) = self.sample(ofSlot: lane.slot)
      lane.animation.apply(fraction: f, shared: sample)
    }
  }
}

/// The lanes of one value width: per animated property, `from`, `to` and the value on
/// screen, blended each frame with the sampled timing of the property's slot.
///
/// The methods that generic code calls (the animations' control paths, compiled once for
/// every value type) carry `@_specialize` for the three widths the store keeps, so that those
/// calls dispatch to specialised code instead of looking up generic metadata on every call.
final class LaneTable<V: SIMD> where V.Scalar == Double {
  struct Lane {
    /// The slot of the animator that drives the property.
    var slot: Int32
    /// Whether `inheritedVelocity` holds a velocity carried into a spring.
    var hasInheritedVelocity: Bool
    var from: V
    var to: V
    /// The value on screen.
    var current: V
  }

  // Confined to the clock's thread; no access is held across a call out.
  @exclusivity(unchecked) private var lanes: ContiguousArray<Lane> = []
  /// Per lane: value units per second of spring time, times the spring's impulse response
  /// (read only by lanes that have one, under a spring).
  @exclusivity(unchecked) private var inheritedVelocity: ContiguousArray<V> = []
  @exclusivity(unchecked) private var owners: ContiguousArray<UnownedAnimation> = []

  struct UnownedAnimation {
    unowned(unsafe) let animation: PropertyAnimation
  }

  /// The number of lanes.
  var count: Int { lanes.count }

  /// Adds a lane for `owner`; returns its index.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func add(
    _ owner: PropertyAnimation, slot: Int, from: V, to: V, inheritedVelocity: V, current: V
  ) -> Int {
    lanes.append(
      Lane(
        slot: Int32(truncatingIfNeeded: slot), hasInheritedVelocity: inheritedVelocity != .zero,
        from: from, to: to, current: current))
    self.inheritedVelocity.append(inheritedVelocity)
    owners.append(UnownedAnimation(animation: owner))
    return lanes.count - 1
  }

  /// Removes the lane at `index` (another lane takes its index); returns the value it
  /// showed.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func remove(at index: Int) -> V {
    let current = lanes[index].current
    let last = lanes.count - 1
    if index != last {
      lanes[index] = lanes[last]
      inheritedVelocity[index] = inheritedVelocity[last]
      owners[index] = owners[last]
      owners[index].animation.laneIndex = index
    }
    lanes.removeLast()
    inheritedVelocity.removeLast()
    owners.removeLast()
    return current
  }

  /// The value on screen of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func current(at index: Int) -> V { lanes[index].current }

  /// Sets the value on screen of the lane at `index`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func setCurrent(_ value: V, at index: Int) { lanes[index].current = value }

  /// Points the lane at `index` to `slot`.
  @_specialize(where V == SIMD2<Double>)
  @_specialize(where V == SIMD4<Double>)
  @_specialize(where V == SIMD8<Double>)
  func move(at index: Int, toSlot slot: Int) {
    lanes[index].slot = Int32(truncatingIfNeeded: slot)
  }

  /// Whether the lane at `index` belongs to `owner` and `slot`.
  func laneMatches(_ owner: PropertyAnimation, at index: Int, slot: Int) -> Bool {
    index >= 0 && index < lanes.count && owners[index].animation === owner
      && Int(lanes[index].slot) == slot
  }

  /// Writes every lane's value for its slot's sample: `from·(1 − p) + to·p`, with even
  /// lanes following x progress and odd lanes y, plus the inherited velocity times the
  /// impulse response.
  func blend(samples: UnsafePointer<SIMD4<Double>>) {
    guard !lanes.isEmpty else { return }
    inheritedVelocity.withUnsafeBufferPointer { inherited in
      lanes.withUnsafeMutableBufferPointer { lanes in
        for index in lanes.indices {
          let sample = samples[Int(lanes[index].slot)]
          var progress = V(repeating: sample[1])
          if sample[1] != sample[2] {
            for lane in stride(from: 1, to: V.scalarCount, by: 2) {
              progress[lane] = sample[2]
            }
          }
          var value = lanes[index].from * (1 - progress) + lanes[index].to * progress
          if sample[3] != 0 && lanes[index].hasInheritedVelocity {
            value += inherited[index] * sample[3]
          }
          lanes[index].current = value
        }
      }
    }
  }
}
