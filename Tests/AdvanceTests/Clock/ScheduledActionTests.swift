import Advance
import TestSupport
import Testing

/// Timers on the animation clock: exact clock times, in order with the other events, at the
/// edge of their event, and forgiving about bad times.
@Suite struct ScheduledActionTests {
  @Test("An action runs once, at its exact clock time, whatever the frames", arguments: [1, 7, 60])
  func runsAtItsExactTime(frames: Int) {
    let clock = AnimationClock()
    var times: [Double] = []
    let action = clock.schedule(after: 0.35) { times.append(clock.now) }
    #expect(action.isPending)
    for frame in 1...frames { clock.advance(to: Double(frame) / Double(frames)) }
    #expect(times == [0.35])
    #expect(!action.isPending)
    clock.advance(by: 1)
    #expect(times == [0.35])
  }

  @Test("Actions and an animation's end run in time order inside one huge step")
  func ordersWithOtherEvents() {
    let clock = AnimationClock()
    var log: [String] = []
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.onCompletion = { _ in log.append("end at \(clock.now)") }
    animator.animate(to: 1, duration: 0.5, timingFunction: .linear)
    clock.schedule(at: 0.6) { log.append("late at \(clock.now)") }
    clock.schedule(after: 0.25) {
      // At its own time the animation is half-way, exactly.
      log.append("early at \(clock.now), value \(animator.value)")
    }
    clock.advance(by: 10)
    #expect(log == ["early at 0.25, value 0.5", "end at 0.5", "late at 0.6"])
  }

  @Test("A cancelled action never runs, and lets go of what its closure held")
  func cancelled() {
    let clock = AnimationClock()
    final class Token {}
    weak var held: Token?
    var ran = false
    let action: ScheduledAction
    do {
      let token = Token()
      held = token
      action = clock.schedule(after: 1) { withExtendedLifetime(token) { ran = true } }
    }
    #expect(held != nil && clock.pendingActionCount == 1)
    action.cancel()
    action.cancel()  // a second call does nothing
    #expect(held == nil && !action.isPending && clock.pendingActionCount == 0)
    clock.advance(by: 2)
    #expect(!ran)
  }

  @Test("A discarded action still runs: the clock keeps it, then lets it go")
  func discardedResultRuns() {
    let clock = AnimationClock()
    weak var weakAction: ScheduledAction?
    var runs = 0
    do { weakAction = clock.schedule(after: 0.1) { runs += 1 } }
    #expect(weakAction != nil)
    clock.advance(by: 0.2)
    #expect(runs == 1 && weakAction == nil && clock.pendingActionCount == 0)
  }

  @Test("An action may schedule, cancel and release; one for a time already come waits")
  func actionsCallBack() {
    let clock = AnimationClock()
    var log: [Double] = []
    var later: ScheduledAction?
    later = clock.schedule(at: 0.8) { log.append(-1) }
    clock.schedule(at: 0.5) {
      log.append(clock.now)
      later?.cancel()
      later = nil
      // Due now: it runs on the next advance, not inside this one.
      clock.schedule(after: 0) { log.append(clock.now) }
    }
    clock.advance(by: 1)
    #expect(log == [0.5])
    clock.advance(by: 0)
    #expect(log == [0.5, 1])
    #expect(clock.pendingActionCount == 0)
  }

  @Test("An action cannot advance the clock: refused with an error")
  func advanceFromAnActionIsRefused() {
    let clock = AnimationClock()
    let (_, errors) = collectingErrors {
      clock.schedule(after: 0.1) { clock.advance(by: 5) }
      clock.advance(by: 0.2)
    }
    #expect(clock.now == 0.2)
    #expect(errors.count == 1)
  }

  @Test(
    "A NaN, infinite or negative delay, or a past time, reports an error and runs next advance",
    arguments: [Double.nan, .infinity, -1])
  func badDelays(delay: Double) {
    let clock = AnimationClock()
    clock.advance(by: 2)
    var ranAt: [Double] = []
    let (_, errors) = collectingErrors {
      clock.schedule(after: delay) { ranAt.append(clock.now) }
      clock.schedule(at: delay.isFinite ? 1 : delay) { ranAt.append(clock.now) }
    }
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0.message.contains("AnimationClock.schedule") })
    clock.advance(by: 0)
    #expect(ranAt == [2, 2])
  }

  @Test("A clock that goes drops its pending actions without running them")
  func clockGoes() {
    var ran = false
    var action: ScheduledAction?
    do {
      let clock = AnimationClock()
      action = clock.schedule(after: 1) { ran = true }
    }
    #expect(action?.isPending == false)
    action?.cancel()  // reaches no clock
    #expect(!ran)
  }
}
