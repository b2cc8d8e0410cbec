import Dance
import SceneSupport
import TestSupport
import Testing

/// `Timeline`: placement, the pure function of time, nesting, repeats, callbacks, control.
@Suite struct TimelineTests {
  let fixture = SceneFixture(count: 2, frame: Rect(x: -5, y: -5, width: 10, height: 10))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.nodes[0] }
  var other: Node { fixture.nodes[1] }

  func x(_ value: Double) -> Point { Point(x: value, y: 0) }

  @Test("Children play in sequence; a read in a block gives the value at the child's start")
  func sequence() {
    let node = node
    let timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { node.center.x = 100 }
      .animate(duration: 1, curve: .linear) { node.center.x += 50 }
    #expect(timeline.duration == 2 && timeline.totalDuration == 2)
    timeline.start()
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 50)
    scene.clock.advance(by: 1)
    #expect(node.center.x == 125)
    #expect(node.targetValue(of: \.center).x == 150)
    var ended: [AnimatingPosition] = []
    timeline.addCompletion { ended.append($0) }
    scene.clock.advance(by: 5)
    #expect(node.center.x == 150 && ended == [.end] && timeline.state == .inactive)
  }

  @Test("Positions: end with offsets, with and after the previous child, labels, literals")
  func positions() {
    let node = node
    let timeline = Timeline(scene: scene)
    timeline.animate(duration: 1) { node.alpha = 0 }  // 0–1
    timeline.animate(duration: 1, at: .end(offset: -0.25)) { node.alpha = 1 }  // 0.75–1.75
    #expect(timeline.duration == 1.75)
    timeline.animate(duration: 0.5, at: .withPrevious(offset: 0.1)) { node.alpha = 0.5 }
    // 0.85–1.35: the end stays 1.75.
    timeline.addLabel("middle", at: .afterPrevious)
    #expect(timeline.time(ofLabel: "middle") == 1.35)
    timeline.animate(duration: 1, at: .label("later", offset: 0.5)) { node.alpha = 0.2 }
    // "later" did not exist: it is added at the end (1.75), the child at 2.25.
    #expect(timeline.time(ofLabel: "later") == 1.75 && timeline.duration == 3.25)
    timeline.animate(duration: 0.25, at: 4) { node.alpha = 0.3 }
    timeline.animate(duration: 0.25, at: 4.5) { node.alpha = 0.4 }
    #expect(timeline.duration == 4.75)
    // A literal is an absolute time; `.at` the same.
    timeline.addLabel("five", at: .at(5))
    #expect(timeline.time(ofLabel: "five") == 5 && timeline.duration == 4.75)
  }

  @Test("Overlap: the later child owns the property from its start, from the in-flight value")
  func overlap() {
    let node = node
    let timeline = Timeline(scene: scene)
      .animate(duration: 2, curve: .linear) { node.center = self.x(100) }
      .animate(duration: 1, curve: .linear, at: 1) { node.center = self.x(0) }
    timeline.start()
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 25)
    scene.clock.advance(by: 1)
    // B took over at 1 s from 50 and is halfway to 0.
    #expect(node.center.x == 25)
    scene.clock.advance(by: 1)
    #expect(node.center.x == 0)
  }

  @Test("Seek, scrub and every frame slicing show the same values, bit for bit")
  func pureFunctionOfTime() {
    func build(_ scene: Scene, _ node: Node, _ other: Node) -> Timeline {
      let nested = Timeline(scene: scene)
        .animate(duration: 0.6, curve: .easeIn) { other.alpha = 0.2 }
        .animate(duration: 0.6, timingParameters: SpringTimingParameters(dampingRatio: 0.5)) {
          other.center = Point(x: 40, y: 80)
        }
      nested.speed = 1.5
      nested.repeatCount = 2
      nested.autoreverses = true
      return Timeline(scene: scene)
        .animate(duration: 1, curve: .easeInOut) { node.center = Point(x: 300, y: 10) }
        .animate(
          duration: 0.8, timingParameters: SpringTimingParameters(dampingRatio: 0.4),
          at: .end(offset: -0.5)
        ) {
          node.center.y += 120
        }
        .add(nested, at: 0.3)
        .keyframes(node, \.alpha, at: 0.2) {
          LinearKeyframe(0.5, duration: 0.3, curve: .easeOut)
          CubicKeyframe(0.9, duration: 0.4)
          CubicKeyframe(0.1, duration: 0.4)
          SpringKeyframe(0.7, duration: 0.3, spring: SpringParameters(duration: 0.5, bounce: 0.3))
          MoveKeyframe(1)
        }
    }
    func snapshot(_ nodes: [Node]) -> [SIMD8<Double>] {
      nodes.map {
        SIMD8($0.center.x, $0.center.y, $0.alpha, $0.bounds.width, 0, 0, 0, 0)
      }
    }
    var reference: [[SIMD8<Double>]] = []
    var fractions: [Double] = []
    for stepping in Stepping.allCases {
      let fresh = SceneFixture(count: 2, frame: .zero)
      let (scene, a, b) = (fresh.scene, fresh.nodes[0], fresh.nodes[1])
      let timeline = build(scene, a, b)
      timeline.start()
      var shots: [[SIMD8<Double>]] = []
      for time in stride(from: 0.1, through: 3.2, by: 0.35) {
        stepping.advance(scene.clock, to: time)
        shots.append(snapshot([a, b]))
        if stepping == .oneStep { fractions.append(timeline.fractionComplete) }
      }
      if reference.isEmpty { reference = shots } else { #expect(shots == reference, "\(stepping)") }
    }
    // Scrubbing to the same fractions on a fresh timeline shows the same, bit for bit; seeking
    // to the same times shows the same up to the last bits of the time.
    let fresh = SceneFixture(count: 2, frame: .zero)
    let (scene, a, b) = (fresh.scene, fresh.nodes[0], fresh.nodes[1])
    let timeline = build(scene, a, b)
    for (index, fraction) in fractions.enumerated().reversed() {
      timeline.fractionComplete = fraction
      #expect(snapshot([a, b]) == reference[index], "fraction \(fraction)")
      timeline.seek(to: fraction * timeline.totalDuration)
      let difference = zip(snapshot([a, b]), reference[index]).map { pair -> Double in
        let delta = pair.0 - pair.1
        return max(delta.max(), -delta.min())
      }.max()!
      #expect(difference < 1e-9, "seek \(fraction)")
    }
  }

  @Test("A nested timeline runs in its own time: speed, repeats, autoreverse, delays")
  func nestedTime() {
    let node = node
    let child = Timeline(scene: scene).animate(duration: 1, curve: .linear) {
      node.center = self.x(100)
    }
    child.speed = 2
    child.repeatCount = 2
    let timeline = Timeline(scene: scene).add(child, at: 1)
    #expect(child.totalDuration == 2 && timeline.duration == 2)
    timeline.start()
    scene.clock.advance(by: 1.25)  // own time 0.5 of the first play
    #expect(node.center.x == 50)
    scene.clock.advance(by: 0.5)  // 1.75: own 1.5, second play at 0.5
    #expect(node.center.x == 50)
    scene.clock.advance(by: 1)
    #expect(node.center.x == 100)
  }

  @Test("Core Animation's counting: 1.5 plays of an autoreversing timeline, with a delay")
  func repeatCounting() {
    let node = node
    let timeline = Timeline(scene: scene).animate(duration: 1, curve: .linear) {
      node.center = self.x(100)
    }
    timeline.repeatCount = 1.5
    timeline.autoreverses = true
    timeline.repeatDelay = 0.5
    // 1.5 × 2 s of plays and one delay.
    #expect(timeline.totalDuration == 3.5)
    timeline.start()
    var samples: [Double] = []
    for time in [0.5, 1.5, 2.25, 3.0] {
      scene.clock.advance(to: time)
      samples.append(node.center.x)
    }
    // Forward, back, the delay holding the end of the play (back at 0), the second play.
    #expect(samples == [50, 50, 0, 50])
    scene.clock.advance(to: 3.5)
    #expect(node.center.x == 100 && timeline.state == .inactive)
  }

  @Test("Callbacks run at their exact time, in order, even in one huge step; reversed back")
  func callbacks() {
    let node = node
    var calls: [(String, Double)] = []
    let clock = scene.clock
    let timeline = Timeline(scene: scene)
      .addCallback(at: 0) { calls.append(("zero", clock.now)) }
      .animate(duration: 1, curve: .linear) { node.alpha = 0 }
      .addCallback(at: 0.25) { calls.append(("quarter", clock.now)) }
      .addCallback(at: 0.75) { calls.append(("three quarters", clock.now)) }
      .addCallback(at: 0.75) { calls.append(("tie", clock.now)) }
      .addCallback { calls.append(("end", clock.now)) }
    timeline.addCompletion { _ in calls.append(("completion", clock.now)) }
    clock.advance(by: 10)
    timeline.start()
    clock.advance(by: 100)
    #expect(calls.map(\.0) == ["zero", "quarter", "three quarters", "tie", "end", "completion"])
    #expect(calls.map(\.1) == [10, 10.25, 10.75, 10.75, 11, 11])
    // Backwards: in reverse order. (Completions are once per run: add it again.)
    calls = []
    timeline.addCompletion { _ in calls.append(("completion", clock.now)) }
    timeline.isReversed = true
    timeline.start()
    clock.advance(by: 2)
    #expect(calls.map(\.0) == ["end", "tie", "three quarters", "quarter", "zero", "completion"])
    // Seeking skips.
    calls = []
    timeline.seek(to: 0.8)
    clock.advance(by: 0.1)
    #expect(calls.isEmpty)
    let resumed = clock.now
    timeline.start()
    clock.advance(by: 0.25)
    #expect(calls.map(\.0) == ["end"])
    #expect(
      calls.first?.1.isApproximatelyEqual(to: resumed + 0.2, absoluteTolerance: 1e-12) == true)
  }

  @Test("Stagger from the first, the last or the middle")
  func stagger() {
    let row = SceneFixture(count: 5, frame: .zero)
    let (scene, nodes) = (row.scene, row.nodes)
    let timeline = Timeline(scene: scene).stagger(
      nodes, each: 0.1, from: .center, duration: 1, curve: .linear
    ) { node, index in node.alpha = 0 }
    #expect(timeline.duration == 1.2)
    timeline.start()
    scene.clock.advance(by: 0.5)
    // Ranks 2, 1, 0, 1, 2: started 0.2, 0.1, 0, 0.1, 0.2 s in.
    let alphas = nodes.map(\.alpha)
    let expected = [0.7, 0.6, 0.5, 0.6, 0.7]
    for (alpha, value) in zip(alphas, expected) {
      #expect(alpha.isApproximatelyEqual(to: value, absoluteTolerance: 1e-12))
    }
  }

  @Test("Keyframes: each from where the last left off; a spring hands its velocity on")
  func keyframes() {
    let node = node
    let timeline = Timeline(scene: scene).keyframes(node, \.center) {
      LinearKeyframe(Point(x: 100, y: 0), duration: 1)
      CubicKeyframe(Point(x: 200, y: 100), duration: 1)
      CubicKeyframe(Point(x: 300, y: 0), duration: 1)
      SpringKeyframe(
        Point(x: 0, y: 0), duration: 0.2, spring: SpringParameters(duration: 1, bounce: 0))
      MoveKeyframe(Point(x: -50, y: 5))
    }
    #expect(timeline.duration == 3.2)
    timeline.seek(to: 0.5)
    #expect(node.center == Point(x: 50, y: 0))
    timeline.seek(to: 2)
    #expect(node.center == Point(x: 200, y: 100))  // passes through the cubic value
    timeline.seek(to: 3)
    #expect(node.center == Point(x: 300, y: 0))
    // The spring has not settled 0.2 s in: it is between, still moving.
    timeline.seek(to: 3.2 - 1e-9)
    #expect(node.center.x > 0 && node.center.x < 300)
    timeline.seek(to: 3.2)
    #expect(node.center == Point(x: -50, y: 5))
  }

  @Test("A spring child keeps the in-flight velocity of the child it overlaps")
  func springKeepsVelocity() {
    let node = node
    let timeline = Timeline(scene: scene)
      .animate(duration: 2, curve: .linear) { node.center = self.x(200) }  // 100 per second
      .animate(duration: 1, timingParameters: SpringTimingParameters(dampingRatio: 1), at: 1) {
        node.center = self.x(100)  // the value there
      }
    let h = 1e-6
    timeline.seek(to: 1)
    let start = node.center.x
    timeline.seek(to: 1 + h)
    #expect(((node.center.x - start) / h).isApproximatelyEqual(to: 100, absoluteTolerance: 1e-3))
  }

  @Test("Finishing, reversing back to 0, and the latest writer taking a property")
  func control() {
    let node = node
    let other = other
    let timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) {
        node.center = self.x(100)
        other.alpha = 0
      }
    var ended: [AnimatingPosition] = []
    timeline.addCompletion { ended.append($0) }
    timeline.start()
    scene.clock.advance(by: 0.5)
    other.alpha = 1  // taken by a plain assignment: the timeline goes on with the rest
    scene.clock.advance(by: 0.25)
    #expect(other.alpha == 1 && node.center.x == 75)
    timeline.isReversed = true
    scene.clock.advance(by: 1)
    #expect(ended == [.start] && node.center.x == 0)
    timeline.addCompletion { ended.append($0) }
    timeline.isReversed = false
    timeline.start()
    scene.clock.advance(by: 0.2)
    timeline.finish(at: .end)
    #expect(ended == [.start, .end] && node.center.x == 100 && timeline.state == .inactive)
  }

  @Test("Bad input reports a DanceError and changes nothing, or clamps")
  func badInput() {
    let node = node
    let timeline = Timeline(scene: scene).animate(duration: 1) { node.alpha = 0 }
    let (_, errors) = collectingErrors {
      timeline.animate(duration: .nan, at: .end(offset: .infinity)) { node.alpha = 1 }
      timeline.animate(duration: 1, at: .end(offset: -10)) { node.alpha = 1 }
      timeline.speed = 0
      timeline.speed = .nan
      timeline.repeatCount = 0
      timeline.repeatCount = -2
      timeline.repeatCount = .nan
      timeline.repeatDelay = -1
      timeline.add(timeline)
      timeline.seek(toLabel: "missing")
    }
    #expect(errors.count == 11, "\(errors.map(\.message))")
    #expect(timeline.speed == 1 && timeline.repeatCount == 1 && timeline.repeatDelay == 0)
    let child = Timeline(scene: scene)
    let grandchild = Timeline(scene: scene)
    child.add(grandchild)
    timeline.add(child)
    let forever = Timeline(scene: scene)
    forever.repeatCount = .infinity
    let (_, nestingErrors) = collectingErrors {
      grandchild.add(timeline)  // its own ancestor
      Timeline(scene: scene).add(child)  // already nested
      timeline.add(forever)  // no end
      Timeline(scene: Scene()).add(Timeline(scene: scene))  // another scene
      child.start()  // plays with its parent
    }
    #expect(nestingErrors.count == 5, "\(nestingErrors.map(\.message))")
    timeline.start()
    let (_, activeErrors) = collectingErrors {
      timeline.animate(duration: 1) { node.alpha = 0.5 }
      timeline.repeatCount = 2
    }
    #expect(activeErrors.count == 2 && timeline.repeatCount == 1)
    scene.clock.advance(by: 100)
    #expect(node.alpha.isFinite)
  }

  @Test("Keyframes on a subclass's own property; on a derived one, the last value and an error")
  func keyframesOnOtherProperties() {
    final class Sprite: Node {
      @Animatable var glow: Double = 0
    }
    let sprite = Sprite()
    scene.root.addChild(sprite)
    let node = node
    let (_, errors) = collectingErrors {
      Timeline(scene: scene)
        .keyframes(sprite, \.glow) {
          LinearKeyframe(1, duration: 1)
          LinearKeyframe(0.5, duration: 1)
        }
        .keyframes(node, \.frame, at: 0) {
          LinearKeyframe(Rect(x: 0, y: 0, width: 40, height: 40), duration: 1)
        }
        .seek(to: 1.5)
    }
    #expect(sprite.glow == 0.75)
    #expect(errors.count == 1 && node.frame == Rect(x: 0, y: 0, width: 40, height: 40))
  }

  @Test("Callbacks alone keep a timeline running; a released one plays to its end")
  func callbacksOnlyAndReleased() {
    var calls: [Double] = []
    let clock = scene.clock
    Timeline(scene: scene)
      .addCallback(at: 0.5) { calls.append(clock.now) }
      .addCallback(at: 1) { calls.append(clock.now) }
      .start()
    clock.advance(by: 5)
    #expect(calls == [0.5, 1])
  }

  @Test("Speed changes keep the playhead; a timeline forever cannot reverse")
  func speedAndForever() {
    let node = node
    let timeline = Timeline(scene: scene).animate(duration: 2, curve: .linear) {
      node.center = self.x(200)
    }
    timeline.start()
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == 50)
    timeline.speed = 2
    #expect(node.center.x == 50)
    scene.clock.advance(by: 0.5)  // one own second more
    #expect(node.center.x.isApproximatelyEqual(to: 150, absoluteTolerance: 1e-9))
    timeline.finish(at: .end)
    let forever = Timeline(scene: scene).animate(duration: 1, curve: .linear) {
      node.alpha = 0
    }
    forever.repeatCount = .infinity
    forever.start()
    scene.clock.advance(by: 10.25)
    #expect(node.alpha == 0.75)
    let (_, errors) = collectingErrors {
      forever.isReversed = true
      Timeline(scene: scene).finish(at: .end)
    }
    #expect(errors.count == 2 && !forever.isReversed)
  }

  @Test("Nodes of another scene inside a timeline's block apply at once, with an error")
  func otherScene() {
    let elsewhere = SceneFixture(frame: .zero)
    let stranger = elsewhere.node
    let node = node
    let (_, errors) = collectingErrors {
      Timeline(scene: scene).animate(duration: 1) {
        node.alpha = 0
        stranger.alpha = 0.25
      }.start()
    }
    #expect(errors.count == 1 && stranger.alpha == 0.25 && node.alpha == 1)
  }

  @Test("A zero-length timeline runs its callbacks; one that restarts itself cannot hang")
  func zeroLengthAndRestarts() {
    let node = node
    var calls = 0
    let instant = Timeline(scene: scene)
      .animate(duration: 0, curve: .linear) { node.alpha = 0.4 }
      .addCallback(at: 0) { calls += 1 }
    instant.start()
    scene.clock.advance(by: 0.1)
    #expect(calls == 1 && node.alpha == 0.4)
    // Restarted from its own callback at its end, inside one huge step.
    var runs = 0
    var looping: Timeline?
    looping = Timeline(scene: scene)
      .animate(duration: 0.5, curve: .linear) { node.alpha = 0 }
      .addCallback {
        runs += 1
        looping?.start()
      }
    looping?.start()
    let (_, errors) = collectingErrors { scene.clock.advance(by: 1e9) }
    #expect(runs == AnimationClock.maximumEventsPerObserverPerAdvance + 1)
    #expect(errors.count == 1 && node.alpha == 0)
    looping = nil
  }

  @Test("A callback at the end may change the settings: they apply to the next run only")
  func settingsChangedAtTheEnd() {
    let node = node
    var timeline: Timeline!
    timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { node.alpha = 0 }
      .addCallback { timeline.repeatCount = .infinity }
    timeline.start()
    scene.clock.advance(by: 2)
    #expect(timeline.state == .inactive && timeline.repeatCount == .infinity)
    node.alpha = 1  // the next run animates from here
    timeline.start()
    // Now active and repeating, the callback's assignment at the end of each play is refused,
    // once a play.
    let (_, errors) = collectingErrors { scene.clock.advance(by: 10.5) }
    #expect(errors.count == 10)
    #expect(errors.allSatisfy { $0.message.hasPrefix("Timeline.repeatCount") })
    #expect(
      timeline.state == .active && node.alpha == 0.5, "\(node.alpha) \(timeline.fractionComplete)")
    timeline.finish(at: .current)
    timeline = nil  // the callback captures the variable: no cycle left behind
  }
}
