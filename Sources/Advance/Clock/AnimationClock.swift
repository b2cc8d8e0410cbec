/// The one source of time for every animation: a virtual clock that moves only when told to.
///
/// The host program calls ``advance(by:)`` (or ``advance(to:)``) once per frame, then draws:
///
/// ```swift
/// let clock = AnimationClock()
/// let animator = Animator(initialValue: 0.0, clock: clock)
/// animator.animate(to: 100, duration: 2, timingFunction: .easeInOut)
/// while running {
///   clock.advance(by: frameDuration)   // seconds
///   draw(animator.value)
/// }
/// ```
///
/// Tests drive it the same way, so any moment of any animation can be reached and checked.
///
/// **Exactness.** Every motion is a function of absolute clock time, so the state after one
/// step of 10 s equals the state after 600 steps of 1/60 s. ``advance(by:)`` accumulates
/// steps with compensated (double-double) summation, so ``now`` after 600 steps of `1/60`
/// is exactly `10.0`. Events inside a step (an animation ending, a completion starting the
/// next one) run in time order, each at its own exact time: during an advance, `now` moves
/// from event to event and ends at the target.
///
/// **Bad input.** Time never runs backwards: a NaN, infinite or negative step, a target
/// earlier than ``now``, or an advance started from inside a clock callback, an animation
/// block or a custom simulation function is ignored and reports a ``DanceError``. An event
/// scheduled from inside a callback for a time that has already come (a zero-duration
/// animation started in a completion, say) runs on the next advance, so a chain of
/// instantaneous animations can never hang a frame. At most ``maximumEventsPerAdvance``
/// events run in one advance, and at most
/// ``maximumEventsPerObserverPerAdvance`` for one animator; past that the clock stops at the
/// last event's time, reports an error, and continues on the next advance.
///
/// A clock and everything it drives belong to the thread that advances it.
public final class AnimationClock {
  /// The number of events (animation ends, delayed starts) one advance runs at the most.
  public static let maximumEventsPerAdvance = 1_000_000

  /// The number of events one animator may have in one advance.
  ///
  /// An animator whose callback restarts it (a completion or `onChange` that starts the next
  /// run) has an event per run: over a huge step that chain could run millions of times in
  /// one frame. Past this many events for one animator, the clock stops at that event's
  /// time, reports a ``DanceError``, and continues on the next advance.
  public static let maximumEventsPerObserverPerAdvance = 1_000

  // Stored properties on the per-frame path are `@exclusivity(unchecked)` in release builds:
  // a clock is confined to one thread and no access to them is held across a callback (each
  // is read or written in one statement; observers are called between accesses), so the
  // runtime checks could never fire; they cost a thread-local lookup per access. Debug
  // builds keep the checks, which is how that is verified.

  /// The current time in seconds; 0 when the clock is created.
  ///
  /// (A computed property over unchecked storage: a stored public property read from
  /// another module carries a run-time exclusivity check, a third of a one-node frame.
  /// Inlinable, so that a frame in another module reads the field instead of calling.)
  @inlinable public var now: Double { storedNow }
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline private(set) var storedNow: Double = 0

  // The rounding error of `now` accumulated by `advance(by:)`, so that many small steps sum
  // to the correctly rounded total.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var nowError: Double = 0

  @usableFromInline
  struct Deadline {
    var time: Double
    var order: UInt64
    /// The entry of its observer in `holders`.
    var holder: Int
  }

  /// An observer that holds a deadline, the order of its live entry in the heap (or the
  /// deferred list; 0 when it has none), and how many entries, live or stale, name it.
  ///
  /// Replacing or removing a deadline leaves its entry where it is, stale (its order no
  /// longer the holder's), to be dropped when it comes to the top or when the heap is
  /// compacted: unscheduling is O(1), with no sift through the heap, and no entry ever
  /// reaches into its observer, which may be gone. (Start and finish of an animation spent
  /// 9 000 instructions in the heap when moving an entry called into its observer, and 1 400
  /// still when every removal sifted.)
  struct Holder {
    var observer: UnretainedObserver?
    var liveOrder: UInt64
    var entries: Int
  }

