import Dance
import SceneSupport
import TestSupport
import Testing

/// SPEC "Timeline, round 2": onRepeat, onUpdate, seeking with callbacks, time and
/// iteration, the new staggers and positions.
@Suite struct TimelineEventsTests {
  let fixture = SceneFixture.centred
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  func slide() -> Timeline { fixture.slide() }

  /// ``slide()`` played `count` times, 0.5 s apart.
  func repeatedSlide(_ count: Double) -> Timeline {
    let timeline = slide()
    timeline.repeatCount = count
    timeline.repeatDelay = 0.5
    return timeline
  }

  @Test("onRepeat runs once per play entered, at its exact clock time, even in one huge step")
  func onRepeat() {
    let timeline = repeatedSlide(3.5)
    let clock = scene.clock
    var entered: [(time: Double, iteration: Int, x: Double)] = []
    timeline.onRepeat = { [node] in entered.append((clock.now, $0.iteration, node.center.x)) }
    timeline.start()
    scene.clock.advance(by: 100)
    // Plays begin at 1.5, 3 and 4.5 (each a play of 1 s and a delay of 0.5 s).
    #expect(entered.map(\.time) == [1.5, 3, 4.5])
    #expect(entered.map(\.iteration) == [1, 2, 3])
    #expect(entered.allSatisfy { $0.x == 0 })  // the new play shows its start
  }

  @Test("Reversed, onRepeat runs as playback crosses back over each play's start but the first")
  func onRepeatReversed() {
    let timeline = repeatedSlide(3)
    let clock = scene.clock
    var entered: [(time: Double, iteration: Int)] = []
    timeline.onRepeat = { entered.append((clock.now, $0.iteration)) }
    timeline.isReversed = true  // plays from its end, own time 4, back to 0
    timeline.start()
    scene.clock.advance(by: 100)
    // Own times 3 and 1.5 are the starts of the third and second plays: clock 1 and 2.5.
    #expect(entered.map(\.time) == [1, 2.5])
    // What shows there is the start of the play crossed back into: the join's rule.
    #expect(entered.map(\.iteration) == [2, 1])
    #expect(timeline.state == .inactive && timeline.time == 0)
  }

