/// A sequence of animations, callbacks and nested timelines on one time axis, played,
/// paused, reversed and scrubbed as one, with what it shows a pure function of its time.
///
/// ```swift
/// let deal = Timeline(scene: scene)
///   .stagger(cards, each: 0.08, duration: 0.4, curve: .easeOut) { card, index in
///     card.center = Point(x: 80 + 60 * Double(index), y: 200)
///   }
///   .addLabel("flip")
///   .animate(duration: 0.3, at: .label("flip")) { cards[0].alpha = 0.5 }
///   .addCallback { print("dealt") }
/// deal.start()
/// scene.clock.advance(by: 0.5)
/// deal.seek(to: 0.2)          // exactly what playback showed at 0.2 s
/// deal.isReversed = true      // runs back to the start
/// ```
///
/// **Placement.** Each child goes where its ``TimelinePosition`` says, resolved when it is
/// added (`.end` by default, so calls in a row play in sequence). A child lasts its
/// duration; a spring child its settling duration; a nested timeline its `totalDuration`
/// divided by its `speed`. ``duration`` is the latest end.
///
/// **A pure function of time.** When the timeline first becomes active (start, seek or
/// scrub) its children's blocks run once, in start order, and their assignments become
/// segments: each child moves a property from the value the timeline shows at the child's
/// start (a read inside the block gives it, so `node.center.x += 40` in consecutive
/// children moves 40 each time) to the value it assigns. From then on what the timeline
/// shows at own time t depends on t alone: seeking, scrubbing, playback either way and any
/// frame slicing agree. When children overlap on a property, the later-starting one owns it
/// from its start (a spring keeps the in-flight velocity). Children are added while the
/// timeline is inactive.
///
/// **Time.** A nested timeline's own time is (parent time − its start) × its `speed`; the
/// root's is clock time × `speed`. One play lasts `duration` (twice that with
/// `autoreverses`); ``totalDuration`` = `repeatCount` × play + (⌈`repeatCount`⌉ − 1) ×
/// `repeatDelay`, and during a delay the end of the last play holds.
///
/// **Control** is ``PropertyAnimator``'s: start, pause, reverse, scrub, finish; completions
/// run once per run. **Callbacks** run when playback crosses their time, at that exact
/// clock time, in time order (reverse order when reversed); seeking and scrubbing skip them.
/// **Ownership** is the latest writer's: an assignment outside a block or another animation
/// takes a property from the timeline, which goes on with the rest.
///
/// **Lifetime.** A running timeline keeps itself alive until its run ends or pauses, so
/// `Timeline(scene:)…start()` plays to the end without a reference. A paused one lives as
/// long as your reference; released, its run ends where it is (completions with `.current`).
///
/// Bad input (NaN, infinite or negative times, a speed ≤ 0, a timeline added to itself)
/// reports a `DanceError` and changes nothing, or clamps where the doc of the call says so.
public final class Timeline {
  /// What a child does.
  enum Content {
    case animation(AnimationTiming, () -> Void)
    /// Records a keyframe track into the recorder.
    case keyframes((TimelineRecorder) -> Void)
    case timeline(Timeline)
  }

  struct Child {
    var start: Double
    var content: Content
    /// The length of a child that is not a timeline.
    var length: Double
    /// What made it, for charts: "animate", "stagger 3", "keyframes", "timeline".
    var name = "animate"

    /// Where the child ends, in its timeline's own time.
    var end: Double {
      if case .timeline(let nested) = content {
        return start + nested.totalDuration / nested.speed
      }
      return start + length
    }
  }

  private(set) weak var scene: Scene?
  /// The scene's clock, kept so that the timeline can take its deadline off it even while
  /// the scene goes away.
  let clock: AnimationClock
  private(set) var children: [Child] = []
  /// How many staggers were added (their children are charted as "stagger N · i").
  private var staggerCount = 0
  private(set) var labels: [String: Double] = [:]
  private(set) var callbacks: [(time: Double, body: () -> Void)] = []
  /// The start and end of the child added last.
  private var previous: (start: Double, end: Double)?
  /// The timeline this one is nested in.
  private(set) weak var parent: Timeline?

