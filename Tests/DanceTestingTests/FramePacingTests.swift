import Dance
import TestSupport
import Testing

@testable import DanceTesting

/// `clock.advance(by:pacing:)`: the frames a display would show, landing exactly.
@Suite struct FramePacingTests {
  /// The clock times at which `clock` ticks while advancing by `seconds` with `pacing`.
  func ticks(_ pacing: FramePacing, seconds: Double, from start: Double = 0) -> [Double] {
    let clock = AnimationClock()
    clock.advance(to: start)
    var times: [Double] = []
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.onChange = { _ in times.append(clock.now) }
    animator.animate(to: 1, duration: 1e6, timingFunction: .linear)
    clock.advance(by: seconds, pacing: pacing)
    #expect(clock.now == start + seconds)
    return times
  }

  @Test("Fixed: steps of 1/fps, exact totals; a span that is not whole frames ends short")
  func fixed() {
    let times = ticks(.fixed(fps: 60), seconds: 1)
    #expect(times.count == 60)
    #expect(times.last == 1)
    #expect(zip(times.dropFirst(), times).allSatisfy { abs($0 - $1 - 1.0 / 60) < 1e-12 })
    let short = ticks(.fixed(fps: 30), seconds: 0.1, from: 2.5)
    #expect(short.count == 3)
    #expect(short.last == 2.6)
    let cut = ticks(.fixed(fps: 60), seconds: 0.02)
    #expect(cut.count == 2 && cut.last == 0.02, "one frame of 1/60, then one cut short")
  }

  @Test("Jittered: every step within 1/fps × (1 ± spread), the same steps for the same seed")
  func jittered() {
    let pacing = FramePacing.jittered(fps: 60, spread: 0.5, seed: 42)
    let first = ticks(pacing, seconds: 2)
    let again = ticks(pacing, seconds: 2)
    #expect(first == again)
    let other = ticks(.jittered(fps: 60, spread: 0.5, seed: 43), seconds: 2)
    #expect(first != other)
    let steps = zip(first.dropFirst(), first).map { $0 - $1 }.dropLast()
    #expect(steps.allSatisfy { $0 >= 0.5 / 60 - 1e-12 && $0 <= 1.5 / 60 + 1e-12 })
    #expect(Set(steps.map { ($0 * 1e9).rounded() }).count > 20, "the steps vary")
    #expect(first.last == 2)
  }

  @Test("Recorded: a host's log replayed in order, from the start again when it runs out")
  func recorded() {
    let log = [0.016, 0.017, 0.05]
    let times = ticks(.recorded(log), seconds: 0.2)
    let steps = zip(times, [0] + times).map { $0 - $1 }
    let expected = [0.016, 0.017, 0.05, 0.016, 0.017, 0.05, 0.016, 0.017]
    #expect(steps.count == 9, "eight logged frames and a last one cut short")
    for (step, want) in zip(steps, expected) { #expect(abs(step - want) < 1e-12) }
    #expect(abs(steps[8] - (0.2 - 0.199)) < 1e-12)
    #expect(times.last == 0.2)
  }

  @Test("Bad input reports a DanceError and leaves the clock where it was")
  func badInput() {
    let clock = AnimationClock()
    for (seconds, pacing) in [
      (Double.nan, FramePacing.fixed(fps: 60)), (-1, .fixed(fps: 60)), (1, .fixed(fps: 0)),
      (1, .fixed(fps: .infinity)), (1, .jittered(fps: -5, spread: 0.1, seed: 1)),
      (1, .recorded([])), (1, .recorded([0, -1, .nan])),
    ] {
      let (_, errors) = collectingErrors { clock.advance(by: seconds, pacing: pacing) }
      #expect(errors.count == 1, "\(seconds), \(pacing)")
      #expect(clock.now == 0)
    }
    let (_, skipped) = collectingErrors {
      clock.advance(by: 0.1, pacing: .recorded([0.05, .nan, 0.05]))
    }
    #expect(skipped.count == 1)
    #expect(clock.now == 0.1)
  }

  @Test("Inside a clock callback it does not move the clock, and returns")
  func insideCallback() {
    let clock = AnimationClock()
    var errors: [DanceError] = []
    clock.schedule(after: 0.5) {
      (_, errors) = collectingErrors { clock.advance(by: 1, pacing: .fixed(fps: 60)) }
    }
    clock.advance(by: 1)
    #expect(clock.now == 1)
    #expect(errors.map(\.kind) == [.illegalState])
  }
}