  // Observers called at the end of every advance (each knows its index, `activeIndex`).
  // The tick pass walks them; one removed meanwhile leaves a hole until the pass ends.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var active = SlotList<ActiveObserver>()

  // A binary min-heap of deadlines, ordered by time, then by the order they were scheduled.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var deadlines = FlatArray<Deadline>()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var nextOrder: UInt64 = 0
  // Deadlines scheduled during event processing for a time already reached; they join the
  // heap when the advance ends.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var deferred = FlatArray<Deadline>()
  // The observers with a deadline, and the entries free for reuse.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var holders = FlatArray<Holder>()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var freeHolders = FlatArray<Int>()
  // The number of live deadlines (entries of the heap and the deferred list may be stale).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var liveDeadlines = 0
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var isProcessingEvents = false
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var isAdvancing = false
  #if DEBUG
    /// The thread running an advance (debug builds check that no other thread starts one).
    #if !DEBUG
      @exclusivity(unchecked)
    #endif
    private var advancingThread: UInt?
  #endif
  // Numbers the advances, so that each observer's event count restarts with each one.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var advanceSerial: UInt64 = 0

  /// The advance role's observers (AnimationClock+Watchers.swift), and whether they were
  /// told that this advance has begun.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var advanceWatchers = FlatArray<UnretainedObserver>()
  var watchersTold = false

  /// The actions waiting to run (``schedule(after:_:)``), retained until they run or are
  /// cancelled; each knows its index (`pendingIndex`).
  var pendingActions = SlotList<ScheduledAction>()

  /// The stores of running ``Animator``s, one per value type (an ``AnimatorStore``).
  @usableFromInline var animatorStores: [ObjectIdentifier: AnyObject] = [:]

  /// Creates a clock at time 0.
  public init() {}

  deinit {
    // Pending actions never run now; one still held elsewhere must not reach this clock.
    for index in 0..<pendingActions.places { _ = pendingActions.entry(at: index)?.end() }
  }

  /// Moves the clock forward by `seconds` and updates everything it drives.
  ///
  /// `seconds` must be finite and not negative; otherwise the call is ignored and a
  /// ``DanceError`` is reported. A step of 0 still runs events that are due (such as the
  /// completion of a zero-duration animation).
  public func advance(by seconds: Double) {
    // (Comparisons, which NaN fails: `isFinite` compiled to a classification of the bits.)
    guard seconds >= 0 && seconds < .infinity else { return reject(step: seconds) }
    // Two-sum: `sum + error` is exactly `now + nowError + seconds`.
    let sum = now + seconds
    let rounded = sum - now
    let error = (now - (sum - rounded)) + (seconds - rounded) + nowError
    let target = sum + error
    guard target < .infinity else { return reject(step: seconds, overflowing: true) }
    if run(to: target) {
      nowError = error - (target - sum)
    }
  }

  /// Reports the step that ``advance(by:)`` ignores: not finite, negative, or one that
  /// would take the clock past the largest time. Out of the frame's line (its messages,
  /// built inline, made every frame save and restore registers for them).
  @inline(never)
  private func reject(step seconds: Double, overflowing: Bool = false) {
    let call = "AnimationClock.advance(by: \(seconds))"
    guard Validation.requireFinite(seconds, "the step", in: call) else { return }
    DanceError.report(
      .outOfRange,
      overflowing
        ? "\(call): the clock would overflow; it did not move"
        : "\(call): time cannot run backwards; the clock did not move")
  }

  /// Runs `body` as one of the clock's events though the clock is not advancing (the
  /// callbacks a timeline's seek crosses): an advance from inside it is ignored with a
  /// ``DanceError``, as from inside any clock callback, so that callbacks run by a seek cannot
  /// each start an advance of their own (a thousand callbacks each advancing 10⁹ s would
  /// run for minutes inside one seek).
  package func runAsEvent<Result>(_ body: () -> Result) -> Result {
    guard !isAdvancing else { return body() }
    #if DEBUG
      advancingThread = currentThreadIdentity()
      defer { advancingThread = nil }
    #endif
    isAdvancing = true
    defer { isAdvancing = false }
    return body()
  }

