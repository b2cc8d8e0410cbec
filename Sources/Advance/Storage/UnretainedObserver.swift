/// The clock's unretained link to one of its observers (an entry of its active list or of
/// its deadline table): ``Unretained`` for an existential, which that generic type cannot
/// hold (a class-bound protocol's existential is not a class type).
///
/// **Invariant:** the observer outlives the link. Each observer leaves the clock's lists in
/// its `deinit` (`deactivate` for the frame role, `unschedule` for the deadline role), so
/// the clock never follows a link to a freed observer. ``with(_:)`` lends the observer
/// unretained to a body that calls no user code; a call that may run user code (a deadline,
/// whose event ends a run and drains its completions; a frame, whose `onChange` handlers
/// may release their animator) takes a retained ``observer`` first.
///
/// Debug builds check the invariant: the link keeps a weak reference too, and a use after
/// the observer went stops the program; a ``with(_:)`` body that reaches user code stops
/// it as well (``CallbackQueue``'s check). Release builds keep the unowned reference alone.
@usableFromInline
struct UnretainedObserver {
  unowned(unsafe) private let reference: any ClockParticipant
  #if DEBUG
    private weak var check: (any ClockParticipant)?
  #endif

  /// A link to `observer`, which must outlive its uses.
  @inline(__always)
  init(_ observer: any ClockParticipant) {
    reference = observer
    #if DEBUG
      check = observer
    #endif
  }

  /// The observer, as a strong reference the caller holds for a call that may run user code.
  var observer: any ClockParticipant {
    @inline(__always) get {
      checkAlive()
      return reference
    }
  }

  /// Runs `body` with the observer's registration in place, not retaining the observer:
  /// `body` must call no user code.
  @inline(__always)
  func withRegistration<Result>(_ body: (inout ClockRegistration) -> Result) -> Result {
    checkAlive()
    #if DEBUG
      CallbackQueue.beginLend()
      defer { CallbackQueue.endLend() }
    #endif
    return body(&reference.registration)
  }

  /// Runs `body` with the observer, not retaining it: `body` must call no user code (an
  /// advance's begin and end, which a watcher only counts).
  @inline(__always)
  func withObserver<Result>(_ body: (any ClockParticipant) -> Result) -> Result {
    checkAlive()
    #if DEBUG
      CallbackQueue.beginLend()
      defer { CallbackQueue.endLend() }
    #endif
    return body(reference)
  }

  /// Whether this links to `observer` (compared by identity; the observer is not used, so
  /// it may be in its `deinit`).
  func refers(to observer: any ClockParticipant) -> Bool {
    ObjectIdentifier(reference) == ObjectIdentifier(observer)
  }

  /// Stops a debug build when the observer is gone (nothing in release builds).
  @inline(__always)
  private func checkAlive() {
    #if DEBUG
      assert(check != nil, "the clock's link to an observer outlived the observer")
    #endif
  }
}
