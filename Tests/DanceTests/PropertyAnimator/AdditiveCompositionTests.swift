import Dance
import DanceTesting
import SceneSupport
import TestSupport
import Testing

/// `.additive` composition: target + Σ offsets, continuous at retargets, folded exactly.
@Suite struct AdditiveCompositionTests {
  let fixture = SceneFixture(frame: Rect(x: -10, y: -10, width: 20, height: 20))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  /// An animator moving the node's centre to `x`, linearly over `duration`, composing as
  /// `composition`; started.
  @discardableResult
  func move(
    to x: Double, duration: Double = 1, curve: AnimationCurve = .linear,
    _ composition: AnimationComposition = .additive
  ) -> PropertyAnimator {
    let node = node
    let animator = PropertyAnimator(duration: duration, curve: curve) {
      node.center = Point(x: x, y: 0)
    }
    animator.composition = composition
    animator.startAnimation()
    return animator
  }

  @Test("Alone, an additive animation shows its own curve and its target at once")
  func alone() {
    move(to: 100)
    #expect(node.targetValue(of: \.center) == Point(x: 100, y: 0))
    scene.clock.advance(by: 0.25)
    // 100 + (25 − 100): the target plus the offset.
    #expect(node.center.x.isApproximatelyEqual(to: 25, absoluteTolerance: 1e-12))
    scene.clock.advance(by: 0.75)
    #expect(node.center == Point(x: 100, y: 0))
    #expect(node.animationCount == 0)
  }

  @Test("Members and other properties leave a node's list in any order, stacks intact")
  func membersLeaveInAnyOrder() {
    // A node lists its animations newest last, each linked to the one before it only, and
    // a stack member's flag shares a word with its animation's generation: ending members
    // from the middle of both lists must leave the rest showing exactly what they should.
    let node = node
    let first = move(to: 100)
    let fade = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    fade.startAnimation()
    let second = move(to: 200)
    move(to: 300)
    #expect(node.animationCount == 4 && scene.auditProblems().isEmpty)
    scene.clock.advance(by: 0.5)
    second.stopAnimation(false)
    second.finishAnimation(at: .current)
    #expect(node.animationCount == 3 && scene.auditProblems().isEmpty)
    first.stopAnimation(true)
    #expect(node.animationCount == 2 && scene.auditProblems().isEmpty)
    scene.clock.advance(by: 0.25)
    // Each stopped member folds its offset into the target where it was (150 − 200 and
    // 50 − 100): 300 − 100, plus the third's offset three quarters in (275 − 300).
    #expect(node.center.x.isApproximatelyEqual(to: 175, absoluteTolerance: 1e-9))
    #expect(node.alpha.isApproximatelyEqual(to: 0.25, absoluteTolerance: 1e-12))
    fade.stopAnimation(true)
    #expect(node.animationCount == 1 && scene.auditProblems().isEmpty)
    scene.clock.advance(by: 0.25)
    #expect(node.animationCount == 0 && node.alpha == 0.25)
    #expect(node.center.x.isApproximatelyEqual(to: 200, absoluteTolerance: 1e-9))
    #expect(scene.auditProblems().isEmpty)
  }

  @Test("A retarget halfway blends: x(s) is the sum of both linear offsets, in closed form")
  func linearRetarget() {
    let first = move(to: 100)
    var firstEnd: AnimatingPosition?
    first.addCompletion { firstEnd = $0 }
    scene.clock.advance(by: 0.5)
    let second = move(to: 200)
    #expect(node.center.x == 50)  // continuous at the retarget
    #expect(node.targetValue(of: \.center).x == 200)
    // For s < 0.5: 200 + (50 + 100s − 100) + (100 + 100s − 200) = 50 + 200s.
    for s in [0.1, 0.25, 0.4] {
      scene.clock.advance(to: 0.5 + s)
      #expect(node.center.x.isApproximatelyEqual(to: 50 + 200 * s, absoluteTolerance: 1e-9))
    }
    scene.clock.advance(to: 1)
    // The first animator completes when its own offset ends, at its own end.
    #expect(firstEnd == .end && second.state == .active)
    #expect(node.center.x.isApproximatelyEqual(to: 150, absoluteTolerance: 1e-9))
    scene.clock.advance(to: 1.25)
    #expect(node.center.x.isApproximatelyEqual(to: 175, absoluteTolerance: 1e-9))
    scene.clock.advance(to: 1.5)
    #expect(node.center.x == 200 && second.state == .inactive && node.animationCount == 0)
  }

