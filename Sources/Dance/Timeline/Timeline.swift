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
  var children: [Child] = []
  /// How many staggers were added (their children are charted as "stagger N · i").
  var staggerCount = 0
  var labels: [String: Double] = [:]
  var callbacks: [(time: Double, body: () -> Void)] = []
  /// The start and end of the child added last.
  var previous: (start: Double, end: Double)?
  /// The timeline this one is nested in.
  weak var parent: Timeline?

  /// The current run, while there is one; it carries the state machine and the lanes.
  var run: PropertyAnimator?
  /// The rest of the run's state: its callbacks, the last control, where it rests.
  var runCore = TimelineRunCore()
  /// The timeline itself while its run is running: a running timeline stays alive (with
  /// its callbacks) until its run ends or pauses, as the scene keeps a running animator.
  /// Not while paused: then it lives as long as its owner's reference, so that a paused
  /// timeline whose blocks capture its scene is no cycle.
  var keepAlive: Timeline?
  private var completions: [PropertyAnimator.Completion] = []
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

  // MARK: - Completions

  /// Adds a closure to run once when the current (or next) run ends, with where it ended:
  /// `.end`, `.start` (reversed back to 0), or `.current` (finished there).
  public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
    if let run, run.state != .inactive {
      run.addCompletion(completion)
    } else {
      completions.append(PropertyAnimator.Completion(handler: completion))
    }
  }

  /// The completions for the next run (those of a run that ended are spent).
  func takeCompletions() -> [PropertyAnimator.Completion] {
    defer { completions = [] }
    return completions
  }
}
