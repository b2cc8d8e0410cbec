import Dance
import Foundation
import SceneSupport
import TestSupport
import Testing

@Suite struct PropertyAnimatorTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  static let timings: [any TimingCurveProvider & Sendable] = [
    CubicTimingParameters(animationCurve: .easeInOut),
    CubicTimingParameters(
      controlPoint1: Point(x: 0.7, y: -0.4), controlPoint2: Point(x: 0.3, y: 1.5)),
    SpringTimingParameters(dampingRatio: 0.4, initialVelocity: Vector(dx: 3, dy: -1)),
    SpringTimingParameters(mass: 1, stiffness: 300, damping: 20),
  ]

  @Test("Scrubbing to f shows exactly what playback shows at f", arguments: 0..<4)
  func scrubEqualsPlayback(timingIndex: Int) {
    let timing = Self.timings[timingIndex]
    func make() -> (PropertyAnimator, Node, Scene) {
      let fresh = SceneFixture(frame: .zero)
      let (scene, node) = (fresh.scene, fresh.node)
      let animator = PropertyAnimator(duration: 2, timingParameters: timing)
      animator.addAnimations { node.center = Point(x: 100, y: -50) }
      animator.addAnimations({ node.alpha = 0 }, delayFactor: 0.4)
      return (animator, node, scene)
    }
    let (player, played, playScene) = make()
    let (scrubber, scrubbed, scrubScene) = make()
    player.startAnimation()
    scrubber.pauseAnimation()
    let clock = playScene.clock
    #expect(scrubScene !== playScene)
    for step in 1..<20 {
      let time = Double(step) * player.duration / 20
      clock.advance(to: time)
      let f = player.fractionComplete
      #expect(abs(f - time / player.duration) < 1e-12)
      scrubber.fractionComplete = f
      #expect(scrubbed.center == played.center, "f \(f)")
      #expect(scrubbed.alpha == played.alpha, "f \(f)")
    }
  }

  @Test("Spring progress is the closed-form unit step response", arguments: [0.2, 0.7, 1.0, 1.6])
  func springProgress(dampingRatio: Double) {
    let parameters = SpringParameters(dampingRatio: dampingRatio, response: 0.4)
    let animator = PropertyAnimator(
      duration: 1,
      timingParameters: SpringTimingParameters(
        mass: 1, stiffness: parameters.stiffness, damping: parameters.damping))
    #expect(abs(animator.duration - parameters.settlingDuration) < 1e-12)
    animator.addAnimations { self.node.alpha = 0 }
    animator.startAnimation()
    let omega = (parameters.stiffness).squareRoot()
    let zeta = dampingRatio
    // The textbook unit step response from rest, written out for each regime.
    func step(_ t: Double) -> Double {
      if zeta < 1 {
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
      }
      if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
      let s = omega * (zeta * zeta - 1).squareRoot()
      let (r1, r2) = (-zeta * omega + s, -zeta * omega - s)
      return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
    for time in stride(from: 0.02, to: animator.duration, by: 0.05) {
      scene.clock.advance(to: time)
      #expect(abs((1 - node.alpha) - step(time)) < 1e-9, "t \(time)")
    }
  }

  @Test("A damping-ratio spring settles within its duration", arguments: [0.3, 0.6, 1.0, 2.0])
  func springSettlesInDuration(dampingRatio: Double) {
    let animator = PropertyAnimator(duration: 0.75, dampingRatio: dampingRatio) {
      self.node.alpha = 0
    }
    animator.startAnimation()
    // Settled: within 0.1 % of the distance from the settling time on.
    scene.clock.advance(to: 0.75 - 1e-9)
    #expect(abs(node.alpha) <= 0.001 + 1e-9)
    scene.clock.advance(to: 0.75)
    #expect(node.alpha == 0)
  }

  @Test("initialVelocity is in whole distances per second")
  func initialVelocity() {
    let animator = PropertyAnimator(
      duration: 1,
      timingParameters: SpringTimingParameters(
        dampingRatio: 1, initialVelocity: Vector(dx: 4, dy: 0)))
    animator.addAnimations { self.node.center = Point(x: 105, y: 5) }
    animator.startAnimation()
    let h = 1e-7
    scene.clock.advance(by: h)
    // 4 distances per second over a distance of 100: 400 units per second at the start.
    #expect(abs((node.center.x - 5) / h - 400) < 0.01)
  }

  @Test("A reversed animator that returns to the start finishes with .start")
  func reversedFinishesAtStart() {
    var positions: [AnimatingPosition] = []
    let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    scene.clock.advance(by: 0.4)
    animator.isReversed = true
    scene.clock.advance(by: 0.3)
    #expect(abs(node.alpha - 0.9) < 1e-12)
    scene.clock.advance(by: 0.1)
    #expect(positions == [.start])
    #expect(node.alpha == 1)
    #expect(animator.fractionComplete == 0 && animator.state == .inactive)
  }

  @Test("Reversed before starting, the animator plays from the end values back")
  func reversedBeforeStart() {
    var positions: [AnimatingPosition] = []
    let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
    animator.addCompletion { positions.append($0) }
    animator.isReversed = true
    animator.startAnimation()
    #expect(node.alpha == 0 && animator.fractionComplete == 1)
    scene.clock.advance(by: 0.25)
    #expect(node.alpha == 0.25)
    scene.clock.advance(by: 1)
    #expect(positions == [.start] && node.alpha == 1)
  }

  @Test("Completions run once, in order, after the final values, and may restart the animator")
  func completions() {
    let animator = PropertyAnimator(duration: 1, curve: .easeIn) { self.node.alpha = 0 }
    var log: [String] = []
    animator.addCompletion { position in
      log.append("first \(position) alpha \(self.node.alpha)")
      // Re-entrant: start a new run of the same animator from its own completion.
      animator.addAnimations { self.node.alpha = 1 }
      animator.startAnimation()
    }
    animator.addCompletion { _ in log.append("second") }
    animator.startAnimation()
    scene.clock.advance(by: 1)
    #expect(log == ["first end alpha 0.0", "second"])
    #expect(animator.isRunning)
    scene.clock.advance(by: 1)
    #expect(node.alpha == 1)
    #expect(log.count == 2)
  }

  @Test("addAnimations(_:delayFactor:) starts a block late and ends it with the animator")
  func delayFactor() {
    let animator = PropertyAnimator(duration: 2, curve: .linear)
    animator.addAnimations({ self.node.alpha = 0 }, delayFactor: 0.5)
    animator.addAnimations { self.node.center = Point(x: 105, y: 5) }
    animator.startAnimation()
    scene.clock.advance(by: 0.8)
    #expect(node.alpha == 1 && node.center.x == 45)
    scene.clock.advance(by: 0.7)
    #expect(node.alpha == 0.5)
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0)
  }

  @Test("Animations added to a running animator run for the rest of its path")
  func addWhileRunning() {
    let animator = PropertyAnimator(duration: 2, curve: .linear) {
      self.node.center = Point(x: 105, y: 5)
    }
    animator.startAnimation()
    scene.clock.advance(by: 1)
    animator.addAnimations { self.node.alpha = 0 }
    #expect(node.alpha == 1)
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0.5)
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0 && animator.state == .inactive)
  }

  @Test("continueAnimation with a spring keeps each property's velocity")
  func continueWithSpring() {
    let animator = PropertyAnimator(duration: 1, curve: .easeIn) {
      self.node.center = Point(x: 105, y: 55)
    }
    animator.startAnimation()
    scene.clock.advance(by: 0.5)
    // easeIn is CSS's Bézier (0.42, 0, 1, 1): at x = 0.5 its parameter is s ≈ 0.3742534 and
    // its slope y′(s) / x′(s) ≈ 1.0739788, over a 100-point move in 1 s.
    let before = node.velocity(of: \.center)
    #expect(before.x.isApproximatelyEqual(to: 107.39787798, absoluteTolerance: 1e-6))
    #expect(before.y.isApproximatelyEqual(to: before.x / 2, relativeTolerance: 1e-12))
    animator.continueAnimation(
      withTimingParameters: SpringTimingParameters(dampingRatio: 0.8), durationFactor: 0.5)
    let after = node.velocity(of: \.center)
    #expect(
      after.x.isApproximatelyEqual(to: before.x, relativeTolerance: 1e-9), "\(after) \(before)")
    #expect(after.y.isApproximatelyEqual(to: before.y, relativeTolerance: 1e-9))
    // The rest of the path takes the remaining half of the duration × 0.5: the next event.
    var positions: [AnimatingPosition] = []
    animator.addCompletion { positions.append($0) }
    let end = scene.clock.advanceToNextEvent()
    #expect(end?.isApproximatelyEqual(to: 0.5 + 0.5 * 0.5, absoluteTolerance: 1e-12) == true)
    #expect(positions == [.end] && node.center == Point(x: 105, y: 55))
  }

  @Test("pausesOnCompletion holds at the end, active, and can run back")
  func pausesOnCompletion() {
    var positions: [AnimatingPosition] = []
    let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
    animator.pausesOnCompletion = true
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    scene.clock.advance(by: 2)
    #expect(animator.state == .active && !animator.isRunning && node.alpha == 0)
    #expect(positions.isEmpty)
    animator.isReversed = true
    animator.startAnimation()
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0.5)
    // Even reversed to the start it holds, until someone finishes it.
    scene.clock.advance(by: 1)
    #expect(animator.state == .active && node.alpha == 1 && positions.isEmpty)
    animator.stopAnimation(false)
    animator.finishAnimation(at: .current)
    #expect(positions == [.current])
  }

  @Test("A non-interruptible animator refuses to pause, stop or scrub")
  func nonInterruptible() {
    let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
    animator.isInterruptible = false
    animator.startAnimation()
    let (_, errors) = collectingErrors {
      animator.pauseAnimation()
      animator.stopAnimation(true)
      animator.fractionComplete = 0.5
      animator.isInterruptible = true
    }
    #expect(errors.count == 4)
    #expect(animator.isRunning && !animator.isInterruptible)
    scene.clock.advance(by: 1)
    #expect(node.alpha == 0)
  }

  @Test("Releasing an animator is safe in every state")
  func release() {
    var positions: [AnimatingPosition] = []
    // Inactive: nothing happens.
    do {
      let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
      animator.addCompletion { positions.append($0) }
    }
    #expect(positions.isEmpty && node.alpha == 1)
    // Running: the scene keeps it alive and it finishes.
    weak var running: PropertyAnimator?
    do {
      let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 0 }
      animator.addCompletion { positions.append($0) }
      animator.startAnimation()
      running = animator
    }
    scene.clock.advance(by: 0.5)
    #expect(running != nil && node.alpha == 0.5)
    scene.clock.advance(by: 0.5)
    #expect(running == nil && positions == [.end])
    // Stopped: released, its run ends where it stands.
    do {
      let animator = PropertyAnimator(duration: 1, curve: .linear) { self.node.alpha = 1 }
      animator.addCompletion { positions.append($0) }
      animator.startAnimation()
      scene.clock.advance(by: 0.25)
      animator.stopAnimation(false)
    }
    #expect(positions == [.end, .current])
    #expect(node.alpha == 0.25)
    node.alpha = 0.5  // the property is free again
    scene.clock.advance(by: 1)
    #expect(node.alpha == 0.5)
  }

  @Test("Bad numbers are refused or clamped with a DanceError")
  func badInput() {
    let (animator, errors) = collectingErrors {
      PropertyAnimator(duration: .nan, curve: .linear) { self.node.alpha = 0 }
    }
    #expect(errors.count == 1 && animator.duration == 0)
    let (_, more) = collectingErrors {
      animator.startAnimation(afterDelay: .infinity)
      animator.fractionComplete = .nan
      animator.fractionComplete = 3
      animator.addAnimations({}, delayFactor: -1)
      animator.continueAnimation(withTimingParameters: nil, durationFactor: .nan)
    }
    #expect(more.count == 5)
    #expect(animator.fractionComplete == 1)
    #expect(node.alpha == 0)
  }

  @Test("A zero-duration animator applies its values at once and completes on the next advance")
  func zeroDuration() {
    var positions: [AnimatingPosition] = []
    let animator = PropertyAnimator(duration: 0, curve: .easeIn) { self.node.alpha = 0.3 }
    animator.addCompletion { positions.append($0) }
    animator.startAnimation()
    #expect(node.alpha == 0.3)
    #expect(positions.isEmpty)
    scene.clock.advance(by: 0)
    #expect(positions == [.end])
  }
}