  @Test("Under .replace the same retarget restarts from the in-flight value instead")
  func replaceForComparison() {
    move(to: 100, .replace)
    scene.clock.advance(by: 0.5)
    move(to: 200, .replace)
    scene.clock.advance(by: 0.25)
    #expect(node.center.x == 50 + 150 * 0.25)
  }

  @Test("Spring retargets keep the value and the velocity continuous", arguments: [0.15, 0.05])
  func springRetargetsAreSmooth(interval: Double) {
    let node = node
    // Eight additive springs, one every `interval`, each 40 points further.
    for step in 1...8 {
      scene.clock.schedule(at: Double(step - 1) * interval) {
        // 0.65 s: no spring settles (and snaps the last of its offset) at a retarget.
        let animator = PropertyAnimator(duration: 0.65, dampingRatio: 0.8) {
          node.center = Point(x: Double(step) * 40, y: 0)
        }
        animator.composition = .additive
        animator.startAnimation()
      }
    }
    // Around each retarget, 5 ms either side at 1 000 frames a second: a frame moves the
    // centre by under 2 points (its offsets move at hundreds of points a second), and the
    // retarget only adds a spring that leaves from rest: the acceleration jumps, the
    // velocity must not (a kink would be off by those hundreds of points). (Not across a
    // spring's end: a 0.65 s spring of damping 0.8 ends a few percent short of rest and
    // snaps there, which this check sees as a jump of some 20 points a second.)
    for step in 2...8 {
      scene.clock.advance(to: Double(step - 1) * interval - 0.005)
      let trace = MotionTrace.record(
        scene, nodes: [node], properties: [.center], duration: 0.01, pacing: .fixed(fps: 1000))
      expectContinuous(trace, maxStep: 2)
      expectVelocityContinuous(trace, tolerance: 5)
    }
    scene.clock.advance(by: 10)
    #expect(node.center.x == 320 && node.animationCount == 0)
  }

