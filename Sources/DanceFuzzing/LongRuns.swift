import Dance

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
}