  /// Moves the clock forward to the absolute time `time` (seconds) and updates everything.
  ///
  /// `time` must be finite and not earlier than ``now``; otherwise the call is ignored and a
  /// ``DanceError`` is reported.
  public func advance(to time: Double) {
    func call() -> String { "AnimationClock.advance(to: \(time))" }
    guard Validation.requireFinite(time, "the time", in: call()) else { return }
    guard time >= now else {
      DanceError.report(
        .outOfRange,
        "\(call()): the clock is at \(now) and cannot run backwards; it did not move")
      return
    }
    if run(to: time) {
      nowError = 0
    }
  }

  /// Runs the events due by `target` in time order, then ticks every active observer at
  /// `target`. Returns whether the clock reached `target`.
  private func run(to target: Double) -> Bool {
    #if DEBUG
      // A clock belongs to the thread that advances it: an advance from a second thread
      // while one runs is a data race that nothing here could survive.
      let thread = currentThreadIdentity()
      assert(
        !isAdvancing || advancingThread == thread,
        "AnimationClock.advance was called from two threads at once")
      let outerThread = advancingThread
      advancingThread = thread
      defer { advancingThread = outerThread }
    #endif
    guard !isAdvancing else {
      DanceError.report(
        .illegalState,
        "AnimationClock.advance was called from inside an animation callback; ignored")
      return false
    }
    // User code inside the engine's own change (an animation block, a simulation function)
    // must not move time under it.
    guard !CallbackQueue.isRunningUserCodeInside else {
      DanceError.report(
        .illegalState,
        "AnimationClock.advance was called from inside an animation block or a simulation "
          + "function; ignored")
      return false
    }
    isAdvancing = true
    // (Undone at the one return below, without a `defer`, which compiled to a call.)

    var reached = true
    isProcessingEvents = true
    var events = 0
    advanceSerial &+= 1
    while !deadlines.isEmpty, deadlines[0].time <= target {
      let first = deadlines[0]
      guard holders[first.holder].liveOrder == first.order else {
        removeDeadline(at: 0)
        drop(first)
        continue
      }
      if events == Self.maximumEventsPerAdvance {
        reportEventLimit(ofAnimator: false)
        reached = false
        break
      }
      // Retained for the event, which may release the observer's last owner.
      let observer = holders[first.holder].observer.unsafelyUnwrapped.observer
      if observer.registration.advanceSerial != advanceSerial {
        observer.registration.advanceSerial = advanceSerial
        observer.registration.eventsInAdvance = 0
      }
      if observer.registration.eventsInAdvance == Self.maximumEventsPerObserverPerAdvance {
        reportEventLimit(ofAnimator: true)
        reached = false
        break
      }
      observer.registration.eventsInAdvance += 1
      events += 1
      removeDeadline(at: 0)
      release(holder: first.holder)
      observer.registration.deadlineHolder = -1
      drop(first)
      if !watchersTold { tellWatchers(begun: true) }
      if first.time > now {
        storedNow = first.time
        nowError = 0
      }
      observer.clockDidReachDeadline(self)
    }
    isProcessingEvents = false
    if reached {
      storedNow = target
    }
    while !deferred.isEmpty {
      let deadline = deferred.removeLast()
      if holders[deadline.holder].liveOrder == deadline.order {
        insertDeadline(deadline)
      } else {
        drop(deadline)
      }
    }

    // Another observer's frame may run user code (an `Animator`'s `onChange`) before a
    // watcher's own frame has caught up with the new time.
    if !watchersTold && active.places > 1 { tellWatchers(begun: true) }
    let count = active.beginWalk()
    var index = 0
    while index < count {
      if let entry = active.entry(at: index) {
        if let lentType = entry.lentType {
          // Lent: a frame that runs no user code cannot release its observer.
          lentType.lentFrame(entry.object, self)
        } else {
          // Retained for the call: a frame may run `onChange` handlers that release the
          // store's last animator, and with it the store.
          entry.link.observer.clockDidAdvance(self)
        }
      }
      index += 1
    }
    active.endWalk { entry, index in entry.link.withRegistration { $0.activeIndex = index } }
    isAdvancing = false
    if watchersTold { tellWatchers(begun: false) }
    return reached
  }

