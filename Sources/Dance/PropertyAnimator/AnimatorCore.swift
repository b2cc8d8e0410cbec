/// Everything that decides what a ``PropertyAnimator`` shows, as one value: its phase, where
/// it is along its path as a function of clock time, its timing and its next deadline.
///
/// The core is the one source of truth for a run. While the animator is active in a scene
/// it lives in the scene's ``FrameStore`` (the store's slot *is* the state); otherwise the
/// animator keeps it. Events are `mutating` methods that take the clock time and return an
/// ``Action`` for the animator to carry out (run blocks, write values, run completions); the
/// fraction, the timing sample and the deadline are pure functions of the value. Nothing
/// here knows about nodes, scenes or clocks, so the state table is tested without a scene.
///
/// **The path.** While running, the fraction complete at clock time t is
/// `anchorFraction ± (t − anchorTime) / secondsPerFraction`, clamped to 0…1 (minus when
/// reversed); before `anchorTime` (a start delay) it stays at `anchorFraction`; paused or
/// stopped it is `anchorFraction`. A repeating or autoreversing path (`Node.animate`
/// options) keeps its phase in `anchorFraction` instead: 0…1 forward, 1…2 back, wrapped for
/// repeats.
///
/// **The table** follows `UIViewPropertyAnimator`; where UIKit raises an exception the core
/// stays put and returns ``Action/reject(_:_:)``:
///
/// | phase \ event | start | start after delay | pause | stop(false) | stop(true) | finish(at:) | continue | scrub | seek (timelines) | reach the end |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | inactive | activate, running | activate, running | activate, paused | reject | reject | reject | reject | activate, paused | activate, paused | — |
/// | running | — | reject | paused | stopped | inactive (.current) | reject | running | paused | running, moved | inactive, or paused with `pausesOnCompletion` |
/// | paused | running | running | — | stopped | inactive (.current) | reject | running | paused | paused | — |
/// | stopped | reject | reject | reject | reject | reject | inactive (position) | reject | reject | reject | — |
///
/// With `isInterruptible` false, pausing, stopping and scrubbing an active animator are
/// rejected, and `isInterruptible` itself can change only while inactive.
struct AnimatorCore {
  enum Phase: Hashable, Sendable, CaseIterable {
    case inactive, running, paused, stopped
  }

  /// What the animator must do after an event.
  enum Action {
    /// Nothing beyond keeping its registration in step with the phase.
    case none
    /// An illegal call: report it (`message` says why); nothing changed.
    case reject(DanceError.Kind, String)
    /// A new run began (running or paused): run the pending blocks, then write the values.
    case activate
    /// Write every property's value at the current time.
    case apply
    /// The run paused where it was: write the values unless the animator wrote them at this
    /// very time (its fraction there is the pause's anchor, to the bit).
    case keep
    /// The run ended: write the values for `position`, then run the completions.
    case finish(AnimatingPosition)
    /// The timing changed mid-run: re-base every property's path on `Rebase`.
    case rebase(Rebase)
  }

  /// What `continueAnimation` hands each property: the core before the change, where it
  /// was and how fast its fraction moved before and after (fractions per second).
  ///
  /// A class, so that ``Action`` stays a few words: with the core inline (288 bytes when
  /// this was measured), every action that every event returned was copied as 300 bytes.
  final class Rebase {
    let oldCore: AnimatorCore
    let fraction: Double
    let oldSpeed: Double
    var newSpeed = 0.0

    init(oldCore: AnimatorCore, fraction: Double, oldSpeed: Double) {
      self.oldCore = oldCore
      self.fraction = fraction
      self.oldSpeed = oldSpeed
    }
  }

  // Stored in the order a frame reads them (the flags, the path, the timing: a timed frame
  // reads the first 56 bytes, a spring's the first 96), then what only events read. The flags
  // that only events read share the first word with the frame's.

