import TestSupport
import Testing

@testable import Advance

@Suite struct AnimationClockTests {
  @Test("Many small steps sum to the exact total", arguments: [30.0, 60, 90, 120, 144, 240])
  func compensatedSummation(rate: Double) {
    let clock = AnimationClock()
    #expect(clock.now == 0)
    for _ in 0..<Int(rate * 10) {
      clock.advance(by: 1 / rate)
    }
    #expect(clock.now == 10)
  }

  @Test("NaN, infinite and negative steps are refused with a DanceError")
  func badSteps() {
    let clock = AnimationClock()
    clock.advance(by: 1.5)
    for step in [Double.nan, .infinity, -.infinity, -1, -1e-300] {
      let (_, errors) = collectingErrors { clock.advance(by: step) }
      #expect(clock.now == 1.5)
      #expect(errors.count == 1, "step \(step)")
    }
    for time in [Double.nan, .infinity, 1.0, -3] {
      let (_, errors) = collectingErrors { clock.advance(to: time) }
      #expect(clock.now == 1.5)
      #expect(errors.count == 1, "time \(time)")
    }
    let (_, errors) = collectingErrors { clock.advance(by: .greatestFiniteMagnitude) }
    #expect(errors.isEmpty)
    #expect(clock.now == .greatestFiniteMagnitude)
    let (_, overflow) = collectingErrors { clock.advance(by: .greatestFiniteMagnitude) }
    #expect(overflow.map(\.kind) == [.outOfRange])
    #expect(clock.now == .greatestFiniteMagnitude)
  }

  @Test("Events inside one step run in time order, each at its own time")
  func eventOrder() {
    let clock = AnimationClock()
    let early = Animator(initialValue: 0.0, clock: clock)
    let late = Animator(initialValue: 0.0, clock: clock)
    var log: [(String, Double)] = []
    late.onCompletion = { _ in log.append(("late", clock.now)) }
    early.onCompletion = { _ in log.append(("early", clock.now)) }
    late.animate(to: 1, duration: 2)
    early.animate(to: 1, duration: 0.75)
    clock.advance(by: 10)
    #expect(log.map(\.0) == ["early", "late"])
    #expect(log.map(\.1) == [0.75, 2])
    #expect(clock.now == 10)
  }

  @Test("A chain of animations started from completions is exact in one big step")
  func chainInOneStep() {
    func run(_ stepping: Stepping) -> (times: [Double], value: Double) {
      let clock = AnimationClock()
      let animator = Animator(initialValue: 0.0, clock: clock)
      var times: [Double] = []
      // Weak, not unowned: a released animator still reports its run's end.
      animator.onCompletion = { [weak animator] _ in
        times.append(clock.now)
        if times.count < 5 {
          animator?.animate(
            to: Double(times.count + 1) * 10, duration: 1.25, timingFunction: .easeIn)
        }
      }
      animator.animate(to: 10, duration: 1.25, timingFunction: .easeIn)
      stepping.advance(clock, to: 5.9)
      return (times, animator.value)
    }
    let reference = run(.oneStep)
    #expect(reference.times == [1.25, 2.5, 3.75, 5])
    for stepping in Stepping.allCases {
      let result = run(stepping)
      #expect(result.times == reference.times, "\(stepping)")
      #expect(result.value == reference.value, "\(stepping)")
    }
  }