  /// Reports an advance that stopped at one of its limits on events (``maximumEventsPerAdvance``,
  /// or ``maximumEventsPerObserverPerAdvance`` for one animator). Out of the frame's line.
  @inline(never)
  private func reportEventLimit(ofAnimator: Bool) {
    let events =
      ofAnimator
      ? "an animator had more than \(Self.maximumEventsPerObserverPerAdvance) events in one "
        + "advance (a callback that restarts it?)"
      : "more than \(Self.maximumEventsPerAdvance) events in one advance"
    DanceError.report(
      .outOfRange,
      "AnimationClock: \(events); the clock stopped at \(now) and will continue on the next "
        + "advance")
  }

  // MARK: - Observers (package API for Advance and Dance)

  /// Adds `observer` to the list called at the end of every advance (no-op if it is there).
  package func activate(_ observer: any ClockFrameObserver) {
    guard observer.registration.activeIndex < 0 else { return }
    observer.registration.activeIndex = active.append(ActiveObserver(observer))
  }

  /// Removes `observer` from the list called at the end of every advance.
  package func deactivate(_ observer: any ClockFrameObserver) {
    let index = observer.registration.activeIndex
    guard index >= 0 else { return }
    observer.registration.activeIndex = -1
    if let movedTo = active.remove(at: index).movedTo {
      active.entry(at: movedTo)?.link.withRegistration { $0.activeIndex = movedTo }
    }
  }

  /// Sets `observer`'s one deadline to `time`, replacing any it had.
  ///
  /// A deadline set while events are running, for a time that has already come, runs on
  /// the next advance.
  package func schedule(_ observer: any ClockDeadlineObserver, at time: Double) {
    var holder = observer.registration.deadlineHolder
    if holder < 0 {
      holder = acquireHolder(for: observer)
      observer.registration.deadlineHolder = holder
      liveDeadlines += 1
    }
    nextOrder &+= 1
    let deadline = Deadline(time: time, order: nextOrder, holder: holder)
    holders[holder].liveOrder = nextOrder
    holders[holder].entries += 1
    if isProcessingEvents && time <= now {
      deferred.append(deadline)
    } else {
      insertDeadline(deadline)
      if deadlines.count > 2 * liveDeadlines + 64 { compactDeadlines() }
    }
  }

  /// Removes `observer`'s deadline, if it has one.
  package func unschedule(_ observer: any ClockDeadlineObserver) {
    let holder = observer.registration.deadlineHolder
    guard holder >= 0 else { return }
    release(holder: holder)
    observer.registration.deadlineHolder = -1
  }

  /// Counts the advances (it changes at each one), so that a participant can count what
  /// it does within one advance.
  package var advanceCount: UInt64 { advanceSerial }

  /// The number of observers currently active; for tests and diagnostics.
  package var activeObserverCount: Int { active.count }

  /// What breaks the invariants (``SlotList``) of the active list and of the animator
  /// stores' member lists; for the fuzzer's audit.
  package var slotListProblems: [String] {
    active.checkInvariants { $0.link.withRegistration { $0.activeIndex } }
      + pendingActions.checkInvariants { $0.pendingIndex }
      + animatorStores.values.flatMap { ($0 as? any StoreCounting)?.memberProblems ?? [] }
  }

  /// The number of pending deadlines; for tests and diagnostics.
  package var pendingDeadlineCount: Int { liveDeadlines }

  /// The number of entries in the deadline heap and the deferred list, live or stale; for
  /// tests.
  package var storedDeadlineCount: Int { deadlines.count + deferred.count }
}
