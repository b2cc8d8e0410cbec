import Dance
import TestSupport
import Testing

/// Thousands of seeded random call sequences over several nodes, checking after every call
/// that nothing trapped, every value is finite, states are consistent, and every completion
/// runs at most once — and, once everything is released, exactly once for every run that
/// began, and no node outlives its references. `runSequence(seed:operations:trace: true)`
/// replays one seed with a log of its calls.
@Suite struct RandomSequenceTests {
  final class Completion {
    var calls = 0
    var runBegan = false
  }

  struct Tracked {
    var animator: PropertyAnimator
    var completions: [Completion] = []
  }

  static func finite(_ node: Node) -> Bool {
    let lanes =
      [node.center.x, node.center.y, node.alpha]
      + (0..<4).map { node.bounds.vector[$0] } + (0..<4).map { node.backgroundColor.vector[$0] }
      + (0..<8).map { node.transform.vector[$0] }
    return lanes.allSatisfy(\.isFinite)
  }

  // swift-format-ignore: FunctionBodyLength
  static func runSequence(seed: UInt64, operations: Int, trace: Bool = false) -> [String] {
    var generator = SplitMix64(seed: seed)
    var problems: [String] = []
    var completions: [Completion] = []
    var weakNodes: [() -> Node?] = []
    weak var weakScene: Scene?
    do {
      let scene = Scene()
      let nodes = (0..<4).map { Node(frame: Rect(x: Double($0) * 10, y: 0, width: 10, height: 10)) }
      scene.root.addChild(nodes[0])
      scene.root.addChild(nodes[1])
      nodes[1].addChild(nodes[2])
      var animators: [Tracked] = []
      var danceCompletions: [(Node, Completion)] = []
      weakScene = scene
      for node in nodes { weakNodes.append { [weak node] in node } }
      let numbers: [Double] = [0, 0.25, 0.5, 1, 2, -1, .nan, .infinity, 1e9, 1e-9]

      func number() -> Double { numbers.randomElement(using: &generator)! }
      func node() -> Node { nodes.randomElement(using: &generator)! }
      func assignments() -> () -> Void {
        let targets = (0..<Int.random(in: 1...3, using: &generator)).map { _ in node() }
        let value = Double.random(in: -100...100, using: &generator)
        let kind = Int.random(in: 0..<5, using: &generator)
        return {
          for target in targets {
            switch kind {
            case 0: target.center = Point(x: value, y: -value)
            case 1: target.alpha = value / 100
            case 2: target.transform = Transform(rotationAngle: value / 10)
            case 3: target.backgroundColor = Color(red: value / 100, green: 0.5, blue: 1)
            default: target.frame = Rect(x: value, y: value, width: 20, height: 5)
            }
          }
        }
      }
      func timing() -> any TimingCurveProvider {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          CubicTimingParameters(
            animationCurve: AnimationCurve.allCases.randomElement(using: &generator)!)
        case 1:
          SpringTimingParameters(
            dampingRatio: number(), initialVelocity: Vector(dx: number(), dy: 1))
        case 2: SpringTimingParameters(mass: 1, stiffness: 100, damping: number())
        default:
          CubicTimingParameters(
            controlPoint1: Point(x: number(), y: 2), controlPoint2: Point(x: 0.5, y: number()))
        }
      }

      for _ in 0..<operations {
        let choice = Int.random(in: 0..<24, using: &generator)
        if trace {
          print(
            "op", choice, "animators", animators.map { "\($0.animator.state)" }, "dance",
            nodes.map { "\($0.dance.state) \($0.dance.hasAnimation) \($0.scene != nil)" })
        }
        let index = animators.isEmpty ? nil : Int.random(in: 0..<animators.count, using: &generator)
        let animator = index.map { animators[$0].animator }
        switch choice {
        case 0:
          let new = PropertyAnimator(duration: number(), timingParameters: timing())
          new.addAnimations(assignments())
          new.pausesOnCompletion = Bool.random(using: &generator) && Bool.random(using: &generator)
          new.scrubsLinearly = Bool.random(using: &generator)
          if Int.random(in: 0..<8, using: &generator) == 0 { new.isInterruptible = false }
          animators.append(Tracked(animator: new))
        case 1: animator?.startAnimation()
        case 2: animator?.startAnimation(afterDelay: number())
        case 3: animator?.pauseAnimation()
        case 4: animator?.stopAnimation(Bool.random(using: &generator))
        case 5:
          animator?.finishAnimation(at: [.end, .start, .current].randomElement(using: &generator)!)
        case 6:
          animator?.continueAnimation(
            withTimingParameters: Bool.random(using: &generator) ? nil : timing(),
            durationFactor: number())
        case 7: animator?.fractionComplete = number()
        case 8: animator?.isReversed.toggle()
        case 9: animator?.addAnimations(assignments(), delayFactor: number())
        case 10:
          if let index {
            let completion = Completion()
            completions.append(completion)
            animators[index].completions.append(completion)
            animators[index].animator.addCompletion { _ in completion.calls += 1 }
          }
        case 11: if let index { animators.remove(at: index) }
        case 12:
          let target = node()
          let completion = Completion()
          switch Int.random(in: 0..<4, using: &generator) {
          case 0: target.dance.animate(duration: number(), curve: .easeInOut) { $0.alpha = 0.5 }
          case 1:
            target.dance.animate(duration: number(), dampingRatio: number()) { $0.center = .zero }
          case 2: target.dance.animate(duration: number(), timingParameters: timing()) { _ in }
          default:
            target.dance.animate(
              duration: number(), controlPoint1: Point(x: 0.3, y: 0),
              controlPoint2: Point(x: 0.7, y: 1)
            ) { $0.transform = Transform(scaleX: 2, y: 0.5) }
          }
          target.dance.addCompletion { _ in completion.calls += 1 }
          completions.append(completion)
          danceCompletions.append((target, completion))
        case 13: node().dance.start()
        case 14: node().dance.start(after: number())
        case 15: node().dance.pause()
        case 16: node().dance.pause(after: number())
        case 17: node().dance.reverse()
        case 18: node().dance.setProgress(to: number())
        case 19:
          node().dance.finish(at: [.end, .start, .current].randomElement(using: &generator)!)
        case 20: assignments()()
        case 21:
          let moving = node()
          if Bool.random(using: &generator) {
            moving.removeFromParent()
          } else {
            node().addChild(moving)
          }
        default:
          scene.clock.advance(
            by: [0, 1.0 / 60, 0.1, 0.5, 3, 1e9, -1, .nan].randomElement(using: &generator)!)
        }

        for tracked in animators {
          let animator = tracked.animator
          if animator.isRunning && animator.state != .active {
            problems.append("seed \(seed): isRunning but \(animator.state)")
          }
          if !(0...1).contains(animator.fractionComplete) {
            problems.append("seed \(seed): fractionComplete \(animator.fractionComplete)")
          }
          if animator.state != .inactive {
            for completion in tracked.completions where completion.calls == 0 {
              completion.runBegan = true
            }
          }
        }
        for (target, completion) in danceCompletions
        where target.dance.state == .active && completion.calls == 0 {
          completion.runBegan = true
        }
        for target in nodes {
          if !finite(target) { problems.append("seed \(seed): a node has a non-finite value") }
          let dance = target.dance
          if dance.isRunning && dance.state != .active {
            problems.append("seed \(seed): dance running but inactive")
          }
          if dance.hasAnimation && !(0...1).contains(dance.progress) {
            problems.append("seed \(seed): dance progress \(dance.progress)")
          }
        }
        if let excess = completions.first(where: { $0.calls > 1 }) {
          problems.append("seed \(seed): a completion ran \(excess.calls) times")
        }
      }
    }
    if weakScene != nil || weakNodes.contains(where: { $0() != nil }) {
      problems.append("seed \(seed): a node or the scene outlived every reference to it")
    }
    // Everything is released now: every run that began has ended, exactly once.
    for completion in completions where completion.runBegan && completion.calls != 1 {
      problems.append(
        "seed \(seed): a completion of a run that began ran \(completion.calls) times")
    }
    return problems
  }

  @Test("Random call sequences keep every invariant", arguments: 0..<8)
  func randomSequences(batch: Int) {
    let log = ErrorLog()
    var problems: [String] = []
    log.capture {
      for seed in 0..<250 {
        problems += Self.runSequence(seed: UInt64(batch * 250 + seed), operations: 40)
      }
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(3))")
    #expect(!log.errors.isEmpty)  // the sequences do exercise the error paths
  }
}
