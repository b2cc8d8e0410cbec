/// A timeline's run state as one value, as ``AnimatorCore`` is an animator's: where the run
/// is in its callbacks, which control call came last, how a new run starts and where an
/// ended one rests. Events are `mutating` methods that return what the timeline must do;
/// the timeline carries that out on its run (a linear ``PropertyAnimator`` over its own
/// time, whose core gives the fraction) and on the clock. Nothing here reads a scene, a node
/// or a clock, so every event is tested on the value alone.
struct TimelineRunCore {
  /// The run's callbacks and where it is in them, with its length and plays (the
  /// timeline's settings may change once it has ended).
  var walk = TimelineCallbackWalk()
  /// Changes at every control event, so that a loop running callbacks can tell that one
  /// of them moved the playhead or changed the state.
  private(set) var serial: UInt64 = 0
  /// The speed the run's duration was made for.
  private(set) var runSpeed = 1.0
  /// Set by a finish: the callbacks between the playhead and the end do not run.
  private(set) var skipsRemainingCallbacks = false
  /// Whether the next run plays from the end back (``Timeline/isReversed`` set while
  /// inactive).
  var reversedWhenInactive = false
  /// Where the last run ended, in own seconds (the timeline's time while inactive).
  private(set) var restingTime = 0.0
  /// The run's animator core as the last control event left it: it gives the playhead when
  /// the run ends where it is (the run's own core is reset before its completions run).
  private(set) var anchor: AnimatorCore?
  /// The time `onUpdate` last saw.
  var lastUpdateTime = Double.nan
  /// The clock advance in which the last run started, and how many runs started in it.
  private var runStarts: (advance: UInt64, count: Int) = (.max, 0)

  /// The most runs that may start in one clock advance (a callback that restarts its own
  /// timeline would otherwise start run after run inside one huge step).
  static var maximumRunsPerAdvance: Int { AnimationClock.maximumEventsPerObserverPerAdvance }

  // MARK: - Events

  /// A control call (start, pause, seek, reverse, finish, a change of speed): returns the
  /// new serial, which the callbacks that run after it compare against.
  @discardableResult
  mutating func control() -> UInt64 {
    serial &+= 1
    return serial
  }

  /// A new run is asked for in clock advance `advance`: whether it may start (false past
  /// ``maximumRunsPerAdvance`` runs in one advance).
  mutating func admitRun(inAdvance advance: UInt64) -> Bool {
    runStarts = runStarts.advance == advance ? (advance, runStarts.count + 1) : (advance, 1)
    return runStarts.count <= Self.maximumRunsPerAdvance
  }

  /// A new run begins with `walk`, made for `speed`: returns whether it plays reversed
  /// (the setting made while inactive, which the run takes over).
  mutating func beginRun(_ walk: TimelineCallbackWalk, speed: Double) -> Bool {
    self.walk = walk
    runSpeed = speed
    skipsRemainingCallbacks = false
    defer { reversedWhenInactive = false }
    return reversedWhenInactive
  }

  /// A seek to own time `time` (checked, 0…total): returns the run's fraction to move to.
  /// A run that repeats forever counts the plays before `time` and seeks within the play.
  mutating func seek(to time: Double) -> Double {
    control()
    var time = time
    if walk.repeatsForever {
      let cycle = max(walk.cycle, .leastNormalMagnitude)
      walk.foreverPlays = (time / cycle).rounded(.down)
      time = time.truncatingRemainder(dividingBy: cycle)
    }
    return walk.length > 0 ? time / walk.length : 0
  }

  /// A restart of an active run: back to own time 0, its plays counted afresh.
  mutating func restart() {
    control()
    walk.foreverPlays = 0
  }

  /// A finish: the callbacks still ahead are skipped.
  mutating func finish() {
    control()
    skipsRemainingCallbacks = true
  }

  /// The run's animator core after a control event (or at a run's start): kept as the
  /// anchor of the playhead.
  mutating func keep(anchor core: AnimatorCore) {
    anchor = core
  }

  /// What the timeline does when its run ends.
  enum EndAction: Equatable {
    /// Nothing more: the end was a finish, or where the run was.
    case none
    /// Playback reached an end: the callbacks left between the playhead and that end come
    /// due now, in the direction of play.
    case runRemainingCallbacks(forward: Bool)
  }

  /// The run ended at `position`, at clock time `now`: the timeline rests there.
  mutating func runEnded(at position: AnimatingPosition, now: Double) -> EndAction {
    let played = walk.repeatsForever ? walk.foreverPlays * walk.cycle : 0
    restingTime =
      switch position {
      case .end: played + walk.length
      case .start: 0
      case .current: played + (anchor?.fraction(at: now) ?? 0) * walk.length
      }
    guard !skipsRemainingCallbacks && position != .current else { return .none }
    return .runRemainingCallbacks(forward: position == .end)
  }

  // MARK: - Reading

  /// The playhead in own seconds: from the active run's fraction, or where the last run
  /// ended (`total`, the timeline's total duration, when set to play reversed).
  func time(runFraction: Double?, total: Double) -> Double {
    guard let fraction = runFraction else {
      return reversedWhenInactive ? max(total, 0) : restingTime
    }
    let own = fraction * walk.length
    return walk.repeatsForever ? walk.foreverPlays * walk.cycle + own : own
  }

  /// The play the playhead at own time `time` is in, from 0: of the active run, or, while
  /// inactive, of the settings as they are now (`cycle` a play and its delay, `plays` the
  /// plays). At a join it is the next play; during a delay and at the end of the last play,
  /// the play that just ended.
  func iteration(atTime time: Double, active: Bool, cycle: Double, plays: Double) -> Int {
    if active && walk.repeatsForever { return Self.integer(walk.foreverPlays) }
    let cycle = active ? walk.cycle : cycle
    let plays = active ? walk.plays : plays
    guard cycle > 0 else { return 0 }
    return Self.integer(min((time / cycle).rounded(.down), plays - 1))
  }

  /// `value` as an `Int`, held at `Int.max` (a repeat count of 10³⁰⁰ has plays past it).
  private static func integer(_ value: Double) -> Int {
    value >= 0x1p62 ? Int.max : Int(max(value, 0))
  }
}