  /// The current run, while there is one; it carries the state machine and the lanes.
  var run: PropertyAnimator?
  /// The run's callbacks within one cycle of the root, sorted by time
  /// (Timeline+Callbacks.swift); the walk is at entry `nextCallback` of cycle `nextCycle`
  /// (counted from the run's start, or from its anchor's cycle when it repeats forever).
  var occurrences: [TimelineOccurrence] = []
  var nextCallback = 0
  var nextCycle = 0.0
  /// The root's own seconds of one cycle of the run (a play and the delay after it), and
  /// its plays: ∞ when it repeats forever, 1 when it has no length (every play falls at one
  /// instant).
  var runCycle = 0.0
  var runPlays = 1.0
  /// For a run that repeats forever: the plays it has entered (its lanes' fraction wraps).
  var foreverPlays = 0.0
  /// The callbacks run at the walk's current instant (a fraction of the run): each runs
  /// once there.
  var ranAtInstant: (fraction: Double, ids: [Int]) = (.nan, [])
  /// Changes at every control call, so that a callback loop can tell it was interrupted.
  var controlSerial: UInt64 = 0
  /// The speed the run's duration was made for, and the root's own seconds it spans.
  var runSpeed = 1.0
  var runLength = 0.0
  /// Whether the current run repeats forever (the settings may change once it has ended).
  var runRepeatsForever = false
  /// The timeline itself while its run is running: a running timeline stays alive (with
  /// its callbacks) until its run ends or pauses, as the scene keeps a running animator.
  /// Not while paused: then it lives as long as its owner's reference, so that a paused
  /// timeline whose blocks capture its scene is no cycle.
  var keepAlive: Timeline?
  /// The clock advance in which the last run started, and how many runs started in it.
  var lastRunAdvance: UInt64 = .max
  var runsInLastAdvance = 0
  /// Set by `finish(at:)`: the callbacks between the playhead and the end do not run.
  var skipsRemainingCallbacks = false
  private var completions: [(AnimatingPosition) -> Void] = []
  /// The start values of the first run, which every later run plays again.
  let startValues = TimelineStartValues()
  /// Runs when playback enters the next play (not the first), at the exact clock time the
  /// play begins, once per play even when one clock step crosses several; in reverse, when
  /// playback crosses back over the start of a play. `clock.now` reads the time.
  public var onRepeat: ((Timeline) -> Void)?
  /// Runs at the end of each clock advance that moved the playhead, after the frame (what
  /// it reads is what is drawn), and once more when the run ends at its end or start.
  public var onUpdate: ((Timeline) -> Void)? {
    didSet { updateFrameRegistration() }
  }
  /// Where the last run ended, in own seconds (``time`` while inactive).
  var restingTime = 0.0
  /// The ``time`` `onUpdate` last saw.
  var lastUpdateTime = Double.nan
  /// Whether the next run plays from the end back (``isReversed`` set while inactive).
  var reversedWhenInactive = false

  /// The clock's bookkeeping for the next callback's deadline.
  package var registration = ClockRegistration()

  /// A timeline on `scene`'s clock, animating nodes of `scene`.
  public init(scene: Scene) {
    self.scene = scene
    clock = scene.clock
  }

  deinit {
    if registration.hasDeadline { clock.unschedule(self) }
    if registration.isActive { clock.deactivate(self) }
    // Released while paused: the run ends where it is (a running one keeps this alive).
    if let run, run.state != .inactive { run.stopAnimation(true) }
  }

  // MARK: - Timing

  /// One play, in the timeline's own seconds: the latest end of its children and
  /// callbacks; 0 when empty.
  public var duration: Double {
    max(children.reduce(0) { max($0, $1.end) }, callbacks.reduce(0) { max($0, $1.time) })
  }

  /// Every play and the delays between them, in own seconds; ∞ when it repeats forever.
  public var totalDuration: Double {
    guard repeatCount.isFinite else { return .infinity }
    let play = autoreverses ? 2 * duration : duration
    return repeatCount * play + max((repeatCount.rounded(.up) - 1) * repeatDelay, 0)
  }

  /// The number of plays, as Core Animation counts them: 1 (the default), 2.5, or
  /// `.infinity`. NaN, 0 or negative values are refused with a `DanceError`; so is
  /// `.infinity` for a nested timeline (its parent must know its length) and any change
  /// while active.
  public var repeatCount: Double = 1 {
    didSet {
      let call = "Timeline.repeatCount"
      if !(repeatCount > 0) {
        DanceError.report(.outOfRange, "\(call): \(repeatCount) is not a positive count; unchanged")
        repeatCount = oldValue
      } else if repeatCount.isInfinite && parent != nil {
        DanceError.report(
          .illegalState, "\(call): a nested timeline cannot repeat forever; unchanged")
        repeatCount = oldValue
      } else if !isBuildable(call) {
        repeatCount = oldValue
      }
    }
  }

