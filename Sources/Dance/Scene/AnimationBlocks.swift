import Advance
import Synchronization

/// The animation blocks open on the current thread, innermost last.
///
/// While a block runs, every assignment to an animatable property of a node records an
/// animation on the block's animator instead of changing the value, and every read of one
/// returns its target. Blocks nest: the innermost decides.
final class AnimationBlockStack {
  /// An object an entry refers to without retaining it: an entry lives only while the `run`
  /// that opened it runs, and that run's caller holds the object. (Entries are copied on
  /// every assignment in a block: a retained reference cost a retain and a release each.)
  struct Held<Object: AnyObject> {
    let link: Unretained<Object>

    init(_ object: Object) { link = Unretained(object) }

    var object: Object { link.object }

    /// Runs `body` with the object, unretained: the call that opened the entry holds it
    /// while the entry is open, and an assignment in the block runs inside that call. (A
    /// retained ``object`` cost a retain and a release per assignment: about 120 of a
    /// two-property start's instructions, `dance-bench --retarget-probe`.)
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result {
      link.withHeldElsewhere(body)
    }
  }

  enum Entry {
    /// Assignments animate on `animator`, starting at `windowStart` of its duration.
    case animating(Held<PropertyAnimator>, windowStart: Double)
    /// Assignments add a keyframe to `animator`, in the slice `start ..< start + duration`
    /// of its duration (0..<1 directly inside `Node.animateKeyframes`).
    case keyframe(Held<PropertyAnimator>, start: Double, duration: Double)
    /// Assignments apply at once, as outside any block.
    case immediate
    /// Reads give targets (`Node.targetValue(of:)`); nothing is assigned inside.
    case targets
    /// Assignments become segments of a timeline child's motion (`Timeline`); reads give
    /// the value at the child's start.
    case timeline(Held<TimelineRecorder>)
    /// Reads give the value on screen, its velocity, or the two added, as `motion` says
    /// (`Node.velocity(of:)`); assignments apply at once.
    case motion(ReadMotion)
  }

  /// (Unchecked for exclusivity: a stack belongs to one thread, and no access is held
  /// across a block it runs.)
  /// (A flat list, not an `Array`: opening and closing a block then pays no
  /// copy-on-write check; measured in `dance-bench --start-probe`.)
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  var entries = FlatArray<Entry>()

  /// The animator of the innermost animation block, if the innermost entry animates.
  var openAnimator: PropertyAnimator? {
    switch entries.last {
    case .animating(let animator, _), .keyframe(let animator, _, _): animator.object
    case .immediate, .targets, .timeline, .motion, nil: nil
    }
  }

  /// Whether the innermost entry makes reads give targets.
  var innermostReadsTargets: Bool {
    switch entries.last {
    case .animating, .keyframe, .targets, .timeline: true
    case .immediate, .motion, nil: false
    }
  }

  private static let perThread = ThreadLocal { AnimationBlockStack() }

  /// How many reasons a property read has, on all threads, to take its slow path: animating
  /// entries open (a read may have to return a target), and scenes whose clock is running
  /// user code ahead of the scene's frame (``FrameStore``: the clock's time is then ahead of
  /// the values the last frame wrote, and a read works its value out at the clock's time).
  /// While it is 0, a read needs no look-up of the thread's stack and no visit to
  /// its animator, its clock and its store: the value in the lane is the value at the
  /// clock's time (a relaxed load instead of a thread-local look-up and three objects on
  /// every read a host makes to draw).
  static let slowReads = Atomic<Int>(0)

  /// Whether property reads on any thread may have to take their slow path (see
  /// ``slowReads``).
  @inline(__always)
  static var readsMayBeSlow: Bool { slowReads.load(ordering: .relaxed) > 0 }

  /// The stack of the calling thread.
  static var current: AnimationBlockStack { perThread.value }

  /// The innermost entry of the calling thread's stack, if any: what an assignment to an
  /// animatable property asks, and a read on its slow path (without retaining the stack,
  /// or making one for a thread that has none: a read writes nothing).
  @inline(__always)
  static var innermostEntry: Entry? { perThread.withValueIfMade { $0?.entries.last } }

  /// Whether a property read on this thread returns its target: inside an animation block,
  /// or inside `Node.targetValue(of:)`.
  /// (Without making a stack, or retaining one: asked before every run of completions, and
  /// the slow reads count while a clock runs events ahead of a scene's frame.)
  @inline(__always)
  static var readsTargets: Bool {
    readsMayBeSlow && perThread.withValueIfMade { $0?.innermostReadsTargets ?? false }
  }

  /// Runs `body` with `entry` open on top of the calling thread's stack; returns what `body`
  /// returns.
  @inline(__always)
  static func run<Result>(_ entry: Entry, _ body: () -> Result) -> Result {
    perThread.withValue { $0.run(entry, body) }
  }

  /// Runs `body` with `entry` open on top of the stack; returns what `body` returns.
  ///
  /// Animating entries are counted in ``openAnimatingEntries`` and in Advance's
  /// `CallbackQueue.openUserCode` (with the simulation functions running), so that a clock
  /// advance needs no thread-local look-up to know it is not called from a block.
  func run<Result>(_ entry: Entry, _ body: () -> Result) -> Result {
    CallbackQueue.checkUserCodeMayRun()
    let animates = if case .immediate = entry { false } else { true }
    if animates {
      Self.slowReads.add(1, ordering: .relaxed)
      CallbackQueue.openUserCode.add(1, ordering: .relaxed)
    }
    entries.append(entry)
    defer {
      entries.removeLast()
      if animates {
        CallbackQueue.openUserCode.subtract(1, ordering: .relaxed)
        Self.slowReads.subtract(1, ordering: .relaxed)
      }
    }
    return body()
  }
}

/// Whether property reads on every thread may take their fast path
/// (``AnimationBlockStack/slowReads`` is 0), for the getters inlined into the host's code.
///
/// A call, that promises the compiler to read memory only: it loads one atomic. (Inlined,
/// the atomic load, like any call without the promise, made the host's loop retain and
/// release each node it read: two atomic operations a node, which measured most of what a
/// host paid to read a node once its values were a load away; Docs/Performance.md.) A read
/// calls it first and writes nothing on any path, so in a host's loop of reads nothing can
/// change it and the optimiser calls it once before the loop (Docs/Performance.md, "The
/// read gate, once a loop"); the ways without a call that were weighed, a plain load of a
/// shared word or a gate per thread or per scene, race with another thread's blocks or miss
/// this thread's when a task moves between threads.
@usableFromInline @inline(never) @_effects(readonly)
func propertyReadsAreFast() -> Bool {
  !AnimationBlockStack.readsMayBeSlow
}
