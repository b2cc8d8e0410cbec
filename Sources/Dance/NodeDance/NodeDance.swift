import Synchronization

/// Whether a node has a started Dance animation, as Dance's `DanceAnimationState`.
public enum DanceAnimationState: Hashable, Sendable {
  /// No animation, or one created but not started (a finished animation no longer exists).
  case inactive
  /// An animation that has started, running or paused.
  case active
}

/// Dance's chainable, forgiving animation API for one node, reached as ``Node/dance``.
///
/// ```swift
/// circle.dance.animate(duration: 2.0, curve: .easeInOut) {
///   $0.transform = Transform(scaleX: 1.5, y: 1.5)
///   $0.center = Point(x: 160, y: 240)
///   $0.backgroundColor = .blue
/// }.addCompletion { position in
///   if position == .end { print("Animation reached the target end position!") }
/// }.start(after: 5.0)
///
/// circle.dance.pause().setProgress(to: 0.25)
/// circle.dance.start().reverse()
/// circle.dance.finish(at: .current)
/// ```
///
/// A node has at most one Dance animation at a time, created by `animate` and started by
/// `start`; it ceases to exist when it finishes. Every method returns this object so calls
/// chain. Calls that need an animation when there is none do nothing and report a
/// `DanceError` naming the node's ``tag``; properties then return their defaults.
///
/// Fixes to Dance's own behaviour: tags are unique per animation and never alias another
/// node's; `pause(after:)` runs on the clock. As in Dance, animating a node that already has
/// a Dance animation finishes the old one at `.current` (its completions run) and replaces
/// it.
public final class NodeDance {
  // Stored properties are unchecked for exclusivity, as `PropertyAnimator`'s and for the
  // same reason: confined to the clock's thread, never accessed across a call out.

  /// The node this object animates. (Unretained: the node owns this object and clears the
  /// link when it goes, so that the node's reference count stays inline; a weak reference
  /// moved it to a side table, whose atomic operations every retain of the node then paid.)
  public var node: Node? { storedNode?.object }
  /// Unretained: the node owns its `dance` and clears the link in its `deinit`.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var storedNode: Unretained<Node>?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var animator: PropertyAnimator?
  /// The animator of the last animation that ended, kept to be reused by the next
  /// `animate`: nobody else can reach it (it is this object's own), so a new animation
  /// costs no allocation of an animator, its lists or its blocks' buffers.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var pooledAnimator: PropertyAnimator?

  /// The tag of the node's current (or last) Dance animation; before the first animation, a
  /// tag reserved for the node. Unique across all nodes and animations of the process unless
  /// you set it, as Dance lets you: a new animation then gets a fresh unique tag again.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  public var tag: Int

  private static let tags = Atomic<Int>(0)

  private static func nextTag() -> Int {
    tags.wrappingAdd(1, ordering: .relaxed).newValue
  }

  init(node: Node) {
    storedNode = Unretained(node)
    tag = Self.nextTag()
  }

  deinit {
    animator?.dance = nil
    pooledAnimator?.dance = nil
  }

  // MARK: - Creating an animation

  // The chainable methods are `@inlinable`, each a call of the internal method that does
  // the work and then `self`: the caller already holds `self`, so returning it inline costs
  // nothing, where a call returns it retained and the caller releases it (a retain and a
  // release per link of a chain, a tenth of a start + frame + finish in `dance-bench`).

  /// Creates an animation with a standard curve (`.easeInOut` unless given, as
  /// `Node.animate(withDuration:)` and Advance's `Animator` default to a curve too); call
  /// ``start()`` to run it.
  ///
  /// The closure receives the node; assignments to its animatable properties animate.
  @inlinable @discardableResult
  public func animate(
    duration: Double, curve: AnimationCurve = .easeInOut,
    _ animations: @escaping (Node) -> Void
  ) -> NodeDance {
    install(
      duration: duration, timing: .curve(curve), keepsVelocity: false,
      call: "node.dance.animate(duration:curve:_:)", animations)
    return self
  }

  /// Creates an animation paced by `timingParameters` (a cubic curve or a spring).
  @inlinable @discardableResult
  public func animate(
    duration: Double, timingParameters: any TimingCurveProvider,
    _ animations: @escaping (Node) -> Void
  ) -> NodeDance {
    install(
      duration: duration, timing: .other(.provider(timingParameters)),
      keepsVelocity: timingParameters.springTimingParameters != nil,
      call: "node.dance.animate(duration:timingParameters:_:)", animations)
    return self
  }