  private(set) var phase = Phase.inactive
  private(set) var reversed = false
  /// Whether the path repeats or autoreverses (kept with the three fields it follows from,
  /// so that a frame tests one flag).
  private(set) var isCycling = false
  /// Whether scrubbing left linear progress on screen (until the animator runs again).
  private(set) var showsLinearScrub = false
  var repeats = false {
    didSet { isCycling = repeats || autoreverses || repeatCount != 1 }
  }
  var autoreverses = false {
    didSet { isCycling = repeats || autoreverses || repeatCount != 1 }
  }
  var isInterruptible = true
  var pausesOnCompletion = false
  private(set) var anchorFraction = 0.0
  private(set) var anchorTime = 0.0
  private(set) var secondsPerFraction: Double
  private(set) var timing: AnimationTiming

  var scrubsLinearly = false
  /// The number of plays of a path that does not repeat forever (1, or a count from
  /// `Node.modifyAnimations`), each forward and, with `autoreverses`, back.
  var repeatCount = 1.0 {
    didSet { isCycling = repeats || autoreverses || repeatCount != 1 }
  }
  /// Counts runs: it changes at every activation and every end, so the animator can tell
  /// whether a block it ran ended (or restarted) the run it was carrying out (a block is
  /// user code, and may control its own animator).
  private(set) var run: UInt64 = 0
  /// The clock time of a pending `pauseAnimation(afterDelay:)`, NaN for none (not an
  /// optional: the core is then 128 bytes, two cache lines; a test checks the layout).
  private var pauseAt = Double.nan
  /// The clock time of a pending `pauseAnimation(afterDelay:)`.
  private(set) var pauseTime: Double? {
    get { pauseAt.isNaN ? nil : pauseAt }
    set { pauseAt = newValue ?? .nan }
  }

  /// What an animator holds while its core is in a store's slot: a core at rest, never
  /// read (the animator reads its slot).
  static let unused = AnimatorCore(timing: AnimationTiming(curve: .linear, duration: 0))

  /// A core at rest with `timing`, its run count going on from `run` (an animator reused
  /// for a new animation keeps counting).
  init(timing: AnimationTiming, counting run: UInt64 = 0) {
    self.timing = timing
    secondsPerFraction = timing.duration
    self.run = run
  }

  // MARK: - Pure functions of the value

  /// One play in fractions (2 when it autoreverses), and all the plays of a path that does
  /// not repeat forever.
  private var playLength: Double { autoreverses ? 2 : 1 }
  private var cycleLength: Double { playLength * repeatCount }

  // Inlined: the animator calls them on the core where it lives, and a call needs the
  // 128-byte value copied first (a memcpy per call, each time).

  /// The fraction complete at clock time `time`.
  @inline(__always)
  func fraction(at time: Double) -> Double {
    guard phase == .running else { return anchorFraction }
    let elapsed = time - anchorTime
    if isCycling {
      var cycle = anchorFraction
      if secondsPerFraction > 0 {
        cycle += max(elapsed, 0) / secondsPerFraction
      } else if elapsed >= 0 {
        cycle = repeats ? playLength : cycleLength
      }
      return Self.position(inCycle: cycle, play: playLength, total: repeats ? nil : cycleLength)
    }
    guard secondsPerFraction > 0 else {
      // No duration: the path is covered the moment the animator starts moving.
      return elapsed >= 0 ? (reversed ? 0 : 1) : anchorFraction
    }
    guard elapsed > 0 else { return anchorFraction }
    let moved = elapsed / secondsPerFraction
    return (reversed ? anchorFraction - moved : anchorFraction + moved).clamped(to: 0...1)
  }

  /// How fast the fraction moves at `time`, in fractions per second (signed).
  @inline(__always)
  func speed(at time: Double) -> Double {
    guard phase == .running, time >= anchorTime, secondsPerFraction > 0 else { return 0 }
    return (reversed ? -1 : 1) / secondsPerFraction
  }

