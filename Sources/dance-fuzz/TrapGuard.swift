import Glibc

/// Turns a trap or a hang inside a sequence into a report instead of a silent death.
///
/// A trap leaves the process in no state to run Swift code, so the signal handler does only
/// async-signal-safe things: it writes a fixed message and `execv`s this program again with
/// `--reduce-trap SEED`, from buffers prepared before the sequence started. The new process
/// then replays candidate sequences in forked children (`diesBySignal`) to reduce it.
enum TrapGuard {
  /// `argv` for the re-exec; slot 2 points at `seedDigits`, rewritten before each sequence.
  // Written once by `install` and by `begin` between sequences, read by the handler: one
  // thread, and the handler only runs when the thread itself traps.
  nonisolated(unsafe) private static var arguments =
    UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 4)
  nonisolated(unsafe) private static var seedDigits = UnsafeMutablePointer<CChar>.allocate(
    capacity: 24)
  nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>? = nil
  nonisolated(unsafe) private static var messageLength = 0
  nonisolated(unsafe) private static var isInstalled = false
  nonisolated(unsafe) private static var alternateStack: UnsafeMutableRawPointer?

  /// How long one sequence may run before it counts as hung, in seconds (a sequence takes
  /// milliseconds; a few with a billion-second step and a self-restarting chain of events
  /// take a few seconds).
  static let watchdogSeconds: UInt32 = 30
  /// The same while reducing, where every candidate that still hangs costs this much.
  static let reductionWatchdogSeconds: UInt32 = 10

  static let trapSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGALRM]

  /// Prepares the buffers and installs the handlers (on an alternate stack, so that a stack
  /// overflow can be reported too).
  static func install() {
    seedDigits.initialize(repeating: 0, count: 24)
    arguments[0] = strdup("dance-fuzz")
    arguments[1] = strdup("--reduce-trap")
    arguments[2] = seedDigits
    arguments[3] = nil
    let text = "dance-fuzz: a sequence trapped or hung; replaying it to reduce it\n"
    message = strdup(text)
    messageLength = text.utf8.count

    let stackSize = 1 << 16
    var stack = stack_t()
    alternateStack = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
    stack.ss_sp = alternateStack
    stack.ss_size = stackSize
    sigaltstack(&stack, nil)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      _ = write(2, TrapGuard.message, TrapGuard.messageLength)
      execv("/proc/self/exe", TrapGuard.arguments)
      _exit(70)
    }
    action.sa_flags = SA_ONSTACK | Int32(bitPattern: UInt32(SA_NODEFER))
    for signal in trapSignals {
      sigaction(signal, &action, nil)
    }
    isInstalled = true
  }

  /// Records the seed of the sequence about to run and restarts the watchdog.
  static func begin(seed: UInt64) {
    guard isInstalled else { return }
    let digits = Array(String(seed).utf8CString)
    for (index, digit) in digits.prefix(23).enumerated() {
      seedDigits[index] = digit
    }
    seedDigits[min(digits.count, 24) - 1] = 0
    alarm(watchdogSeconds)
  }

  /// Stops the watchdog.
  static func end() {
    alarm(0)
  }

  /// Whether running `body` in a forked child kills the child with a signal (a trap, or the
  /// watchdog for a hang). The child's result otherwise is ignored, and so is what it writes
  /// to standard error unless `showingOutput`.
  static func diesBySignal(showingOutput: Bool = false, _ body: () -> Void) -> Bool {
    let child = fork()
    if child == 0 {
      for signal in trapSignals {
        Glibc.signal(signal, SIG_DFL)
      }
      // The candidates' own trap reports would bury the result: silence them.
      if !showingOutput {
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2) }
      }
      alarm(reductionWatchdogSeconds)
      body()
      _exit(0)
    }
    guard child > 0 else { return false }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal != 0 && signal != 0x7f
  }
}