  /// Creates an animation paced by a cubic Bézier curve through two control points.
  @inlinable @discardableResult
  public func animate(
    duration: Double, controlPoint1: Point, controlPoint2: Point,
    _ animations: @escaping (Node) -> Void
  ) -> NodeDance {
    install(
      duration: duration,
      timing: .other(
        .cubic(
          TimingFunction(
            x1: controlPoint1.x, y1: controlPoint1.y, x2: controlPoint2.x, y2: controlPoint2.y))),
      keepsVelocity: false, call: "node.dance.animate(duration:controlPoint1:controlPoint2:_:)",
      animations)
    return self
  }

  /// Creates an animation paced by a spring with `dampingRatio` that settles in `duration`.
  @inlinable @discardableResult
  public func animate(
    duration: Double, dampingRatio: Double, _ animations: @escaping (Node) -> Void
  ) -> NodeDance {
    install(
      duration: duration,
      timing: .other(.dampingRatio(SpringTimingParameters.checkedRatio(dampingRatio))),
      keepsVelocity: true, call: "node.dance.animate(duration:dampingRatio:_:)", animations)
    return self
  }

  /// Replaces the node's animation with a new inactive one running `animations`; with
  /// `keepsVelocity` (a spring's timing), the new one leaves with the velocities the old one
  /// had (HandOff.swift).
  @usableFromInline
  func install(
    duration: Double, timing: consuming PropertyAnimator.TimingSource, keepsVelocity: Bool,
    call: String, _ animations: @escaping (Node) -> Void
  ) {
    // The animation this call replaces ends first, as an operation of its own: called at an
    // edge (not from inside a block), its completions run here, before this call changes
    // anything, so the node's animation after the call is the one it makes, even when one
    // of them animates the node again: that one is replaced in turn.
    var replaced = 0
    // A spring that replaces a running animation leaves with its velocities (HandOff.swift);
    // nothing is kept, or even asked, when nothing runs.
    var handOffs: FlatArray<HandOff>?
    while let current = animator {
      replaced += 1
      if keepsVelocity, let node {
        handOffs = FlatArray()
        current.handVelocities(of: node, into: &handOffs!)
      }
      guard replaced <= Self.maximumReplacements else {
        DanceError.report(
          .illegalState,
          "\(call): the completions of the animations it replaced kept starting new ones on "
            + "node with dance.tag = \(tag); the last one's completions run after this call")
        // Replaced in the same operation as the new animation is made: nothing runs between.
        var pending = Optional(consume timing)
        CallbackQueue.operation {
          animator = nil
          current.finishWhereItIs()
          makeAnimator(
            duration: duration, timing: pending.take().unsafelyUnwrapped, call: call, animations)
        }
        return
      }
      CallbackQueue.operation {
        animator = nil
        current.finishWhereItIs()
      }
    }
    // (Not an operation: making the animator ends no run and calls no user code.)
    makeAnimator(duration: duration, timing: timing, call: call, animations)
    if let handOffs = handOffs.take(), let animator { animator.madeExtras.handOffs = handOffs }
  }

  /// How many animations one `animate` call replaces at most when their completions start
  /// new ones on the node.
  static let maximumReplacements = 16

  private func makeAnimator(
    duration: Double, timing: consuming PropertyAnimator.TimingSource, call: String,
    _ animations: @escaping (Node) -> Void
  ) {
    tag = Self.nextTag()
    let newAnimator: PropertyAnimator
    if let pooledAnimator, pooledAnimator.isReusable {
      self.pooledAnimator = nil
      pooledAnimator.reuse(duration: duration, timing: timing, call: call)
      newAnimator = pooledAnimator
    } else {
      newAnimator = PropertyAnimator(duration: duration, timing: timing, call: call)
    }
    newAnimator.dance = self
    newAnimator.pendingNodeBlock = animations
    animator = newAnimator
  }

  /// The animator's run ended (before its completions run): the node has no Dance
  /// animation any more, and the animator is kept for the next one.
  func animatorDidFinish(_ finished: PropertyAnimator) {
    if animator === finished { animator = nil }
    if pooledAnimator == nil && animator !== finished { pooledAnimator = finished }
  }

  // MARK: - Controlling it

  /// Adds a completion that runs once when the animation finishes, however it finishes.
  @inlinable @discardableResult
  public func addCompletion(
    _ completion: consuming @escaping (AnimatingPosition) -> Void
  ) -> NodeDance {
    add(completion: completion)
    return self
  }

  /// Starts (or resumes) the animation.
  @inlinable @discardableResult
  public func start() -> NodeDance {
    start(afterDelay: nil, call: "node.dance.start()")
    return self
  }

  /// Starts (or resumes) the animation after `delay` seconds of clock time.
  @inlinable @discardableResult
  public func start(after delay: Double) -> NodeDance {
    start(afterDelay: delay, call: "node.dance.start(after:)")
    return self
  }

