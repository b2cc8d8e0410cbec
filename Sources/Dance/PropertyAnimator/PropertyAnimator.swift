/// Animates changes to nodes' properties, with the controls of `UIViewPropertyAnimator`:
/// start, pause, reverse, scrub, stop and finish, on a virtual clock.
///
/// ```swift
/// let animator = PropertyAnimator(duration: 1, curve: .easeInOut) {
///   card.center = Point(x: 300, y: 200)
///   card.alpha = 0.5
/// }
/// animator.addCompletion { position in print("ended at", position) }
/// animator.startAnimation()
/// scene.clock.advance(by: 0.5)
/// animator.pauseAnimation()
/// animator.fractionComplete = 0.25   // shows exactly what playback shows a quarter in
/// animator.isReversed = true
/// animator.startAnimation()           // runs back, finishing with `.start`
/// ```
///
/// **Blocks.** Animation blocks run when the animator becomes active (`startAnimation()`,
/// `pauseAnimation()`, or setting `fractionComplete`), or at once when added to an active
/// animator; each assignment inside them to a node's animatable property animates from the
/// value it has then to the value assigned. The animator runs on the clock of the scene of the
/// first node it animates; an assignment to a node outside any scene applies at once, and so
/// does one to a node in a different scene (with a `DanceError`). An animator with no node
/// in a scene has no clock: started, it finishes at once.
///
/// **States** follow `UIViewPropertyAnimator` (inactive → active, running or paused →
/// stopped → inactive); see `PropertyAnimatorStateMachine` in the source for the table.
/// Where UIKit raises an exception, Dance reports a `DanceError` and does nothing.
///
/// **Decisions where UIKit is vague:**
/// - ``fractionComplete`` is the position along the forward path in animation time: 0 shows
///   the start values, 1 the end values, whichever way the animator runs. Scrubbing to f shows
///   exactly what playback shows at f, unless ``scrubsLinearly`` is set.
/// - A reversed animator that returns to the start finishes with `.start`.
/// - Completions run exactly once per run, in the order added, after the final values are
///   applied, and may start, reverse or finish any animator, including this one.
///   `stopAnimation(true)` and releasing a stopped animator run them with `.current`
///   (UIKit drops them).
/// - When another writer takes the animator's last property, or the last node it animates
///   leaves its scene, the animator finishes at once with `.current`.
/// - An active animator is kept alive by its scene, so releasing your reference is safe in
///   every state.
public final class PropertyAnimator {
  /// The animation time in seconds: the requested duration, or a physical spring's settling
  /// duration.
  public var duration: Double { timing.duration }
  /// The delay of the last `startAnimation(afterDelay:)`, in seconds.
  public private(set) var delay: Double = 0
  /// Whether the animator stays active, paused at the end, instead of finishing (and then
  /// runs no completions until it does finish).
  public var pausesOnCompletion = false
  /// Whether scrubbing with ``fractionComplete`` shows linear progress instead of the timing
  /// curve (until the animator runs again). Default false: scrubbing shows what playback
  /// shows.
  public var scrubsLinearly = false

  // `@exclusivity(unchecked)` marks the state read on the frame store's and the refresh
  // paths: an animator is confined to its clock's thread and never holds an access across a
  // callback (`applyAll` iterates a copy of `animations`, and state is read into locals
  // before calls out), so the runtime checks could never fire. None of these is read by code inlined into other modules
  // (where the attribute on a reference-typed field was seen to crash in release).
  @exclusivity(unchecked) var machine = PropertyAnimatorStateMachine()

