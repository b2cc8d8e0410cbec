import Dance
import DanceTesting
import SceneSupport
import TestSupport
import Testing

/// Completions and `onChange` handlers that start, stop, reverse, finish or release animators
/// and nodes — their own included. UIKit traps on several of these; Dance must carry each out
/// or refuse it with a `DanceError`, and leave consistent state behind.
@Suite struct ReentrancyTests {
  static func sceneWithNode() -> (Scene, Node) {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    return (fixture.scene, fixture.node)
  }

  @Test("A completion restarts its own animator, which runs a second time")
  func completionRestartsOwnAnimator() {
    let (scene, node) = Self.sceneWithNode()
    let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    var runs = 0
    animator.addCompletion { [weak animator] position in
      runs += 1
      #expect(position == .end)
      animator?.addAnimations { node.alpha = 1 }
      animator?.startAnimation()
    }
    animator.startAnimation()
    scene.clock.advance(by: 1.5)  // the first run ends at 1.0; the second starts there
    #expect(runs == 1)
    #expect(animator.state == .active)
    #expect(node.alpha.isApproximatelyEqual(to: 0.5, absoluteTolerance: 1e-12))
    scene.clock.advance(by: 1)
    #expect(animator.state == .inactive)
    #expect(node.alpha == 1)
    #expect(runs == 1)  // the completion belonged to the first run only
  }

  @Test("A scrub whose blocks' takeover restarts the animator: it ends on time from there")
  func scrubThatRestartsItsAnimator() {
    let (scene, node) = Self.sceneWithNode()
    let animator = PropertyAnimator(duration: 2, curve: .linear) { node.alpha = 0.5 }
    var positions: [AnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    // Taking alpha from this animation ends it at `.current`, and its completion starts the
    // scrubbed animator from inside the scrub's activation.
    Node.animate(
      withDuration: 1, animations: { node.alpha = 0 },
      completion: { [weak animator] _ in animator?.startAnimation() })
    animator.fractionComplete = 0.75
    #expect(animator.isRunning)
    // Running from 0.75 over a 2 s path: a quarter of a second later f = 0.875, and the run
    // ends 0.5 s after the scrub, not 2 s after the start.
    scene.clock.advance(by: 0.25)
    #expect(node.alpha.isApproximatelyEqual(to: 1 - 0.5 * 0.875, absoluteTolerance: 1e-12))
    #expect(positions.isEmpty)
    scene.clock.advance(by: 0.25)
    #expect(positions == [.end])
    #expect(node.alpha == 0.5)
  }

  @Test("A block drops the last reference to its animator, then animates: the run goes on")
  func blockDropsItsAnimator() {
    // Assignments reach the block's animator unretained, held by the call that runs the
    // block: this checks that hold (and, under the address sanitizer, the memory).
    let (scene, node) = Self.sceneWithNode()
    var animator: PropertyAnimator? = PropertyAnimator(duration: 1, curve: .linear)
    weak let watched = animator
    animator?.addAnimations {
      animator = nil
      node.alpha = 0
      node.center = Point(x: 105, y: 5)
    }
    animator?.startAnimation()
    #expect(animator == nil)
    #expect(watched?.state == .active)  // an active animator lives in its scene
    scene.clock.advance(by: 0.25)
    #expect(node.alpha.isApproximatelyEqual(to: 0.75, absoluteTolerance: 1e-12))
    #expect(node.center.x.isApproximatelyEqual(to: 30, absoluteTolerance: 1e-12))
    scene.clock.advance(by: 1)
    #expect(watched == nil)
    #expect(node.alpha == 0)
    #expect(node.center == Point(x: 105, y: 5))
  }

  @Test("A completion finishes or stops its own, already inactive animator: refused, no trap")
  func completionFinishesOwnAnimator() {
    let (scene, node) = Self.sceneWithNode()
    let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    var calls = 0
    animator.addCompletion { [weak animator] _ in
      calls += 1
      animator?.finishAnimation(at: .start)
      animator?.stopAnimation(true)
      // Legal, but the new run has no blocks, so nothing in a scene to animate: it ends at
      // once (at .current), with no completion left to run.
      animator?.pauseAnimation()
    }
    animator.startAnimation()
    let (_, errors) = collectingErrors { scene.clock.advance(by: 2) }
    #expect(calls == 1)
    #expect(errors.map(\.kind) == [.illegalState, .illegalState])
    #expect(node.alpha == 0)
    #expect(animator.state == .inactive)
    #expect(!animator.isRunning)
  }

  @Test("Releasing the last reference to the animator and its node from its own completion")
  func completionReleasesOwnAnimatorAndNode() {
    let scene = Scene()
    var node: Node? = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(node!)
    var animator: PropertyAnimator? = PropertyAnimator(duration: 1, curve: .easeIn) {
      node?.center = Point(x: 50, y: 50)
    }
    weak let weakAnimator = animator
    weak let weakNode = node
    var calls = 0
    animator?.addCompletion { _ in
      calls += 1
      animator = nil
      node?.removeFromParent()
      node = nil
    }
    animator?.startAnimation()
    scene.clock.advance(by: 0.5)
    #expect(weakAnimator != nil)  // running: its scene keeps it
    scene.clock.advance(by: 1)
    #expect(calls == 1)
    #expect(weakAnimator == nil)
    #expect(weakNode == nil)
    #expect(scene.root.children.isEmpty)
  }

  @Test("A completion takes the same property with a new animation; values stay continuous")
  func completionAnimatesSameProperty() {
    let (scene, node) = Self.sceneWithNode()
    var second: PropertyAnimator?
    let first = PropertyAnimator(duration: 1, curve: .linear) { node.center = Point(x: 100, y: 0) }
    first.addCompletion { _ in
      second = PropertyAnimator(duration: 1, curve: .linear) { node.center = Point(x: 100, y: 80) }
      second?.startAnimation()
    }
    first.startAnimation()
    // Every frame at 120 fps: the right then the down move, in closed form, with no step
    // longer than a frame's travel at the hand-over.
    let trace = MotionTrace.record(
      scene, nodes: [node], properties: [.center], duration: 2.25, pacing: .fixed(fps: 120))
    expectContinuous(trace, maxStep: 100.0 / 120 + 1e-9)
    for (time, center) in zip(trace.times, trace.values(node: 0, .center)) {
      let expected = [5 + 95 * min(time, 1), 5 - 5 * min(time, 1) + 80 * min(max(time - 1, 0), 1)]
      #expect(zip(center, expected).allSatisfy { abs($0 - $1) <= 1e-9 }, "t \(time): \(center)")
    }
    #expect(trace.times.count == 271 && node.center == Point(x: 100, y: 80))
    #expect(second?.state == .inactive)
  }

  @Test("node.dance completions chain, reverse and finish the node's own animation")
  func danceCompletionsDriveTheirOwnNode() {
    let (scene, node) = Self.sceneWithNode()
    var events: [String] = []
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
      .addCompletion { position in
        events.append("first \(position)")
        // A new animation from inside the completion of the one it replaces.
        node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 1 }
          .addCompletion { events.append("second \($0)") }
          .start()
        node.dance.reverse()  // the new one, reversed: runs back toward its start
        node.dance.finish(at: .current)
      }
      .start()
    scene.clock.advance(by: 1)
    #expect(events == ["first end", "second current"])
    #expect(node.alpha == 0)
    #expect(!node.dance.hasAnimation)
  }