  @Test("A retarget with a new spring under .replace keeps the whole stack's velocity")
  func replaceInheritsTheStackVelocity() {
    move(to: 100)
    scene.clock.advance(by: 0.2)
    move(to: 300)
    scene.clock.advance(by: 0.2)
    let velocity = node.velocity(of: \.center)
    #expect(velocity.x > 100, "both offsets moving")
    let node = node
    PropertyAnimator(duration: 1, dampingRatio: 1) { node.center = Point(x: 0, y: 0) }
      .startAnimation()
    #expect(node.animationCount == 1)
    #expect(
      node.velocity(of: \.center).x.isApproximatelyEqual(to: velocity.x, relativeTolerance: 1e-9))
  }

  @Test("Pausing, scrubbing and reversing an additive animator moves only its own offset")
  func controlsMoveOneOffset() {
    move(to: 100)
    let second = move(to: 200)
    scene.clock.advance(by: 0.25)
    second.pauseAnimation()
    // 200 + (25 − 100) + (125 − 200).
    #expect(node.center.x.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9))
    scene.clock.advance(by: 0.25)
    // The first keeps running; the second's offset stays at −75.
    #expect(node.center.x.isApproximatelyEqual(to: 75, absoluteTolerance: 1e-9))
    second.fractionComplete = 1
    #expect(node.center.x.isApproximatelyEqual(to: 150, absoluteTolerance: 1e-9))
    second.isReversed = true
    second.startAnimation()
    var ended: AnimatingPosition?
    second.addCompletion { ended = $0 }
    scene.clock.advance(by: 0.5)  // first ends now; second runs back to its start
    #expect(ended == nil)
    scene.clock.advance(by: 0.5)
    // Back at .start: its change comes out of the target.
    #expect(ended == .start)
    #expect(node.center.x == 100 && node.targetValue(of: \.center).x == 100)
  }

  @Test("Finishing at .start takes the animator's delta out of the target")
  func finishAtStart() {
    move(to: 100)
    scene.clock.advance(by: 0.5)
    let second = move(to: 250)
    scene.clock.advance(by: 0.25)
    second.stopAnimation(false)
    second.finishAnimation(at: .start)
    #expect(node.targetValue(of: \.center).x == 100)
    // Only the first's offset is left: 100 + (75 − 100).
    #expect(node.center.x.isApproximatelyEqual(to: 75, absoluteTolerance: 1e-9))
    scene.clock.advance(by: 1)
    #expect(node.center.x == 100)
  }

  @Test("Stopping at .current folds the offset into the target, and nothing moves")
  func stopAtCurrent() {
    move(to: 100)
    scene.clock.advance(by: 0.5)
    let second = move(to: 200)
    scene.clock.advance(by: 0.25)
    let shown = node.center.x
    second.stopAnimation(true)
    #expect(node.center.x.isApproximatelyEqual(to: shown, absoluteTolerance: 1e-9))
    scene.clock.advance(by: 0.25)
    // The first ends: what is left is the target moved by the second's frozen offset,
    // 200 + (125 − 200).
    #expect(node.animationCount == 0)
    #expect(node.center == node.targetValue(of: \.center))
    #expect(node.center.x.isApproximatelyEqual(to: 125, absoluteTolerance: 1e-9))
  }

  @Test("A .replace writer takes the whole stack from where it shows, interrupting each")
  func replaceTakesTheStack() {
    var finished: [Bool] = []
    let node = node
    for x in [100.0, 200] {
      Node.animate(
        withDuration: 1, delay: 0, options: [.curveLinear, .additive],
        animations: { node.center = Point(x: x, y: 0) },
        completion: { finished.append($0) })
    }
    scene.clock.advance(by: 0.5)
    let shown = node.center.x
    #expect(shown.isApproximatelyEqual(to: 100, absoluteTolerance: 1e-9))
    move(to: 0, .replace)
    #expect(node.center.x == shown && finished == [false, false])
    scene.clock.advance(by: 0.5)
    #expect(node.center.x == shown / 2 && node.targetValue(of: \.center).x == 0)
  }

  @Test("Past 16 live offsets the oldest hands its value on: no jump, completions once")
  func maximumOffsets() {
    var completions = 0
    var interrupted = 0
    for step in 1...24 {
      let before = node.center.x
      let animator = move(to: Double(step) * 10, duration: 5, curve: .easeInOut)
      animator.addCompletion { if $0 == .current { interrupted += 1 } else { completions += 1 } }
      #expect(node.center.x.isApproximatelyEqual(to: before, absoluteTolerance: 1e-9))
      #expect(node.animationCount <= AnimationComposition.maximumOffsets)
      scene.clock.advance(by: 0.05)
    }
    #expect(interrupted == 8 && node.animationCount == 16)
    #expect(node.targetValue(of: \.center).x == 240)
    scene.clock.advance(by: 5)
    #expect(completions == 16 && node.center.x == 240)
  }

  @Test("A block assigning twice keeps one offset, from the target before the run")
  func assigningTwice() {
    move(to: 100)
    let node = node
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 300, y: 0)
      node.center.x += 50  // reads the target inside the block: 350
    }
    animator.composition = .additive
    animator.startAnimation()
    #expect(node.animationCount == 2 && node.targetValue(of: \.center).x == 350)
    scene.clock.advance(by: 0.5)
    // 350 + (50 − 100) + (225 − 350)
    #expect(node.center.x.isApproximatelyEqual(to: 175, absoluteTolerance: 1e-9))
  }

  @Test("Thousands of quick retargets leave no drift: the value ends on the last target")
  func noDrift() {
    var generator = SplitMix64(seed: 15)
    var last = 0.0
    for _ in 0..<3000 {
      last = Double.random(in: -500...500, using: &generator)
      move(to: last, duration: 0.4, curve: .easeIn)
      scene.clock.advance(by: Double.random(in: 0.001...0.03, using: &generator))
    }
    scene.clock.advance(by: 1)
    #expect(node.center.x == last && node.animationCount == 0)
  }

  @Test("Composition changes only while inactive; bad values change nothing")
  func badInput() {
    let animator = move(to: 100)
    let (_, errors) = collectingErrors { animator.composition = .replace }
    #expect(errors.count == 1 && animator.composition == .additive)
    scene.clock.advance(by: 0.5)
    let node = node
    let (_, nanErrors) = collectingErrors {
      Node.animate(
        withDuration: 1, delay: 0, options: .additive,
        animations: { node.center = Point(x: .nan, y: 0) })
    }
    #expect(nanErrors.count == 1 && node.targetValue(of: \.center).x == 100)
    #expect(node.center.x == 50)
    let loose = Node()
    let (_, looseErrors) = collectingErrors {
      Node.animate(withDuration: 1, delay: 0, options: .additive) { loose.alpha = 0.5 }
    }
    #expect(looseErrors.count == 1)  // the node is in no scene
    #expect(loose.alpha == 0.5 && loose.targetValue(of: \.alpha) == 0.5)
  }

  @Test("Removing the node from its scene leaves it where it shows, at rest")
  func removal() {
    move(to: 100)
    scene.clock.advance(by: 0.5)
    move(to: 200)
    scene.clock.advance(by: 0.25)
    let shown = node.center.x
    node.removeFromParent()
    #expect(node.center.x.isApproximatelyEqual(to: shown, absoluteTolerance: 1e-9))
    #expect(node.targetValue(of: \.center) == node.center && node.animationCount == 0)
  }
}