  // Configuration used by `Node.animate` and `Node.animateKeyframes` (not part of the
  // UIViewPropertyAnimator surface): repeating, autoreversing and keyframe interpolation.
  /// Whether the path repeats forever (each cycle from the start, or there and back).
  var repeats: Bool {
    get { timeline.repeats }
    set { timeline.repeats = newValue }
  }
  /// Whether each cycle runs forward, then back; a single such cycle ends at `.start`.
  var autoreverses: Bool {
    get { timeline.autoreverses }
    set { timeline.autoreverses = newValue }
  }
  /// How keyframe animations interpolate between their values.
  var keyframeMode = KeyframeCalculation.linear
  /// Whether a property of this run was taken by another writer or lost with its node.
  private(set) var wasInterrupted = false
  /// The timing provider the animator was made with, for nested blocks that inherit it.
  let timingProvider: any TimingCurveProvider
  @exclusivity(unchecked) private(set) var timing: AnimationTiming
  private let requestedDuration: Double

  // Where the animation is along its path, as a function of clock time. One struct, so the
  // per-frame path reads it in one access.
  @exclusivity(unchecked) private var timeline: AnimatorTimeline
  @exclusivity(unchecked) private(set) var showsLinearScrub = false
  @exclusivity(unchecked) private var pauseTime: Double?
  @exclusivity(unchecked) private var evaluatedAt = -Double.infinity

  /// How a block's assignments are recorded: as animations starting at a fraction of the
  /// duration, or as keyframes over the whole duration.
  enum BlockKind {
    case window(start: Double)
    case keyframes
  }

  private var pendingBlocks: [(block: () -> Void, kind: BlockKind)] = []
  private var completions: [(AnimatingPosition) -> Void] = []
  @exclusivity(unchecked) private(set) var animations: [PropertyAnimation] = []
  private var hasHadAnimations = false
  private(set) weak var scene: Scene?
  private(set) var clock: AnimationClock?
  /// The frame store of the animator's scene (kept even if the scene goes first).
  private(set) var store: FrameStore?
  /// The animator's slot in `store` while it runs; -1 otherwise. Kept by the store.
  @exclusivity(unchecked) var slot = -1

  /// The clock's bookkeeping for this animator.
  @exclusivity(unchecked) package var registration = ClockRegistration()

  // MARK: - Creating

  /// Creates an animator with a standard curve.
  ///
  /// A NaN, infinite or negative duration is replaced by 0 with a `DanceError`.
  public convenience init(
    duration: Double, curve: AnimationCurve, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, timingParameters: CubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }

  /// Creates an animator with a cubic Bézier curve through two control points.
  public convenience init(
    duration: Double, controlPoint1: Point, controlPoint2: Point,
    animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration,
      timingParameters: CubicTimingParameters(
        controlPoint1: controlPoint1, controlPoint2: controlPoint2))
    if let animations { addAnimations(animations) }
  }

  /// Creates an animator with a spring of damping ratio `dampingRatio` that settles in
  /// `duration` seconds.
  public convenience init(
    duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration,
      timingParameters: SpringTimingParameters(dampingRatio: dampingRatio))
    if let animations { addAnimations(animations) }
  }

  /// Creates an animator paced by `timingParameters`; see ``SpringTimingParameters`` for how
  /// springs set the duration.
  public init(duration: Double, timingParameters: any TimingCurveProvider) {
    let duration = Validation.sanitizedNonNegative(
      duration, "duration", in: "PropertyAnimator.init", infinity: 0)
    requestedDuration = duration
    timingProvider = timingParameters
    timing = AnimationTiming(timingParameters, requestedDuration: duration)
    timeline = AnimatorTimeline(secondsPerFraction: timing.duration)
  }

  deinit {
    if let clock { clock.detach(self) }
    store?.leave(self)
    if case .finishNow(let position) = machine.abandon() {
      finishNow(at: position)
    }
  }

  // MARK: - State

  /// The state: inactive, active (running or paused) or stopped.
  public var state: AnimatingState {
    switch machine.state {
    case .inactive: .inactive
    case .running, .paused: .active
    case .stopped: .stopped
    }
  }

  /// Whether the animator is active and moving (or waiting out a start delay).
  public var isRunning: Bool { machine.state == .running }

  /// Whether the animator can be paused, stopped and scrubbed while active (default true);
  /// it can change only while inactive.
  public var isInterruptible: Bool {
    get { machine.isInterruptible }
    set { perform(machine.setInterruptible(newValue), "isInterruptible") }
  }

  /// Whether the animator runs from the end toward the start.
  ///
  /// Set while running, it turns around where it is; set before starting, the animator
  /// plays from the end values back to the start values.
  public var isReversed: Bool {
    get { timeline.reversed }
    set {
      guard machine.state != .stopped else {
        DanceError.report(
          .illegalState, "PropertyAnimator.isReversed: a stopped animator cannot reverse")
        return
      }
      guard newValue != timeline.reversed else { return }
      if machine.state == .running {
        let now = currentTime
        if now > timeline.anchorTime {
          timeline.anchorFraction = fraction(at: now)
          timeline.anchorTime = now
        }
      }
      timeline.reversed = newValue
      updateClock()
    }
  }

  /// The position along the forward path, in animation time: 0 = start values, 1 = end
  /// values.
  ///
  /// Setting it pauses a running animator and activates an inactive one, then shows exactly
  /// what playback shows at that fraction. NaN is ignored and values outside 0…1 are clamped,
  /// with a `DanceError`.
  public var fractionComplete: Double {
    get { fraction(at: currentTime) }
    set {
      let call = "PropertyAnimator.fractionComplete"
      guard Validation.requireFinite(newValue, "the fraction", in: call) else { return }
      var value = newValue
      if !(0...1).contains(value) {
        DanceError.report(.outOfRange, "\(call): \(value) is outside 0...1; clamped")
        value = min(max(value, 0), 1)
      }
      let action = machine.scrub()
      guard perform(action, "fractionComplete") else { return }
      timeline.anchorFraction = value
      timeline.anchorTime = currentTime
      showsLinearScrub = scrubsLinearly
      applyAll()
      // Normally the animator is paused now; but the blocks of an activation may have run a
      // completion that started it again, and then its end time and its store slot must
      // follow the new fraction.
      updateClock()
    }
  }

  // MARK: - Animations and completions

  /// Adds an animation block; it runs when the animator becomes active, or at once (running
  /// for the rest of the animator's path) if it already is.
  public func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, windowStart: 0, call: "addAnimations(_:)")
  }

  /// Adds an animation block that starts `delayFactor × duration` into the animation and
  /// ends with the animator. `delayFactor` is clamped to 0…1 (NaN counts as 0), with a
  /// `DanceError`.
  public func addAnimations(_ animation: @escaping () -> Void, delayFactor: Double) {
    let call = "addAnimations(_:delayFactor:)"
    var factor = delayFactor
    if !Validation.requireFinite(
      factor, "delayFactor", in: "PropertyAnimator.\(call)", outcome: "using 0")
    {
      factor = 0
    } else if !(0...1).contains(factor) {
      DanceError.report(
        .outOfRange, "PropertyAnimator.\(call): delayFactor \(factor) is outside 0...1; clamped")
      factor = min(max(factor, 0), 1)
    }
    addAnimations(animation, windowStart: factor, call: call)
  }

  private func addAnimations(_ animation: @escaping () -> Void, windowStart: Double, call: String) {
    guard machine.acceptsAnimations else {
      DanceError.report(
        .illegalState, "PropertyAnimator.\(call): a stopped animator cannot take animations")
      return
    }
    if machine.state == .inactive {
      pendingBlocks.append((animation, .window(start: windowStart)))
    } else {
      let start = max(windowStart, fraction(at: currentTime))
      runBlock(animation, kind: .window(start: start))
      updateClock()
    }
  }

  /// Adds a closure to run once when the current (or next) run ends, with where it ended.
  ///
  /// A stopped animator that is released still runs its completions (with `.current`) from
  /// its `deinit`: capture the animator weakly (not `unowned`) in them.
  public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
    completions.append(completion)
  }

  // MARK: - Controls

  /// Starts (or resumes) the animation.
  public func startAnimation() {
    perform(machine.start(), "startAnimation()")
  }

  /// Starts (or resumes) the animation after `delay` seconds of clock time.
  ///
  /// NaN and infinite delays are ignored and negative ones count as 0, with a `DanceError`.
  public func startAnimation(afterDelay delay: Double) {
    let call = "PropertyAnimator.startAnimation(afterDelay:)"
    guard Validation.requireFinite(delay, "the delay", in: call) else { return }
    let delay = Validation.clampNonNegative(delay, "the delay", in: call)
    let action = machine.startAfterDelay()
    guard perform(action, "startAnimation(afterDelay:)", startDelay: delay) else { return }
    self.delay = delay
  }

  /// Pauses the animation where it is (activating an inactive animator at its start).
  public func pauseAnimation() {
    perform(machine.pause(), "pauseAnimation()")
  }

  /// Pauses the animation `delay` seconds of clock time from now, if it is still running
  /// then. NaN, infinite and negative delays are refused with a `DanceError`.
  public func pauseAnimation(afterDelay delay: Double) {
    let call = "PropertyAnimator.pauseAnimation(afterDelay:)"
    guard Validation.requireFinite(delay, "the delay", in: call) else { return }
    guard delay >= 0 else {
      DanceError.report(.outOfRange, "\(call): the delay is negative; ignored")
      return
    }
    guard machine.isInterruptible else {
      DanceError.report(.illegalState, "\(call): the animator is not interruptible")
      return
    }
    pauseTime = currentTime + delay
    updateClock()
  }

  /// Stops the animation where it is: with `withoutFinishing` true it becomes inactive at
  /// once (completions run with `.current`); otherwise it waits, stopped, for
  /// ``finishAnimation(at:)``.
  public func stopAnimation(_ withoutFinishing: Bool) {
    perform(machine.stop(withoutFinishing: withoutFinishing), "stopAnimation(_:)")
  }

  /// Finishes a stopped animator: properties jump to the end or start values (or stay, for
  /// `.current`) and completions run with `position`.
  public func finishAnimation(at position: AnimatingPosition) {
    perform(machine.finish(at: position), "finishAnimation(at:)")
  }

  /// Runs the rest of the path with new timing (or the current one, for nil) over the
  /// remaining time × `durationFactor`; each property keeps its velocity when the new timing
  /// is a spring. A NaN or infinite factor counts as 1 and a negative one as 0, with a
  /// `DanceError`.
  public func continueAnimation(
    withTimingParameters parameters: (any TimingCurveProvider)?, durationFactor: Double
  ) {
    let call = "PropertyAnimator.continueAnimation(withTimingParameters:durationFactor:)"
    var factor = durationFactor
    if !Validation.requireFinite(factor, "durationFactor", in: call, outcome: "using 1") {
      factor = 1
    }
    factor = Validation.clampNonNegative(factor, "durationFactor", in: call)
    let now = currentTime
    let f = fraction(at: now)
    let oldSpeed = speed(at: now)
    let oldTiming = timing
    let linear = showsLinearScrub
    guard perform(machine.continueAnimation(), "continueAnimation") else { return }
    if let parameters {
      timing = AnimationTiming(parameters, requestedDuration: requestedDuration)
    }
    timeline.secondsPerFraction = timing.duration * factor
    timeline.anchorFraction = f
    timeline.anchorTime = now
    showsLinearScrub = false
    let newSpeed = speed(at: now)
    // The segments change shape: the lanes are rebuilt for them when the animator rejoins
    // its store below.
    store?.leave(self)
    for animation in animations {
      animation.rebase(
        at: f, oldTiming: oldTiming, linear: linear, oldSpeed: oldSpeed, newTiming: timing,
        newSpeed: newSpeed)
    }
    applyAll()
    updateClock()
  }

  // MARK: - Carrying out actions

  /// Carries out `action`; returns false if it was a rejection (reported).
  @discardableResult
  private func perform(
    _ action: PropertyAnimatorStateMachine.Action, _ call: String, startDelay: Double = 0
  ) -> Bool {
    let now = currentTime
    switch action {
    case .none:
      return true
    case .reject(let kind, let message):
      DanceError.report(kind, "PropertyAnimator.\(call): \(message)")
      return false
    case .activateRunning:
      activate()
      guard machine.state == .running else { return settleAfterReentrantActivation() }
      // Read the time again: the blocks may just have bound the animator to a scene's clock.
      timeline.anchorTime = currentTime + startDelay
      timeline.isMoving = true
      retainInScene()
      applyAll()
    case .activatePaused:
      activate()
      guard machine.state == .paused else { return settleAfterReentrantActivation() }
      retainInScene()
      applyAll()
    case .resume:
      timeline.anchorTime = now + startDelay
      timeline.isMoving = true
      showsLinearScrub = false
      if pauseTime.map({ $0 < now }) == true { pauseTime = nil }
    case .pause, .stop:
      timeline.anchorFraction = fraction(at: now)
      timeline.anchorTime = now
      timeline.isMoving = false
      applyAll()
      if case .stop = action {
        scene?.activeAnimators[ObjectIdentifier(self)] = nil
      }
    case .finishNow(let position):
      finishNow(at: position)
      return true
    case .continueRunning:
      timeline.isMoving = true
    case .holdAtEnd:
      timeline.anchorFraction = timeline.reversed ? 0 : 1
      timeline.anchorTime = now
      timeline.isMoving = false
      applyAll()
    }
    updateClock()
    return true
  }

  /// Finishes an activation whose blocks moved the animator on: an assignment in them took a
  /// property from another animator whose completion paused, stopped, finished or restarted
  /// this one. That call did its own bookkeeping; only what it could not know is left.
  private func settleAfterReentrantActivation() -> Bool {
    if machine.state == .running || machine.state == .paused {
      retainInScene()
      applyAll()
    }
    updateClock()
    return true
  }

  /// Sets up a new run: the timeline at its start, then the pending blocks.
  private func activate() {
    timeline.isMoving = false
    wasInterrupted = false
    timeline.anchorFraction = timeline.reversed ? 1 : 0
    timeline.anchorTime = currentTime
    timeline.secondsPerFraction = timing.duration
    showsLinearScrub = false
    delay = 0
    let blocks = pendingBlocks
    pendingBlocks = []
    for (block, kind) in blocks {
      runBlock(block, kind: kind)
    }
  }

  private func runBlock(_ block: () -> Void, kind: BlockKind) {
    switch kind {
    case .window(let start):
      AnimationBlockStack.current.run(.animating(self, windowStart: start), block)
    case .keyframes:
      AnimationBlockStack.current.run(.keyframe(self, start: 0, duration: 1), block)
    }
  }

  /// Adds a block whose assignments become keyframes (for `Node.animateKeyframes`); call it
  /// before starting the animator.
  func addKeyframeAnimations(_ animation: @escaping () -> Void) {
    pendingBlocks.append((animation, .keyframes))
  }

  private func retainInScene() {
    scene?.activeAnimators[ObjectIdentifier(self)] = self
  }

  /// The running animator reached the end of its path.
  private func reachEnd() {
    let position: AnimatingPosition = timeline.reversed || autoreverses ? .start : .end
    perform(
      machine.reachEnd(at: position, pausesOnCompletion: pausesOnCompletion), "reachEnd")
  }

  /// Ends the run (the machine is already inactive): final values, then completions.
  private func finishNow(at position: AnimatingPosition) {
    pauseTime = nil
    if position == .current, clock != nil, !isFresh {
      // Ending inside an event: the values still show the last frame; `.current` means now.
      applyAll()
    }
    timeline.isMoving = false
    store?.leave(self)
    clock?.unschedule(self)
    for animation in animations {
      animation.apply(position)
    }
    let ended = animations
    animations = []
    hasHadAnimations = false
    for animation in ended {
      animation.animator = nil
      animation.releaseProperty()
      animation.baseNode?.animations.removeAll { $0 === animation }
    }
    timeline.anchorFraction = 0
    showsLinearScrub = false
    let handlers = completions
    completions = []
    withExtendedLifetime(self) {
      scene?.activeAnimators[ObjectIdentifier(self)] = nil
      AnimationBlockStack.current.run(.immediate) {
        for handler in handlers {
          handler(position)
        }
      }
    }
  }

  /// Ends this animator's current run or pending one at `.current`, whatever its state:
  /// an inactive animator drops its pending blocks, an active or stopped one stops where it
  /// is. Completions run once either way. Used when `node.dance` replaces an animation.
  func discard() {
    pendingBlocks = []
    if case .finishNow(let position) = machine.abandon() {
      finishNow(at: position)
    } else {
      finishNow(at: .current)
    }
  }

  // MARK: - Timeline

  private var currentTime: Double { clock?.now ?? 0 }

  /// The fraction complete at clock time `time`.
  private func fraction(at time: Double) -> Double { timeline.fraction(at: time) }

  /// How fast the fraction moves at `time`, in fractions per second (signed).
  private func speed(at time: Double) -> Double { timeline.speed(at: time) }

  /// The clock time at which the running animator reaches the end of its path.
  private var endTime: Double { timeline.endTime }

  /// Registers with the clock for ticks and the next event while running; unregisters
  /// otherwise.
  private func updateClock() {
    guard let clock else {
      // No node in a scene: nothing to animate on a clock, so a run ends as soon as it runs
      // (whether it was started, resumed or continued).
      if machine.state == .running { reachEnd() }
      return
    }
    guard machine.state == .running else {
      store?.leave(self)
      clock.unschedule(self)
      return
    }
    store?.enter(self)
    var deadline = endTime
    if let pauseTime, pauseTime < deadline { deadline = pauseTime }
    if deadline.isFinite {
      clock.schedule(self, at: deadline)
    } else {
      clock.unschedule(self)
    }
  }

  /// Writes every property's value at the current fraction.
  private func applyAll() {
    applyAll(now: currentTime)
  }

  private func applyAll(now: Double) {
    evaluatedAt = now
    let f = timeline.fraction(at: now)
    // The timing is sampled once per frame for every animation whose segment starts at 0.
    let shared =
      showsLinearScrub ? AnimationTiming.linearSample(f) : timing.frameSample(f)
    for animation in animations {
      animation.apply(fraction: f, shared: shared)
    }
  }

  /// Whether the values show the clock's current time: computed at it by the animator, or
  /// by its store's last frame while the animator has a slot there.
  private var isFresh: Bool {
    guard let clock else { return true }
    let now = clock.now
    return now == evaluatedAt || (slot >= 0 && store?.evaluatedAt == now)
  }

  /// Brings the properties up to the clock's current time, if the clock has moved since.
  func refreshIfStale() {
    guard machine.state == .running, !isFresh else { return }
    applyAll()
  }

  /// The timeline, for the store's copy.
  var timelineForStore: AnimatorTimeline { timeline }

  // MARK: - Recording

  /// Whether `node` can be animated by this animator, binding the animator to the node's
  /// scene if it has none yet. Nodes outside a scene, or in another scene (reported), cannot.
  private func canAnimate(_ node: Node) -> Bool {
    // A block still running after its own run ended (a callback it triggered finished the
    // animator) has nothing to animate with: its assignments apply at once.
    guard machine.state != .inactive, let nodeScene = node.scene else { return false }
    if let scene {
      guard scene === nodeScene else {
        DanceError.report(
          .illegalState,
          "PropertyAnimator: one animator cannot animate nodes of two scenes; the value was "
            + "set without animation")
        return false
      }
    } else {
      scene = nodeScene
      clock = nodeScene.clock
      store = nodeScene.store
      if machine.state == .running || machine.state == .paused { retainInScene() }
    }
    return true
  }

  /// Makes `animation` the owner of its property, taking it from `previous`.
  private func adopt<N: Node, Value: VectorConvertible>(
    _ animation: ValueAnimation<Value>, node: N,
    storage: ReferenceWritableKeyPath<N, Animatable<Value>>, previous: PropertyAnimation?
  ) {
    animations.append(animation)
    if slot >= 0, let store { animation.enterStore(store, slot: slot) }
    node.animations.append(animation)
    node[keyPath: storage].owner = animation
    hasHadAnimations = true
    previous?.detach(endingAt: .current)
  }

  /// Records an assignment made inside one of this animator's blocks.
  func record<N: Node, Value: VectorConvertible>(
    _ newValue: Value, for node: N, at storage: ReferenceWritableKeyPath<N, Animatable<Value>>,
    windowStart: Double
  ) {
    guard canAnimate(node) else {
      node.assignImmediately(newValue, to: storage)
      return
    }
    // One key-path read for both: each costs a call into the runtime.
    let property = node[keyPath: storage]
    let previous = property.owner
    let animation = TypedPropertyAnimation(
      node: node, storage: storage, from: property.displayedValue.vector,
      to: newValue.vector, animator: self, windowStart: windowStart)
    if timing.isSpring, let previous = previous as? TypedPropertyAnimation<N, Value>,
      let previousAnimator = previous.animator
    {
      animation.inherit(
        clockVelocity: previousAnimator.velocity(of: previous),
        timing: timing, speed: timeline.secondsPerFraction > 0 ? 1 / timeline.secondsPerFraction : 0
      )
    }
    adopt(animation, node: node, storage: storage, previous: previous)
  }

  /// Records an assignment made inside a keyframe of this animator: the property reaches
  /// `newValue` over the slice `start ..< start + duration` of the animation.
  func recordKeyframe<N: Node, Value: VectorConvertible>(
    _ newValue: Value, for node: N, at storage: ReferenceWritableKeyPath<N, Animatable<Value>>,
    start: Double, duration: Double
  ) {
    guard canAnimate(node) else {
      node.assignImmediately(newValue, to: storage)
      return
    }
    let property = node[keyPath: storage]
    let previous = property.owner
    if let existing = previous as? KeyframePropertyAnimation<N, Value>, existing.animator === self {
      existing.addKeyframe(start: start, duration: duration, value: newValue.vector)
      return
    }
    let animation = KeyframePropertyAnimation(
      node: node, storage: storage, from: property.displayedValue.vector,
      mode: keyframeMode, animator: self)
    animation.addKeyframe(start: start, duration: duration, value: newValue.vector)
    adopt(animation, node: node, storage: storage, previous: previous)
  }

  /// The velocity of one of this animator's properties, in value units per second.
  func velocity<N: Node, Value: VectorConvertible>(
    of animation: TypedPropertyAnimation<N, Value>
  ) -> Value.VectorType {
    let now = currentTime
    return animation.velocity(
      fraction: fraction(at: now), timing: timing, linear: showsLinearScrub, speed: speed(at: now))
  }

  /// One of this animator's animations stopped driving its property.
  func animationDidDetach(_ animation: PropertyAnimation, endingAt position: AnimatingPosition) {
    wasInterrupted = true
    if let store { animation.leaveStore(store) }
    animations.removeAll { $0 === animation }
    animation.baseNode?.animations.removeAll { $0 === animation }
    guard animations.isEmpty, hasHadAnimations else { return }
    if case .finishNow = machine.abandon() {
      finishNow(at: position)
    }
  }
}

