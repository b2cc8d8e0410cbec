import Dance
import SceneSupport
import TestSupport
import Testing

/// The scene's frame store: one slot per active animator and one lane per animated property,
/// whatever the kind of path, and every lane stays with its own animator as animators come
/// and go. (Its values are checked everywhere else: every playback test reads them.)
@Suite struct FrameStoreTests {
  static func scene(nodes count: Int) -> (Scene, [Node]) {
    let fixture = SceneFixture(count: count, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    return (fixture.scene, fixture.nodes)
  }

  @Test("An animator of many properties lets go of any of them, in any order, and runs on")
  func manyPropertiesLetGoInAnyOrder() {
    // Past 32 properties an animator keeps where each is in its list, so that letting go of
    // one (another writer takes it) is constant: here from the middle, the ends and the
    // front in turn, the rest still running on the first animator's timing.
    let (scene, nodes) = Self.scene(nodes: 60)
    var ended: [AnimatingPosition] = []
    Node.animate(
      withDuration: 1, delay: 0, options: [.curveLinear],
      animations: {
        for node in nodes { node.alpha = 0 }
      }, completion: { ended.append($0 ? .end : .current) })
    scene.clock.advance(by: 0.25)
    let taken = [30, 59, 0, 1, 45, 2, 58, 31]
    for index in taken {
      nodes[index].dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }.start()
      #expect(scene.auditProblems().isEmpty, "after node \(index)")
    }
    scene.clock.advance(by: 0.25)
    for (index, node) in nodes.enumerated() {
      // Taken ones from 0.75 towards 1; the rest halfway from 1 to 0.
      let expected = taken.contains(index) ? 0.75 + 0.25 * 0.25 : 0.5
      #expect(node.alpha.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12))
    }
    scene.clock.advance(by: 0.5)
    // The run ends on time; its completion says `false`, as UIKit's does for an animation
    // that lost properties to other writers.
    #expect(ended == [.current] && nodes[10].alpha == 0 && scene.auditProblems().isEmpty)
  }

