import Dance
import TestSupport

/// Long runs that look for drift: `dance-fuzz --long-runs` runs them at full length in CI,
/// the tests at a fraction of it.
package enum LongRuns {
  /// What one long run found.
  package struct Result: CustomStringConvertible {
    /// A short name of the run.
    package var name: String
    /// What was measured, for the log.
    package var figures: String
    /// What went wrong; empty when the run passed.
    package var problems: [String]

    /// The run as one line.
    package var description: String {
      "\(name): \(figures)"
        + (problems.isEmpty ? "" : " — FAILED: \(problems.joined(separator: "; "))")
    }
  }

  /// A repeating, autoreversing `Node.animate` stepped through `frames` frames at 60 Hz: every
  /// frame must show what the same frame of the first cycle showed (the period is 2 s, 120
  /// frames), and the clock must read exactly `frames / 60`.
  package static func periodicity(frames: Int) -> Result {
    let scene = Scene()
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(node)
    var completions = 0
    Node.animate(
      withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut],
      animations: {
        node.alpha = 0
        node.center = Point(x: 300, y: -40)
      }, completion: { _ in completions += 1 })
    let period = 120
    var firstCycle: [SIMD3<Double>] = []
    var worst = 0.0
    for frame in 1...frames {
      scene.clock.advance(by: 1.0 / 60)
      let shown = SIMD3(node.alpha, node.center.x, node.center.y)
      if frame <= period {
        firstCycle.append(shown)
      } else {
        let difference = shown - firstCycle[(frame - 1) % period]
        let deviation = max(abs(difference.x), abs(difference.y), abs(difference.z))
        worst = max(worst, deviation.isNaN ? .infinity : deviation)
      }
    }
    var problems: [String] = []
    // 1e-9 of the range: the clock's time is exact to the last bit, so what is left is the
    // rounding of t mod 2 (t up to 1.7e5 s: a few 1e-11 s).
    if worst > 300e-9 { problems.append("drifted by \(worst)") }
    // Compensated summation keeps the sum of the steps within an ulp of frames / 60.
    let expectedTime = Double(frames) / 60
    if abs(scene.clock.now - expectedTime) > expectedTime.ulp {
      problems.append("the clock reads \(scene.clock.now), not \(expectedTime)")
    }
    if completions != 0 { problems.append("a repeating animation completed") }
    return Result(
      name: "periodicity",
      figures:
        "\(frames) frames at 60 Hz of a repeating autoreversing animation; worst difference "
        + "from the first cycle \(worst) (alpha and center); clock at \(scene.clock.now) s",
      problems: problems)
  }

  /// An `Animator` and a `PropertyAnimator` stepped `steps` times by 1e-9 s, then once by
  /// 1e9 s: time must add up exactly, the values must match a single step to the same time,
  /// and the huge step must finish both runs once, at their targets.
  package static func tinyThenHugeSteps(steps: Int) -> Result {
    let scene = Scene()
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(node)
    let value = Animator(initialValue: 0.0, clock: scene.clock)
    var valueCompletions: [AnimationCompletion] = []
    value.onCompletion = { valueCompletions.append($0) }
    value.animate(to: 1, duration: 1, timingFunction: .easeInOut)
    let animator = PropertyAnimator(duration: 1, curve: .easeIn) { node.alpha = 0 }
    var positions: [AnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()

    for _ in 0..<steps {
      scene.clock.advance(by: 1e-9)
    }
    let elapsed = scene.clock.now
    // The same moment reached in one step, on a fresh clock.
    let reference = Scene()
    let referenceNode = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    reference.root.addChild(referenceNode)
    let referenceValue = Animator(initialValue: 0.0, clock: reference.clock)
    referenceValue.animate(to: 1, duration: 1, timingFunction: .easeInOut)
    let referenceAnimator = PropertyAnimator(duration: 1, curve: .easeIn) {
      referenceNode.alpha = 0
    }
    referenceAnimator.startAnimation()
    reference.clock.advance(to: elapsed)

    var problems: [String] = []
    let expected = Double(steps) * 1e-9
    if abs(elapsed - expected) > expected * 1e-15 {
      problems.append("\(steps) steps of 1e-9 s reached \(elapsed), not \(expected)")
    }
    if value.value != referenceValue.value || node.alpha != referenceNode.alpha {
      problems.append(
        "tiny steps gave \(value.value), \(node.alpha); one step \(referenceValue.value), "
          + "\(referenceNode.alpha)")
    }
    scene.clock.advance(by: 1e9)
    if scene.clock.now != elapsed + 1e9 {
      problems.append("the huge step ended at \(scene.clock.now)")
    }
    if value.value != 1 || node.alpha != 0 { problems.append("the huge step missed the targets") }
    if valueCompletions != [.finished] || positions != [.end] {
      problems.append("completions after the huge step: \(valueCompletions), \(positions)")
    }
    return Result(
      name: "tiny and huge steps",
      figures:
        "\(steps) steps of 1e-9 s reached \(elapsed) s (expected \(expected)); values equal to "
        + "one step's: \(problems.isEmpty); then 1e9 s: clock at \(scene.clock.now), both "
        + "runs finished once",
      problems: problems)
  }

  /// `count` retargets of one node's centre, a frame (1/60 s) apart, each a new animator to
  /// a random point: additive and `.replace`, timed and springs, mixed. The value must be
  /// continuous at every retarget, the stack never deeper than
  /// `AnimationComposition.maximumOffsets`, every animator's completion must run exactly
  /// once, and once everything settles the node must sit exactly on the last target:
  /// closed-form offsets folding exactly leave no drift.
  package static func additiveRetargets(count: Int) -> Result {
    let scene = Scene()
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.root.addChild(node)
    var random = SplitMix64(seed: 0xADD)
    var completions = 0
    var worstJump = 0.0
    var deepest = 0
    var target = Point.zero
    for index in 0..<count {
      target = Point(
        x: Double.random(in: -1000...1000, using: &random),
        y: Double.random(in: -1000...1000, using: &random))
      let kind = Int.random(in: 0..<4, using: &random)
      let animator =
        kind < 2
        ? PropertyAnimator(duration: 0.3, dampingRatio: kind == 0 ? 0.6 : 1)
        : PropertyAnimator(duration: 0.25, curve: kind == 2 ? .easeInOut : .easeOut)
      let goal = target
      animator.addAnimations { node.center = goal }
      animator.composition = index % 40 == 39 ? AnimationComposition.replace : .additive
      animator.addCompletion { _ in completions += 1 }
      let before = node.center
      animator.startAnimation()
      let after = node.center
      worstJump = max(worstJump, abs(after.x - before.x), abs(after.y - before.y))
      deepest = max(deepest, node.animationCount)
      scene.clock.advance(by: 1.0 / 60)
    }
    scene.clock.advance(by: 5)
    var problems: [String] = []
    // The sum of up to 16 offsets of size ~2000 is exact to a few ulps of 2000.
    if worstJump > 1e-9 { problems.append("a retarget moved the value by \(worstJump)") }
    if deepest > AnimationComposition.maximumOffsets {
      problems.append("\(deepest) animations drove the property at once")
    }
    if completions != count { problems.append("\(completions) completions for \(count) runs") }
    if node.center != target || node.targetValue(of: \.center) != target {
      problems.append("settled at \(node.center), not on the last target \(target)")
    }
    return Result(
      name: "additive retargets",
      figures:
        "\(count) retargets a frame apart (additive and replace, timed and springs); largest "
        + "change of the value at a retarget \(worstJump); at most \(deepest) live offsets; "
        + "\(completions) completions; settled exactly on the last target: \(node.center == target)",
      problems: problems)
  }
}