  /// The timing at fraction `f`, and with `slopes` its derivative with respect to f.
  @inline(__always)
  func sample(atFraction f: Double, slopes: Bool = false) -> SampleAndSlope {
    timing.sample(at: f, linear: showsLinearScrub, slopes: slopes)
  }

  /// The clock time at which the running path reaches its end (∞ when it repeats).
  @inline(__always)
  var endTime: Double {
    if isCycling {
      if repeats { return .infinity }
      return anchorTime + (cycleLength - anchorFraction) * secondsPerFraction
    }
    return anchorTime + (reversed ? anchorFraction : 1 - anchorFraction) * secondsPerFraction
  }

  /// The clock time of the next event (the end, or a pending pause), while running.
  @inline(__always)
  var deadline: Double? {
    guard phase == .running else { return nil }
    var time = endTime
    if let pauseTime, pauseTime < time { time = pauseTime }
    return time.isFinite ? time : nil
  }

  /// Where a run that reaches its end finishes.
  @inline(__always)
  var endPosition: AnimatingPosition { endFraction == 0 ? .start : .end }

  /// Where a path that runs to its end rests: 1, or 0 reversed; for a cycling path, where
  /// its last play ends (0 after whole autoreversing plays).
  @inline(__always)
  var endFraction: Double {
    guard isCycling else { return reversed ? 0 : 1 }
    return Self.position(inCycle: cycleLength, play: playLength, total: cycleLength)
  }

  /// The fraction at `cycle` fractions into a cycling path of plays `play` long (1, or 2
  /// autoreversing) and `total` long in all (nil: forever): wrapped into the current play,
  /// the end of a whole play kept at its end, and folded back after 1.
  static func position(inCycle cycle: Double, play: Double, total: Double?) -> Double {
    var cycle = cycle
    if let total {
      cycle = min(cycle, total)
      if cycle > play {
        let wrapped = cycle.truncatingRemainder(dividingBy: play)
        cycle = wrapped == 0 ? play : wrapped
      }
    } else {
      // (A clock that jumped 10³⁰⁸ s ahead, to a timeline's end, leaves the phase beyond
      // any precision: the play starts over rather than turning NaN.)
      cycle = cycle.isFinite ? cycle.truncatingRemainder(dividingBy: play) : 0
    }
    return cycle <= 1 ? cycle : 2 - cycle
  }

  // MARK: - Events

  /// `startAnimation()` (`delay` 0) and `startAnimation(afterDelay:)`.
  mutating func start(now: Double, delay: Double = 0, requireStopped: Bool = false) -> Action {
    switch phase {
    case .inactive:
      activate(now: now)
      phase = .running
      anchorTime = now + delay
      return .activate
    case .paused:
      phase = .running
      anchorTime = now + delay
      showsLinearScrub = false
      if let pauseTime, pauseTime < now { self.pauseTime = nil }
      return .none
    case .running:
      return requireStopped ? .reject(.illegalState, "the animator is already running") : .none
    case .stopped:
      return .reject(.illegalState, "a stopped animator cannot start; finish it first")
    }
  }

  /// `pauseAnimation()`.
  mutating func pause(now: Double) -> Action {
    let action = hold(now: now, verb: "pause")
    if case .apply = action { return .keep }
    return action
  }

  /// Setting `fractionComplete` to `f` (already checked to lie in 0…1).
  mutating func scrub(to f: Double, now: Double) -> Action {
    let action = hold(now: now, verb: "scrub")
    if case .reject = action { return action }
    anchorFraction = f
    anchorTime = now
    showsLinearScrub = scrubsLinearly
    if case .none = action { return .apply }
    return action
  }

  /// A timeline's seek to `f` (already checked to lie in 0…1): the playhead moves there and
  /// the phase stays — a running core runs on from `f` at once (a start delay still to come
  /// is dropped), a paused one stays paused at `f`; an inactive core activates paused, as a
  /// scrub does. One event where a scrub and a start were two.
  mutating func seek(to f: Double, now: Double) -> Action {
    guard phase == .running else { return scrub(to: f, now: now) }
    guard isInterruptible else {
      return .reject(.illegalState, "the animator is not interruptible; it cannot seek")
    }
    anchorFraction = f
    anchorTime = now
    showsLinearScrub = false
    if let pauseTime, pauseTime < now { self.pauseTime = nil }
    return .apply
  }