  @Test("Properties added to a long list after its index are found and let go of too")
  func propertiesAddedAfterTheIndex() {
    let (scene, nodes) = Self.scene(nodes: 60)
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      for node in nodes[0..<40] { node.alpha = 0 }
    }
    animator.startAnimation()
    scene.clock.advance(by: 0.5)
    // The first taken makes the index; the block added then runs at once (the animator is
    // active), its animations after the index.
    nodes[3].dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }.start()
    animator.addAnimations { for node in nodes[40..<60] { node.alpha = 0 } }
    for index in [59, 41, 50, 3, 7, 39, 40] {
      nodes[index].dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }.start()
      #expect(scene.auditProblems().isEmpty, "after node \(index)")
    }
    scene.clock.advance(by: 0.25)
    // Still the animator's: three quarters of the way from 1 to 0 (the late ones from 1 at
    // half time, over the rest of the run: halfway).
    #expect(nodes[10].alpha.isApproximatelyEqual(to: 0.25, absoluteTolerance: 1e-12))
    #expect(nodes[45].alpha.isApproximatelyEqual(to: 0.5, absoluteTolerance: 1e-12))
    #expect(nodes[59].alpha > 0.5 && nodes[3].alpha > 0.5)
    #expect(scene.auditProblems().isEmpty)
    scene.clock.advance(by: 0.25)
    #expect(nodes[10].alpha == 0 && nodes[45].alpha == 0 && animator.state == .inactive)
  }

  @Test("Every built-in property has a lane while its animator is active, paused or not")
  func builtInPropertiesAreFlat() {
    let (scene, nodes) = Self.scene(nodes: 1)
    let node = nodes[0]
    let curve = TimingFunction.easeInOut
    node.dance.animate(duration: 2, curve: .easeInOut) {
      $0.center = Point(x: 100, y: 50)
      $0.alpha = 0.25
      $0.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
      $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
      $0.transform = Transform(translationX: 8, y: 0)
    }.start()
    #expect(scene.frameStoreShape == (1, 5))
    // The clock ticks the store alone; the animator keeps only its end as a deadline.
    #expect(scene.clock.activeObserverCount == 1)
    #expect(scene.clock.pendingDeadlineCount == 1)

    scene.clock.advance(by: 0.5)
    let progress = curve.value(at: 0.25)
    #expect(node.center.x.isApproximatelyEqual(to: 5 + 95 * progress, absoluteTolerance: 1e-12))
    #expect(node.alpha.isApproximatelyEqual(to: 1 - 0.75 * progress, absoluteTolerance: 1e-12))
    #expect(node.transform.tx.isApproximatelyEqual(to: 8 * progress, absoluteTolerance: 1e-12))

    let paused = node.center
    node.dance.pause()
    // Paused, the animator keeps its slot and lanes; only its deadline goes.
    #expect(scene.frameStoreShape == (1, 5))
    #expect(scene.clock.pendingDeadlineCount == 0)
    scene.clock.advance(by: 0.5)
    #expect(node.center == paused)

    node.dance.start()
    #expect(scene.frameStoreShape == (1, 5))
    scene.clock.advance(by: 1.5)
    #expect(node.center == Point(x: 100, y: 50))
    #expect(scene.frameStoreShape == (0, 0))
    #expect(scene.clock.activeObserverCount == 0)
  }

  @Test("Delay-factor windows, keyframes and re-based segments are lanes like any other")
  func specialPathsComputeThemselves() {
    let (scene, nodes) = Self.scene(nodes: 2)
    let windowed = PropertyAnimator(duration: 1, curve: .linear) { nodes[0].alpha = 0 }
    windowed.addAnimations({ nodes[0].center = Point(x: 40, y: 5) }, delayFactor: 0.5)
    windowed.startAnimation()
    #expect(scene.frameStoreShape == (1, 2))

    Node.animateKeyframes(
      withDuration: 1, delay: 0, options: [],
      animations: {
        Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          nodes[1].alpha = 0.5
        }
      }, completion: nil)
    #expect(scene.frameStoreShape == (2, 3))

    scene.clock.advance(by: 0.75)
    // The window runs linearly over the second half: halfway through it at 0.75 s.
    #expect(nodes[0].center.x.isApproximatelyEqual(to: 22.5, absoluteTolerance: 1e-12))
    #expect(nodes[0].alpha.isApproximatelyEqual(to: 0.25, absoluteTolerance: 1e-12))
    #expect(nodes[1].alpha == 0.5)

    // Continuing with new timing re-bases every segment in place.
    windowed.pauseAnimation()
    windowed.continueAnimation(
      withTimingParameters: CubicTimingParameters(animationCurve: .easeIn), durationFactor: 1)
    #expect(scene.frameStoreShape == (2, 3))
    scene.clock.advance(by: 0.25)
    #expect(nodes[0].center == Point(x: 40, y: 5))
    #expect(nodes[0].alpha == 0)
    #expect(scene.frameStoreShape == (0, 0))
  }

  @Test(
    "Lanes with paths of their own, between bare blends, leave in any order: the rest keep theirs")
  func ownPathsFollowTheirLanes() {
    // A bare blend keeps no path; a windowed, keyframed or velocity-carrying lane keeps one
    // in a side list that must follow the lane as lanes are removed and move. Two twin
    // scenes: in one, every third animation is finished where it is, in a scrambled order;
    // every other node must then show exactly what its twin shows.
    let count = 24
    func build() -> (Scene, [Node]) {
      let (scene, nodes) = Self.scene(nodes: count)
      for (index, node) in nodes.enumerated() {
        let target = Point(x: Double(10 * index), y: Double(-5 * index))
        switch index % 4 {
        case 0:
          node.dance.animate(duration: 1, curve: .easeOut) { $0.center = target }.start()
        case 1:
          let windowed = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0.25 }
          windowed.addAnimations({ node.center = target }, delayFactor: 0.25)
          windowed.startAnimation()
        case 2:
          Node.animateKeyframes(
            withDuration: 1, delay: 0, options: [],
            animations: {
              Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                node.center = target
              }
              Node.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                node.alpha = 0
              }
            }, completion: nil)
        default:
          // A spring that takes over a running move carries its velocity: not a bare blend.
          node.dance.animate(duration: 1, curve: .linear) { $0.center = target }.start()
          scene.clock.advance(by: 0)
          node.dance.animate(
            duration: 1, timingParameters: SpringTimingParameters(dampingRatio: 0.8)
          ) {
            $0.center = Point(x: -target.x, y: target.y)
          }.start()
        }
      }
      return (scene, nodes)
    }
    let (scene, nodes) = build()
    let (twin, twinNodes) = build()
    scene.clock.advance(by: 0.3)
    twin.clock.advance(by: 0.3)
    let finished = [21, 3, 12, 0, 18, 9, 15, 6]
    for index in finished {
      // Setting a property at once takes it from its animation, which lets go of its lane.
      let node = nodes[index]
      node.center = node.center
      node.alpha = node.alpha
      #expect(scene.auditProblems().isEmpty, "after node \(index)")
    }
    for _ in 0..<3 {
      scene.clock.advance(by: 0.2)
      twin.clock.advance(by: 0.2)
      for index in 0..<count where !finished.contains(index) {
        #expect(nodes[index].center == twinNodes[index].center, "node \(index)")
        #expect(nodes[index].alpha == twinNodes[index].alpha, "node \(index)")
      }
    }
    #expect(scene.auditProblems().isEmpty)
  }

  // 1 200 nodes: more slots than a frame samples at a time, so the store samples its slots
  // as lanes that are no longer in slot order reach them.
  @Test(
    "Lanes stay with their animators as animators leave and join in any order",
    arguments: [12, 1200])
  func lanesFollowTheirAnimators(count: Int) {
    let (scene, nodes) = Self.scene(nodes: count)
    let curve = TimingFunction.easeOut
    func target(_ index: Int) -> Double { Double(10 * (index + 1)) }
    for (index, node) in nodes.enumerated() {
      node.dance.animate(duration: 1, curve: .easeOut) {
        $0.center = Point(x: target(index), y: -target(index))
      }.start()
    }
    scene.clock.advance(by: 0.25)
    // Finish every third node where it is, from the front: each leaves a hole that the last
    // slot and its lanes move into.
    for index in stride(from: 0, to: count, by: 3) {
      nodes[index].dance.finish(at: .current)
    }
    let finished = (count + 2) / 3
    #expect(scene.frameStoreShape == (count - finished, count - finished))
    scene.clock.advance(by: 0.25)
    // Start them again in reverse order, then check every node against its own closed form.
    for index in stride(from: 0, to: count, by: 3).reversed() {
      nodes[index].dance.animate(duration: 1, curve: .easeOut) {
        $0.center = Point(x: target(index), y: -target(index))
      }.start()
    }
    #expect(scene.frameStoreShape == (count, count))
    scene.clock.advance(by: 0.25)
    for (index, node) in nodes.enumerated() {
      guard index % 3 != 0 else {
        // Restarted a quarter of a second ago from where it stopped at 0.25 s.
        let from = 5 + (target(index) - 5) * curve.value(at: 0.25)
        let expected = from + (target(index) - from) * curve.value(at: 0.25)
        #expect(
          node.center.x.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12 * target(index))
        )
        continue
      }
      let elapsed = 0.75
      let expected = 5 + (target(index) - 5) * curve.value(at: elapsed)
      #expect(
        node.center.x.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12 * target(index)),
        "node \(index)")
      #expect(
        node.center.y.isApproximatelyEqual(
          to: 5 + (-target(index) - 5) * curve.value(at: elapsed),
          absoluteTolerance: 1e-12 * target(index)))
    }
  }

  @Test("A lane far out of slot order is sampled before it is blended, in a store of many slots")
  func lanesOutOfSlotOrder() {
    // 1 200 animators of centres (the table of pairs), then 300 of bounds (slots 1 200…1 499,
    // lanes in the table of quads). Stopping animator 3 moves the pairs' last lane (slot
    // 1 199) into lane 3 and the last slot (a bounds animator) into slot 3: lane 3 of the
    // pairs now needs slot 1 199 early in the frame.
    let (scene, nodes) = Self.scene(nodes: 1500)
    let curve = TimingFunction.easeOut
    let animators = nodes[..<1200].map { node in
      PropertyAnimator(duration: 1, curve: .easeOut) { node.center = Point(x: 90, y: -40) }
    }
    for animator in animators { animator.startAnimation() }
    let others = nodes[1200...].map { node in
      PropertyAnimator(duration: 1, curve: .easeOut) {
        node.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
      }
    }
    for animator in others { animator.startAnimation() }
    #expect(scene.frameStoreShape == (1500, 1500))
    scene.clock.advance(by: 0.25)
    animators[3].stopAnimation(true)
    scene.clock.advance(by: 0.25)
    let expected = 5 + (90 - 5) * curve.value(at: 0.5)
    for (index, node) in nodes[..<1200].enumerated() where index != 3 {
      #expect(
        node.center.x.isApproximatelyEqual(to: expected, absoluteTolerance: 1e-12),
        "node \(index)")
    }
  }

  @Test("In a store of one table, a lane whose slot comes back out of order is sampled again")
  func oneTableSamplesEachRunOfSlots() {
    // 300 node.dance animations of centre and alpha (one table, more slots than a sampling
    // chunk: the table samples its slots itself), each with its own duration. Taking node
    // 3's centre away moves the last lane (node 299's alpha) into its place: the lanes then
    // go slot 2, 299, 3, ….
    let (scene, nodes) = Self.scene(nodes: 300)
    let duration = { (index: Int) in 1 + Double(index) / 100 }
    for (index, node) in nodes.enumerated() {
      node.dance.animate(duration: duration(index), curve: .linear) {
        $0.center = Point(x: 100, y: 0)
        $0.alpha = 0
      }.start()
    }
    #expect(scene.frameStoreShape == (300, 600))
    scene.clock.advance(by: 0.25)
    nodes[3].center = Point(x: -1, y: -1)
    scene.clock.advance(by: 0.25)
    for (index, node) in nodes.enumerated() {
      #expect(
        node.alpha.isApproximatelyEqual(to: 1 - 0.5 / duration(index), absoluteTolerance: 1e-12),
        "node \(index)")
    }
    #expect(nodes[3].center == Point(x: -1, y: -1))
  }

  @Test("A store keeps samples only while its lanes read them, and makes room when they start")
  func scratchOnlyWhenRead() {
    // 300 node.dance animations of centre and alpha: one table of plain lanes, which samples
    // its slots itself, so the store keeps no samples. Bounds animations on 20 more nodes
    // add a second table: the next frame samples every slot into the store's scratch.
    let (scene, nodes) = Self.scene(nodes: 320)
    let duration = { (index: Int) in 1 + Double(index) / 100 }
    for (index, node) in nodes[..<300].enumerated() {
      node.dance.animate(duration: duration(index), curve: .linear) {
        $0.center = Point(x: 100, y: 0)
        $0.alpha = 0
      }.start()
    }
    scene.clock.advance(by: 0.25)
    #expect(scene.frameStoreScratchCount == 1)
    for node in nodes[300...] {
      node.dance.animate(duration: 1, curve: .linear) {
        $0.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
      }.start()
    }
    scene.clock.advance(by: 0.25)
    #expect(scene.frameStoreScratchCount == 320)
    for (index, node) in nodes[..<300].enumerated() {
      let fraction = 0.5 / duration(index)
      #expect(node.alpha.isApproximatelyEqual(to: 1 - fraction, absoluteTolerance: 1e-12))
      #expect(
        node.center.x.isApproximatelyEqual(to: 5 + 95 * fraction, absoluteTolerance: 1e-12))
    }
    for node in nodes[300...] {
      #expect(node.bounds.width.isApproximatelyEqual(to: 10 + 20 * 0.25, absoluteTolerance: 1e-12))
    }
    #expect(scene.auditProblems().isEmpty)
  }

  // The store keeps its per-slot plans only while a slot has one (FrameStore's `plans`):
  // plain slots before, between and after timelines' slots keep theirs in step.
  @Test("Timelines come and go among plain animations; every slot keeps its own timing")
  func plansComeAndGo() {
    let (scene, nodes) = Self.scene(nodes: 3)
    let (plain, timed, late) = (nodes[0], nodes[1], nodes[2])
    func x(_ value: Double) -> Point { Point(x: value, y: 0) }
    plain.center = x(0)
    timed.center = x(0)
    late.center = x(0)
    plain.dance.animate(duration: 4, curve: .linear) { $0.center = x(400) }.start()
    let first = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { timed.center = x(100) }
      .animate(duration: 1, curve: .linear) { timed.center = x(300) }
    first.start()
    late.dance.animate(duration: 2, curve: .linear) { $0.center = x(20) }.start()
    #expect(scene.auditProblems().isEmpty)
    scene.clock.advance(by: 1.5)
    #expect(plain.center.x == 150 && timed.center.x == 200 && late.center.x == 15)
    #expect(scene.auditProblems().isEmpty)
    scene.clock.advance(by: 0.5)  // the timeline and the late animation end
    #expect(plain.center.x == 200 && timed.center.x == 300 && late.center.x == 20)
    #expect(first.state == .inactive && scene.frameStoreShape.slots == 1)
    #expect(scene.auditProblems().isEmpty)
    let second = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { timed.center = x(100) }
    second.start()
    scene.clock.advance(by: 0.25)
    #expect(plain.center.x == 225 && timed.center.x == 250)
    #expect(scene.auditProblems().isEmpty)
    plain.dance.finish(at: .end)  // the plain slot goes first: the timeline's slot moves
    scene.clock.advance(by: 0.25)
    #expect(plain.center.x == 400 && timed.center.x == 200)
    #expect(scene.auditProblems().isEmpty)
  }
}