  /// The pause between plays, in own seconds (default 0). NaN, infinite or negative values
  /// are refused with a `DanceError`, and so is any change while active.
  public var repeatDelay: Double = 0 {
    didSet {
      let call = "Timeline.repeatDelay"
      if !(repeatDelay >= 0 && repeatDelay.isFinite) {
        DanceError.report(.outOfRange, "\(call): \(repeatDelay) is not a duration; unchanged")
        repeatDelay = oldValue
      } else if !isBuildable(call) {
        repeatDelay = oldValue
      }
    }
  }

  /// Whether each play runs forward, then backward. It can change only while inactive.
  public var autoreverses = false {
    didSet {
      if !isBuildable("Timeline.autoreverses") { autoreverses = oldValue }
    }
  }

  /// Own seconds per second of the parent (the clock for a root timeline), > 0; default 1.
  /// Changed while the timeline runs, the playhead stays where it is. NaN, infinite and
  /// values ≤ 0 are refused with a `DanceError`; values outside 10⁻⁶…10⁶ are clamped to it,
  /// with one (a speed of 10⁻³¹⁰ would make a run's length overflow to ∞).
  public var speed: Double = 1 {
    didSet {
      guard speed > 0 && speed.isFinite else {
        DanceError.report(
          .outOfRange, "Timeline.speed: \(speed) is not a speed > 0; unchanged")
        speed = oldValue
        return
      }
      if !Self.speeds.contains(speed) {
        // (An assignment inside its own observer does not run the observer again.)
        speed = Validation.clamped(speed, to: Self.speeds, "the speed", in: "Timeline.speed")
      }
      if parent != nil || run == nil {
        guard isBuildable("Timeline.speed") else {
          speed = oldValue
          return
        }
      }
      changeRunSpeed()
    }
  }

  /// The speeds a timeline takes.
  static var speeds: ClosedRange<Double> { 1e-6...1e6 }

  /// Whether changing the timeline's structure is allowed now (it and its root are
  /// inactive); reports a `DanceError` naming `call` otherwise.
  func isBuildable(_ call: String) -> Bool {
    var root = self
    while let next = root.parent { root = next }
    guard let run = root.run, run.state != .inactive else { return true }
    if root === self && call == "Timeline.speed" { return true }
    DanceError.report(.illegalState, "\(call): the timeline is active; build it while inactive")
    return false
  }

  // MARK: - Building

  /// Adds an animation: the changes in `animations`, over `duration` seconds along `curve`,
  /// starting at `position`. A NaN, infinite or negative duration counts as 0, with a
  /// `DanceError`.
  @discardableResult
  public func animate(
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping () -> Void
  ) -> Timeline {
    add(
      duration: duration, timing: CubicTimingParameters(animationCurve: curve), at: position,
      call: "Timeline.animate(duration:curve:at:_:)", animations)
  }

  /// Adds an animation paced by `timingParameters` (a spring child lasts until it
  /// settles: in `duration` for damping-ratio springs, its settling duration for physical
  /// ones).
  @discardableResult
  public func animate(
    duration: Double, timingParameters: any TimingCurveProvider,
    at position: TimelinePosition = .end, _ animations: @escaping () -> Void
  ) -> Timeline {
    add(
      duration: duration, timing: timingParameters, at: position,
      call: "Timeline.animate(duration:timingParameters:at:_:)", animations)
  }

  private func add(
    duration: Double, timing: any TimingCurveProvider, at position: TimelinePosition,
    call: String, _ animations: @escaping () -> Void
  ) -> Timeline {
    guard isBuildable(call) else { return self }
    let duration = Validation.seconds(duration, "the duration", in: call)
    let timing = AnimationTiming(timing, requestedDuration: duration, call: call)
    let start = resolve(position, call: call)
    append(
      Child(start: start, content: .animation(timing, animations), length: timing.duration),
      call: call)
    return self
  }

  /// Adds an animation per node, the i-th starting `rank × each` seconds after `position`,
  /// where the rank counts from `origin`; `animations` receives each node and its index.
  /// For what follows, the stagger is one child: from its earliest start to its last end.
  @discardableResult
  public func stagger(
    _ nodes: [Node], each interval: Double, from origin: StaggerOrigin = .first,
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let call = "Timeline.stagger(_:each:from:duration:curve:at:_:)"
    guard isBuildable(call) else { return self }
    let interval = Validation.seconds(interval, "each", in: call)
    return addStagger(
      nodes, origin: origin, spacing: { _ in interval }, duration: duration, curve: curve,
      at: position, call: call, animations)
  }

