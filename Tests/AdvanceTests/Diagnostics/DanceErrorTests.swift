import Advance
import Synchronization
import TestSupport
import Testing

@Suite struct DanceErrorTests {
  @Test("The printed form is ** Dance Error: … **")
  func description() {
    let error = DanceError(.noAnimation, "pause(): there is no animation")
    #expect(error.description == "** Dance Error: pause(): there is no animation **")
    #expect(error.kind == .noAnimation)
  }

  @Test("withHandler catches the current task's errors only")
  func scopedHandler() async {
    let outer = ErrorLog()
    let inner = ErrorLog()
    outer.capture {
      DanceError(.outOfRange, "outer").report()
      inner.capture { DanceError(.outOfRange, "inner").report() }
    }
    #expect(outer.errors.map(\.message) == ["outer"])
    #expect(inner.errors.map(\.message) == ["inner"])
  }

  // Serialized with nothing else: it swaps the process-wide handler.
  @Test("The process-wide handler is replaceable and safe to use from many threads")
  func globalHandler() async {
    // An atomic counter, not a Mutex: the thread sanitizer cannot see Mutex's futex-based
    // locking and reported the increments as a race (a false one) in some runs.
    let count = Atomic(0)
    let original = DanceError.handler
    DanceError.handler = { _ in count.add(1, ordering: .relaxed) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<100 {
            // A task-local handler is not installed here, so these go to the global one.
            _ = DanceError.handler
            DanceError(.illegalState, "from a task").report()
          }
        }
      }
    }
    DanceError.handler = original
    let total = count.load(ordering: .relaxed)
    #expect(total >= 800)
  }
}
