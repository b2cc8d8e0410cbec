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
/// value it has then to the value assigned; reading a property inside a block gives its
/// target (the value it is heading to), so `node.alpha += 0.2` adds to where it is going.
/// The animator runs on the clock of the scene of the first node it animates; an assignment
/// to a node outside any scene applies at once, and so does one to a node in a different
/// scene (with a `DanceError`).
///
/// **An active animator lives in a scene.** An activation whose blocks animate no node in a
/// scene ends the run at once: started, it finishes at `.end` (`.start` reversed); paused or
/// scrubbed, at `.current`. When its scene goes away, or the last node it animates leaves
/// the scene, the run ends at `.current`. So no active animation outlives its scene.
///
/// **States** follow `UIViewPropertyAnimator` (inactive → active, running or paused →
/// stopped → inactive); see `AnimatorCore` in the source for the table. Where UIKit raises
/// an exception, Dance reports a `DanceError` naming your call and does nothing.
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
  // The stored properties are `@exclusivity(unchecked)` in release builds: an animator is
  // confined to its clock's thread and no access to one is held across a call out (lists
  // are moved out before they are walked), so the run-time checks could never fire; they
  // were 20 of them per start and finish, 1 500 instructions (`dance-bench --start-probe`
  // under callgrind). Debug builds keep the checks, which is how that is verified.

  /// The delay of the last `startAnimation(afterDelay:)`, in seconds.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public internal(set) var delay: Double = 0

  /// The run's state while the animator has no slot in a store; nil while it has one (the
  /// state then lives in the slot, ``slot`` ≥ 0). Reach the state through ``core``,
  /// ``readCore(_:)`` and ``updateCore(_:)``; see ``ParkedCore``.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var parked: ParkedCore?
  /// The animator's slot in its store (an index into `cores`) while active in a scene; -1
  /// otherwise.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var slot = -1

  // The one-byte fields, from here to `isListIndexed`, are declared together, so
  // that they share one 8-byte word: apart, they took three words, and the animator a
  // 272-byte heap block instead of 256 (240 since, with `storedDeadline`; 192 since its
  // clock, store and lists take one word each).

  /// How the animator's assignments take properties that are already animating; see
  /// ``composition``.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var storedComposition = AnimationComposition.replace

  /// How keyframe animations interpolate between their values (`Node.animateKeyframes`).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var keyframeMode = KeyframeCalculation.linear
  /// Whether a property of this run was taken by another writer or lost with its node.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var wasInterrupted = false
  /// The standard curve the animator was made with, unless ``extras`` holds a timing
  /// provider (see ``timingProvider``).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var timingCurve = AnimationCurve.easeInOut
  /// Whether the animator is going: its last run's completions must not hold it.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var isDeinitializing = false
  /// Whether this run has animated a property (so losing the last one ends it).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var hasHadAnimations = false
  /// Whether every lane the current activation recorded is plain (a blend from `from`, which
  /// it shows until the fraction moves): then the activation has no values to write.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var recordedOnlyPlainLanes = true
  /// Whether the extras keep where the run's animations are in its list
  /// (``AnimatorExtras/listPositions``): a byte to test where taking an animation off the
  /// list would otherwise read the extras and their dictionary.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var isListIndexed = false
  /// For an animator of `Node.animate`: the completion it shares with the animators of
  /// `Node.modifyAnimations` blocks inside it.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var completionGroup: CompletionGroup?
  /// What an animator is made with: a standard curve (kept in the animator itself), or other
  /// timing (kept in its ``AnimatorExtras``).
  @usableFromInline
  enum TimingSource {
    case curve(AnimationCurve)
    case other(AnimatorExtras.Timing)
  }
  /// The animator's rarely used state (a timing provider, an error waiting to be reported),
  /// made the first time one is needed and kept for the animator's life; see
  /// ``AnimatorExtras``.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var extras: AnimatorExtras?
  /// The duration asked for, before a physical spring replaced it with its settling time.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var requestedDuration: Double

  /// How a block's assignments are recorded: as animations starting at a fraction of the
  /// duration, or as keyframes over the whole duration.
  enum BlockKind {
    case window(start: Double)
    case keyframes
  }

  /// A completion, kept in a struct so that a list of them holds each closure as it was
  /// made. A `FlatArray` (or an `Array`) of bare closures keeps them as its generic element
  /// is kept, and each append wrapped the closure in a reabstraction thunk: an allocation
  /// and some 300 instructions a completion (`dance-bench --start-completion-probe`).
  struct Completion {
    let handler: (AnimatingPosition) -> Void
  }

  /// An animation block: a closure, or `node.dance`'s closure of its node.
  enum Block {
    case plain(() -> Void)
    case node((Node) -> Void)
  }

  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var pendingBlocks = CompactList<(block: Block, kind: BlockKind)>()
  /// The block of a `node.dance` animation, waiting for the run like ``pendingBlocks`` and
  /// before them: kept here, a `node.dance` animation has no list of blocks (16 bytes of
  /// the animator, where the list's first buffer was a 48-byte heap block).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var pendingNodeBlock: ((Node) -> Void)?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var completions = CompactList<Completion>()
  /// Completions of ended runs, waiting in the ``CallbackQueue`` to run, oldest first (the
  /// queue knows how many are each run's, and where it ended).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var dueCompletions = CompactList<Completion>()
  /// The `node.dance` of the node this animator animates, if it is that node's Dance
  /// animation: told when the run ends, and gives `.node` blocks their node. Unretained:
  /// it owns this animator and clears the link when it goes.
  var dance: NodeDance? {
    get { danceReference?.object }
    set { danceReference = newValue.map { Unretained($0) } }
  }
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var danceReference: Unretained<NodeDance>?

  /// Runs `body` with ``dance``, unretained, if there is one. `body` must not call out.
  @inline(__always)
  func withDance(_ body: (NodeDance) -> Void) {
    danceReference?.with(body)
  }
  /// The animations driving properties in this run. (A flat list, not an `Array`: adding
  /// and taking one pays no copy-on-write check; nothing the loops over it call changes
  /// it.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var animations = CompactList<PropertyAnimation>()
  /// The clock time at which this animator last wrote its values itself.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var evaluatedAt = -Double.infinity
  /// The clock of the scene the animator's nodes are in; set by the first node it animates.
  var clock: AnimationClock? { clockLink.object }
  /// The frame store of that scene (kept even if the scene goes first): one per scene, so
  /// it is also how the animator knows its scene.
  var store: FrameStore? { storeLink.object }
  /// The animator's holds on `clock` and `store`, which also lend them unretained to the
  /// control path's uses that call nothing that could change them (``withClock(_:)``,
  /// ``withStore(_:)``): each use of a plain retained reference, where the optimiser cannot
  /// see that the field stays, costs a retain and a release. (One field each: a retained
  /// reference beside an unretained link took 16 bytes more of every animator.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var clockLink = Retained<AnimationClock>(nil)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var storeLink = Retained<FrameStore>(nil)

  /// Binds the animator to `clock` and `store` (both nil: unbound).
  func bind(clock: AnimationClock?, store: FrameStore?) {
    clockLink = Retained(clock)
    storeLink = Retained(store)
  }

  /// The identity of the clock the animator is bound to (nil: none), compared without a
  /// retain.
  var boundClockIdentity: UnsafeMutableRawPointer? { clockLink.identity }

  /// Whether the animator is bound to a store (tested without a retain).
  var hasStore: Bool { storeLink.isPresent }

  /// Whether the animator's store is `store` (compared without retaining either).
  @inline(__always)
  func isBound(to store: FrameStore) -> Bool {
    storeLink.refers(to: store)
  }

  /// Runs `body` with the clock, unretained; nil if the animator has none. `body` must not
  /// call out (to a handler that could rebind the animator).
  @inline(__always)
  func withClock<Result>(_ body: (AnimationClock) -> Result) -> Result? {
    clockLink.with(body)
  }

  /// Runs `body` with the store, unretained; the animator must have one. `body` must not
  /// call out (to a handler that could rebind the animator).
  @inline(__always)
  func withStore<Result>(_ body: (FrameStore) -> Result) -> Result {
    storeLink.withPresent(body)
  }

  /// The clock's bookkeeping for this animator's deadline.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  package var registration = ClockRegistration()
  /// The deadline the clock holds for this animator, if any (so that an unchanged deadline
  /// is not scheduled again).
  var scheduledDeadline: Double? {
    @inline(__always) get { storedDeadline.isNaN ? nil : storedDeadline }
    @inline(__always) set { storedDeadline = newValue ?? .nan }
  }
  /// ``scheduledDeadline``, NaN for none: a deadline is finite (``AnimatorCore/deadline``
  /// gives none for a time that is not). An optional's extra byte made the animator 233
  /// bytes, a 256-byte heap block instead of 240.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var storedDeadline = Double.nan

  // MARK: - Creating

  /// Creates an animator with a standard curve.
  ///
  /// A NaN, infinite or negative duration counts as 0, with a `DanceError`.
  public convenience init(
    duration: Double, curve: AnimationCurve, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, curve: curve, call: "PropertyAnimator(duration:curve:animations:)")
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
        controlPoint1: controlPoint1, controlPoint2: controlPoint2),
      call: "PropertyAnimator(duration:controlPoint1:controlPoint2:animations:)")
    if let animations { addAnimations(animations) }
  }

  /// Creates an animator with a spring of damping ratio `dampingRatio` that settles in
  /// `duration` seconds.
  public convenience init(
    duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, timingParameters: SpringTimingParameters(dampingRatio: dampingRatio),
      call: "PropertyAnimator(duration:dampingRatio:animations:)")
    if let animations { addAnimations(animations) }
  }

  /// Creates an animator paced by `timingParameters`; see ``SpringTimingParameters`` for how
  /// springs set the duration.
  public convenience init(duration: Double, timingParameters: any TimingCurveProvider) {
    self.init(
      duration: duration, timingParameters: timingParameters,
      call: "PropertyAnimator(duration:timingParameters:)")
  }

  /// Creates an animator with UIKit's `runningPropertyAnimator` form and starts it: the
  /// changes in `animations`, over `duration` seconds after `delay`, with the curve of
  /// `options`; `completion` runs once when it ends.
  ///
  /// ```swift
  /// PropertyAnimator.runningPropertyAnimator(
  ///   withDuration: 0.3, delay: 0, options: [.curveEaseOut],
  ///   animations: { card.alpha = 0 }, completion: { position in print(position) })
  /// ```
  ///
  /// Only the curve options apply (repeats are `Node.animate`'s); a NaN, infinite or negative
  /// duration or delay counts as 0, with a `DanceError`.
  @discardableResult
  public static func runningPropertyAnimator(
    withDuration duration: Double, delay: Double, options: AnimationOptions = [],
    animations: @escaping () -> Void,
    completion: ((AnimatingPosition) -> Void)? = nil
  ) -> PropertyAnimator {
    let call =
      "PropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)"
    let animator = PropertyAnimator(
      duration: duration, timingParameters: CubicTimingParameters(animationCurve: options.curve),
      call: call)
    animator.addAnimations(animations)
    if let completion { animator.addCompletion(completion) }
    let delay = Validation.seconds(delay, "the delay", in: call)
    animator.start(afterDelay: delay > 0 ? delay : nil, call: call)
    return animator
  }

  /// Creates an animator; `call` names the user's call in `DanceError`s.
  convenience init(duration: Double, timingParameters: any TimingCurveProvider, call: String) {
    self.init(duration: duration, timing: .provider(timingParameters), call: call)
  }

  /// Creates an animator paced by `timing`, a custom curve, a spring or a timing provider;
  /// `call` names the user's call in `DanceError`s.
  init(duration: Double, timing: AnimatorExtras.Timing, call: String) {
    let duration = Validation.seconds(duration, "the duration", in: call)
    requestedDuration = duration
    parked = ParkedCore(
      AnimatorCore(timing: AnimationTiming(timing, requestedDuration: duration, call: call)))
    madeExtras.timing = timing
  }

  /// Creates an animator with a standard curve; `call` names the user's call in
  /// `DanceError`s.
  init(duration: Double, curve: AnimationCurve, call: String) {
    let duration = Validation.seconds(duration, "the duration", in: call)
    requestedDuration = duration
    timingCurve = curve
    parked = ParkedCore(
      AnimatorCore(timing: AnimationTiming(curve: curve.timingFunction, duration: duration)))
  }

  /// Creates an animator paced by `timing`; `call` names the user's call in `DanceError`s.
  convenience init(duration: Double, timing: TimingSource, call: String) {
    switch timing {
    case .curve(let curve): self.init(duration: duration, curve: curve, call: call)
    case .other(let timing): self.init(duration: duration, timing: timing, call: call)
    }
  }

  /// Whether the animator is at rest as a new one would be, with nothing waiting: what
  /// ``reuse(duration:timing:call:)`` needs.
  var isReusable: Bool {
    slot < 0 && phase == .inactive && scheduledDeadline == nil && animations.isEmpty
      && pendingBlocks.isEmpty && pendingNodeBlock == nil && completions.isEmpty
  }

  /// Makes this finished animator a new one: the state of `init(duration:timing:call:)`,
  /// keeping the buffers of its lists (and its run count, so that a call that checks
  /// whether its run is still the current one never mistakes the new run for it).
  ///
  /// It stays bound to the scene it last ran in: a start in the same scene (the common
  /// case, a node's next animation) then runs by that scene's clock from the start, with
  /// nothing to re-base, and a first assignment to a node of another scene binds it there
  /// (``canAnimate(_:)``).
  func reuse(duration: Double, timing: consuming TimingSource, call: String) {
    let duration = Validation.seconds(duration, "the duration", in: call)
    requestedDuration = duration
    let pacing: AnimationTiming
    switch consume timing {
    case .curve(let curve):
      timingCurve = curve
      extras?.timing = nil
      pacing = AnimationTiming(curve: curve.timingFunction, duration: duration)
    case .other(let timing):
      pacing = AnimationTiming(timing, requestedDuration: duration, call: call)
      madeExtras.timing = timing
    }
    renewParked(timing: pacing)
    delay = 0
    storedComposition = .replace
    keyframeMode = .linear
    wasInterrupted = false
    completionGroup = nil
    hasHadAnimations = false
    evaluatedAt = -.infinity
    dropHandOffs()
  }

  deinit {
    isDeinitializing = true
    if scheduledDeadline != nil { clock?.unschedule(self) }
    let now = currentTime
    send("deinit") { $0.finishWhereItIs(now: now) }
  }
}