  @Test("A nested timeline's callbacks past 10 000 over its repeats: the first run, an error")
  func nestedCallbackLimit() {
    var calls = 0
    let inner = Timeline(scene: scene).addCallback(at: 0.5) { calls += 1 }
    inner.animate(duration: 1, curve: .linear) { [node] in node.alpha = 0.5 }
    inner.repeatCount = 20_000
    let outer = Timeline(scene: scene).add(inner)
    let (_, errors) = collectingErrors { outer.start() }
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("come to 20000.0 over its repeats") == true)
    // One advance runs at most 1 000 of one observer's events, then the clock stops there
    // (an error each time) and goes on at the next.
    var advances = 0
    let (_, capped) = collectingErrors {
      while outer.state != .inactive && advances < 100 {
        scene.clock.advance(by: 30_000)
        advances += 1
      }
    }
    #expect(calls == 10_000 && outer.state == .inactive, "\(calls)")
    #expect(!capped.isEmpty && capped.count < advances)
    #expect(capped.allSatisfy { $0.message.contains("more than 1000 events in one advance") })
  }

  @Test("onUpdate runs once per advance that moved the playhead, the last time at the end")
  func onUpdate() {
    let timeline = slide()
    var seen: [(time: Double, x: Double)] = []
    let node = node
    timeline.onUpdate = { seen.append(($0.time, node.center.x)) }
    var completed: [Double] = []
    timeline.addCompletion { _ in completed.append(seen.last?.time ?? -1) }
    timeline.start()
    scene.clock.advance(by: 0.25)
    scene.clock.advance(by: 0.25)
    timeline.pause()
    scene.clock.advance(by: 0.25)  // paused: the playhead does not move
    timeline.start()
    scene.clock.advance(by: 2)
    scene.clock.advance(by: 1)  // ended: nothing more
    #expect(seen.map(\.time) == [0.25, 0.5, 1])
    #expect(seen.map(\.x) == [25, 50, 100])  // what it reads is what is drawn
    #expect(completed == [1])  // onUpdate saw the end before the completion ran
  }

  @Test("A seek with callbacks runs those crossed, in the direction of travel, once each")
  func seekWithCallbacks() {
    var ran: [String] = []
    let timeline = slide()
      .addCallback(at: 0) { ran.append("0") }
      .addCallback(at: 0.25) { ran.append("a") }
      .addCallback(at: 0.5) { ran.append("b") }
      .addCallback(at: 0.75) { ran.append("c") }
    timeline.seek(to: 0.5, runsCallbacks: true)  // from 0 (inactive): 0 < t ≤ 0.5
    #expect(ran == ["a", "b"])
    timeline.seek(to: 0.9, runsCallbacks: true)  // 0.5 excluded, 0.75 crossed
    #expect(ran == ["a", "b", "c"])
    timeline.seek(to: 0.25, runsCallbacks: true)  // back: 0.75 and 0.5, then 0.25 itself
    #expect(ran == ["a", "b", "c", "c", "b", "a"])
    timeline.seek(to: 0.75)  // without: none
    #expect(ran.count == 6 && node.center.x == 75 && timeline.time == 0.75)
    #expect(timeline.state == .active && !timeline.isRunning)  // it stays paused
    // An inactive timeline set to play reversed seeks from its end.
    timeline.finish(at: .end)
    ran = []
    timeline.isReversed = true
    timeline.seek(to: 0.6, runsCallbacks: true)
    #expect(ran == ["c"])
  }

  @Test("Callbacks run by a seek are clock events: an advance from inside them is ignored")
  func seekCallbacksCannotAdvance() {
    let clock = scene.clock
    var seen: [(now: Double, x: Double)] = []
    let timeline = slide().addCallback(at: 0.5) { [node] in
      clock.advance(by: 1e9)  // what a thousand of these would do inside one seek
      seen.append((clock.now, node.center.x))
    }
    let (_, errors) = collectingErrors { timeline.seek(to: 0.75, runsCallbacks: true) }
    #expect(seen.count == 1 && seen.first?.now == 0 && seen.first?.x == 75)
    #expect(
      errors.map(\.message) == [
        "AnimationClock.advance was called from inside an animation callback; ignored"
      ])
    // Outside them the clock is the host's again.
    timeline.start()
    clock.advance(by: 0.25)
    #expect(clock.now == 0.25 && node.center.x == 100 && timeline.state == .inactive)
  }

  @Test("A seek with callbacks across an autoreversing repeat runs each crossing once")
  func seekWithCallbacksAcrossPlays() {
    var turns = 0
    var repeats = 0
    let timeline = slide().addCallback(at: 1) { turns += 1 }
    timeline.autoreverses = true
    timeline.repeatCount = 3
    timeline.onRepeat = { _ in repeats += 1 }
    timeline.seek(to: 5.5, runsCallbacks: true)
    #expect(turns == 3 && repeats == 2 && timeline.iteration == 2)
  }

  @Test("time and iteration follow the playhead, through delays, reversal and the end")
  func timeAndIteration() {
    let timeline = slide()
    timeline.repeatCount = 2.5
    timeline.repeatDelay = 1
    #expect(timeline.totalDuration == 4.5 && timeline.time == 0 && timeline.iteration == 0)
    timeline.start()
    scene.clock.advance(by: 0.5)
    #expect(timeline.time == 0.5 && timeline.iteration == 0)
    scene.clock.advance(by: 1)  // in the delay after the first play
    #expect(timeline.time == 1.5 && timeline.iteration == 0)
    scene.clock.advance(by: 1)  // the second play
    #expect(timeline.time == 2.5 && timeline.iteration == 1)
    scene.clock.advance(by: 10)  // ended
    #expect(timeline.time == 4.5 && timeline.iteration == 2 && timeline.state == .inactive)
    // Finished where it is, it rests there.
    timeline.start()
    scene.clock.advance(by: 0.5)
    timeline.finish(at: .current)
    #expect(timeline.time == 0.5 && timeline.state == .inactive)
    // Forever: plays entered since the start.
    let forever = slide()
    forever.repeatCount = .infinity
    forever.start()
    scene.clock.advance(by: 3.25)
    #expect(forever.iteration == 3 && abs(forever.time - 3.25) < 1e-12)
    forever.seek(to: 7.5)
    #expect(forever.iteration == 7 && abs(forever.time - 7.5) < 1e-12)
  }

  @Test("Callbacks in the partial last play of a fractional repeat count run up to its end")
  func fractionalLastPlay() {
    var times: [Double] = []
    let clock = scene.clock
    let timeline = slide()
      .addCallback(at: 0.25) { times.append(clock.now) }
      .addCallback(at: 0.75) { times.append(clock.now) }
    timeline.repeatCount = 2.5
    timeline.start()
    scene.clock.advance(by: 10)
    #expect(times == [0.25, 0.75, 1.25, 1.75, 2.25])  // not 2.75: the run ends at 2.5
  }

  @Test("A run ended by its scene going, its last node leaving or another writer skips the rest")
  func endedOtherwise() {
    for ending in 0..<3 {
      var scene: Scene? = Scene()
      let node = Node(frame: Rect(x: -5, y: -5, width: 10, height: 10))
      scene?.root.addChild(node)
      var ran = 0
      var ended: [AnimatingPosition] = []
      let timeline = Timeline(scene: scene!)
        .animate(duration: 1, curve: .linear) { node.center.x = 100 }
        .addCallback(at: 0.9) { ran += 1 }
      timeline.addCompletion { ended.append($0) }
      timeline.start()
      let clock = scene!.clock
      clock.advance(by: 0.5)
      switch ending {
      case 0: scene = nil
      case 1: node.removeFromParent()
      default: node.center.x = 7  // the latest writer takes the timeline's last property
      }
      clock.advance(by: 1)
      #expect(ran == 0 && ended == [.current] && timeline.state == .inactive, "ending \(ending)")
    }
  }

  /// The start times of the children of `timeline`'s stagger, in node order.
  func starts(_ timeline: Timeline) -> [Double] {
    timeline.chart.rows.map(\.start)
  }

  @Test("Staggers by amount, from an index, from the edges, and a seeded shuffle")
  func staggers() {
    let nodes = (0..<5).map { _ in Node() }
    let amount = Timeline(scene: scene)
      .stagger(nodes, amount: 1, duration: 1) { node, _ in node.alpha = 0 }
    #expect(starts(amount) == [0, 0.25, 0.5, 0.75, 1] && amount.duration == 2)
    let centered = Timeline(scene: scene)
      .stagger(nodes, amount: 1, from: .center, duration: 1) { node, _ in node.alpha = 0 }
    #expect(starts(centered) == [1, 0.5, 0, 0.5, 1])
    let fromIndex = Timeline(scene: scene)
      .stagger(nodes, each: 0.5, from: .index(1), duration: 1) { node, _ in node.alpha = 0 }
    #expect(starts(fromIndex) == [0.5, 0, 0.5, 1, 1.5])
    let edges = Timeline(scene: scene)
      .stagger(nodes, each: 0.5, from: .edges, duration: 1) { node, _ in node.alpha = 0 }
    #expect(starts(edges) == [0, 0.5, 1, 0.5, 0])
    func shuffled(_ seed: UInt64) -> [Double] {
      starts(
        Timeline(scene: scene)
          .stagger(nodes, each: 1, from: .random(seed: seed), duration: 1) { node, _ in
            node.alpha = 0
          })
    }
    #expect(shuffled(7) == shuffled(7))  // the same every run
    #expect(shuffled(7).sorted() == [0, 1, 2, 3, 4])  // a permutation of the ranks
    #expect(Set((1...8).map { shuffled($0) }).count > 1)  // the seed matters
    let (_, errors) = collectingErrors {
      let clamped = Timeline(scene: scene)
        .stagger(nodes, each: 1, from: .index(9), duration: 1) { node, _ in node.alpha = 0 }
      #expect(starts(clamped) == [4, 3, 2, 1, 0])
    }
    #expect(errors.count == 1)
  }

  @Test("withPrevious after a stagger means its earliest start; withPrevious(fraction:) inside")
  func previousPositions() {
    let nodes = (0..<4).map { _ in Node() }
    let timeline = Timeline(scene: scene)
      .animate(duration: 1) { self.node.alpha = 0 }
      .stagger(nodes, each: 0.1, from: .center, duration: 0.5) { node, _ in node.alpha = 0 }
      .addLabel("with", at: .withPrevious)
    // Ranks 1.5, 0.5, 0.5, 1.5 from 1 s: the earliest starts at 1.05.
    #expect(abs(timeline.time(ofLabel: "with")! - 1.05) < 1e-12)
    timeline.animate(duration: 2, at: 4) { self.node.alpha = 1 }
    timeline.addLabel("quarter", at: .withPrevious(fraction: 0.25))
    #expect(timeline.time(ofLabel: "quarter") == 4.5)
  }
}