  /// Pauses the animation where it is (properties hold their in-flight values).
  @inlinable @discardableResult
  public func pause() -> NodeDance {
    pause(afterDelay: nil, call: "node.dance.pause()")
    return self
  }

  /// Pauses the animation after `delay` seconds of clock time, if it is still running.
  @inlinable @discardableResult
  public func pause(after delay: Double) -> NodeDance {
    pause(afterDelay: delay, call: "node.dance.pause(after:)")
    return self
  }

  /// Turns the animation around, like playing a video backwards.
  @inlinable @discardableResult
  public func reverse() -> NodeDance {
    setReversed(nil, call: "node.dance.reverse()")
    return self
  }

  /// Scrubs the animation to `progress` (0…1), pausing it; any floating-point type works
  /// (`Float` from a slider, `Double`, `CGFloat` where it exists).
  @inlinable @discardableResult
  public func setProgress<Progress: BinaryFloatingPoint>(to progress: Progress) -> NodeDance {
    scrub(to: Double(progress), call: "node.dance.setProgress(to:)")
    return self
  }

  /// Scrubs the animation to `progress` (0…1), pausing it.
  @inlinable @discardableResult
  public func setProgress(to progress: Double) -> NodeDance {
    scrub(to: progress, call: "node.dance.setProgress(to:)")
    return self
  }

  /// Finishes the animation now: properties jump to the end or start values (or stay, for
  /// `.current`) and completions run with `position`.
  @inlinable @discardableResult
  public func finish(at position: AnimatingPosition) -> NodeDance {
    finishAnimation(at: position)
    return self
  }

  // The work of the chainable methods; `call` names the method, for errors.

  @usableFromInline
  func add(completion: consuming @escaping (AnimatingPosition) -> Void) {
    // (The closure moves in: passed borrowed, it cost a retain here and a release in the
    // caller.)
    if let animator {
      animator.addCompletion(completion)
    } else {
      reportNoAnimation("node.dance.addCompletion(_:)")
    }
  }

  @usableFromInline
  func start(afterDelay delay: Double?, call: String) {
    require(call)?.start(afterDelay: delay, call: call)
  }

  @usableFromInline
  func pause(afterDelay delay: Double?, call: String) {
    guard let animator = require(call) else { return }
    if let delay {
      animator.pause(afterDelay: delay, call: call)
    } else {
      animator.pause(call: call)
    }
  }

  /// Sets the direction (nil: turns it around).
  @usableFromInline
  func setReversed(_ reversed: Bool?, call: String) {
    guard let animator = require(call) else { return }
    animator.setReversed(reversed ?? !animator.isReversed, call: call)
  }

  @usableFromInline
  func scrub(to progress: Double, call: String) {
    require(call)?.scrub(to: progress, call: call)
  }

  @usableFromInline
  func finishAnimation(at position: AnimatingPosition) {
    guard let animator = require("node.dance.finish(at:)") else { return }
    let call = "node.dance.finish(at:)"
    guard animator.state == .inactive else {
      let now = animator.currentTime
      animator.send(call) { $0.stopAndFinish(at: position, now: now) }
      return
    }
    // Activated and finished in one operation: nothing the activation causes runs between.
    CallbackQueue.operation {
      animator.pause(call: call)
      let now = animator.currentTime
      animator.send(call) { $0.stopAndFinish(at: position, now: now) }
    }
  }

  // MARK: - Properties

  /// Whether the node has a Dance animation (created and not yet finished).
  public var hasAnimation: Bool { animator != nil }

  /// The animation's progress, 0…1 along the forward path; setting it scrubs (and pauses).
  public var progress: Double {
    get { require("node.dance.progress")?.fractionComplete ?? 0 }
    set { setProgress(to: newValue) }
  }

  /// Whether the animation is running.
  public var isRunning: Bool { animator?.isRunning ?? false }

  /// Whether the animation runs backwards; setting it reverses.
  public var isReversed: Bool {
    get { animator?.isReversed ?? false }
    set { setReversed(newValue, call: "node.dance.isReversed") }
  }

  /// `.active` once the animation has started (running or paused); `.inactive` otherwise.
  public var state: DanceAnimationState {
    animator.map { $0.state == .inactive ? .inactive : .active } ?? .inactive
  }

  private func require(_ call: String) -> PropertyAnimator? {
    if let animator { return animator }
    reportNoAnimation(call)
    return nil
  }

  private func reportNoAnimation(_ call: String) {
    DanceError.report(
      .noAnimation,
      "\(call): node with dance.tag = \(tag) does not have an active animation!")
  }
}