  /// Adds an animation per node, spread over `amount` seconds in all (GSAP's `amount`): the
  /// i-th starts `rank / largest rank × amount` after `position`, the rank counting from
  /// `origin`. Otherwise as ``stagger(_:each:from:duration:curve:at:_:)``.
  @discardableResult
  public func stagger(
    _ nodes: [Node], amount: Double, from origin: StaggerOrigin = .first,
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let call = "Timeline.stagger(_:amount:from:duration:curve:at:_:)"
    guard isBuildable(call) else { return self }
    let amount = Validation.seconds(amount, "the amount", in: call)
    return addStagger(
      nodes, origin: origin, spacing: { $0 > 0 ? amount / $0 : 0 }, duration: duration,
      curve: curve, at: position, call: call, animations)
  }

  /// A stagger's children: node i at `rank(i) × spacing(largest rank)` after `position`.
  private func addStagger(
    _ nodes: [Node], origin: StaggerOrigin, spacing: (Double) -> Double, duration: Double,
    curve: AnimationCurve, at position: TimelinePosition, call: String,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let duration = Validation.seconds(duration, "the duration", in: call)
    let timing = AnimationTiming(
      CubicTimingParameters(animationCurve: curve), requestedDuration: duration, call: call)
    let first = resolve(position, call: call)
    let ranks = origin.ranks(count: nodes.count, call: call)
    let interval = spacing(ranks.max() ?? 0)
    let starts = ranks.map { first + $0 * interval }
    let earliest = starts.min() ?? first
    let end = max(first, (starts.max() ?? first) + duration)
    guard end.isFinite else {
      DanceError.report(
        .outOfRange, "\(call): the stagger would end at \(end) s, beyond the largest time; not added")
      return self
    }
    // Charted as "stagger N · i": the timeline's Nth stagger, its ith node.
    staggerCount += 1
    let stagger = staggerCount
    for (index, node) in nodes.enumerated() {
      children.append(
        Child(
          start: starts[index],
          content: .animation(
            timing,
            { [weak node] in
              if let node { animations(node, index) }
            }), length: duration, name: "stagger \(stagger) · \(index)"))
    }
    previous = (earliest, end)
    return self
  }

  /// Adds a keyframe track for one property of `node`, starting at `position`: the
  /// keyframes run one after another, each from where the one before left the property.
  ///
  /// ```swift
  /// timeline.keyframes(card, \.center) {
  ///   LinearKeyframe(Point(x: 100, y: 0), duration: 0.3, curve: .easeOut)
  ///   CubicKeyframe(Point(x: 200, y: 50), duration: 0.4)
  ///   SpringKeyframe(Point(x: 300, y: 0), duration: 0.5, spring: SpringParameters(duration: 0.5, bounce: 0.2))
  ///   MoveKeyframe(Point(x: 0, y: 0))
  /// }
  /// ```
  ///
  /// The property must be a stored animatable one (built-in or `@Animatable`), not a
  /// derived one such as `frame`; otherwise the track applies its last value at once, with
  /// a `DanceError`. A NaN, infinite or negative keyframe duration counts as 0.
  @discardableResult
  public func keyframes<N: Node, Value: VectorConvertible>(
    _ node: N, _ property: ReferenceWritableKeyPath<N, Value>,
    at position: TimelinePosition = .end,
    @KeyframeTrackBuilder<Value> _ track: () -> [Keyframe<Value>]
  ) -> Timeline {
    let call = "Timeline.keyframes(_:_:at:_:)"
    guard isBuildable(call) else { return self }
    let keyframes = track().map {
      Keyframe(
        kind: $0.kind, value: $0.value,
        duration: Validation.seconds($0.duration, "a keyframe's duration", in: call))
    }
    let length = keyframes.reduce(0) { $0 + $1.duration }
    let start = resolve(position, call: call)
    append(
      Child(
        start: start,
        content: .keyframes({ [weak node] recorder in
          guard let node, let last = keyframes.last else { return }
          recorder.keyframes = keyframes
          recorder.keyframesRejected = false
          node[keyPath: property] = last.value
          if recorder.keyframesRejected || recorder.keyframes != nil {
            recorder.keyframes = nil
            recorder.keyframesRejected = false
            DanceError.report(
              .illegalState,
              "\(call): \(property) is not a stored animatable property; its last value was set")
          }
        }), length: length, name: "keyframes"), call: call)
    return self
  }

