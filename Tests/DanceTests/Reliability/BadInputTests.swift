import Dance
import TestSupport
import Testing

/// Every public entry point that takes a number, called with NaN, ±∞, negative, zero, tiny
/// and huge values: each call either works or reports a `DanceError`, and afterwards every
/// node is finite and every animator is in a legal state — also after the clock moves on.
@Suite struct BadInputTests {
  static let values: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-300, 1e300]

  /// What each case works on: a scene with a node, a property animator, an Advance animator
  /// and a spring.
  final class Fixture {
    let scene = Scene()
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let animator: PropertyAnimator
    let value: Animator<SIMD2<Double>>
    let spring: Spring<Double>

    init() {
      scene.root.addChild(node)
      let node = node
      animator = PropertyAnimator(duration: 1, curve: .easeIn) { node.alpha = 0 }
      value = Animator(initialValue: SIMD2(1, 2), clock: scene.clock)
      spring = Spring(initialValue: 0, clock: scene.clock)
    }

    var isSound: Bool {
      let lanes =
        [node.center.x, node.center.y, node.alpha] + (0..<4).map { node.bounds.vector[$0] }
        + (0..<8).map { node.transform.vector[$0] }
        + (0..<4).map { node.backgroundColor.vector[$0] }
        + [value.value.x, value.value.y, value.velocity.x, spring.value, spring.velocity]
      let legal =
        (!animator.isRunning || animator.state == .active)
        && (0...1).contains(animator.fractionComplete)
        && (0...1).contains(node.dance.hasAnimation ? node.dance.progress : 0)
      return lanes.allSatisfy(\.isFinite) && legal && animator.duration.isFinite
    }
  }

  typealias Case = (name: String, call: @Sendable (Fixture, Double) -> Void)

  static let cases: [Case] = [
    ("AnimationClock.advance(by:)", { f, x in f.scene.clock.advance(by: x) }),
    ("AnimationClock.advance(to:)", { f, x in f.scene.clock.advance(to: x) }),
    (
      "TimingFunction(x1:…)",
      { _, x in _ = TimingFunction(x1: x, y1: 0, x2: 1, y2: 1).value(at: 0.5) }
    ),
    (
      "TimingFunction(…y2:)",
      { _, x in _ = TimingFunction(x1: 0, y1: 0, x2: 1, y2: x).value(at: 0.5) }
    ),
    ("TimingFunction.value(at:)", { f, x in f.node.alpha = TimingFunction.easeIn.value(at: x) }),
    ("TimingFunction.slope(at:)", { f, x in f.node.alpha = TimingFunction.easeOut.slope(at: x) }),
    (
      "SpringFunction(tension:)",
      { f, x in f.value.simulate(using: SpringFunction(target: SIMD2(0, 0), tension: x)) }
    ),
    (
      "SpringFunction(damping:)",
      { f, x in f.value.simulate(using: SpringFunction(target: SIMD2(0, 0), damping: x)) }
    ),
    (
      "SpringFunction(threshold:)",
      { f, x in f.value.simulate(using: SpringFunction(target: SIMD2(0, 0), threshold: x)) }
    ),
    (
      "SpringFunction(target:)",
      { f, x in f.value.simulate(using: SpringFunction(target: SIMD2(x, 0))) }
    ),
    (
      "DecayFunction(drag:)",
      { f, x in f.value.simulate(using: DecayFunction(drag: x), initialVelocity: SIMD2(5, 5)) }
    ),
    (
      "DecayFunction(threshold:)",
      { f, x in f.value.simulate(using: DecayFunction(threshold: x), initialVelocity: SIMD2(5, 5)) }
    ),
    (
      "simulate(initialVelocity:)",
      { f, x in f.value.simulate(using: DecayFunction(), initialVelocity: SIMD2(x, 1)) }
    ),
    (
      "SpringParameters(mass:)",
      { f, x in
        f.value.simulate(
          using: SpringFunction(
            target: .zero, parameters: SpringParameters(mass: x, stiffness: 100, damping: 10)))
      }
    ),
    (
      "SpringParameters(stiffness:)",
      { f, x in
        f.value.simulate(
          using: SpringFunction(
            target: .zero, parameters: SpringParameters(stiffness: x, damping: 10)))
      }
    ),
    (
      "SpringParameters(dampingRatio:)",
      { f, x in
        f.value.simulate(
          using: SpringFunction(
            target: .zero, parameters: SpringParameters(dampingRatio: x, response: 1)))
      }
    ),
    (
      "SpringParameters(response:)",
      { f, x in
        f.value.simulate(
          using: SpringFunction(
            target: .zero, parameters: SpringParameters(dampingRatio: 1, response: x)))
      }
    ),
    (
      "SpringParameters(duration:bounce:)",
      { f, x in
        f.value.simulate(
          using: SpringFunction(target: .zero, parameters: SpringParameters(duration: 1, bounce: x))
        )
      }
    ),
    (
      "SpringParameters.settlingDuration",
      { f, x in _ = SpringParameters(dampingRatio: x, response: x).settlingDuration }
    ),
    (
      "Animator(initialValue:)",
      { f, x in f.value.value = Animator(initialValue: SIMD2(x, x), clock: f.scene.clock).value }
    ),
    ("Animator.value", { f, x in f.value.value = SIMD2(x, 0) }),
    ("Animator.animate(to:)", { f, x in f.value.animate(to: SIMD2(x, 0), duration: 1) }),
    ("Animator.animate(duration:)", { f, x in f.value.animate(to: SIMD2(3, 3), duration: x) }),
    ("Spring.target", { f, x in f.spring.target = x }),
    ("Spring.value", { f, x in f.spring.value = x }),
    ("Spring.velocity", { f, x in f.spring.velocity = x }),
    (
      "Spring.tension",
      { f, x in
        f.spring.target = 5
        f.spring.tension = x
      }
    ),
    (
      "Spring.damping",
      { f, x in
        f.spring.target = 5
        f.spring.damping = x
      }
    ),
    (
      "Spring.threshold",
      { f, x in
        f.spring.target = 5
        f.spring.threshold = x
      }
    ),
    ("Spring.reset(to:)", { f, x in f.spring.reset(to: x) }),
    (
      "Node(frame:)",
      { f, x in f.scene.root.addChild(Node(frame: Rect(x: x, y: 0, width: x, height: 1))) }
    ),
    ("Node.center", { f, x in f.node.center = Point(x: x, y: 1) }),
    ("Node.bounds", { f, x in f.node.bounds = Rect(x: 0, y: 0, width: x, height: 1) }),
    ("Node.frame", { f, x in f.node.frame = Rect(x: x, y: 0, width: 1, height: 1) }),
    ("Node.alpha", { f, x in f.node.alpha = x }),
    ("Node.transform", { f, x in f.node.transform = Transform(rotationAngle: x) }),
    ("Node.backgroundColor", { f, x in f.node.backgroundColor = Color(red: x, green: 0, blue: 0) }),
    (
      "PropertyAnimator(duration:)",
      { f, x in
        PropertyAnimator(duration: x, curve: .linear) { f.node.alpha = 0.5 }.startAnimation()
      }
    ),
    (
      "PropertyAnimator(dampingRatio:)",
      { f, x in
        PropertyAnimator(duration: 1, dampingRatio: x) { f.node.alpha = 0.5 }.startAnimation()
      }
    ),
    (
      "PropertyAnimator(controlPoint1:)",
      { f, x in
        PropertyAnimator(
          duration: 1, controlPoint1: Point(x: x, y: x), controlPoint2: Point(x: 1, y: 1)
        ) { f.node.alpha = 0.5 }.startAnimation()
      }
    ),
    (
      "SpringTimingParameters(dampingRatio:initialVelocity:)",
      { f, x in
        PropertyAnimator(
          duration: 1,
          timingParameters: SpringTimingParameters(
            dampingRatio: 0.5, initialVelocity: Vector(dx: x, dy: x))
        ).startAnimation()
      }
    ),
    (
      "SpringTimingParameters(mass:stiffness:damping:)",
      { f, x in
        let a = PropertyAnimator(
          duration: 1, timingParameters: SpringTimingParameters(mass: x, stiffness: x, damping: x))
        a.addAnimations { f.node.center = .zero }
        a.startAnimation()
      }
    ),
    (
      "SpringTimingParameters(duration:bounce:)",
      { f, x in
        let a = PropertyAnimator(
          duration: 1, timingParameters: SpringTimingParameters(duration: x, bounce: x))
        a.addAnimations { f.node.center = .zero }
        a.startAnimation()
      }
    ),
    ("fractionComplete", { f, x in f.animator.fractionComplete = x }),
    ("startAnimation(afterDelay:)", { f, x in f.animator.startAnimation(afterDelay: x) }),
    (
      "pauseAnimation(afterDelay:)",
      { f, x in
        f.animator.startAnimation()
        f.animator.pauseAnimation(afterDelay: x)
      }
    ),
    (
      "addAnimations(delayFactor:)",
      { f, x in
        f.animator.addAnimations({ f.node.center = .zero }, delayFactor: x)
        f.animator.startAnimation()
      }
    ),
    (
      "continueAnimation(durationFactor:)",
      { f, x in
        f.animator.pauseAnimation()
        f.animator.continueAnimation(withTimingParameters: nil, durationFactor: x)
      }
    ),
    (
      "node.dance.animate(duration:curve:)",
      { f, x in f.node.dance.animate(duration: x, curve: .easeOut) { $0.alpha = 0.2 }.start() }
    ),
    (
      "node.dance.animate(dampingRatio:)",
      { f, x in f.node.dance.animate(duration: 1, dampingRatio: x) { $0.alpha = 0.2 }.start() }
    ),
    (
      "node.dance.start(after:)",
      { f, x in f.node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.2 }.start(after: x)
      }
    ),
    (
      "node.dance.pause(after:)",
      { f, x in
        f.node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.2 }.start().pause(after: x)
      }
    ),
    (
      "node.dance.setProgress(to:)",
      { f, x in
        f.node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.2 }.setProgress(to: x)
      }
    ),
    (
      "Node.animate(withDuration:)",
      { f, x in Node.animate(withDuration: x, animations: { f.node.alpha = 0.3 }) }
    ),
    (
      "Node.animate(delay:)",
      { f, x in
        Node.animate(
          withDuration: 1, delay: x, options: .repeat, animations: { f.node.alpha = 0.3 },
          completion: nil)
      }
    ),
    (
      "Node.animate(usingSpringWithDamping:)",
      { f, x in
        Node.animate(
          withDuration: 1, delay: 0, usingSpringWithDamping: x, initialSpringVelocity: 0,
          options: [], animations: { f.node.alpha = 0.3 }, completion: nil)
      }
    ),
    (
      "Node.animate(initialSpringVelocity:)",
      { f, x in
        Node.animate(
          withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: x,
          options: .autoreverse, animations: { f.node.alpha = 0.3 }, completion: nil)
      }
    ),
    (
      "Node.animateKeyframes(withDuration:)",
      { f, x in
        Node.animateKeyframes(
          withDuration: x, delay: 0, options: [.repeat, .calculationModePaced],
          animations: { f.node.center = Point(x: 5, y: 5) }, completion: nil)
      }
    ),
    (
      "Node.addKeyframe(withRelativeStartTime:)",
      { f, x in
        Node.animateKeyframes(
          withDuration: 1, delay: 0, options: .calculationModeCubicPaced,
          animations: {
            Node.addKeyframe(withRelativeStartTime: x, relativeDuration: 0.5) {
              f.node.center = Point(x: 5, y: 5)
            }
          }, completion: nil)
      }
    ),
    (
      "Node.addKeyframe(relativeDuration:)",
      { f, x in
        Node.animateKeyframes(
          withDuration: 1, delay: 0, options: .calculationModeDiscrete,
          animations: {
            Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: x) {
              f.node.center = Point(x: 5, y: 5)
            }
          }, completion: nil)
      }
    ),
    (
      "RealTimeDriver(framesPerSecond:)",
      { f, x in
        RealTimeDriver(clock: f.scene.clock, framesPerSecond: x).run(maximumFrames: 1) { _ in true }
      }
    ),
  ]

  @Test("Every numeric entry point survives NaN, ±∞, negative, zero, tiny and huge values")
  func table() {
    var tried = 0
    var failures: [String] = []
    let log = ErrorLog()
    log.capture {
      for (name, call) in Self.cases {
        for value in Self.values {
          let fixture = Fixture()
          call(fixture, value)
          for step in [0, 0.3, 1e-9, 5, 1e9] {
            fixture.scene.clock.advance(by: step)
            if !fixture.isSound { failures.append("\(name)(\(value)) after +\(step) s") }
          }
          tried += 1
        }
      }
    }
    #expect(tried == Self.cases.count * Self.values.count)
    #expect(
      failures.isEmpty, "\(Set(failures.map { $0.components(separatedBy: " after")[0] }).sorted())")
    #expect(log.errors.count > tried / 2)
  }
}
