import TestSupport
import Testing

@testable import Advance

@Suite struct ClockEventTests {
  @Test("nextEventTime is the earliest scheduled event; nil when there is none")
  func nextEventTime() {
    let clock = AnimationClock()
    #expect(clock.nextEventTime == nil)
    let late = clock.schedule(after: 2.5) {}
    let early = clock.schedule(after: 0.75) {}
    #expect(clock.nextEventTime == 0.75)
    // A cancelled event leaves a stale entry at the top of the heap: the next live one shows.
    early.cancel()
    #expect(clock.nextEventTime == 2.5)
    late.cancel()
    #expect(clock.nextEventTime == nil)
  }

  @Test("advanceToNextEvent lands exactly on each event, runs it, and stops when none is left")
  func stepsFromEventToEvent() {
    let clock = AnimationClock()
    clock.advance(by: 0.1)
    var ran: [(String, Double)] = []
    _ = clock.schedule(after: 1 / 3) { ran.append(("third", clock.now)) }
    _ = clock.schedule(after: 0.9) { ran.append(("last", clock.now)) }
    _ = clock.schedule(after: 0.2) {
      ran.append(("first", clock.now))
      // Scheduled from inside an event: the next step lands on it too.
      _ = clock.schedule(after: 0.05) { ran.append(("chained", clock.now)) }
    }
    var stops: [Double] = []
    while let time = clock.advanceToNextEvent() { stops.append(time) }
    let first: Double = 0.1 + 0.2
    let expected: [Double] = [first, first + 0.05, 0.1 + 1.0 / 3, 0.1 + 0.9]
    #expect(stops == expected)
    #expect(ran.map(\.0) == ["first", "chained", "third", "last"])
    #expect(ran.map(\.1) == expected)
    #expect(clock.now == 0.1 + 0.9)
    #expect(clock.advanceToNextEvent() == nil)
    #expect(clock.now == 0.1 + 0.9)
  }

  @Test("An animator's event is where it comes to rest, to the bit the timed end")
  func animatorRest() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.animate(to: 10, duration: 1.25, timingFunction: .easeInOut)
    #expect(clock.nextEventTime == 1.25)
    #expect(clock.advanceToNextEvent() == 1.25)
    #expect(animator.value == 10)
    #expect(!animator.isAnimating)
    #expect(clock.nextEventTime == nil)
  }

  @Test("Inside a clock callback advanceToNextEvent does not move the clock and returns nil")
  func insideCallback() {
    let clock = AnimationClock()
    var inner: Double?? = .none
    var errors: [DanceError] = []
    _ = clock.schedule(after: 1) {
      (inner, errors) = collectingErrors { clock.advanceToNextEvent() }
    }
    _ = clock.schedule(after: 2) {}
    #expect(clock.advanceToNextEvent() == 1)
    #expect(inner == .some(nil))
    #expect(errors.map(\.kind) == [.illegalState])
    #expect(clock.now == 1)
  }

  @Test("advance(frames:fps:) steps like a display: exact totals at common rates")
  func frames() {
    for fps in [30.0, 60, 120, 144] {
      let clock = AnimationClock()
      var ticks = 0
      let animator = Animator(initialValue: 0.0, clock: clock)
      animator.onChange = { _ in ticks += 1 }
      animator.animate(to: 1, duration: 100, timingFunction: .linear)
      clock.advance(frames: Int(fps) * 3, fps: fps)
      #expect(clock.now == 3, "fps \(fps)")
      #expect(ticks == Int(fps) * 3, "fps \(fps): one frame per step")
    }
  }

  @Test("advance(frames:fps:) refuses bad counts and rates with a DanceError")
  func badFrames() {
    let clock = AnimationClock()
    for (frames, fps) in [
      (-1, 60.0), (10, 0), (10, -60), (10, .nan), (10, .infinity), (10, .leastNonzeroMagnitude),
    ] {
      let (_, errors) = collectingErrors { clock.advance(frames: frames, fps: fps) }
      #expect(errors.count == 1, "frames \(frames), fps \(fps)")
      #expect(clock.now == 0)
    }
    let (_, none) = collectingErrors { clock.advance(frames: 0, fps: 60) }
    #expect(none.isEmpty)
    #expect(clock.now == 0)
  }
}
