import Synchronization

/// The user code that came due while the engine was changing its own state, run once that
/// change is complete: how Dance keeps user code at the edges (SPEC principle 8).
///
/// Every public call that can end a run — a control of an animator, an assignment that
/// takes a property, a node leaving its scene, a release — does its work as an
/// *operation* (``operation(_:)``). Completions and handlers that come due inside one are
/// not called there, in the middle of the engine's loops, but queued; when the outermost
/// operation of the thread ends, the queue runs them in the order they came due. So:
///
/// - user code never runs while the engine holds an unretained reference, a pooled object
///   or an address into a growable buffer across it: nothing that a completion does (start,
///   stop, release, advance the clock) can pull memory from under the engine;
/// - a completion caused by a direct call (`finishAnimation`, an assignment that takes a
///   property) has run when that call returns, after its change is complete;
/// - inside ``AnimationClock/advance(by:)`` each event is its own outermost operation, so
///   what it causes runs right after it, at its exact clock time, before the next event.
///
/// User code that the engine calls *during* an operation — animation blocks, which record
/// values, and custom simulation functions — runs inside it: the completions its calls
/// cause run when the operation ends, and it cannot advance the clock (refused, with a
/// `DanceError`).
///
/// Invariants, checked in debug builds: callbacks are queued only inside an operation
/// (callbacks that come due outside one, from a `deinit` or an error report, run at once);
/// each queued callback runs exactly once; a drain takes only what its own operation queued
/// (a completion's own calls drain theirs before they return), and leaves the queue as it
/// found it.
///
/// One queue per thread: the clock, its animators and its nodes belong to the thread that
/// advances it.
///
/// Cost: an operation is a thread-local look-up; asking whether user code runs inside one
/// (what every clock advance asks) is one relaxed load while none does on any thread.
/// Nothing is queued, and nothing allocated, when nothing comes due.
@usableFromInline
package final class CallbackQueue {
  /// A callback that came due.
  @usableFromInline
  package enum Callback {
    /// `count` callbacks that `owner` keeps, oldest first, with an `argument` for them (a
    /// `PropertyAnimator`'s completions and the position its run ended at): nothing is
    /// allocated to queue them, and the owner stays alive until they have run.
    case owned(any CallbackOwner, count: Int, argument: Int)
    /// A closure (from a `deinit`, which must not retain its object, or an error report).
    case closure(() -> Void)
    /// A slot whose callback has been taken to run.
    case taken
  }

  @usableFromInline static let perThread = ThreadLocal { CallbackQueue() }

  /// How many pieces of user code that run inside an operation (animation blocks, custom
  /// simulation functions, and the target reads that share their block stack) are open on
  /// all threads: while none is, no thread's user code is inside the engine's change, and a
  /// clock advance needs no thread-local look-up to know it (Dance's block stack counts its
  /// entries here, and its property reads ask it too).
  package static let openUserCode = Atomic<Int>(0)

  // Unchecked for exclusivity: one queue per thread, and no access is held across a
  // callback (each is one read or one write).
  /// How many operations are open on this thread.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var depth = 0
  /// How many drains are running, one inside another's callback.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var drainDepth = 0
  /// The owner of the callbacks that the innermost ``operation(makingDueOf:_:)`` makes due,
  /// held until they have run.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var heldOwner: AnyObject?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var due = FlatArray<Callback>()
  #if DEBUG
    /// How many unretained references are lent to bodies that must not call out
    /// (``Unretained/with(_:)``): while any is, user code must not run.
    #if !DEBUG
      @exclusivity(unchecked)
    #endif
    @usableFromInline var lentReferences = 0
  #endif

  /// Past this many drains inside one another (completions whose calls end runs whose
  /// completions make calls…), an operation leaves what it queued to the drain it runs in,
  /// which takes it in turn: a long chain then loops instead of overflowing the stack.
  @usableFromInline static let maximumDrainDepth = 64

  /// Runs `body` as an operation of the engine: callbacks that come due inside it are
  /// queued, and run when the outermost operation of this thread ends, before it returns.
  @inlinable @inline(__always)
  package static func operation<Result>(_ body: () -> Result) -> Result {
    perThread.withValue { $0.run(body) }
  }

  /// Runs `body` as an operation (``operation(_:)``) after which `owner` has callbacks due:
  /// `body` returns how many (0 for none) and their argument, as an ``Callback/owned(_:count:argument:)``
  /// entry would carry them. When this is the outermost operation of the thread and nothing
  /// else came due inside it, they run at once, with no entry in the queue (a finish with
  /// completions: an enqueue and a drain were a tenth of its start + frame + finish);
  /// otherwise they are queued behind what came due first, and run in turn. Either way the
  /// queue holds `owner` from before `body` runs until they have run.
  @inlinable @inline(__always)
  package static func operation<Owner: CallbackOwner>(
    makingDueOf owner: Owner, _ body: () -> (count: Int, argument: Int)
  ) {
    perThread.withValue { $0.run(makingDueOf: owner, body) }
  }

  /// Whether an operation is open on this thread: user code running now runs inside the
  /// engine's change (an animation block, a simulation function).
  @inlinable
  package static var isInsideOperation: Bool {
    perThread.withValue { $0.depth > 0 }
  }

  /// Whether the calling thread is running user code inside an operation (an animation
  /// block, a simulation function): one relaxed load while no thread is.
  @inline(__always)
  package static var isRunningUserCodeInside: Bool {
    openUserCode.load(ordering: .relaxed) > 0 && isInsideOperation
  }

  /// Runs `body`, a user's simulation function, inside an operation, counted in
  /// ``openUserCode``.
  package static func runUserCodeInside<Result>(_ body: () -> Result) -> Result {
    operation {
      openUserCode.add(1, ordering: .relaxed)
      defer { openUserCode.subtract(1, ordering: .relaxed) }
      return body()
    }
  }

  /// Runs `body`, which promises not to call user code: a debug build stops where it would
  /// (``checkUserCodeMayRun()``); nothing is checked in release builds.
  @inlinable @inline(__always)
  package static func withoutUserCode<Result>(_ body: () -> Result) -> Result {
    #if DEBUG
      beginLend()
      defer { endLend() }
    #endif
    return body()
  }

  #if DEBUG
    /// Opens a span in which user code must not run (an unretained reference is lent, or a
    /// read promised to call out to nothing); debug builds only. The lends of `Unretained`
    /// and `UnretainedObserver` call this directly: `Unretained.with`'s body wrapped in
    /// ``withoutUserCode(_:)`` cost a start and finish 78 instructions in release builds.
    @inlinable @inline(__always)
    package static func beginLend() { perThread.withValue { $0.lentReferences += 1 } }

    /// Closes a span opened by ``beginLend()``.
    @inlinable @inline(__always)
    package static func endLend() { perThread.withValue { $0.lentReferences -= 1 } }
  #endif

  /// Stops a debug build that is about to run user code while an unretained reference is
  /// lent to a body that promised not to call out (nothing in release builds). Called where
  /// the engine calls user code: callbacks, handlers, blocks, simulation functions.
  @inlinable @inline(__always)
  package static func checkUserCodeMayRun() {
    #if DEBUG
      perThread.withValue { queue in
        assert(
          queue.lentReferences == 0,
          "user code called while an unretained reference is lent to a body that must not call out"
        )
      }
    #endif
  }

  /// Queues `callback`, which came due inside an operation.
  package static func enqueue(_ callback: Callback) {
    perThread.withValue { queue in
      assert(queue.depth > 0, "a callback came due outside an engine operation")
      if queue.depth > 0 {
        queue.due.append(callback)
      } else {
        queue.call(callback)
      }
    }
  }

  /// Queues `callback` inside an operation; outside one (a release in the user's own code,
  /// an error reported at an edge) runs it at once.
  package static func runOrEnqueue(_ callback: @escaping () -> Void) {
    guard isInsideOperation else {
      checkUserCodeMayRun()
      return callback()
    }
    perThread.withValue { $0.due.append(.closure(callback)) }
  }

  @inlinable @inline(__always)
  func run<Result>(_ body: () -> Result) -> Result {
    depth += 1
    let mark = due.count
    let result = body()
    depth -= 1
    if depth == 0 && due.count > mark { drain(from: mark) }
    return result
  }

  @inlinable @inline(__always)
  func run<Owner: CallbackOwner>(
    makingDueOf owner: Owner, _ body: () -> (count: Int, argument: Int)
  ) {
    // Held first: `body` may hand back the last other reference to `owner` (a scene's hold
    // on an animator that a clock event reached).
    let outerHeld = heldOwner
    heldOwner = owner
    depth += 1
    let mark = due.count
    let made = body()
    depth -= 1
    if made.count > 0 {
      if depth == 0 && due.count == mark && drainDepth < Self.maximumDrainDepth {
        runAtOnce(owner, made.count, argument: made.argument)
      } else {
        due.append(.owned(owner, count: made.count, argument: made.argument))
      }
    }
    heldOwner = outerHeld
    // After callbacks run at once too: past the drains' depth limit, their own operations
    // left what they queued to this one.
    if depth == 0 && due.count > mark { drain(from: mark) }
  }

  /// Runs `owner`'s `count` due callbacks as a drain of them alone would (counted as a
  /// drain, checked for lent references).
  @inlinable
  func runAtOnce(_ owner: some CallbackOwner, _ count: Int, argument: Int) {
    drainDepth += 1
    Self.checkUserCodeMayRun()
    owner.runDueCallbacks(count, argument: argument)
    drainDepth -= 1
  }

  /// Runs the callbacks queued from `mark` on, in order, then drops them. A callback's own
  /// operations drain what they queue before they return, so the queue is back at its
  /// length after each.
  @usableFromInline
  func drain(from mark: Int) {
    guard drainDepth < Self.maximumDrainDepth else { return }
    drainDepth += 1
    var index = mark
    while index < due.count {
      // Moved out, not copied: the slot keeps no reference while the callback runs.
      let callback = due.exchange(at: index, with: .taken)
      call(callback)
      index += 1
    }
    while due.count > mark { due.removeLast() }
    drainDepth -= 1
    // A burst (thousands of callbacks crossed by one seek) leaves a large buffer behind:
    // give it back once the queue is empty, so that the heap in use does not keep the high
    // water mark of one moment.
    if due.isEmpty && due.capacity > Self.keptCapacity { due = FlatArray() }
  }

  /// The most entries the empty queue keeps room for.
  static var keptCapacity: Int { 1024 }

  private func call(_ callback: Callback) {
    Self.checkUserCodeMayRun()
    switch callback {
    case .owned(let owner, let count, let argument):
      owner.runDueCallbacks(count, argument: argument)
    case .closure(let body): body()
    case .taken: break
    }
  }
}

/// An object that keeps callbacks that came due until the ``CallbackQueue`` runs them.
@usableFromInline
package protocol CallbackOwner: AnyObject {
  /// Runs the oldest `count` of the callbacks this object queued, with the `argument` it
  /// queued them with, and forgets them.
  func runDueCallbacks(_ count: Int, argument: Int)
}