  @Test("A completion removes the node from the scene while other animations of it run")
  func completionRemovesNode() {
    let (scene, node) = Self.sceneWithNode()
    var positions: [String] = []
    let long = PropertyAnimator(duration: 5, curve: .linear) { node.center = Point(x: 500, y: 0) }
    long.addCompletion { positions.append("long \($0)") }
    long.startAnimation()
    let short = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    short.addCompletion { _ in
      positions.append("short")
      node.removeFromParent()
    }
    short.startAnimation()
    scene.clock.advance(by: 2)
    // Leaving the scene ended the long animation where it was, at 1 s of its 5.
    #expect(positions == ["short", "long current"])
    #expect(node.center.x.isApproximatelyEqual(to: 5 + 495 * 0.2, absoluteTolerance: 1e-9))
    #expect(long.state == .inactive)
  }

  @Test("onChange stops, restarts and releases its own Advance animator, and cannot re-advance")
  func onChangeDrivesItsOwnAnimator() {
    let clock = AnimationClock()
    var animator: Animator<Double>? = Animator(initialValue: 0, clock: clock)
    weak let weakAnimator = animator
    var seen: [Double] = []
    var completions: [AnimationCompletion] = []
    animator?.onCompletion = { completions.append($0) }
    animator?.onChange = { value in
      seen.append(value)
      switch seen.count {
      case 1: clock.advance(by: 1)  // refused: the clock is advancing
      case 2: animator?.cancelRunningAnimation()
      case 3: animator?.animate(to: -1, duration: 1, timingFunction: .linear)
      case 4: animator?.value = 7  // from inside onChange: no second onChange for it
      default: animator = nil
      }
    }
    animator?.animate(to: 10, duration: 1, timingFunction: .linear)
    let (_, errors) = collectingErrors {
      clock.advance(by: 0.25)  // onChange 1: tries to advance
      clock.advance(by: 0.25)  // onChange 2: cancels (interrupted)
    }
    #expect(errors.map(\.kind) == [.illegalState])
    #expect(completions == [.interrupted])
    animator?.value = 3  // onChange 3: starts a run toward −1
    clock.advance(by: 0.5)  // onChange 4: sets 7, interrupting the run, with no onChange
    #expect(completions == [.interrupted, .interrupted])
    #expect(animator?.value == 7)
    #expect(seen == [2.5, 5, 3, 1])
    animator?.animate(to: 0, duration: 1, timingFunction: .linear)
    clock.advance(by: 0.1)  // onChange 5: releases the animator, mid-run
    #expect(weakAnimator == nil)
    #expect(completions == [.interrupted, .interrupted, .interrupted])
    #expect(clock.activeObserverCount == 0 && clock.pendingDeadlineCount == 0)
  }

  @Test("Node.animate completions chain further Node.animate calls on the same node")
  func blockCompletionsChain() {
    let (scene, node) = Self.sceneWithNode()
    var finished: [Bool] = []
    Node.animate(
      withDuration: 1,
      animations: { node.alpha = 0 },
      completion: { done in
        finished.append(done)
        Node.animate(
          withDuration: 1,
          animations: { node.alpha = 0.5 },
          completion: { finished.append($0) })
      })
    scene.clock.advance(by: 1.5)
    #expect(finished == [true])
    #expect(node.alpha.isApproximatelyEqual(to: 0.25, absoluteTolerance: 0.2))
    scene.clock.advance(by: 1)
    #expect(finished == [true, true])
    #expect(node.alpha == 0.5)
  }
}
