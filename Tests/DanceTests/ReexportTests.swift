import Dance
import Synchronization
import Testing

@Suite struct ReexportTests {
  @Test("import Dance alone gives Advance's clock, animators and DanceError")
  func oneImportIsEnough() {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    animator.animate(to: 8, duration: 2, timingFunction: .linear)
    clock.advance(by: 1)
    #expect(animator.value == 4)
    let kinds = Mutex<[DanceError.Kind]>([])
    DanceError.withHandler(
      { error in kinds.withLock { $0.append(error.kind) } },
      operation: { clock.advance(by: .nan) })
    #expect(kinds.withLock { $0 } == [.nonFiniteNumber])
    #expect(clock.now == 1)
  }
}