  @Test("Zero-duration animations started from completions run one per advance, never hang")
  func instantChain() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var count = 0
    animator.onCompletion = { [weak animator] _ in
      count += 1
      animator?.animate(to: Double(count), duration: 0)
    }
    animator.animate(to: 0, duration: 0)
    #expect(count == 0)
    clock.advance(by: 0)
    #expect(count == 1)
    clock.advance(by: 0)
    clock.advance(by: 0.5)
    #expect(count == 3)
    // A zero-duration animation applies its value at once; only its completion waits.
    #expect(animator.value == 3)
  }

  @Test("Deadlines replaced and removed again and again fire in order, and the heap stays small")
  func replacedDeadlines() {
    let clock = AnimationClock()
    var generator = SplitMix64(seed: 11)
    let animators = (0..<300).map { _ in Animator(initialValue: 0.0, clock: clock) }
    var ends: [(time: Double, index: Int)] = []
    var finished: [(time: Double, index: Int)] = []
    for (index, animator) in animators.enumerated() {
      animator.onCompletion = { if $0 == .finished { finished.append((clock.now, index)) } }
    }
    // Every animator is re-aimed many times (each replaces its deadline), a third of them
    // cancelled in the end (each removes it).
    for round in 0..<40 {
      for (index, animator) in animators.enumerated() {
        let duration = Double.random(in: 0.5...5, using: &generator)
        animator.animate(to: Double(round), duration: duration)
        if round == 39 { ends.append((duration, index)) }
      }
      #expect(clock.pendingDeadlineCount == animators.count)
      #expect(clock.storedDeadlineCount <= 3 * animators.count + 64)
    }
    for index in stride(from: 0, to: animators.count, by: 3) {
      animators[index].cancelRunningAnimation()
    }
    #expect(clock.pendingDeadlineCount == animators.count - 100)
    // The clock does not keep animators alive, and an optimised build ends the array's
    // lifetime at its last use: without this, they would all be released (interrupted)
    // before the advance.
    withExtendedLifetime(animators) { clock.advance(by: 10) }
    let expected = ends.filter { $0.index % 3 != 0 }.sorted {
      ($0.time, $0.index) < ($1.time, $1.index)
    }
    #expect(finished.map(\.index) == expected.map(\.index))
    #expect(zip(finished, expected).allSatisfy { $0.time == $1.time })
    #expect(clock.pendingDeadlineCount == 0)
    clock.advance(by: 1)
    #expect(clock.storedDeadlineCount == 0)
  }

  @Test("Many events at a few times fire by time, then in the order they were scheduled")
  func tiedDeadlines() {
    let clock = AnimationClock()
    var generator = SplitMix64(seed: 5)
    var fired: [(time: Double, index: Int)] = []
    var scheduled: [(time: Double, index: Int)] = []
    var actions: [ScheduledAction] = []
    for index in 0..<600 {
      let time = Double(Int.random(in: 1...4, using: &generator)) / 4
      actions.append(clock.schedule(at: time) { fired.append((clock.now, index)) })
      scheduled.append((time, index))
    }
    // Cancelled ones leave stale entries in the heap, which pops pass over.
    for index in stride(from: 0, to: actions.count, by: 7) { actions[index].cancel() }
    clock.advance(by: 2)
    let expected = scheduled.filter { $0.index % 7 != 0 }.sorted {
      ($0.time, $0.index) < ($1.time, $1.index)
    }
    #expect(fired.count == expected.count)
    #expect(fired.map(\.index).elementsEqual(expected.map(\.index)))
    #expect(zip(fired, expected).allSatisfy { $0.time == $1.time })
  }

  // Cancelled events leave stale entries; once they outnumber the live ones by enough, the
  // next schedule drops them and rebuilds the heap from the bottom up.
  @Test("After most events are cancelled, the heap is compacted and the rest fire in order")
  func compaction() {
    let clock = AnimationClock()
    var generator = SplitMix64(seed: 11)
    var fired: [Int] = []
    var kept: [(time: Double, index: Int)] = []
    var actions: [ScheduledAction] = []
    for index in 0..<800 {
      let time = Double(Int.random(in: 1...40, using: &generator)) / 8
      actions.append(clock.schedule(at: time) { fired.append(index) })
      if index % 9 == 0 { kept.append((time, index)) }
    }
    for index in actions.indices where index % 9 != 0 { actions[index].cancel() }
    #expect(clock.storedDeadlineCount > 700)  // stale entries wait for a compaction
    for index in 800..<900 {
      let time = Double(Int.random(in: 1...40, using: &generator)) / 8
      actions.append(clock.schedule(at: time) { fired.append(index) })
      kept.append((time, index))
    }
    #expect(clock.storedDeadlineCount < 2 * kept.count + 64)
    clock.advance(by: 10)
    let expected = kept.sorted { ($0.time, $0.index) < ($1.time, $1.index) }.map(\.index)
    #expect(fired == expected)
  }

  @Test("Advancing from inside a clock callback is refused")
  func reentrantAdvance() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.onChange = { _ in clock.advance(by: 1) }
    animator.animate(to: 1, duration: 2, timingFunction: .linear)
    let (_, errors) = collectingErrors { clock.advance(by: 0.5) }
    #expect(clock.now == 0.5)
    #expect(errors.map(\.kind) == [.illegalState])
  }

  @Test("Released animators leave the clock")
  func releasedObservers() {
    let clock = AnimationClock()
    var animators = (0..<50).map { _ in Animator(initialValue: 0.0, clock: clock) }
    for (index, animator) in animators.enumerated() {
      animator.animate(to: 1, duration: Double(index + 1) / 10)
    }
    #expect(clock.runningAnimatorCount == 50)
    #expect(clock.pendingDeadlineCount == 50)
    animators.removeSubrange(10..<40)
    #expect(clock.runningAnimatorCount == 20)
    #expect(clock.pendingDeadlineCount == 20)
    clock.advance(by: 5)
    #expect(animators.allSatisfy { $0.value == 1 && !$0.isAnimating })
    #expect(clock.runningAnimatorCount == 0)
    #expect(clock.pendingDeadlineCount == 0)
  }

  @Test("Animators released or stopped by another's onChange mid-frame are handled")
  func mutationDuringTick() {
    let clock = AnimationClock()
    var others: [Animator<Double>] = (0..<20).map { _ in Animator(initialValue: 0, clock: clock) }
    let driver = Animator(initialValue: 0.0, clock: clock)
    for other in others { other.animate(to: 1, duration: 1, timingFunction: .linear) }
    driver.animate(to: 1, duration: 1, timingFunction: .linear)
    var started: Animator<Double>?
    driver.onChange = { _ in
      if others.count > 5 {
        others[3].cancelRunningAnimation()
        others.removeLast(4)
        let fresh = Animator(initialValue: 0.0, clock: clock)
        fresh.animate(to: 1, duration: 1)
        started = fresh
      }
    }
    clock.advance(by: 0.25)
    clock.advance(by: 0.25)
    #expect(others.count == 12)
    #expect(others[3].value == 0.25)
    #expect(others[0].value == 0.5)
    #expect(started?.isAnimating == true)
    #expect(clock.runningAnimatorCount == 11 + 1 + 1)
  }
}

@Suite struct ClockEventCapTests {
  @Test("A self-restarting animator runs exactly the per-observer cap of events in one advance")
  func perObserverCapIsExact() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    var runs = 0
    // Each run lasts a millisecond (a power of two, so the run ends are exact) and its
    // completion starts the next: one event per run.
    let step = 1.0 / 1024
    animator.onCompletion = { [weak animator] ending in
      guard ending == .finished, let animator else { return }
      runs += 1
      animator.animate(to: Double(runs), duration: step, timingFunction: .linear)
    }
    animator.animate(to: 0, duration: step, timingFunction: .linear)
    let (_, errors) = collectingErrors { clock.advance(by: 10) }
    let cap = AnimationClock.maximumEventsPerObserverPerAdvance
    #expect(runs == cap)
    #expect(errors.map(\.kind) == [.outOfRange])
    // The clock stopped at the time of the last event it ran, and goes on from there.
    #expect(clock.now == Double(cap) * step)
    #expect(animator.isAnimating)
    let (_, later) = collectingErrors { clock.advance(by: step) }
    #expect(later.isEmpty)
    #expect(runs == cap + 1)
  }
}