  /// `pauseAnimation(afterDelay:)`: pause at `now + delay` if running then (also when asked
  /// before the animator starts).
  mutating func pause(afterDelay delay: Double, now: Double) -> Action {
    guard isInterruptible else {
      return .reject(.illegalState, "the animator is not interruptible")
    }
    pauseTime = now + delay
    return .none
  }

  /// `stopAnimation(_:)`.
  mutating func stop(withoutFinishing: Bool, now: Double) -> Action {
    switch phase {
    case .inactive:
      return .reject(.illegalState, "the animator is not active; there is nothing to stop")
    case .stopped:
      return .reject(.illegalState, "the animator is already stopped")
    case .running, .paused:
      guard isInterruptible else {
        return .reject(.illegalState, "the animator is not interruptible; it cannot stop")
      }
      freeze(now: now)
      if withoutFinishing {
        return end(at: .current)
      }
      phase = .stopped
      return .apply
    }
  }

  /// `finishAnimation(at:)`.
  mutating func finish(at position: AnimatingPosition) -> Action {
    guard phase == .stopped else {
      return .reject(.illegalState, "finishAnimation(at:) needs a stopped animator")
    }
    return end(at: position)
  }

  /// `node.dance`'s `finish(at:)` on an active animator: `stopAnimation(false)`, then
  /// `finishAnimation(at:)`, as one event (so that the values the stop would write are not
  /// written only to be replaced by the finish's).
  mutating func stopAndFinish(at position: AnimatingPosition, now: Double) -> Action {
    switch phase {
    case .inactive, .stopped:
      return finish(at: position)
    case .running, .paused:
      guard isInterruptible else {
        return .reject(.illegalState, "the animator is not interruptible; it cannot stop")
      }
      freeze(now: now)
      return end(at: position)
    }
  }

  /// Setting `isReversed`: a running path turns around where it is.
  mutating func setReversed(_ value: Bool, now: Double) -> Action {
    guard phase != .stopped else {
      return .reject(.illegalState, "a stopped animator cannot reverse")
    }
    guard value != reversed else { return .none }
    if phase == .running && now > anchorTime {
      anchorFraction = fraction(at: now)
      anchorTime = now
    }
    reversed = value
    return .none
  }

  /// `continueAnimation(withTimingParameters:durationFactor:)`: the rest of the path with
  /// `newTiming` (nil keeps the timing) over the remaining time × `factor`. The properties
  /// carry the velocity the fraction has now, or `fractionVelocity` (fraction per second of
  /// clock time) when given: an ``InteractiveTransition`` releases a paused path at the
  /// speed its gesture moved it.
  mutating func continueAnimation(
    with newTiming: AnimationTiming?, factor: Double, now: Double,
    fractionVelocity: Double? = nil
  ) -> Action {
    guard phase == .running || phase == .paused else {
      return .reject(.illegalState, "continueAnimation needs an active animator")
    }
    let f = fraction(at: now)
    let rebase = Rebase(
      oldCore: self, fraction: f, oldSpeed: fractionVelocity ?? speed(at: now))
    if let newTiming { timing = newTiming }
    // (Held finite: a run of 10³⁰⁸ s stretched by a factor of 2 would last ∞.)
    secondsPerFraction = min(timing.duration * factor, .greatestFiniteMagnitude)
    anchorFraction = f
    anchorTime = now
    showsLinearScrub = false
    phase = .running
    rebase.newSpeed = speed(at: now)
    return .rebase(rebase)
  }