/// An animator's run state moves between its slot and memory of its own (`ParkedCore`), which
/// the store keeps for the next animators that leave, up to the largest wave of finishes it
/// has seen: the state must come back whole, whatever the wave.
@Suite struct ParkedCoreTests {
  @Test(
    "Run state survives leaving the slot, in waves of finishes larger than the store keeps",
    arguments: [10, 600])
  func runStateSurvivesWaves(count: Int) {
    let (scene, nodes) = FrameStoreTests.scene(nodes: count)
    let animators = nodes.enumerated().map { index, node in
      let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
      animator.scrubsLinearly = index % 2 == 0
      animator.pausesOnCompletion = index % 3 == 0
      return animator
    }
    for wave in 0..<3 {
      // Each wave starts every animator, then ends every one after a frame, all at once.
      let from = wave == 0 ? 1.0 : 0.75 - 0.125 * Double(wave - 1)
      let to = wave == 0 ? 0.0 : from - 0.5
      if wave > 0 {
        for (animator, node) in zip(animators, nodes) { animator.addAnimations { node.alpha = to } }
      }
      for animator in animators { animator.startAnimation() }
      #expect(scene.frameStoreShape == (count, count))
      scene.clock.advance(by: 0.25)
      for node in nodes {
        #expect(
          node.alpha.isApproximatelyEqual(to: from + 0.25 * (to - from), absoluteTolerance: 1e-12))
      }
      for animator in animators {
        animator.stopAnimation(false)
        animator.finishAnimation(at: .current)
      }
      #expect(scene.frameStoreShape == (0, 0))
      #expect(scene.auditProblems().isEmpty, "wave \(wave)")
      for (index, animator) in animators.enumerated() {
        #expect(animator.state == .inactive)
        #expect(animator.scrubsLinearly == (index % 2 == 0))
        #expect(animator.pausesOnCompletion == (index % 3 == 0))
        #expect(animator.auditProblems().isEmpty)
      }
      for node in nodes {
        #expect(
          node.alpha.isApproximatelyEqual(to: from + 0.25 * (to - from), absoluteTolerance: 1e-12))
      }
    }
  }
}
