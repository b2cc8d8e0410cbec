import Dance

/// Carries out a call sequence on fresh scenes and checks Dance's invariants after every
/// call, then releases everything and checks that nothing was left behind.
///
/// Invariants checked after every call:
/// - every node's values are finite; `node.dance.progress` and every animator's
///   `fractionComplete` are in 0…1; `isRunning` implies the active state;
/// - the bookkeeping of every animator, node and scene agrees (`auditProblems()`): a running
///   animator is registered with its clock and kept alive by its scene, an inactive one is
///   in neither and drives nothing, no animation drives a node outside its animator's scene;
/// - a retarget (additive or replacing) leaves the value on screen where it was, and each
///   property's additive stack is consistent (value = target + Σ offsets, at most
///   `AnimationComposition.maximumOffsets` deep, every member live and listed);
/// - a completion runs at most once; once the run it belongs to has ended, it has run exactly
///   once; a completion added with nothing to attach to never runs; an Advance animator's
///   run never ends without its `onCompletion`;
/// - after everything is released: every node, animator and scene is gone, both clocks have
///   nothing registered, and every run that began has run its completions exactly once.
package final class FuzzWorld {
  let clocks = [AnimationClock(), AnimationClock()]
  var scenes: [Scene?]
  var nodes: [Node?] = []
  var animators: [PropertyAnimator?] = []
  /// The interactive transitions over the animators (each holds its animator; dropped with it).
  var transitions: [ObjectIdentifier: InteractiveTransition] = [:]
  var values: [ValueAnimatorRecord] = []
  var timelines: [TimelineRecord] = []
  var completions: [CompletionRecord] = []
  /// The actions scheduled on the clocks, how often each ran, and whether the sequence
  /// cancelled it while it was pending.
  var actions: [(action: ScheduledAction, record: CompletionRecord, cancelled: Bool)] = []
  /// Everything the sequence made, weakly, to check that all of it is gone at the end.
  var made: [WeakReference] = []
  var tearingDown = false
  /// A problem a call saw while it ran (a value that jumped at a retarget), for `check()`.
  var deferredProblem: String?
  /// The largest magnitude of a value the sequence gave a node's centre, which bounds the
  /// rounding of an additive stack's sum.
  var largestMagnitude = 0.0
  /// How many `seek(to:runsCallbacks: true)` calls are in progress.
  var seekingWithCallbacks = 0
  var operationCount = 0

  /// A completion and what it belongs to.
  final class CompletionRecord {
    enum Owner {
      case animator(PropertyAnimatorReference)
      /// A `node.dance` completion: the node, the tag of the animation it was added to, and
      /// whether there was an animation to add it to.
      case dance(WeakReference, tag: Int, attached: Bool)
      /// A `Node.animate` completion: its run began with the call.
      case block
      /// A timeline's completion, for each run.
      case timeline(TimelineReference)
    }
    let owner: Owner
    var calls = 0
    var runBegan = false
    let call: String

    init(owner: Owner, call: String) {
      self.owner = owner
      self.call = call
      if case .block = owner { runBegan = true }
    }
  }

  /// A weak reference to a `PropertyAnimator`.
  struct PropertyAnimatorReference {
    weak var animator: PropertyAnimator?
  }

  /// A weak reference to a `Timeline`.
  struct TimelineReference {
    weak var timeline: Timeline?
  }

  /// A weak reference to anything.
  struct WeakReference {
    weak var object: AnyObject?
  }

  /// A timeline, how often each of its animate children's blocks ran (all must agree: once
  /// per run), and whether it was nested (then its callbacks' times are its parent's).
  final class TimelineRecord {
    var timeline: Timeline?
    var blockCalls: [Int] = []
    var nested = false
    /// Whether a callback (a completion, `onChange`) has controlled it.
    var controlledFromCallback = false

    init(timeline: Timeline) { self.timeline = timeline }
  }

  /// An Advance animator and the counts of its runs and completions.
  final class ValueAnimatorRecord {
    var animator: Animator<Point>?
    var completions = 0
    var runStarts = 0
    var observedRuns = 0
    var wasAnimating = false
    var completionsAtLastCheck = 0

    init(animator: Animator<Point>) { self.animator = animator }
  }

  /// Fresh scenes on fresh clocks.
  package init() {
    scenes = clocks.map { Scene(clock: $0) }
    for scene in scenes { made.append(WeakReference(object: scene)) }
  }

  /// Runs `operations`, checking after each call and after releasing everything.
  package static func run(_ operations: [FuzzOperation], trace: Bool = false) -> FuzzOutcome {
    let world = FuzzWorld()
    for (index, operation) in operations.enumerated() {
      if trace { print("[\(index)] (\(world.operationCount)) \(operation)") }
      world.perform(operation, depth: 0)
      if let problem = world.check() {
        return FuzzOutcome(
          violation: FuzzViolation(message: problem, operationIndex: index),
          operations: world.operationCount)
      }
    }
    let problem = world.tearDown()
    return FuzzOutcome(
      violation: problem.map { FuzzViolation(message: $0, operationIndex: operations.count) },
      operations: world.operationCount)
  }

  // MARK: - Resolving slots

  func node(_ slot: Int) -> Node? {
    nodes.isEmpty ? nil : nodes[slot % nodes.count]
  }

  func animator(_ slot: Int) -> PropertyAnimator? {
    animators.isEmpty ? nil : animators[slot % animators.count]
  }

  func timelineRecord(_ slot: Int) -> TimelineRecord? {
    timelines.isEmpty ? nil : timelines[slot % timelines.count]
  }

  func timeline(_ slot: Int) -> Timeline? { timelineRecord(slot)?.timeline }

  func valueRecord(_ slot: Int) -> ValueAnimatorRecord? {
    values.isEmpty ? nil : values[slot % values.count]
  }

  func parent(_ parent: FuzzOperation.Parent) -> Node? {
    switch parent {
    case .node(let slot): node(slot)
    case .root(let scene): scenes[scene % scenes.count]?.root
    case .none: nil
    }
  }

  /// A transition's move puts a centre `offset` away, in the stacks additive retargets
  /// build on: its magnitude bounds their rounding as an assignment's does.
  func noteMagnitude(of transition: FuzzOperation.Transition) {
    if let offset = transition.offset, offset.isFinite {
      largestMagnitude = max(largestMagnitude, abs(offset))
    }
  }

  func apply(_ assignment: FuzzOperation.Assignment) {
    guard let node = node(assignment.node) else { return }
    apply(assignment, to: node)
  }

  func apply(_ assignment: FuzzOperation.Assignment, to node: Node) {
    let value = assignment.value
    if value.isFinite { largestMagnitude = max(largestMagnitude, abs(value)) }
    switch assignment.property {
    case .center: node.center = Point(x: value, y: -value)
    case .alpha: node.alpha = value
    case .transform: node.transform = Transform(rotationAngle: value)
    case .backgroundColor: node.backgroundColor = Color(red: value, green: 0.5, blue: 1)
    case .bounds: node.bounds = Rect(x: 0, y: 0, width: value, height: 5)
    case .frame: node.frame = Rect(x: value, y: 0, width: 20, height: 5)
    case .path: node.move(along: FuzzOperation.path(value))
    case .turningPath:
      node.move(along: FuzzOperation.path(value), rotation: value >= 0 ? .auto : .autoReverse)
    }
  }

  /// A block that makes `assignments` (resolving the node slots when it runs).
  func block(_ assignments: [FuzzOperation.Assignment], nested: FuzzOperation? = nil)
    -> () -> Void
  {
    { [weak self] in
      guard let self else { return }
      for assignment in assignments { self.apply(assignment) }
      if let nested { self.perform(nested, depth: 1) }
    }
  }

  /// A completion handler that counts its calls, then makes the call `then`.
  func completion(_ record: CompletionRecord, then: FuzzOperation?) -> () -> Void {
    completions.append(record)
    return { [weak self, record] in
      record.calls += 1
      guard let self, !self.tearingDown, let then else { return }
      self.perform(then, depth: 1)
    }
  }

  // MARK: - Carrying out calls

  /// Empties `slot`, releasing what it held only once the slot's access has ended: the
  /// release can run completions, which make calls that read the slots.
  @discardableResult
  func release<Object: AnyObject>(_ slot: inout Object?) -> Object? {
    let object = slot
    slot = nil
    return object
  }

  // swift-format-ignore: FunctionBodyLength
  /// Makes one call; `depth` is 1 inside a callback.
  func perform(_ operation: FuzzOperation, depth: Int) {
    operationCount += 1
    switch operation {
    case .makeNode(let parentSlot):
      let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      made.append(WeakReference(object: node))
      parent(parentSlot)?.addChild(node)
      nodes.append(node)
    case .addChild(let parentSlot, let child):
      guard let child = node(child) else { return }
      parent(parentSlot)?.addChild(child)
    case .insertChild(let parentSlot, let child, let index):
      guard let child = node(child) else { return }
      parent(parentSlot)?.insertChild(child, at: index)
    case .removeFromParent(let slot):
      node(slot)?.removeFromParent()
    case .enter(let parentSlot, let child, let transition):
      noteMagnitude(of: transition)
      guard let child = node(child) else { return }
      parent(parentSlot)?.addChild(child, transition: transition.value)
    case .exit(let slot, let transition):
      noteMagnitude(of: transition)
      node(slot)?.removeFromParent(transition: transition.value)
    case .animateLayout(let rootSlot, let duration, let timing, let changes):
      guard let root = parent(rootSlot) else { return }
      let animator = Node.animateLayout(
        of: root, duration: duration, timingParameters: timing.parameters
      ) {
        for change in changes { self.perform(change, depth: depth) }
      }
      made.append(WeakReference(object: animator))
      animators.append(animator)
    case .matchGeometry(let from, let to, let duration):
      guard let from = node(from), let to = node(to) else { return }
      let animator = Node.matchGeometry(from: from, to: to, duration: duration)
      made.append(WeakReference(object: animator))
      animators.append(animator)
    case .dropNode(let slot):
      guard !nodes.isEmpty else { return }
      release(&nodes[slot % nodes.count])
    case .destroyNode(let slot):
      guard !nodes.isEmpty else { return }
      nodes[slot % nodes.count]?.removeFromParent()
      release(&nodes[slot % nodes.count])
    case .assign(let assignment):
      apply(assignment)

    case .makeAnimator(let duration, let timing, let assignments):
      let animator = PropertyAnimator(duration: duration, timingParameters: timing.parameters)
      made.append(WeakReference(object: animator))
      animator.addAnimations(block(assignments))
      animators.append(animator)
    case .addAnimations(let slot, let assignments, let delayFactor):
      animator(slot)?.addAnimations(block(assignments), delayFactor: delayFactor)
    case .addCompletion(let slot, let then):
      guard let animator = animator(slot) else { return }
      let record = CompletionRecord(
        owner: .animator(PropertyAnimatorReference(animator: animator)), call: "\(operation)")
      let handler = completion(record, then: then)
      animator.addCompletion { _ in handler() }
    case .start(let slot): animator(slot)?.startAnimation()
    case .startAfterDelay(let slot, let delay): animator(slot)?.startAnimation(afterDelay: delay)
    case .pause(let slot): animator(slot)?.pauseAnimation()
    case .pauseAfterDelay(let slot, let delay): animator(slot)?.pauseAnimation(afterDelay: delay)
    case .stop(let slot, let withoutFinishing): animator(slot)?.stopAnimation(withoutFinishing)
    case .finish(let slot, let position): animator(slot)?.finishAnimation(at: position)
    case .continueAnimation(let slot, let timing, let factor):
      animator(slot)?.continueAnimation(
        withTimingParameters: timing?.parameters, durationFactor: factor)
    case .setFraction(let slot, let value): animator(slot)?.fractionComplete = value
    case .interactive(let slot, let step): interact(with: slot, step)
    case .setMotionPreference(let slot, let reduced):
      setMotionPreference(of: slot, reduced: reduced)
    case .setReversed(let slot, let value): animator(slot)?.isReversed = value
    case .setFlag(let slot, let flag, let value):
      guard let animator = animator(slot) else { return }
      switch flag {
      case .pausesOnCompletion: animator.pausesOnCompletion = value
      case .scrubsLinearly: animator.scrubsLinearly = value
      case .isInterruptible: animator.isInterruptible = value
      case .additive: animator.composition = value ? .additive : .replace
      }
    case .dropAnimator(let slot):
      guard !animators.isEmpty else { return }
      if let animator = animators[slot % animators.count] {
        transitions[ObjectIdentifier(animator)] = nil
      }
      release(&animators[slot % animators.count])
    case .retarget(let slot, let x, let duration, let timing, let additive):
      retarget(node(slot), x: x, duration: duration, timing: timing, additive: additive)

    case .danceAnimate(let slot, let duration, let timing, let assignment):
      node(slot)?.dance.animate(duration: duration, timingParameters: timing.parameters) {
        [weak self] node in self?.apply(assignment, to: node)
      }
    case .danceAddCompletion(let slot, let then):
      guard let node = node(slot) else { return }
      let record = CompletionRecord(
        owner: .dance(
          WeakReference(object: node), tag: node.dance.tag, attached: node.dance.hasAnimation),
        call: "\(operation)")
      let handler = completion(record, then: then)
      node.dance.addCompletion { _ in handler() }
    case .danceControl(let slot, let control):
      guard let dance = node(slot)?.dance else { return }
      switch control {
      case .start: dance.start()
      case .startAfter(let delay): dance.start(after: delay)
      case .pause: dance.pause()
      case .pauseAfter(let delay): dance.pause(after: delay)
      case .reverse: dance.reverse()
      case .setProgress(let progress): dance.setProgress(to: progress)
      }
    case .danceFinish(let slot, let position):
      node(slot)?.dance.finish(at: position)

    case .blockAnimate(let duration, let delay, let options, let assignments, let nested, let then):
      let handler = completion(CompletionRecord(owner: .block, call: "\(operation)"), then: then)
      Node.animate(
        withDuration: duration, delay: delay, options: AnimationOptions(rawValue: options),
        animations: block(assignments, nested: nested), completion: { _ in handler() })
    case .springAnimate(
      let duration, let delay, let damping, let velocity, let options, let assignments, let then):
      let handler = completion(CompletionRecord(owner: .block, call: "\(operation)"), then: then)
      Node.animate(
        withDuration: duration, delay: delay, usingSpringWithDamping: damping,
        initialSpringVelocity: velocity, options: AnimationOptions(rawValue: options),
        animations: block(assignments), completion: { _ in handler() })
    case .keyframes(let duration, let delay, let options, let frames, let then):
      let handler = completion(CompletionRecord(owner: .block, call: "\(operation)"), then: then)
      Node.animateKeyframes(
        withDuration: duration, delay: delay, options: KeyframeAnimationOptions(rawValue: options),
        animations: { [weak self] in
          guard let self else { return }
          for frame in frames {
            Node.addKeyframe(
              withRelativeStartTime: frame.start, relativeDuration: frame.duration,
              animations: self.block(frame.assignments))
          }
        }, completion: { _ in handler() })
    case .strayKeyframe(let start, let duration, let assignments):
      Node.addKeyframe(
        withRelativeStartTime: start, relativeDuration: duration, animations: block(assignments))
    case .withoutAnimation(let assignments):
      Node.performWithoutAnimation(block(assignments))
    case .modifyAnimations(let count, let autoreverses, let assignments):
      Node.modifyAnimations(
        withRepeatCount: count, autoreverses: autoreverses, animations: block(assignments))

    case .makeValueAnimator(let scene, let slot, let then):
      let animator = Animator(initialValue: Point.zero, clock: clocks[scene % clocks.count])
      made.append(WeakReference(object: animator))
      let record = ValueAnimatorRecord(animator: animator)
      animator.onChange = { [weak self] value in
        guard let self, !self.tearingDown else { return }
        self.largestMagnitude = max(self.largestMagnitude, abs(value.x), abs(value.y))
        self.node(slot)?.center = value
        if let then { self.perform(then, depth: 1) }
      }
      animator.onCompletion = { [record] _ in record.completions += 1 }
      values.append(record)
    case .valueAnimate(let slot, let target, let duration):
      guard let record = valueRecord(slot), let animator = record.animator else { return }
      record.runStarts += 1
      animator.animate(to: Point(x: target, y: target), duration: duration)
    case .valueSpring(let slot, let target, let damping, let velocity):
      guard let record = valueRecord(slot), let animator = record.animator else { return }
      record.runStarts += 1
      let spring = SpringFunction(target: Point(x: target, y: 0), damping: damping)
      if let velocity {
        animator.simulate(using: spring, initialVelocity: Point(x: velocity, y: 0))
      } else {
        animator.simulate(using: spring)
      }
    case .valueDecay(let slot, let drag, let velocity):
      guard let record = valueRecord(slot), let animator = record.animator else { return }
      record.runStarts += 1
      animator.simulate(
        using: DecayFunction(drag: drag), initialVelocity: Point(x: velocity, y: velocity))
    case .valueSet(let slot, let value):
      guard let animator = valueRecord(slot)?.animator else { return }
      if value.isNaN {
        animator.cancelRunningAnimation()
      } else {
        animator.value = Point(x: value, y: 0)
      }
    case .dropValueAnimator(let slot):
      guard let record = valueRecord(slot) else { return }
      release(&record.animator)

    case .makeTimeline(let scene, let children, let count, let delay, let reverses, let speed):
      guard let scene = scenes[scene % scenes.count] else { return }
      makeTimeline(
        scene, children: children, repeatCount: count, repeatDelay: delay,
        autoreverses: reverses, speed: speed, call: "\(operation)")
    case .nestTimeline(let parent, let child, let place):
      guard let parent = timeline(parent), let childRecord = timelineRecord(child),
        let child = childRecord.timeline
      else { return }
      parent.add(child, at: place.position)
      childRecord.nested = childRecord.nested || child.state == .inactive
    case .timelineControl(let slot, let control):
      guard let record = timelineRecord(slot), let timeline = record.timeline else { return }
      if depth > 0 { record.controlledFromCallback = true }
      switch control {
      case .start: timeline.start()
      case .startAfter(let delay): timeline.start(after: delay)
      case .pause: timeline.pause()
      case .reverse(let value): timeline.isReversed = value
      case .finish(let position): timeline.finish(at: position)
      case .seek(let time): timeline.seek(to: time)
      case .seekLabel(let name): timeline.seek(toLabel: name)
      case .fraction(let value): timeline.fractionComplete = value
      case .speed(let value): timeline.speed = value
      case .repeatCount(let value): timeline.repeatCount = value
      case .restart: timeline.restart()
      case .invalidate: timeline.invalidate()
      case .seekCallbacks(let time):
        // Its callbacks run with the playhead already at `time` (not theirs).
        seekingWithCallbacks += 1
        timeline.seek(to: time, runsCallbacks: true)
        seekingWithCallbacks -= 1
      case .hooks(let then):
        guard let then else {
          (timeline.onUpdate, timeline.onRepeat) = (nil, nil)
          return
        }
        let hook: (Timeline) -> Void = { [weak self] _ in
          guard let self, !self.tearingDown else { return }
          self.perform(then, depth: 1)
        }
        (timeline.onUpdate, timeline.onRepeat) = (hook, hook)
      }
    case .timelineRescrub(let slot):
      guard let timeline = timeline(slot) else { return }
      rescrub(timeline, depth: depth)
    case .dropTimeline(let slot):
      guard let record = timelineRecord(slot) else { return }
      release(&record.timeline)
    case .timelineReplay(let slot):
      guard depth == 0, let timeline = timeline(slot) else { return }
      checkReplay(timeline)

    case .advance(let scene, let step):
      clocks[scene % clocks.count].advance(by: step)
    case .advanceToNextEvent(let scene):
      clocks[scene % clocks.count].advanceToNextEvent()
    case .advanceFrames(let scene, let frames, let fps):
      clocks[scene % clocks.count].advance(frames: frames, fps: fps)
    case .dropScene(let slot):
      release(&scenes[slot % scenes.count])
    case .valueCustom(let slot, let then):
      guard let record = valueRecord(slot), let animator = record.animator else { return }
      record.runStarts += 1
      animator.simulate(using: CustomSpring(world: self, then: then))
    case .schedule(let scene, let delay, let then):
      let record = CompletionRecord(owner: .block, call: "\(operation)")
      record.runBegan = false  // a cancelled action never runs
      let handler = completion(record, then: then)
      actions.append((clocks[scene % clocks.count].schedule(after: delay, handler), record, false))
    case .cancelAction(let index):
      guard !actions.isEmpty else { return }
      let action = actions[index % actions.count].action
      if action.isPending { actions[index % actions.count].cancelled = true }
      action.cancel()  // a no-op once it has run or was cancelled
    case .sequence(let operations):
      for operation in operations { perform(operation, depth: depth) }
    }
  }
}
