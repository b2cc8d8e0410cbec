/// An object that the ``AnimationClock`` keeps in its lists: it holds the clock's
/// bookkeeping. The clock does not retain it: each must leave the clock's lists in its
/// `deinit` (`deactivate` for the frame role, `unschedule` for the deadline role).
///
/// Both roles' calls are requirements here, so that the clock keeps one kind of link
/// (``UnretainedObserver``) for both lists; an observer takes a role by conforming to
/// ``ClockFrameObserver`` or ``ClockDeadlineObserver``, which is what the clock's methods
/// accept, and the other role's call is never made to it.
package protocol ClockParticipant: AnyObject {
  /// The clock's bookkeeping for this observer; initialise it to `ClockRegistration()` and
  /// leave it to the clock.
  var registration: ClockRegistration { get set }

  /// The clock finished an advance; `clock.now` is the new time (the frame role).
  func clockDidAdvance(_ clock: AnimationClock)

  /// The clock reached this observer's deadline; `clock.now` is the deadline (the deadline
  /// role).
  func clockDidReachDeadline(_ clock: AnimationClock)

  /// The clock's advance is about to run user code while `clock.now` is ahead of what the
  /// observer's last frame wrote (an event, or another observer's frame): until
  /// ``clockDidEndAdvance(_:)`` (the advance role, taken with
  /// ``AnimationClock/watchAdvances(_:)``).
  func clockWillAdvance(_ clock: AnimationClock)

  /// The clock finished an advance, every frame observer included (the advance role).
  func clockDidEndAdvance(_ clock: AnimationClock)
}

extension ClockParticipant {
  /// Nothing: an observer that does not watch advances is never called.
  package func clockWillAdvance(_ clock: AnimationClock) {}

  /// Nothing: an observer that does not watch advances is never called.
  package func clockDidEndAdvance(_ clock: AnimationClock) {}
}

/// The per-frame role: while *active*, called once at the end of every advance, to update
/// what it shows (Advance's animators, Dance's frame stores).
package protocol ClockFrameObserver: ClockParticipant {
  /// Whether a frame of this type may run user code (an `Animator`'s `onChange`, a
  /// timeline's events), which may release the observer: the clock then holds it retained
  /// for the call to ``ClockParticipant/clockDidAdvance(_:)``. A type whose frames run none
  /// (Dance's frame stores) says no, and the clock calls ``lentFrame(_:_:)`` instead.
  static var framesRunUserCode: Bool { get }

  /// Runs a frame of `observer`, an object of this type, lent unretained (``Unretained``'s
  /// `with`: a debug build stops if the frame reaches user code); called only when
  /// ``framesRunUserCode`` is false. Two atomic operations fewer a frame than a retained
  /// call: 44 of the 518 instructions of a frame of a scene of one node.
  static func lentFrame(_ observer: Unretained<AnyObject>, _ clock: AnimationClock)
}

/// An entry of the clock's active list: the link to a frame observer and, when its frames
/// run no user code (``ClockFrameObserver/framesRunUserCode``), its type, whose
/// ``ClockFrameObserver/lentFrame(_:_:)`` the clock calls with `object`. Both are taken
/// when it is activated.
struct ActiveObserver {
  let link: UnretainedObserver
  let lentType: (any ClockFrameObserver.Type)?
  let object: Unretained<AnyObject>

  init(_ observer: any ClockFrameObserver) {
    link = UnretainedObserver(observer)
    let type = type(of: observer)
    lentType = type.framesRunUserCode ? nil : type
    object = Unretained(observer)
  }
}

extension ClockFrameObserver {
  /// Yes, unless the observer's type says otherwise: the safe answer.
  package static var framesRunUserCode: Bool { true }

  /// A retained call of the observer's frame (only a type whose frames run no user code is
  /// lent, and it gives its own).
  package static func lentFrame(_ observer: Unretained<AnyObject>, _ clock: AnimationClock) {
    (observer.object as? any ClockFrameObserver)?.clockDidAdvance(clock)
  }

  /// Never called: a frame observer schedules no deadline.
  package func clockDidReachDeadline(_ clock: AnimationClock) {
    assertionFailure("a deadline reached an observer that has the frame role only")
  }
}

/// The deadline role: holds at most one *deadline*, called once when the clock reaches that
/// exact time, with ``AnimationClock/now`` equal to it, to finish, convert or start
/// something (Advance's animators, Dance's property animators).
package protocol ClockDeadlineObserver: ClockParticipant {}

extension ClockDeadlineObserver {
  /// Never called: a deadline observer is not in the clock's active list.
  package func clockDidAdvance(_ clock: AnimationClock) {
    assertionFailure("a frame reached an observer that has the deadline role only")
  }
}

/// Where the clock keeps an observer: its index in the active list and its entry in the
/// table of pending deadlines.
///
/// The indices and the count are kept in 32 bits (24 bytes, not 32, in every animator: the
/// lists they index would need 2³¹ observers, hundreds of gigabytes of them).
package struct ClockRegistration {
  /// The clock's advance in which `eventsInAdvance` was counted.
  var advanceSerial: UInt64 = 0
  @usableFromInline var storedActiveIndex: Int32 = -1
  @usableFromInline var storedDeadlineHolder: Int32 = -1
  private var storedEventsInAdvance: Int32 = 0

  /// The observer's index in the clock's active list, or -1.
  @inlinable var activeIndex: Int {
    @inline(__always) get { Int(storedActiveIndex) }
    @inline(__always) set { storedActiveIndex = Int32(truncatingIfNeeded: newValue) }
  }
  /// The observer's entry in the clock's table of pending deadlines, or -1.
  @inlinable var deadlineHolder: Int {
    @inline(__always) get { Int(storedDeadlineHolder) }
    @inline(__always) set { storedDeadlineHolder = Int32(truncatingIfNeeded: newValue) }
  }
  /// How many of this observer's deadlines the clock has run in that advance (at most
  /// `AnimationClock.maximumEventsPerObserverPerAdvance`).
  var eventsInAdvance: Int {
    get { Int(storedEventsInAdvance) }
    set { storedEventsInAdvance = Int32(truncatingIfNeeded: newValue) }
  }

  /// A registration in no list.
  package init() {}

  /// Whether the observer is in the clock's active list.
  package var isActive: Bool { activeIndex >= 0 }

  /// Whether the observer has a deadline pending (in the heap or deferred to the next
  /// advance).
  package var hasDeadline: Bool { deadlineHolder != -1 }
}
