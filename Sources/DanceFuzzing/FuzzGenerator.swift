import Dance
import TestSupport

/// Makes the random call sequence for a seed: the same seed always gives the same calls.
///
/// Numbers are drawn mostly from tables of ordinary values with the hostile ones mixed in
/// (NaN, ±∞, negative, zero, 1e-9, 1e9), so that sequences spend most of their calls
/// animating and some of them on error paths.
package struct FuzzGenerator {
  private var random: SplitMix64

  /// Durations, delays and factors: ordinary values first, hostile ones after.
  static let times: [Double] = [
    0.25, 0.5, 1, 2, 0, 0.25, 0.5, 1, 1e-9, -1, .nan, .infinity, -.infinity, 1e9,
  ]
  /// Fractions and progress values.
  static let fractions: [Double] = [0, 0.25, 0.5, 0.75, 1, 0.5, 1.5, -0.5, .nan, .infinity]
  /// Clock steps: frames most of the time, sometimes a stall, a huge or an illegal step.
  static let steps: [Double] = [
    1.0 / 60, 1.0 / 60, 1.0 / 144, 1.0 / 30, 0.1, 0.5, 3, 0, 1e-9, 1e9, 1e308, -1, .nan,
    .infinity,
  ]
  /// Spring and control-point parameters.
  static let parameters: [Double] = [0.5, 1, 0.3, 0.7, 2, 10, 100, 0, -1, .nan, .infinity, 1e9]

  /// A generator for `seed`.
  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The call sequence for a seed: between 10 and 120 calls.
  package static func sequence(seed: UInt64) -> [FuzzOperation] {
    var generator = FuzzGenerator(seed: seed)
    let count = generator.int(10...120)
    // Start with a few nodes in the scenes so that most sequences animate something.
    var operations: [FuzzOperation] = [
      .makeNode(parent: .root(scene: 0)), .makeNode(parent: .root(scene: 0)),
      .makeNode(parent: .node(0)),
    ]
    while operations.count < count {
      operations.append(generator.operation(depth: 0))
    }
    return operations
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func bool() -> Bool { Bool.random(using: &random) }
  mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
  mutating func slot() -> Int { int(0...7) }

  mutating func assignment() -> FuzzOperation.Assignment {
    FuzzOperation.Assignment(
      node: slot(), property: pick(FuzzOperation.Property.allCases),
      value: bool() ? Double(int(-100...100)) : pick(Self.parameters))
  }

  mutating func assignments() -> [FuzzOperation.Assignment] {
    (0..<int(0...3)).map { _ in assignment() }
  }

  mutating func timing() -> FuzzOperation.Timing {
    switch int(0...4) {
    case 0: .curve(pick(AnimationCurve.allCases))
    case 1:
      .controlPoints(
        pick(Self.fractions), pick(Self.parameters), pick(Self.fractions), pick(Self.parameters))
    case 2: .springRatio(pick(Self.parameters), velocity: pick(Self.parameters))
    case 3:
      .springPhysics(
        mass: pick(Self.parameters), stiffness: pick(Self.parameters),
        damping: pick(Self.parameters))
    default: .springDuration(pick(Self.times), bounce: pick(Self.fractions))
    }
  }

  mutating func parent() -> FuzzOperation.Parent {
    switch int(0...5) {
    case 0: .none
    case 1: .root(scene: 1)
    case 2, 3: .root(scene: 0)
    default: .node(slot())
    }
  }

  mutating func options() -> UInt {
    // repeat, autoreverse, override duration and curve, curve or calculation mode.
    var options: UInt = 0
    if int(0...3) == 0 { options |= 1 << 3 }
    if int(0...3) == 0 { options |= 1 << 4 }
    if int(0...5) == 0 { options |= 1 << 5 }
    if int(0...5) == 0 { options |= 1 << 6 }
    if int(0...2) == 0 { options |= AnimationOptions.additive.rawValue }
    options |= UInt(int(0...3)) << 16
    options |= UInt(int(0...4)) << 10
    return options
  }

  mutating func position() -> AnimatingPosition { pick([.end, .start, .current]) }

  /// What a completion, callback, `onChange` or simulation function does besides counting:
  /// nothing a third of the time, otherwise one to three calls drawn from every verb
  /// (advancing the clock and releasing the last reference to anything included). The calls
  /// a callback makes have callbacks that make none of their own: with one more level, an
  /// `onChange` that starts an animation whose completion sets the value again is a chain
  /// of new animators that only the clock's million events per advance bound (seed
  /// 5417175520164: 2.5 million calls in one step of 1e9 s, past the 30 s watchdog).
  mutating func then(depth: Int) -> FuzzOperation? {
    guard depth == 0, int(0...2) != 0 else { return nil }
    let calls = (0..<int(1...3)).map { _ in operation(depth: depth + 1) }
    return calls.count == 1 ? calls[0] : .sequence(calls)
  }

  // swift-format-ignore: FunctionBodyLength
  /// One random call; `depth` > 0 inside a callback, where calls do not nest further.
  mutating func operation(depth: Int) -> FuzzOperation {
    let animator = slot()
    let node = slot()
    switch int(0...66) {
    case 0, 1: return .makeNode(parent: parent())
    case 2: return .addChild(parent: parent(), child: node)
    case 3: return .insertChild(parent: parent(), child: node, index: int(-1...3))
    case 4: return .removeFromParent(node: node)
    case 5: return .dropNode(node)
    case 6: return .destroyNode(node)
    case 7: return .assign(assignment())
    case 8, 9:
      return .makeAnimator(duration: pick(Self.times), timing: timing(), assignments: assignments())
    case 10:
      return .addAnimations(
        animator: animator, assignments: assignments(), delayFactor: pick(Self.fractions))
    case 11: return .addCompletion(animator: animator, then: then(depth: depth))
    case 12, 13: return .start(animator: animator)
    case 14: return .startAfterDelay(animator: animator, delay: pick(Self.times))
    case 15: return .pause(animator: animator)
    case 16: return .pauseAfterDelay(animator: animator, delay: pick(Self.times))
    case 17: return .stop(animator: animator, withoutFinishing: bool())
    case 18: return .finish(animator: animator, at: position())
    case 19:
      return .continueAnimation(
        animator: animator, timing: bool() ? nil : timing(), durationFactor: pick(Self.fractions))
    case 20: return .setFraction(animator: animator, value: pick(Self.fractions))
    case 21: return .setReversed(animator: animator, value: bool())
    case 22:
      return .setFlag(
        animator: animator,
        flag: pick([.pausesOnCompletion, .scrubsLinearly, .isInterruptible, .additive]),
        value: bool())
    case 23: return .dropAnimator(animator)
    case 24, 25:
      return .danceAnimate(
        node: node, duration: pick(Self.times), timing: timing(), assignment: assignment())
    case 26: return .danceAddCompletion(node: node, then: then(depth: depth))
    case 27, 28:
      let control: FuzzOperation.DanceControl =
        switch int(0...5) {
        case 0: .start
        case 1: .startAfter(pick(Self.times))
        case 2: .pause
        case 3: .pauseAfter(pick(Self.times))
        case 4: .reverse
        default: .setProgress(pick(Self.fractions))
        }
      return .danceControl(node: node, control: control)
    case 29: return .danceFinish(node: node, at: position())
    case 30, 31:
      return .blockAnimate(
        duration: pick(Self.times), delay: bool() ? 0 : pick(Self.times), options: options(),
        assignments: assignments(),
        nested: depth == 0 && int(0...3) == 0
          ? (bool() ? operation(depth: depth + 1) : modifyAnimations()) : nil,
        then: then(depth: depth))
    case 32:
      return .springAnimate(
        duration: pick(Self.times), delay: bool() ? 0 : pick(Self.times),
        damping: pick(Self.parameters), velocity: pick(Self.parameters), options: options(),
        assignments: assignments(), then: then(depth: depth))
    case 33:
      let frames = (0..<int(0...3)).map { _ in
        FuzzOperation.Keyframe(
          start: pick(Self.fractions), duration: pick(Self.fractions), assignments: assignments())
      }
      return .keyframes(
        duration: pick(Self.times), delay: bool() ? 0 : pick(Self.times), options: options(),
        frames: frames, then: then(depth: depth))
    case 34:
      return .strayKeyframe(
        start: pick(Self.fractions), duration: pick(Self.fractions), assignments: assignments())
    case 35: return .withoutAnimation(assignments())
    case 36: return .makeValueAnimator(scene: int(0...1), node: node, then: then(depth: depth))
    case 37:
      return .valueAnimate(
        animator: animator, to: pick(Self.parameters), duration: pick(Self.times))
    case 38:
      return .valueSpring(
        animator: animator, target: pick(Self.parameters), damping: pick(Self.parameters),
        velocity: bool() ? nil : pick(Self.parameters))
    case 39:
      return .valueDecay(
        animator: animator, drag: pick(Self.parameters), velocity: pick(Self.parameters))
    case 40: return .valueSet(animator: animator, value: pick(Self.parameters))
    case 41: return .dropValueAnimator(animator)
    case 44: return timeline(depth: depth)
    case 45:
      return .nestTimeline(parent: slot(), child: slot(), at: place())
    case 46, 47, 48:
      return .timelineControl(timeline: slot(), control: timelineControl(depth: depth))
    case 49: return .timelineRescrub(timeline: slot())
    case 50:
      return depth == 0 && int(0...1) == 0
        ? .timelineReplay(timeline: slot()) : .timelineRescrub(timeline: slot())
    case 51: return .dropTimeline(slot())
    case 52:
      return int(0...3) == 0
        ? .dropScene(int(0...1)) : .valueCustom(animator: animator, then: then(depth: depth))
    case 53 where depth > 0: return .advance(scene: 0, by: pick(Self.steps))
    case 58:
      return .schedule(
        scene: int(0...5) == 0 ? 1 : 0, delay: pick(Self.steps), then: then(depth: depth))
    case 59: return .cancelAction(int(0...7))
    case 60, 61:
      let step: FuzzOperation.InteractiveStep =
        switch int(0...5) {
        case 0, 1, 2: .update(pick(Self.fractions))
        case 3, 4:
          .finish(
            towards: pick([nil, .end, .start, .current]), dampingRatio: pick(Self.parameters),
            response: pick(Self.parameters))
        default: .cancel(dampingRatio: pick(Self.parameters), response: pick(Self.parameters))
        }
      return .interactive(animator: animator, step: step)
    case 62: return .setMotionPreference(scene: int(0...1), reduced: int(0...2) != 0)
    case 63: return .enter(parent: parent(), child: node, transition: transition())
    case 64: return .exit(node: node, transition: transition())
    case 65:
      // The changes: moves in the tree, assignments, new nodes, exits and entrances.
      let changes = (0..<int(0...4)).map { _ -> FuzzOperation in
        switch int(0...6) {
        case 0: .addChild(parent: parent(), child: slot())
        case 1: .insertChild(parent: parent(), child: slot(), index: int(-1...3))
        case 2: .removeFromParent(node: slot())
        case 3: .makeNode(parent: parent())
        case 4: .exit(node: slot(), transition: transition())
        case 5: .enter(parent: parent(), child: slot(), transition: transition())
        default: .assign(assignment())
        }
      }
      return .animateLayout(
        root: parent(), duration: pick(Self.times), timing: timing(), changes: changes)
    case 66: return .matchGeometry(from: node, to: slot(), duration: pick(Self.times))
    case 54: return .advanceToNextEvent(scene: int(0...5) == 0 ? 1 : 0)
    case 55:
      return .advanceFrames(
        scene: int(0...5) == 0 ? 1 : 0, frames: int(-1...3), fps: pick([30, 60, 144, 0, .nan]))
    case 42, 43:
      return .retarget(
        node: node, x: pick(Self.parameters), duration: pick([0.05, 0.3, 1, 2]), timing: timing(),
        additive: int(0...3) != 0)
    default: return .advance(scene: int(0...5) == 0 ? 1 : 0, by: pick(Self.steps))
    }
  }

  /// A node transition: each part half the time, on its own timing a third of the time.
  mutating func transition() -> FuzzOperation.Transition {
    FuzzOperation.Transition(
      fades: bool(), scale: bool() ? pick([0, 0.5, 2, -1, .nan]) : nil,
      offset: bool() ? pick(Self.parameters) : nil, duration: pick(Self.times),
      timing: int(0...2) == 0 ? timing() : nil)
  }

  /// A `Node.modifyAnimations` call.
  mutating func modifyAnimations() -> FuzzOperation {
    .modifyAnimations(
      count: pick([2, 1.5, 3, 0, .nan, .infinity]), autoreverses: bool(),
      assignments: assignments())
  }

  /// Where a timeline child goes.
  mutating func place() -> FuzzOperation.TimelinePlace {
    switch int(0...5) {
    case 0: .at(pick(Self.times))
    case 1: .end(pick([0, 0.2, -0.3, -5, .nan]))
    case 2:
      int(0...2) == 0
        ? .withPreviousFraction(pick([0.25, 1.5, -1, .nan])) : .withPrevious(pick([0, 0.1, -1]))
    case 3: .afterPrevious(pick([0, 0.5, .infinity]))
    case 4: .label(pick(["a", "b"]), pick([0, 0.25, -0.5]))
    default: .end(0)
    }
  }

  /// A timeline with a few children.
  mutating func timeline(depth: Int) -> FuzzOperation {
    let children: [FuzzOperation.TimelineChild] = (0..<int(0...5)).map { _ in
      switch int(0...6) {
      case 0, 1:
        .animate(
          duration: pick([0.1, 0.5, 1, 2, 0, -1, .nan]), timing: timing(), at: place(),
          assignments: assignments())
      case 2:
        .stagger(
          nodes: (0..<int(0...4)).map { _ in slot() }, each: pick([0.05, 0.2, 0, -1, 1e308]),
          byAmount: bool(),
          origin: pick([
            .first, .last, .center, .edges, .index(1), .index(-3),
            .random(seed: UInt64(int(0...3))),
          ]),
          duration: pick([0.3, 1, .nan]), at: place(), assignment: assignment())
      case 3:
        .keyframes(
          node: slot(), values: (0..<int(0...5)).map { _ in pick([0, 0.5, 1, 2, -1]) },
          durations: (0..<5).map { _ in pick([0.1, 0.3, 0, -1, .nan]) }, at: place())
      case 4, 5: .callback(at: place(), then: then(depth: depth))
      default: .label(pick(["a", "b"]), at: place())
      }
    }
    return .makeTimeline(
      scene: int(0...5) == 0 ? 1 : 0, children: children,
      repeatCount: pick([1, 1, 2, 1.5, 0, .nan, .infinity, 1e300, 1e7]),
      repeatDelay: pick([0, 0.2, -1]), autoreverses: int(0...3) == 0,
      speed: pick([1, 1, 2, 0.5, 0, -1, .nan, 1e-300]))
  }

  /// A timeline control call.
  mutating func timelineControl(depth: Int) -> FuzzOperation.TimelineControl {
    switch int(0...13) {
    case 0, 1: .start
    case 2: .startAfter(pick(Self.times))
    case 3: .pause
    case 4: .reverse(bool())
    case 5: .finish(position())
    case 6: .seek(pick([0, 0.3, 1, 2.5, 100, -1, .nan]))
    case 7: .seekLabel(pick(["a", "b", "missing"]))
    case 8: .fraction(pick(Self.fractions))
    case 9:
      int(0...1) == 0 ? .speed(pick([2, 0.5, 0, .nan])) : .repeatCount(pick([2, 0, .infinity]))
    case 10: .restart
    case 11: .invalidate
    case 12: .seekCallbacks(pick([0, 0.3, 1, 2.5, 100, -1, .nan]))
    default: .hooks(then: then(depth: depth))
    }
  }
}
