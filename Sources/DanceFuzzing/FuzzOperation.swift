import Dance

/// One call of Dance's public API, as plain data, so that a sequence of them can be replayed,
/// shortened and printed.
///
/// Nodes, animators and value animators are named by slot: `n3` is the fourth node the
/// sequence made. A slot index is taken modulo the number of slots, and a call on an empty or
/// released slot does nothing, so any subsequence of a sequence is itself a valid sequence —
/// which is what lets the reducer drop calls freely.
package indirect enum FuzzOperation: Hashable, Sendable, CustomStringConvertible {
  // MARK: The tree
  /// `Node(frame:)`, added under a node slot, under scene `scene`'s root, or nowhere.
  case makeNode(parent: Parent)
  /// `parent.addChild(child)`.
  case addChild(parent: Parent, child: Int)
  /// `parent.insertChild(child, at:)`.
  case insertChild(parent: Parent, child: Int, index: Int)
  /// `node.removeFromParent()`.
  case removeFromParent(node: Int)
  /// `parent.addChild(child, transition:)`.
  case enter(parent: Parent, child: Int, transition: Transition)
  /// `node.removeFromParent(transition:)`.
  case exit(node: Int, transition: Transition)
  /// `Node.animateLayout(of: root, duration:, timingParameters:) { changes }`; the animator
  /// joins the list.
  case animateLayout(root: Parent, duration: Double, timing: Timing, changes: [FuzzOperation])
  /// `Node.matchGeometry(from:to:duration:)`; the animator joins the list.
  case matchGeometry(from: Int, to: Int, duration: Double)
  /// Drops the sequence's reference to a node (it lives on while in a tree).
  case dropNode(Int)
  /// Removes a node from its parent and drops the reference: the node is gone.
  case destroyNode(Int)
  /// A plain assignment, outside any block (or inside one, when run from a block).
  case assign(Assignment)

  // MARK: PropertyAnimator
  /// `PropertyAnimator(duration:timingParameters:)` with one block of assignments.
  case makeAnimator(duration: Double, timing: Timing, assignments: [Assignment])
  /// `addAnimations(_:delayFactor:)`.
  case addAnimations(animator: Int, assignments: [Assignment], delayFactor: Double)
  /// `addCompletion(_:)`; the completion makes one more call, `then`.
  case addCompletion(animator: Int, then: FuzzOperation?)
  /// `startAnimation()`.
  case start(animator: Int)
  /// `startAnimation(afterDelay:)`.
  case startAfterDelay(animator: Int, delay: Double)
  /// `pauseAnimation()`.
  case pause(animator: Int)
  /// `pauseAnimation(afterDelay:)`.
  case pauseAfterDelay(animator: Int, delay: Double)
  /// `stopAnimation(_:)`.
  case stop(animator: Int, withoutFinishing: Bool)
  /// `finishAnimation(at:)`.
  case finish(animator: Int, at: AnimatingPosition)
  /// `continueAnimation(withTimingParameters:durationFactor:)`.
  case continueAnimation(animator: Int, timing: Timing?, durationFactor: Double)
  /// `fractionComplete = value`.
  case setFraction(animator: Int, value: Double)
  /// `scenes[scene].motionPreference = reduced ? .reduced : .full`.
  case setMotionPreference(scene: Int, reduced: Bool)
  /// A step of a gesture driving animator `animator` through its `InteractiveTransition`.
  case interactive(animator: Int, step: InteractiveStep)
  /// `isReversed = value`.
  case setReversed(animator: Int, value: Bool)
  /// `pausesOnCompletion`, `scrubsLinearly` or `isInterruptible` `= value`.
  case setFlag(animator: Int, flag: Flag, value: Bool)
  /// Drops the sequence's reference to an animator.
  case dropAnimator(Int)
  /// A new animator of `duration` moving a node's centre to (x, −x), composing `additive`ly
  /// or replacing, started at once: the value must not move at the retarget.
  case retarget(node: Int, x: Double, duration: Double, timing: Timing, additive: Bool)

  // MARK: node.dance
  /// `node.dance.animate(…) { $0.property = value }`.
  case danceAnimate(node: Int, duration: Double, timing: Timing, assignment: Assignment)
  /// `node.dance.addCompletion { … }`; the completion makes one more call, `then`.
  case danceAddCompletion(node: Int, then: FuzzOperation?)
  /// `node.dance.start()`, `.pause()`, `.reverse()` and their delayed forms, and
  /// `setProgress(to:)`.
  case danceControl(node: Int, control: DanceControl)
  /// `node.dance.finish(at:)`.
  case danceFinish(node: Int, at: AnimatingPosition)

  // MARK: Node.animate
  /// `Node.animate(withDuration:delay:options:animations:completion:)`; the block may run
  /// `nested` inside it (an inheriting block), the completion one more call.
  case blockAnimate(
    duration: Double, delay: Double, options: UInt, assignments: [Assignment],
    nested: FuzzOperation?, then: FuzzOperation?)
  /// `Node.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
  case springAnimate(
    duration: Double, delay: Double, damping: Double, velocity: Double, options: UInt,
    assignments: [Assignment], then: FuzzOperation?)
  /// `Node.animateKeyframes(…)` with `addKeyframe` calls (start, duration, assignments).
  case keyframes(
    duration: Double, delay: Double, options: UInt, frames: [Keyframe], then: FuzzOperation?)
  /// `Node.addKeyframe` outside any keyframe block (an error, applied at once).
  case strayKeyframe(start: Double, duration: Double, assignments: [Assignment])
  /// `Node.performWithoutAnimation { … }`.
  case withoutAnimation([Assignment])
  /// `Node.modifyAnimations(withRepeatCount:autoreverses:) { … }` (inside a block when it
  /// is a `blockAnimate`'s nested call).
  case modifyAnimations(count: Double, autoreverses: Bool, assignments: [Assignment])

  // MARK: Advance
  /// An `Animator<Point>` on scene `scene`'s clock whose `onChange` writes a node's center
  /// and then makes one more call, `then`.
  case makeValueAnimator(scene: Int, node: Int, then: FuzzOperation?)
  /// `animate(to:duration:timingFunction:)`.
  case valueAnimate(animator: Int, to: Double, duration: Double)
  /// `simulate(using: SpringFunction(…))` or with an initial velocity.
  case valueSpring(animator: Int, target: Double, damping: Double, velocity: Double?)
  /// `simulate(using: DecayFunction(drag:))`.
  case valueDecay(animator: Int, drag: Double, velocity: Double)
  /// `value = …` or `cancelRunningAnimation()` (for a NaN).
  case valueSet(animator: Int, value: Double)
  /// Drops the sequence's reference to a value animator.
  case dropValueAnimator(Int)

  // MARK: Timeline
  /// `Timeline(scene:)` with `children`, then its repeats and speed.
  case makeTimeline(
    scene: Int, children: [TimelineChild], repeatCount: Double, repeatDelay: Double,
    autoreverses: Bool, speed: Double)
  /// `parent.add(child, at:)`.
  case nestTimeline(parent: Int, child: Int, at: TimelinePlace)
  /// A control call on a timeline.
  case timelineControl(timeline: Int, control: TimelineControl)
  /// Scrubs a timeline to where it is: nothing on screen may move (scrubbing shows what
  /// playback shows, bit for bit); a running timeline then runs on.
  case timelineRescrub(timeline: Int)
  /// Drops the sequence's reference to a timeline.
  case dropTimeline(Int)
  /// Seeks an inactive timeline to a few times, ends that run, and seeks a replay to the
  /// same times: what is drawn must be the same, bit for bit.
  case timelineReplay(timeline: Int)

  // MARK: The clocks
  /// `scene.clock.advance(by:)`.
  case advance(scene: Int, by: Double)
  /// `clock.advanceToNextEvent()`.
  case advanceToNextEvent(scene: Int)
  /// `clock.advance(frames:fps:)`.
  case advanceFrames(scene: Int, frames: Int, fps: Double)
  /// Drops the sequence's reference to a scene: it goes, and its animations end.
  case dropScene(Int)

  // MARK: User code
  /// `simulate(using:)` with a custom `SimulationFunction` (a damped spring to 0) whose
  /// `acceleration` makes the call `then` the first time it is asked.
  case valueCustom(animator: Int, then: FuzzOperation?)
  /// `clock.schedule(after: delay) { then }` on scene `scene`'s clock.
  case schedule(scene: Int, delay: Double, then: FuzzOperation?)
  /// `actions[index].cancel()`, of the actions scheduled so far.
  case cancelAction(Int)
  /// Several calls in a row: what a callback does.
  case sequence([FuzzOperation])

  /// Where a new or moved node goes.
  package enum Parent: Hashable, Sendable {
    /// Under another node.
    case node(Int)
    /// Under a scene's root.
    case root(scene: Int)
    /// Nowhere: the node is outside every scene.
    case none
  }

  /// A `NodeTransition`: a fade, a scale, a move, or several, with their duration and, if
  /// given, timing.
  package struct Transition: Hashable, Sendable {
    var fades: Bool
    var scale: Double?
    var offset: Double?
    var duration: Double
    var timing: Timing?

    package init(fades: Bool, scale: Double?, offset: Double?, duration: Double, timing: Timing?) {
      self.fades = fades
      self.scale = scale
      self.offset = offset
      self.duration = duration
      self.timing = timing
    }

    /// The transition itself.
    var value: NodeTransition {
      var parts: [NodeTransition] = []
      if fades { parts.append(.opacity(duration: duration)) }
      if let scale { parts.append(.scale(scale, duration: duration)) }
      if let offset { parts.append(.move(by: Vector(dx: offset, dy: -offset), duration: duration)) }
      var transition = parts.dropFirst().reduce(parts.first ?? .opacity(duration: duration)) {
        $0.combined(with: $1)
      }
      if let timing { transition = transition.timingParameters(timing.parameters) }
      return transition
    }
  }

  /// One of the animator's configuration flags.
  package enum Flag: Hashable, Sendable {
    case pausesOnCompletion, scrubsLinearly, isInterruptible
    /// `composition = value ? .additive : .replace`.
    case additive
  }

  /// A call of an `InteractiveTransition`.
  package enum InteractiveStep: Hashable, Sendable, CustomStringConvertible {
    case update(Double)
    case finish(towards: AnimatingPosition?, dampingRatio: Double, response: Double)
    case cancel(dampingRatio: Double, response: Double)

    package var description: String {
      switch self {
      case .update(let fraction): "update(fractionComplete: \(fraction))"
      case .finish(let position, let ratio, let response):
        "finish(towards: \(position.map { ".\($0)" } ?? "nil"), spring: "
          + "SpringParameters(dampingRatio: \(ratio), response: \(response)))"
      case .cancel(let ratio, let response):
        "cancel(spring: SpringParameters(dampingRatio: \(ratio), response: \(response)))"
      }
    }
  }

  /// A `node.dance` control call.
  package enum DanceControl: Hashable, Sendable {
    case start, pause, reverse
    case startAfter(Double)
    case pauseAfter(Double)
    case setProgress(Double)
  }

  /// The timing an animator or `node.dance` animation is made with.
  package enum Timing: Hashable, Sendable {
    case curve(AnimationCurve)
    case controlPoints(Double, Double, Double, Double)
    case springRatio(Double, velocity: Double)
    case springPhysics(mass: Double, stiffness: Double, damping: Double)
    case springDuration(Double, bounce: Double)
  }

  /// A child of a timeline.
  package enum TimelineChild: Hashable, Sendable {
    case animate(duration: Double, timing: Timing, at: TimelinePlace, assignments: [Assignment])
    /// `each` seconds between ranks, or with `byAmount` that many seconds in all.
    case stagger(
      nodes: [Int], each: Double, byAmount: Bool, origin: StaggerOrigin, duration: Double,
      at: TimelinePlace, assignment: Assignment)
    /// A keyframe track of a node's alpha: linear, cubic, spring, move, in turn.
    case keyframes(node: Int, values: [Double], durations: [Double], at: TimelinePlace)
    case callback(at: TimelinePlace, then: FuzzOperation?)
    case label(String, at: TimelinePlace)
  }

  /// A `TimelinePosition`.
  package enum TimelinePlace: Hashable, Sendable {
    case at(Double)
    case end(Double)
    case withPrevious(Double)
    case withPreviousFraction(Double)
    case afterPrevious(Double)
    case label(String, Double)

    var position: TimelinePosition {
      switch self {
      case .at(let time): .at(time)
      case .end(let offset): .end(offset: offset)
      case .withPrevious(let offset): .withPrevious(offset: offset)
      case .withPreviousFraction(let fraction): .withPrevious(fraction: fraction)
      case .afterPrevious(let offset): .afterPrevious(offset: offset)
      case .label(let name, let offset): .label(name, offset: offset)
      }
    }
  }

  /// A timeline control call.
  package enum TimelineControl: Hashable, Sendable {
    case start
    case startAfter(Double)
    case pause
    case reverse(Bool)
    case finish(AnimatingPosition)
    case seek(Double)
    case seekLabel(String)
    case fraction(Double)
    case speed(Double)
    case repeatCount(Double)
    case restart
    case invalidate
    /// `seek(to:runsCallbacks: true)`.
    case seekCallbacks(Double)
    /// Sets `onUpdate` and `onRepeat` to make the call (nil: to clear them).
    case hooks(then: FuzzOperation?)
  }

  /// A keyframe: a slice of the animation and what it assigns.
  package struct Keyframe: Hashable, Sendable {
    var start: Double
    var duration: Double
    var assignments: [Assignment]
  }

  /// `node.property = value` for one of the node's animatable properties.
  package struct Assignment: Hashable, Sendable {
    var node: Int
    var property: Property
    var value: Double
  }

  /// The animatable properties of a node (and `frame`, which sets two of them), and the
  /// moves along a path (``FuzzOperation/path(_:)``: the centre, or with `turningPath` the
  /// centre and the transform, `.auto` for a value of at least 0, else `.autoReverse`).
  package enum Property: Hashable, Sendable, CaseIterable {
    case center, alpha, transform, backgroundColor, bounds, frame, path, turningPath
  }

  /// The path a `path` or `turningPath` assignment of `value` follows: from (value, −value)
  /// a cubic, then a line at a corner (NaN and ∞ make no path: `move(along:)` refuses it;
  /// a huge value one too long to follow).
  package static func path(_ value: Double) -> Path {
    var path = Path()
    path.move(to: Point(x: value, y: -value))
    path.addCurve(
      to: Point(x: value + 50, y: 20), control1: Point(x: value + 10, y: 80),
      control2: Point(x: value, y: -40))
    path.addLine(to: Point(x: value + 50, y: 60))
    return path
  }

  // MARK: - Printing

  /// The call, written as Swift.
  package var description: String {
    switch self {
    case .makeNode(let parent):
      let made = "Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))"
      switch parent {
      case .none: return "nodes.append(\(made))"
      default: return "nodes.append(\(made)); \(parent).addChild(nodes.last!)"
      }
    case .addChild(let parent, let child): return "\(parent).addChild(n\(child))"
    case .insertChild(let parent, let child, let index):
      return "\(parent).insertChild(n\(child), at: \(index))"
    case .removeFromParent(let node): return "n\(node).removeFromParent()"
    case .enter(let parent, let child, let transition):
      return "\(parent)?.addChild(n\(child), transition: \(transition))"
    case .exit(let node, let transition):
      return "n\(node).removeFromParent(transition: \(transition))"
    case .animateLayout(let root, let duration, let timing, let changes):
      return
        "animators.append(Node.animateLayout(of: \(root)!, duration: \(duration), timingParameters: \(timing)) { "
        + changes.map { "\($0)" }.joined(separator: "; ") + " })"
    case .matchGeometry(let from, let to, let duration):
      return
        "animators.append(Node.matchGeometry(from: n\(from), to: n\(to), duration: \(duration)))"
    case .dropNode(let node): return "n\(node) = nil"
    case .destroyNode(let node): return "n\(node).removeFromParent(); n\(node) = nil"
    case .assign(let assignment): return "\(assignment)"
    case .makeAnimator(let duration, let timing, let assignments):
      return
        "animators.append(PropertyAnimator(duration: \(duration), timingParameters: \(timing)) "
        + "{ \(Self.list(assignments)) })"
    case .addAnimations(let animator, let assignments, let delayFactor):
      return
        "a\(animator).addAnimations({ \(Self.list(assignments)) }, delayFactor: \(delayFactor))"
    case .addCompletion(let animator, let then):
      return "a\(animator).addCompletion { _ in \(Self.then(then)) }"
    case .start(let animator): return "a\(animator).startAnimation()"
    case .startAfterDelay(let animator, let delay):
      return "a\(animator).startAnimation(afterDelay: \(delay))"
    case .pause(let animator): return "a\(animator).pauseAnimation()"
    case .pauseAfterDelay(let animator, let delay):
      return "a\(animator).pauseAnimation(afterDelay: \(delay))"
    case .stop(let animator, let withoutFinishing):
      return "a\(animator).stopAnimation(\(withoutFinishing))"
    case .finish(let animator, let position):
      return "a\(animator).finishAnimation(at: .\(position))"
    case .continueAnimation(let animator, let timing, let factor):
      return
        "a\(animator).continueAnimation(withTimingParameters: \(timing.map { "\($0)" } ?? "nil"), "
        + "durationFactor: \(factor))"
    case .setFraction(let animator, let value): return "a\(animator).fractionComplete = \(value)"
    case .interactive(let animator, let step): return "transition(a\(animator)).\(step)"
    case .setMotionPreference(let scene, let reduced):
      return "scene\(scene).motionPreference = \(reduced ? ".reduced" : ".full")"
    case .setReversed(let animator, let value): return "a\(animator).isReversed = \(value)"
    case .setFlag(let animator, let flag, let value): return "a\(animator).\(flag) = \(value)"
    case .dropAnimator(let animator): return "a\(animator) = nil"
    case .makeTimeline(let scene, let children, let count, let delay, let reverses, let speed):
      return
        "timelines.append(Timeline(scene: scene\(scene))\(children.map { "\($0)" }.joined())); "
        + "timelines.last!.repeatCount = \(count); timelines.last!.repeatDelay = \(delay); "
        + "timelines.last!.autoreverses = \(reverses); timelines.last!.speed = \(speed)"
    case .nestTimeline(let parent, let child, let place):
      return "t\(parent).add(t\(child), at: \(place))"
    case .timelineControl(let timeline, let control):
      return "t\(timeline).\(control)"
    case .timelineRescrub(let timeline):
      return "t\(timeline).fractionComplete = t\(timeline).fractionComplete  // nothing moves"
    case .dropTimeline(let timeline): return "t\(timeline) = nil"
    case .timelineReplay(let timeline):
      return "t\(timeline).seek(to: …); t\(timeline).finish(at: .current); t\(timeline).seek(to: …)"
    case .retarget(let node, let x, let duration, let timing, let additive):
      return
        "animators.append(PropertyAnimator(duration: \(duration), timingParameters: \(timing))); "
        + "animators.last!.composition = .\(additive ? "additive" : "replace"); "
        + "animators.last!.addAnimations { n\(node).center = Point(x: \(x), y: \(-x)) }; "
        + "animators.last!.startAnimation()"
    case .danceAnimate(let node, let duration, let timing, let assignment):
      return
        "n\(node).dance.animate(duration: \(duration), timingParameters: \(timing)) "
        + "{ _ in \(assignment) }"
    case .danceAddCompletion(let node, let then):
      return "n\(node).dance.addCompletion { _ in \(Self.then(then)) }"
    case .danceControl(let node, let control):
      switch control {
      case .start: return "n\(node).dance.start()"
      case .startAfter(let delay): return "n\(node).dance.start(after: \(delay))"
      case .pause: return "n\(node).dance.pause()"
      case .pauseAfter(let delay): return "n\(node).dance.pause(after: \(delay))"
      case .reverse: return "n\(node).dance.reverse()"
      case .setProgress(let progress): return "n\(node).dance.setProgress(to: \(progress))"
      }
    case .danceFinish(let node, let position): return "n\(node).dance.finish(at: .\(position))"
    case .blockAnimate(let duration, let delay, let options, let assignments, let nested, let then):
      let nestedCall = nested.map { "; \($0)" } ?? ""
      return
        "Node.animate(withDuration: \(duration), delay: \(delay), options: .init(rawValue: "
        + "\(options)), animations: { \(Self.list(assignments))\(nestedCall) }, completion: "
        + "{ _ in \(Self.then(then)) })"
    case .springAnimate(
      let duration, let delay, let damping, let velocity, let options, let assignments, let then):
      return
        "Node.animate(withDuration: \(duration), delay: \(delay), usingSpringWithDamping: "
        + "\(damping), initialSpringVelocity: \(velocity), options: .init(rawValue: \(options)), "
        + "animations: { \(Self.list(assignments)) }, completion: { _ in \(Self.then(then)) })"
    case .keyframes(let duration, let delay, let options, let frames, let then):
      let body = frames.map {
        "Node.addKeyframe(withRelativeStartTime: \($0.start), relativeDuration: "
          + "\($0.duration)) { \(Self.list($0.assignments)) }"
      }.joined(separator: "; ")
      return
        "Node.animateKeyframes(withDuration: \(duration), delay: \(delay), options: "
        + ".init(rawValue: \(options)), animations: { \(body) }, completion: "
        + "{ _ in \(Self.then(then)) })"
    case .strayKeyframe(let start, let duration, let assignments):
      return
        "Node.addKeyframe(withRelativeStartTime: \(start), relativeDuration: \(duration)) "
        + "{ \(Self.list(assignments)) }"
    case .withoutAnimation(let assignments):
      return "Node.performWithoutAnimation { \(Self.list(assignments)) }"
    case .modifyAnimations(let count, let autoreverses, let assignments):
      return
        "Node.modifyAnimations(withRepeatCount: \(count), autoreverses: \(autoreverses)) "
        + "{ \(Self.list(assignments)) }"
    case .makeValueAnimator(let scene, let node, let then):
      return
        "values.append(Animator(initialValue: Point.zero, clock: scene\(scene).clock)); "
        + "values.last!.onChange = { n\(node).center = $0; \(Self.then(then)) }"
    case .valueAnimate(let animator, let target, let duration):
      return
        "v\(animator).animate(to: Point(x: \(target), y: \(target)), duration: \(duration))"
    case .valueSpring(let animator, let target, let damping, let velocity):
      let spring = "SpringFunction(target: Point(x: \(target), y: 0), damping: \(damping))"
      guard let velocity else { return "v\(animator).simulate(using: \(spring))" }
      return
        "v\(animator).simulate(using: \(spring), initialVelocity: Point(x: \(velocity), y: 0))"
    case .valueDecay(let animator, let drag, let velocity):
      return
        "v\(animator).simulate(using: DecayFunction(drag: \(drag)), initialVelocity: "
        + "Point(x: \(velocity), y: \(velocity)))"
    case .valueSet(let animator, let value):
      return value.isNaN
        ? "v\(animator).cancelRunningAnimation()"
        : "v\(animator).value = Point(x: \(value), y: 0)"
    case .dropValueAnimator(let animator): return "v\(animator) = nil"
    case .advance(let scene, let step): return "scene\(scene).clock.advance(by: \(step))"
    case .advanceToNextEvent(let scene): return "scene\(scene).clock.advanceToNextEvent()"
    case .advanceFrames(let scene, let frames, let fps):
      return "scene\(scene).clock.advance(frames: \(frames), fps: \(fps))"
    case .dropScene(let scene): return "scene\(scene) = nil"
    case .valueCustom(let animator, let then):
      return
        "v\(animator).simulate(using: CustomSpring { \(Self.then(then)) })  // runs once, "
        + "from its first acceleration"
    case .schedule(let scene, let delay, let then):
      return "actions.append(scene\(scene).clock.schedule(after: \(delay)) { \(Self.then(then)) })"
    case .cancelAction(let index): return "actions[\(index)].cancel()"
    case .sequence(let operations): return operations.map { "\($0)" }.joined(separator: "; ")
    }
  }

  private static func list(_ assignments: [Assignment]) -> String {
    assignments.map { "\($0)" }.joined(separator: "; ")
  }

  private static func then(_ operation: FuzzOperation?) -> String {
    operation.map { "\($0)" } ?? "count()"
  }
}