  /// Nests `child` at `position`: it plays in this timeline's time, at its own `speed`,
  /// with its own repeats. A timeline can be nested once, never in itself or its own
  /// descendants, only in a timeline of the same scene, and only while both are inactive;
  /// otherwise the call reports a `DanceError` and changes nothing.
  @discardableResult
  public func add(_ child: Timeline, at position: TimelinePosition = .end) -> Timeline {
    let call = "Timeline.add(_:at:)"
    guard isBuildable(call) else { return self }
    var ancestor: Timeline? = self
    while let next = ancestor {
      if next === child {
        DanceError.report(
          .illegalState, "\(call): a timeline cannot contain itself or its ancestors")
        return self
      }
      ancestor = next.parent
    }
    guard child.parent == nil else {
      DanceError.report(.illegalState, "\(call): the child already belongs to a timeline")
      return self
    }
    guard child.scene === scene else {
      DanceError.report(.illegalState, "\(call): the child animates another scene")
      return self
    }
    guard child.repeatCount.isFinite else {
      DanceError.report(
        .illegalState, "\(call): a child that repeats forever has no end; not added")
      return self
    }
    guard child.run == nil || child.run?.state == .inactive else {
      DanceError.report(.illegalState, "\(call): the child is active; not added")
      return self
    }
    let start = resolve(position, call: call)
    let entry = Child(start: start, content: .timeline(child), length: 0, name: "timeline")
    guard entry.end.isFinite else {
      append(entry, call: call)  // refused, with its error
      return self
    }
    child.parent = self
    append(entry, call: call)
    return self
  }

  /// Adds (or moves) the label `name` at `position`.
  @discardableResult
  public func addLabel(_ name: String, at position: TimelinePosition = .end) -> Timeline {
    let call = "Timeline.addLabel(_:at:)"
    guard isBuildable(call) else { return self }
    labels[name] = resolve(position, call: call)
    return self
  }

  /// Adds a callback that runs when playback crosses `position`, at that exact clock time.
  @discardableResult
  public func addCallback(
    at position: TimelinePosition = .end, _ callback: @escaping () -> Void
  ) -> Timeline {
    let call = "Timeline.addCallback(at:_:)"
    guard isBuildable(call) else { return self }
    let time = resolve(position, call: call)
    callbacks.append((time, callback))
    previous = (time, time)
    return self
  }

  /// The times of the callbacks, in the order added; for tests and the fuzzer.
  package var callbackTimes: [Double] { callbacks.map(\.time) }

  /// The time of the label `name`, in own seconds, or nil.
  public func time(ofLabel name: String) -> Double? { labels[name] }

  /// Adds `child`, unless it would end beyond the largest time (a `DanceError` naming
  /// `call`): a timeline's length must stay finite.
  private func append(_ child: Child, call: String) {
    guard child.end.isFinite else {
      DanceError.report(
        .outOfRange, "\(call): the child would end at \(child.end) s, beyond the largest time; not added")
      return
    }
    children.append(child)
    previous = (child.start, child.end)
  }

  /// The start time `position` stands for now; `call` names the user's call in errors.
  private func resolve(_ position: TimelinePosition, call: String) -> Double {
    var offset = position.offset
    if !offset.isFinite {
      DanceError.report(.nonFiniteNumber, "\(call): the position's time is \(offset); using 0")
      offset = 0
    }
    let base: Double
    switch position.anchor {
    case .absolute: base = 0
    case .end: base = duration
    case .previousStart: base = previous?.start ?? 0
    case .previousEnd: base = previous?.end ?? duration
    case .previousFraction(var fraction):
      if !fraction.isFinite {
        DanceError.report(.nonFiniteNumber, "\(call): the fraction is \(fraction); using 0")
        fraction = 0
      }
      let (start, end) = previous ?? (0, 0)
      base = start + fraction * (end - start)
    case .label(let name):
      if let time = labels[name] {
        base = time
      } else {
        base = duration
        labels[name] = base
      }
    }
    let start = base + offset
    guard start >= 0 else {
      DanceError.report(.outOfRange, "\(call): the position is at \(start) s, before 0; clamped")
      return 0
    }
    return start
  }

  // MARK: - Completions

  /// Adds a closure to run once when the current (or next) run ends, with where it ended:
  /// `.end`, `.start` (reversed back to 0), or `.current` (finished there).
  public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
    if let run, run.state != .inactive {
      run.addCompletion(completion)
    } else {
      completions.append(completion)
    }
  }

  /// The completions for the next run (those of a run that ended are spent).
  func takeCompletions() -> [(AnimatingPosition) -> Void] {
    defer { completions = [] }
    return completions
  }
}
