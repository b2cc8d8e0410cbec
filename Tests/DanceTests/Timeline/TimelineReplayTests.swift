import Dance
import SceneSupport
import TestSupport
import Testing

/// SPEC "Timeline, round 2": a timeline replays what its first run showed; ownership in
/// time order; callbacks once per crossing; numbers the setters accept do not break a run.
@Suite struct TimelineReplayTests {
  let fixture = SceneFixture.centred
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  func slide() -> Timeline { fixture.slide() }

  @Test("start() after the end replays from the recorded start values; so does a seek")
  func replayAfterEnd() {
    let timeline = slide()
    timeline.start()
    scene.clock.advance(by: 2)
    #expect(node.center.x == 100 && timeline.state == .inactive)
    timeline.start()
    #expect(node.center.x == 0)  // own time 0 shows at once
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 50)
    scene.clock.advance(by: 1)
    timeline.seek(to: 0.5)
    #expect(node.center.x == 50)  // not 75: the second run's start is the first's
  }

  @Test("A relative block replays the same motion; invalidate() records afresh")
  func relativeBlocksAndInvalidate() {
    let node = node
    let timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { node.center.x += 100 }
    timeline.start()
    scene.clock.advance(by: 2)
    node.center.x = 300  // the user moves it between runs
    timeline.start()
    scene.clock.advance(by: 0.25)
    #expect(node.center.x == 25)
    scene.clock.advance(by: 1)
    timeline.invalidate()
    timeline.start()
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 150)  // from 100, where it ended, by 100
  }

  @Test("restart() shows own time 0 at once and plays forward, from running, paused, reversed")
  func restart() {
    let timeline = slide()
    var ended: [AnimatingPosition] = []
    timeline.addCompletion { ended.append($0) }
    timeline.restart()  // from inactive: a start
    scene.clock.advance(by: 0.6)
    timeline.restart()
    #expect(node.center.x == 0 && timeline.time == 0 && timeline.isRunning)
    scene.clock.advance(by: 0.25)
    #expect(node.center.x == 25)
    timeline.isReversed = true
    scene.clock.advance(by: 0.1)
    timeline.pause()
    timeline.restart()
    #expect(!timeline.isReversed && timeline.isRunning && node.center.x == 0)
    scene.clock.advance(by: 2)
    #expect(node.center.x == 100 && ended == [.end])  // one run, one completion
  }

  @Test("A replay shows, bit for bit, what the first run showed at the same times")
  func replayBitForBit() {
    let nodes = (0..<4).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
    for child in nodes { scene.root.addChild(child) }
    let node = node
    let timeline = Timeline(scene: scene)
      .stagger(nodes, each: 0.1, from: .center, duration: 0.5, curve: .easeOut) { child, index in
        child.center = Point(x: 10 * Double(index), y: 40)
        child.alpha = 0.5
      }
      .keyframes(node, \.center) {
        LinearKeyframe(Point(x: 50, y: 0), duration: 0.3)
        CubicKeyframe(Point(x: 80, y: 30), duration: 0.4)
        SpringKeyframe(
          Point(x: 120, y: 0), duration: 0.5, spring: SpringParameters(duration: 0.5, bounce: 0.3))
      }
      .animate(
        duration: 0.4, timingParameters: SpringTimingParameters(dampingRatio: 0.6),
        at: .withPrevious(fraction: 0.5)
      ) { node.alpha = 0.2 }
    timeline.repeatCount = 2
    timeline.autoreverses = true
    func shown() -> [Double] {
      [node.center.x, node.center.y, node.alpha]
        + nodes.flatMap { [$0.center.x, $0.center.y, $0.alpha] }
    }
    // The first run plays; each frame notes its own time and what shows.
    var first: [(time: Double, values: [Double])] = []
    timeline.start()
    while timeline.state != AnimatingState.inactive {
      first.append((timeline.time, shown()))
      scene.clock.advance(by: 0.13)
    }
    #expect(first.count > 20)
    // The nodes are elsewhere now; every replay starts from the recorded values regardless.
    for child in nodes { child.center = Point(x: -7, y: -7) }
    node.alpha = 0.9
    // A replay sought to each own time shows those values bit for bit.
    for (time, values) in first {
      timeline.seek(to: time)
      #expect(shown() == values, "at own time \(time)")
    }
    // A replay played from another clock time: the same, but for the rounding of clock
    // time into own time.
    timeline.finish(at: .end)
    timeline.restart()
    for (time, values) in first {
      #expect(abs(timeline.time - time) < 1e-12)
      for (shown, first) in zip(shown(), values) {
        #expect(abs(shown - first) < 1e-9, "at own time \(time)")
      }
      scene.clock.advance(by: 0.13)
    }
  }

  @Test("The child that starts latest at or before t owns the property, whatever the order added")
  func ownershipInTimeOrder() {
    let node = node
    let timeline = Timeline(scene: scene)
      .keyframes(node, \.center) {
        LinearKeyframe(Point(x: 100, y: 0), duration: 1, curve: .linear)
        LinearKeyframe(Point(x: 200, y: 0), duration: 1, curve: .linear)
        LinearKeyframe(Point(x: 300, y: 0), duration: 1, curve: .linear)
      }
      .animate(duration: 0.5, curve: .linear, at: 1.5) { node.center.x = -100 }
    timeline.seek(to: 1.75)
    #expect(node.center.x == 25)  // from the keyframes' 150 toward -100, halfway
    timeline.seek(to: 2.5)
    #expect(node.center.x == 250)  // the third keyframe (from 2 s) owns it again
  }

  @Test("A callback at an autoreversing play's turn, or at the join of two plays, runs once")
  func callbacksOncePerCrossing() {
    var turns = 0
    var starts: [Double] = []
    let clock = scene.clock
    let timeline = slide()
      .addCallback(at: 1) { turns += 1 }
      .addCallback(at: 0) { starts.append(clock.now) }
    timeline.autoreverses = true
    timeline.repeatCount = 2
    timeline.start()
    scene.clock.advance(by: 10)
    #expect(turns == 2)  // once per play
    #expect(starts == [0, 2, 4])  // the start, the join, the end: once each
    // Reversed back over the same instants: once each again.
    timeline.isReversed = true
    timeline.start()
    scene.clock.advance(by: 10)
    #expect(turns == 4 && starts == [0, 2, 4, 10, 12, 14])
  }

  @Test("Huge and tiny numbers the setters accept: no trap, no hang, the run as asked")
  func extremeSettings() {
    var calls: [Double] = []
    let clock = scene.clock
    let timeline = slide().addCallback(at: 0.25) { calls.append(clock.now) }
    timeline.repeatCount = 1e300
    timeline.start()
    scene.clock.advance(by: 3.5)
    #expect(calls == [0.25, 1.25, 2.25, 3.25] && timeline.iteration == 3)
    #expect(timeline.isRunning)

    // Ten million autoreversing plays start as fast as one: callbacks are walked per play.
    calls = []
    let many = slide().addCallback(at: 0.25) { calls.append(clock.now) }
    many.repeatCount = 1e7
    many.autoreverses = true
    many.start()
    scene.clock.advance(by: 3)
    #expect(calls == [3.75, 5.25, 5.75])

    // A speed of 10⁻³¹⁰ is clamped to 10⁻⁶: the timeline barely moves, and goes on.
    let slow = slide()
    let subnormal = Double.leastNormalMagnitude / 1e2  // about 2e-310
    let (_, errors) = collectingErrors { slow.speed = subnormal }
    #expect(errors.count == 1 && slow.speed == 1e-6)
    slow.start()
    scene.clock.advance(by: 1)
    #expect(slow.isRunning && abs(slow.time - 1e-6) < 1e-15)

    // Two children of 10³⁰⁸ s: the second would end beyond the largest time.
    let long = Timeline(scene: scene)
    let (_, longErrors) = collectingErrors {
      long.animate(duration: 1e308) { self.node.alpha = 0 }
      long.animate(duration: 1e308) { self.node.alpha = 1 }
    }
    #expect(longErrors.count == 1 && long.duration == 1e308)
  }

  @Test("A timeline of 1e308 s: finite velocities, speed changes, a clock jumping to its end")
  func longestTimeline() {
    let node = node
    let other = Node(frame: Rect(x: 0, y: 0, width: 4, height: 4))
    scene.root.addChild(other)
    let timeline = Timeline(scene: scene)
      .stagger([node, other], each: 1e308, duration: 1) { child, _ in child.center.x = 100 }
    #expect(timeline.duration == 1e308)
    timeline.start()
    scene.clock.advance(by: 0.5)
    // Per own second, not per fraction of the run (which overflowed to ∞): 100 × ease-in-out's
    // slope at its midpoint, dy/dx = 1.5 / 0.87 for (0.42, 0, 0.58, 1).
    #expect(abs(node.velocity(of: \.center).x - 100 * 1.5 / 0.87) < 1e-9)
    timeline.speed = 2  // the run's length would pass the largest time: held there
    #expect(timeline.isRunning && node.velocity(of: \.center).x.isFinite)
    // Something that repeats forever, while the clock jumps to the timeline's end.
    let spinner = Node(frame: Rect(x: 0, y: 0, width: 4, height: 4))
    scene.root.addChild(spinner)
    Node.animate(withDuration: 0.25, delay: 0, options: [.repeat, .autoreverse]) {
      spinner.alpha = 0
    }
    scene.clock.advanceToNextEvent()
    scene.clock.advanceToNextEvent()
    #expect(scene.clock.now > 1e300 && spinner.alpha.isFinite && other.center.x.isFinite)
  }

  @Test("At the instant one play ends and the next begins the next shows; the last end holds")
  func boundaries() {
    let timeline = slide()
    timeline.repeatCount = 2
    timeline.seek(to: 1)
    #expect(node.center.x == 0 && timeline.iteration == 1)
    timeline.seek(to: 2)
    #expect(node.center.x == 100 && timeline.iteration == 1)
    timeline.seek(to: 0.5)
    #expect(timeline.iteration == 0 && timeline.time == 0.5)
  }
}
