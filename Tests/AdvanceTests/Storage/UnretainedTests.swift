import Testing

@testable import Advance

/// The engine's unretained links: identity without retaining, and, in debug builds, a stop at
/// a use after the object went or at user code run while a reference is lent.
@Suite struct UnretainedTests {
  final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test("A link reaches its object without retaining it and compares by identity")
  func identityWithoutRetain() {
    let box = Box(7)
    let other = Box(7)
    let link = Unretained(box)
    #expect(link.with { $0.value } == 7)
    #expect(link.refers(to: box) && !link.refers(to: other))
    #expect(link.object === box)
    weak var gone: Box?
    do {
      let temporary = Box(1)
      gone = temporary
      _ = Unretained(temporary)
    }
    #expect(gone == nil)  // the link kept nothing alive
  }

  /// A frame observer that counts its frames and, unlike the engine's, may be freed without
  /// leaving the clock's list.
  final class Counter: ClockFrameObserver {
    var registration = ClockRegistration()
    var frames = 0
    func clockDidAdvance(_ clock: AnimationClock) { frames += 1 }
  }

  @Test("The clock reaches its observers through unretained links, and keeps them in step")
  func clockLinksToObservers() {
    let clock = AnimationClock()
    weak var gone: Counter?
    let kept = Counter()
    do {
      let temporary = Counter()
      gone = temporary
      clock.activate(temporary)
      clock.activate(kept)
      clock.advance(by: 0.1)
      #expect(temporary.frames == 1)
      clock.deactivate(temporary)
    }
    #expect(gone == nil)  // the clock's list kept nothing alive
    clock.advance(by: 0.1)
    #expect(kept.frames == 2 && kept.registration.activeIndex == 0)
    #expect(clock.slotListProblems.isEmpty)
    clock.deactivate(kept)
  }

  #if DEBUG
    @Test("A debug build stops at a frame that reaches an observer freed in the clock's list")
    func observerFreedInTheListStops() async {
      await #expect(processExitsWith: .failure) {
        let clock = AnimationClock()
        do { clock.activate(Counter()) }
        clock.advance(by: 0.1)
      }
    }

    @Test("A debug build stops at a use of a link whose object went")
    func useAfterTheObjectWentStops() async {
      await #expect(processExitsWith: .failure) {
        var link: Unretained<Box>?
        do {
          let box = Box(1)
          link = Unretained(box)
        }
        _ = link?.with { $0.value }
      }
    }

    @Test("A debug build stops at user code run while a reference is lent to a body")
    func userCodeInsideALentReferenceStops() async {
      await #expect(processExitsWith: .failure) {
        let box = Box(1)
        Unretained(box).with { _ in CallbackQueue.checkUserCodeMayRun() }
      }
      // Outside a body, user code may run.
      CallbackQueue.checkUserCodeMayRun()
    }
  #endif
}