  /// The clock reached ``deadline``: a pending pause, or the end of the path.
  mutating func reachDeadline(now: Double) -> Action {
    guard phase == .running else { return .none }
    if let pauseTime, pauseTime <= now, pauseTime < endTime {
      self.pauseTime = nil
      return pause(now: now)
    }
    guard endTime <= now else { return .none }
    return reachEnd(now: now)
  }

  /// The running path reached its end (or has no clock to run on): finish there, or hold
  /// there with `pausesOnCompletion`.
  mutating func reachEnd(now: Double) -> Action {
    guard phase == .running else { return .none }
    if pausesOnCompletion {
      phase = .paused
      anchorFraction = reversed ? 0 : 1
      anchorTime = now
      return .apply
    }
    anchorFraction = endFraction
    anchorTime = now
    return end(at: endPosition)
  }

  /// The animator lost its last property, its scene, or its owner, while active or stopped:
  /// the run ends where it is.
  mutating func finishWhereItIs(now: Double) -> Action {
    guard phase != .inactive else { return .none }
    freeze(now: now)
    return end(at: .current)
  }

  /// An activation found nothing in a scene to animate: an active animator lives in a
  /// scene, so the run ends at once, where a started run ends (`.end`, `.start` reversed;
  /// never held by `pausesOnCompletion`), or at `.current` when paused or scrubbed.
  mutating func finishUnbound(now: Double) -> Action {
    switch phase {
    case .running:
      anchorFraction = endFraction
      anchorTime = now
      return end(at: endPosition)
    case .paused, .stopped:
      return finishWhereItIs(now: now)
    case .inactive:
      return .none
    }
  }

  /// Changing `isInterruptible`.
  mutating func setInterruptible(_ value: Bool) -> Action {
    guard phase == .inactive else {
      return .reject(.illegalState, "isInterruptible can change only while inactive")
    }
    isInterruptible = value
    return .none
  }

  /// Whether animation blocks may be added now.
  @inline(__always)
  var acceptsAnimations: Bool { phase != .stopped }

  /// Back at rest after the animator carried out a `.finish`: the next run starts fresh.
  mutating func makeReady() {
    guard phase == .inactive else { return }
    anchorFraction = 0
    showsLinearScrub = false
    pauseTime = nil
  }

  /// Moves a run whose activation began on another clock (or on none: an animator not bound
  /// yet counts time from 0) onto the clock its blocks bound the animator to, `shift`
  /// seconds later on that clock's time: the start of its path and any pending pause move
  /// with it, so that a delay counts from the start as the run's own clock sees it.
  mutating func rebind(run: UInt64, shift: Double) {
    guard self.run == run else { return }
    if phase == .running { anchorTime += shift }
    if let pauseTime { self.pauseTime = pauseTime + shift }
  }

  // MARK: - Steps shared by the events

  private mutating func activate(now: Double) {
    run &+= 1
    anchorFraction = reversed ? 1 : 0
    anchorTime = now
    secondsPerFraction = timing.duration
    showsLinearScrub = false
    // A `pauseAnimation(afterDelay:)` made before the start still pauses the new run.
  }

  /// Pausing and scrubbing: activate an inactive core paused, pause a running one.
  private mutating func hold(now: Double, verb: String) -> Action {
    switch phase {
    case .inactive:
      activate(now: now)
      phase = .paused
      return .activate
    case .running:
      guard isInterruptible else {
        return .reject(.illegalState, "the animator is not interruptible; it cannot \(verb)")
      }
      freeze(now: now)
      phase = .paused
      return .apply
    case .paused:
      return .none
    case .stopped:
      return .reject(.illegalState, "a stopped animator cannot \(verb); finish it first")
    }
  }

  /// Keeps the fraction reached at `now` as the anchor.
  private mutating func freeze(now: Double) {
    anchorFraction = fraction(at: now)
    anchorTime = now
  }

  private mutating func end(at position: AnimatingPosition) -> Action {
    phase = .inactive
    run &+= 1
    pauseTime = nil
    return .finish(position)
  }
}