extension PropertyAnimator: ClockObserver {
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    guard machine.state == .running else { return }
    let now = clock.now
    if let pauseTime, pauseTime <= now, pauseTime < endTime {
      self.pauseTime = nil
      perform(machine.pause(), "pauseAnimation(afterDelay:)")
      return
    }
    if endTime <= now {
      reachEnd()
    } else {
      updateClock()
    }
  }

  /// Not called: the scene's `FrameStore` computes the frames of running animators (the
  /// animator registers with the clock only for its deadlines).
  package func clockDidAdvance(_ clock: AnimationClock) {
    refreshIfStale()
  }
}

extension Node {
  /// Sets an animatable property at once, taking it from any animation driving it.
  func assignImmediately<N: Node, Value: VectorConvertible>(
    _ newValue: Value, to storage: ReferenceWritableKeyPath<N, Animatable<Value>>
  ) {
    let node = unsafeDowncast(self, to: N.self)
    node[keyPath: storage].owner?.detach(endingAt: .current)
    node[keyPath: storage].value = newValue
  }
}

// MARK: - Consistency audit (package API for the fuzzer and the tests)

extension PropertyAnimator {
  /// What is inconsistent in this animator's bookkeeping, as sentences; empty when the
  /// animator, its clock registration, its scene's list and its animations agree.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    let state = machine.state
    let isRetained = scene.map { $0.activeAnimators[ObjectIdentifier(self)] === self } ?? false
    if state == .running && clock == nil {
      problems.append("a running animator has no clock")
    }
    if state == .running && clock != nil && slot < 0 {
      problems.append("a running animator has no slot in its scene's frame store")
    }
    if registration.isActive {
      problems.append("an animator is ticked by the clock instead of its frame store")
    }
    if state != .running && (slot >= 0 || registration.hasDeadline) {
      problems.append("a \(state) animator is still registered with its clock or store")
    }
    if let store { problems += store.auditProblems(of: self) }
    if state == .inactive && !animations.isEmpty {
      problems.append("an inactive animator still drives \(animations.count) properties")
    }
    if (state == .running || state == .paused) && scene != nil && !isRetained {
      problems.append("an active animator is not kept alive by its scene")
    }
    if (state == .inactive || state == .stopped) && isRetained {
      problems.append("a \(state) animator is still kept alive by its scene")
    }
    let f = timeline.fraction(at: currentTime)
    if !(0...1).contains(f) { problems.append("fraction \(f) outside 0…1") }
    for animation in animations {
      if animation.animator !== self {
        problems.append("an animation of the animator points to another animator")
      }
      guard let node = animation.baseNode else {
        problems.append("an animation outlived its node")
        continue
      }
      if !node.animations.contains(where: { $0 === animation }) {
        problems.append("a node does not list an animation that drives it")
      }
      if node.scene == nil || node.scene !== scene {
        problems.append("an animation drives a node outside the animator's scene")
      }
    }
    return problems
  }
}

