import Synchronization

/// A misuse of the animation API that Dance caught and survived.
///
/// No call on Dance's public API traps. When a call is illegal — a NaN duration, a negative
/// mass, a pause with no animation, time running backwards — Dance leaves everything in a
/// safe state (the call does nothing, or its input is clamped) and reports a `DanceError` to
/// ``DanceError/handler``. The default handler prints the error to standard error:
///
/// ```
/// ** Dance Error: AnimationClock.advance(by: nan): the step is nan; the clock did not move **
/// ```
///
/// Install your own handler to log errors elsewhere or to fail a test:
///
/// ```swift
/// DanceError.handler = { error in logger.warning("\(error)") }
/// ```
///
/// Tests that run in parallel should prefer ``collecting(_:)``, which returns the errors
/// reported by the calls made inside it on the current task, or ``withHandler(_:operation:)``,
/// which installs a handler for the current task only:
///
/// ```swift
/// let errors = DanceError.collecting { clock.advance(by: -1) }
/// assert(errors.map(\.kind) == [.outOfRange])
/// ```
public struct DanceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The broad class of a ``DanceError``.
  public enum Kind: Hashable, Sendable {
    /// A number was NaN or infinite where a finite one is required.
    case nonFiniteNumber
    /// A number was finite but out of its legal range (a negative duration, mass, …).
    case outOfRange
    /// The call is not legal in the object's current state (pausing a stopped animator, …).
    case illegalState
    /// The call needs an animation and there is none.
    case noAnimation
  }

  /// What kind of misuse this is.
  public var kind: Kind

  /// A sentence that names the call and says what Dance did instead.
  public var message: String

  /// Creates an error of the given kind with a message naming the call and the remedy.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The error as the default handler prints it: `** Dance Error: message **`.
  public var description: String { "** Dance Error: \(message) **" }

  /// The signature of an error handler.
  public typealias Handler = @Sendable (DanceError) -> Void

  /// The handler that prints to standard error; the initial value of ``handler``.
  public static let printToStandardError: Handler = { error in
    writeToStandardError(error.description + "\n")
  }

  /// The process-wide handler, boxed: copying a closure itself out of a `Mutex` leaked about
  /// 100 bytes per read with Swift 6.3 (found by dance-fuzz's heap check), a class reference
  /// does not.
  private final class HandlerBox: Sendable {
    let handler: Handler
    init(_ handler: @escaping Handler) { self.handler = handler }
  }

  private static let installedHandler = Mutex(HandlerBox(printToStandardError))

  @TaskLocal private static var taskHandler: Handler?

  /// The process-wide handler that receives every reported error.
  ///
  /// Reading and writing it is thread-safe. Errors reported inside
  /// ``withHandler(_:operation:)`` go to that scope's handler instead.
  public static var handler: Handler {
    get { installedHandler.withLock { $0 }.handler }
    set { installedHandler.withLock { $0 = HandlerBox(newValue) } }
  }

  /// Runs `operation` with `handler` receiving the errors reported by the current task (and
  /// the tasks it creates), leaving the process-wide ``handler`` untouched; returns what
  /// `operation` returns.
  ///
  /// ```swift
  /// DanceError.withHandler({ error in print("caught", error) }) {
  ///   clock.advance(by: -1)
  /// }
  /// ```
  public static func withHandler<Result>(
    _ handler: @escaping Handler, operation: () throws -> Result
  ) rethrows -> Result {
    try $taskHandler.withValue(handler, operation: operation)
  }

  /// Runs `body` and returns the errors that the calls made inside it reported on the current
  /// thread, in order; no handler sees them.
  ///
  /// ```swift
  /// let errors = DanceError.collecting {
  ///   node.dance.animate(duration: .nan, curve: .linear) { $0.alpha = 0 }
  /// }
  /// // errors[0].message starts with "node.dance.animate(duration:curve:_:)"
  /// ```
  ///
  /// Safe in tests that run in parallel: each thread collects its own errors, and the caller
  /// needs no lock. Calls nest: the innermost collects.
  public static func collecting(_ body: () throws -> Void) rethrows -> [DanceError] {
    let collector = collectors.value
    collector.lists.append([])
    do {
      try body()
    } catch {
      collector.lists.removeLast()
      throw error
    }
    return collector.lists.removeLast()
  }

  /// The open ``collecting(_:)`` calls of one thread, innermost last.
  private final class Collector {
    var lists: [[DanceError]] = []
  }

  private static let collectors = ThreadLocal { Collector() }

  /// Sends `self` to the current handler.
  ///
  /// Reported from inside a change of the engine (a control of an animator, a frame), the
  /// handler is called once that change is complete, before the public call that caused it
  /// returns; errors collected by ``collecting(_:)`` are collected at once.
  public func report() {
    let collector = DanceError.collectors.value
    if !collector.lists.isEmpty {
      collector.lists[collector.lists.count - 1].append(self)
      return
    }
    // A handler is user code: one reported inside the engine's change runs when that change
    // is complete (``CallbackQueue``), with the handler in force when the error came.
    let handler = DanceError.taskHandler ?? DanceError.handler
    CallbackQueue.runOrEnqueue { handler(self) }
  }

  /// Reports an error of `kind` with `message`; a shorthand for the library's own checks.
  package static func report(_ kind: Kind, _ message: String) {
    DanceError(kind, message).report()
  }
}
