import Advance
import TestSupport
import Testing

@Suite struct RealTimeDriverTests {
  @Test("A short, bounded run advances the clock frame by frame")
  func boundedRun() {
    let clock = AnimationClock()
    let driver = RealTimeDriver(clock: clock, framesPerSecond: 240)
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.animate(to: 1, duration: 1000, timingFunction: .linear)
    var times: [Double] = []
    driver.run(maximumFrames: 6) { frame in
      #expect(frame == times.count)
      times.append(clock.now)
      return true
    }
    #expect(times.count == 6 && driver.frameCount == 6)
    // Time only moves forward, never by more than the stall cap per frame.
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later >= earlier && later - earlier <= driver.maximumStep)
    }
    #expect(times.last! > 0)
    #expect(animator.value == clock.now / 1000)
  }

  @Test("onFrame returning false, or stop(), ends the run")
  func stopping() {
    let driver = RealTimeDriver(clock: AnimationClock(), framesPerSecond: 1000)
    driver.run { $0 < 2 }
    #expect(driver.frameCount == 3)
    driver.run { frame in
      if frame == 4 { driver.stop() }
      return true
    }
    #expect(driver.frameCount == 5)
  }

  @Test("A bad frame rate is replaced by 60 with a DanceError")
  func badRate() {
    let (driver, errors) = collectingErrors {
      RealTimeDriver(clock: AnimationClock(), framesPerSecond: .nan)
    }
    #expect(driver.framesPerSecond == 60 && errors.count == 1)
  }
}