extension Node {
  /// What is inconsistent in the animations listed on this node; empty when each is driven
  /// by a live animator that lists it, and the node is in that animator's scene.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    for animation in animations {
      guard let animator = animation.animator else {
        problems.append("a node lists an animation that has ended")
        continue
      }
      if !animator.animations.contains(where: { $0 === animation }) {
        problems.append("a node lists an animation its animator dropped")
      }
      if scene == nil { problems.append("a node outside any scene is still animated") }
    }
    return problems
  }

  /// The number of animations driving this node's properties; for tests and diagnostics.
  package var animationCount: Int { animations.count }
}

extension Scene {
  /// The number of animators the scene keeps alive; for tests and diagnostics.
  package var activeAnimatorCount: Int { activeAnimators.count }

  /// How the scene's frame store holds its running animators: their slots, the properties
  /// blended in its lane tables, and those whose animations compute their own values. For
  /// tests and diagnostics.
  package var frameStoreShape: (slots: Int, tableLanes: Int, computedLanes: Int) {
    (store.slotCount, store.tableLaneCount, store.computedLaneCount)
  }

  /// What is inconsistent in the animators the scene keeps alive; empty when each is active,
  /// belongs to this scene and passes its own audit.
  package func auditProblems() -> [String] {
    var problems: [String] = []
    if store.registration.isActive != (store.slotCount > 0) {
      problems.append("the frame store is registered with the clock iff it has slots: not so")
    }
    for animator in activeAnimators.values {
      if animator.scene !== self { problems.append("a scene keeps another scene's animator") }
      problems += animator.auditProblems()
    }
    return problems
  }
}
