import Foundation
import SceneSupport
import TestSupport
import Testing

@testable import Dance

/// `Node.move(along:rotation:)`: the centre at constant speed along a path on the block's
/// timing, and `.auto` turning the node to the path's direction.
///
/// Checked against figures we did not compute with the engine: the L-shaped path (0, 0) →
/// (100, 0) → (100, 100) of length 200, whose points are known by hand; the quadratic
/// (0, 0), (50, 100), (100, 0), whose x is 100 u exactly and whose arc length has a closed
/// form; the textbook step response of a spring; and atan2 of the tangent.
@Suite struct PathMotionTests {
  static func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  /// Two lines meeting at a right angle: (0, 0) → (100, 0) → (100, 100).
  static var ell: Path {
    var path = Path()
    path.move(to: point(0, 0))
    path.addLine(to: point(100, 0))
    path.addLine(to: point(100, 100))
    return path
  }

  /// The arc length of the quadratic (0, 0), (50, 100), (100, 0) from 0 to `u`, in closed
  /// form: x = 100 u, y = 200 u (1 − u), so the speed is 100 √(1 + (2 − 4u)²).
  static func quadraticLength(upTo u: Double) -> Double {
    func primitive(_ w: Double) -> Double {
      // ∫ √(1 + w²) dw = (w √(1 + w²) + asinh w) / 2, with w = 2 − 4u, dw = −4 du.
      (w * (1 + w * w).squareRoot() + asinh(w)) / 2
    }
    return 100 * (primitive(2) - primitive(2 - 4 * u)) / 4
  }

  static var quadratic: Path {
    var path = Path()
    path.move(to: point(0, 0))
    path.addQuadCurve(to: point(100, 0), control: point(50, 100))
    return path
  }

  static func angle(of transform: Transform) -> Double { atan2(transform.b, transform.a) }

  @Test("On a linear curve the centre covers equal lengths in equal times, round the corner")
  func constantSpeedOnLines() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.dance.animate(duration: 2, curve: .linear) { $0.move(along: Self.ell) }.start()
    #expect(node.center == Self.point(0, 0))
    let expected: [(Double, Point)] = [
      (0.5, Self.point(50, 0)), (1, Self.point(100, 0)), (1.5, Self.point(100, 50)),
      (2, Self.point(100, 100)),
    ]
    var time = 0.0
    for (at, point) in expected {
      fixture.clock.advance(by: at - time)
      time = at
      #expect(node.center.x.isApproximatelyEqual(to: point.x, absoluteTolerance: 1e-12))
      #expect(node.center.y.isApproximatelyEqual(to: point.y, absoluteTolerance: 1e-12))
    }
    #expect(node.center == Self.point(100, 100) && node.dance.state == .inactive)
  }

  @Test("A curve is paced by arc length to 1e-9 of its length (the quadratic's closed form)")
  func arcLengthPacing() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.dance.animate(duration: 1, curve: .linear) { $0.move(along: Self.quadratic) }.start()
    let total = Self.quadraticLength(upTo: 1)
    #expect(Self.quadratic.length.isApproximatelyEqual(to: total, absoluteTolerance: 1e-9 * total))
    for step in 1..<10 {
      fixture.clock.advance(by: 0.1)
      let fraction = Double(step) / 10
      // x = 100 u on this quadratic: the parameter the centre is at.
      let u = node.center.x / 100
      #expect(abs(node.center.y - 200 * u * (1 - u)) < 1e-9)
      #expect(
        abs(Self.quadraticLength(upTo: u) - fraction * total) < 1e-9 * total, "at \(fraction)")
    }
  }

  @Test("On an ease-in-out curve the distance is the curve's progress (½ at half time)")
  func easedDistance() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.dance.animate(duration: 1, curve: .easeInOut) { $0.move(along: Self.quadratic) }
      .start()
    fixture.clock.advance(by: 0.5)
    // CSS ease-in-out (0.42, 0, 0.58, 1) is symmetric: 0.5 at 0.5. At the half length the
    // quadratic is at its top, (50, 50).
    #expect(node.center.x.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9))
    #expect(node.center.y.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9))
  }

  @Test("A spring's progress is its step response; its overshoot runs on along the end tangent")
  func springProgressAndOvershoot() {
    let fixture = SceneFixture()
    let node = fixture.node
    let parameters = SpringParameters(dampingRatio: 0.3, response: 0.5)
    let animator = PropertyAnimator(
      duration: 1,
      timingParameters: SpringTimingParameters(
        mass: 1, stiffness: parameters.stiffness, damping: parameters.damping))
    animator.addAnimations { node.move(along: Self.ell) }
    animator.startAnimation()
    let omega = parameters.stiffness.squareRoot()
    let zeta = 0.3
    let damped = omega * (1 - zeta * zeta).squareRoot()
    func step(_ t: Double) -> Double {
      1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }
    var sawOvershoot = false
    for time in stride(from: 0.05, to: 1.2, by: 0.05) {
      fixture.clock.advance(to: time)
      let distance = 200 * step(time)
      // Before the corner on the first line, after it on the second, beyond the end on
      // the second line's continuation (y > 100).
      let expected =
        distance <= 100 ? Self.point(distance, 0) : Self.point(100, distance - 100)
      if distance > 200 { sawOvershoot = true }
      #expect(abs(node.center.x - expected.x) < 1e-9 && abs(node.center.y - expected.y) < 1e-9)
    }
    #expect(sawOvershoot)
  }

  @Test(".auto turns the node to the tangent, smoothly round a corner; .autoReverse faces back")
  func rotation() {
    let fixture = SceneFixture(count: 2)
    let (node, back) = (fixture.nodes[0], fixture.nodes[1])
    back.transform = Transform(scaleX: 2, y: 2)
    node.dance.animate(duration: 2, curve: .linear) {
      $0.move(along: Self.quadratic, rotation: .auto)
    }
    .start()
    back.dance.animate(duration: 2, curve: .linear) {
      $0.move(along: Self.ell, rotation: .autoReverse)
    }
    .start()
    // The quadratic's tangent at the start is (50, 100) − (0, 0): atan2(100, 50).
    #expect(
      Self.angle(of: node.transform).isApproximatelyEqual(
        to: atan2(100, 50), absoluteTolerance: 1e-12))
    var previous = Self.angle(of: back.transform)
    var largestStep = 0.0
    for frame in 1...120 {
      fixture.clock.advance(by: 1.0 / 60)
      let time = Double(frame) / 60
      // The quadratic's direction where the centre is: its tangent at u = x / 100.
      let u = node.center.x / 100
      let tangent = atan2(200 * (1 - 2 * u), 100)
      #expect(abs((Self.angle(of: node.transform) - tangent).remainder(dividingBy: 2 * .pi)) < 1e-9)
      let angle = Self.angle(of: back.transform)
      largestStep = max(largestStep, abs((angle - previous).remainder(dividingBy: 2 * .pi)))
      previous = angle
      // The ell: facing back (π) on the first line until the corner's stretch (distance
      // 75…125, times 0.75…1.25 s), then back from straight down (π/2 + π) after it.
      if time < 0.74 {
        #expect(abs((angle - .pi).remainder(dividingBy: 2 * .pi)) < 1e-12, "at \(time)")
      } else if time > 1.26 {
        #expect(abs((angle - 1.5 * .pi).remainder(dividingBy: 2 * .pi)) < 1e-12, "at \(time)")
      }
      // The scale stays: the transform is the node's own, rotated.
      let scale = (back.transform.a * back.transform.a + back.transform.b * back.transform.b)
        .squareRoot()
      #expect(scale.isApproximatelyEqual(to: 2, absoluteTolerance: 1e-12))
    }
    // The quarter turn over the corner's 50 points (0.5 s, 30 frames) by a smoothstep: at
    // most 1.5 × the mean step of (π/2) / 30.
    #expect(largestStep <= 1.5 * (.pi / 2) / 30 + 1e-9 && largestStep > (.pi / 2) / 30)
    // Halfway round the corner the node faces half-turned.
    let twin = SceneFixture()
    let animator = PropertyAnimator(duration: 2, curve: .linear) {
      twin.node.move(along: Self.ell, rotation: .auto)
    }
    animator.fractionComplete = 0.5
    #expect(
      Self.angle(of: twin.node.transform).isApproximatelyEqual(
        to: .pi / 4, absoluteTolerance: 1e-12))
  }

  @Test("Round a circle the node faces along it, turning a whole turn smoothly; scale stays")
  func unwrappedAngle() {
    // Four quarter-circle cubics (control distance 0.5523 of the radius), counter-clockwise
    // from (100, 0) around the origin: the direction starts at π/2 and ends at 5π/2.
    let k = 0.5522847498 * 100
    var circle = Path()
    circle.move(to: Self.point(100, 0))
    circle.addCurve(
      to: Self.point(0, 100), control1: Self.point(100, k), control2: Self.point(k, 100))
    circle.addCurve(
      to: Self.point(-100, 0), control1: Self.point(-k, 100), control2: Self.point(-100, k))
    circle.addCurve(
      to: Self.point(0, -100), control1: Self.point(-100, -k), control2: Self.point(-k, -100))
    circle.addCurve(
      to: Self.point(100, 0), control1: Self.point(k, -100), control2: Self.point(100, -k))
    let fixture = SceneFixture()
    let node = fixture.node
    node.transform = Transform(scaleX: 2, y: 1).rotated(by: 0.3)
    let before = node.transform.vector
    node.dance.animate(duration: 1, curve: .linear) { $0.move(along: circle, rotation: .auto) }
      .start()
    var previous = node.transform.vector[2]
    #expect(previous.isApproximatelyEqual(to: .pi / 2, absoluteTolerance: 1e-9))
    var turned = 0.0
    for _ in 1...60 {
      fixture.clock.advance(by: 1.0 / 60)
      let angle = node.transform.vector[2]
      // A sixtieth of a turn a frame, give or take the curves' uneven turning (the angle
      // read back is in −π…π: the step is taken modulo 2π).
      let step = (angle - previous).remainder(dividingBy: 2 * .pi)
      #expect(step > 0 && step < 2 * .pi / 60 * 1.2)
      turned += step
      previous = angle
      // Facing along the (almost) circle: a quarter turn ahead of the centre's own angle;
      // the cubics stray from the circle by 0.03 %, their directions by about 0.0015.
      let facing = atan2(node.center.y, node.center.x) + .pi / 2
      #expect(abs((angle - facing).remainder(dividingBy: 2 * .pi)) < 2e-3)
      // The node's own scale and shear are kept.
      #expect(abs(node.transform.vector[3] - before[3]) < 1e-12)
      #expect(abs(node.transform.vector[4] - before[4]) < 1e-12)
      #expect(abs(node.transform.vector[5] - before[5]) < 1e-12)
    }
    #expect(turned.isApproximatelyEqual(to: 2 * .pi, absoluteTolerance: 1e-9))
  }

  @Test("Scrubbing shows what playback shows; reversing returns along the path to its start")
  func scrubAndReverse() {
    let played = SceneFixture()
    let scrubbed = SceneFixture()
    let curve = CubicTimingParameters(
      controlPoint1: Point(x: 0.3, y: 0.1), controlPoint2: Point(x: 0.2, y: 1))
    let playing = PropertyAnimator(duration: 1, timingParameters: curve)
    playing.addAnimations { played.node.move(along: Self.quadratic, rotation: .auto) }
    playing.startAnimation()
    let animator = PropertyAnimator(duration: 1, timingParameters: curve)
    animator.addAnimations { scrubbed.node.move(along: Self.quadratic, rotation: .auto) }
    for fraction in [0.25, 0.5, 0.8] {
      played.clock.advance(to: fraction)
      animator.fractionComplete = fraction
      #expect(scrubbed.node.center == played.node.center, "at \(fraction)")
      #expect(scrubbed.node.transform == played.node.transform, "at \(fraction)")
    }
    // Reversed from 0.8 it retraces the path: at 0.25 again after 0.55 s, then the start.
    animator.isReversed = true
    animator.startAnimation()
    let clock = scrubbed.clock
    clock.advance(by: 0.55)
    let twin = SceneFixture()
    let at = PropertyAnimator(duration: 1, timingParameters: curve)
    at.addAnimations { twin.node.move(along: Self.quadratic) }
    at.fractionComplete = 0.25
    #expect(abs(scrubbed.node.center.x - twin.node.center.x) < 1e-9)
    #expect(abs(scrubbed.node.center.y - twin.node.center.y) < 1e-9)
    clock.advance(by: 1)
    #expect(scrubbed.node.center == Self.point(0, 0))
  }

  @Test("Continued with a spring, the rest of the path springs on from where it was")
  func continueWithSpring() {
    let fixture = SceneFixture()
    let node = fixture.node
    let animator = PropertyAnimator(duration: 2, curve: .linear) { node.move(along: Self.ell) }
    animator.startAnimation()
    fixture.clock.advance(by: 0.5)
    animator.pauseAnimation()
    #expect(node.center.x.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-12))
    animator.continueAnimation(
      withTimingParameters: SpringTimingParameters(dampingRatio: 1), durationFactor: 1)
    // No jump at the release, and it reaches the path's end.
    fixture.clock.advance(by: 1e-6)
    #expect(abs(node.center.x - 50) < 1e-3 && node.center.y == 0)
    fixture.clock.advance(by: 3)
    #expect(node.center == Self.point(100, 100) && animator.state == .inactive)
  }

  @Test("The velocity is the tangent times the path's speed")
  func velocity() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.dance.animate(duration: 2, curve: .linear) { $0.move(along: Self.ell) }.start()
    fixture.clock.advance(by: 1.5)
    let velocity = node.velocity(of: \.center)
    #expect(velocity.x.isApproximatelyEqual(to: 0, absoluteTolerance: 1e-9))
    #expect(velocity.y.isApproximatelyEqual(to: 100, absoluteTolerance: 1e-9))
  }

  @Test("A read ahead of the frame works the move out and leaves its lanes' progress as drawn")
  func readAheadOfTheFrameWritesNothing() {
    let scene = Scene()
    // The Animator's store joins the clock first, so its onChange runs before the scene's
    // frame: a read there is on the slow path, at a time the lanes do not show yet.
    let probe = Animator(initialValue: 0.0, clock: scene.clock)
    probe.animate(to: 1, duration: 10, timingFunction: .linear)
    let node = Node(frame: Rect(x: -5, y: -5, width: 10, height: 10))
    scene.root.addChild(node)
    node.dance.animate(duration: 2, curve: .linear) { $0.move(along: Self.ell, rotation: .auto) }
      .start()
    func shown() -> [Double] { node.animations.map { $0.perform(ShownProgress()).progress } }
    scene.clock.advance(by: 0.5)
    #expect(shown().count == 2)
    #expect(shown().allSatisfy { $0.isApproximatelyEqual(to: 0.25, absoluteTolerance: 1e-12) })
    var seen: (y: Double, shown: [Double])?
    probe.onChange = { _ in seen = (node.center.y, shown()) }
    scene.clock.advance(by: 1)
    // At 1.5 s of 2: 150 of the ell's 200, 50 up its second leg; the lanes still showed 0.25.
    #expect(seen?.y.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9) == true)
    #expect(
      seen?.shown.allSatisfy { $0.isApproximatelyEqual(to: 0.25, absoluteTolerance: 1e-12) }
        == true)
    #expect(shown().allSatisfy { $0.isApproximatelyEqual(to: 0.75, absoluteTolerance: 1e-12) })
  }

  @Test("A spring move that takes over a moving centre turns the node to where the centre is")
  func springHandOffTurnsWithTheCentre() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.center = Self.point(0, 0)
    // Moving right fast: the spring along the ell carries that velocity into its progress.
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Self.point(400, 0) }.start()
    fixture.clock.advance(by: 0.1)
    let start = node.center
    var path = Path()
    path.move(to: start)
    path.addLine(to: Self.point(start.x + 100, 0))
    path.addLine(to: Self.point(start.x + 100, 100))
    let spring = PropertyAnimator(duration: 1, dampingRatio: 1) {
      node.move(along: path, rotation: .auto)
    }
    spring.startAnimation()
    #expect(node.velocity(of: \.center).x > 300)
    var sawCorner = false
    for _ in 0..<30 {
      fixture.clock.advance(by: 0.02)
      // The distance along the path where the centre is, and the angle there: 0 on the first
      // leg, π/2 on the second, a smoothstep over 25 on each side of the corner.
      let centre = node.center
      let distance = centre.y > 0 ? 100 + centre.y : centre.x - start.x
      let u = min(max((distance - 75) / 50, 0), 1)
      if u > 0 && u < 1 { sawCorner = true }
      let expected = Double.pi / 2 * u * u * (3 - 2 * u)
      #expect(
        Self.angle(of: node.transform).isApproximatelyEqual(to: expected, absoluteTolerance: 1e-9),
        "at distance \(distance)")
    }
    #expect(sawCorner)
  }

  @Test("In a timeline the move follows the child's timing")
  func timeline() {
    let fixture = SceneFixture()
    let node = fixture.node
    let timeline = Timeline(scene: fixture.scene)
      .animate(duration: 1, curve: .linear) { node.center = Self.point(0, 0) }
      .animate(duration: 2, curve: .linear) { node.move(along: Self.ell, rotation: .auto) }
    timeline.start()
    fixture.clock.advance(by: 2.5)
    #expect(node.center.x.isApproximatelyEqual(to: 100, absoluteTolerance: 1e-9))
    #expect(node.center.y.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9))
    #expect(
      Self.angle(of: node.transform).isApproximatelyEqual(to: .pi / 2, absoluteTolerance: 1e-12))
    timeline.seek(to: 1.5)
    #expect(
      node.center.x.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-9) && node.center.y == 0)
  }

  @Test("Outside a block the node jumps to the end; reduced motion jumps as the move starts")
  func jumps() {
    let fixture = SceneFixture()
    let node = fixture.node
    node.move(along: Self.ell, rotation: .auto)
    #expect(node.center == Self.point(100, 100))
    #expect(
      Self.angle(of: node.transform).isApproximatelyEqual(to: .pi / 2, absoluteTolerance: 1e-12))
    let reduced = SceneFixture()
    reduced.scene.motionPreference = .reduced
    var ended = false
    reduced.node.dance.animate(duration: 1, curve: .linear) { $0.move(along: Self.quadratic) }
      .addCompletion { _ in ended = true }.start()
    reduced.clock.advance(by: 0.01)
    #expect(reduced.node.center == Self.point(100, 0) && !ended)
    reduced.clock.advance(by: 1)
    #expect(ended)
  }

  @Test("A path without length is reported and changes nothing")
  func emptyPath() {
    let fixture = SceneFixture()
    let node = fixture.node
    let before = node.center
    var path = Path()
    path.move(to: Self.point(5, 5))
    let (_, errors) = collectingErrors {
      node.dance.animate(duration: 1) { $0.move(along: path) }.start()
      node.move(along: Path())
    }
    #expect(errors.count == 2 && errors.allSatisfy { $0.kind == .outOfRange })
    fixture.clock.advance(by: 0.5)
    #expect(node.center == before)
  }

  @Test("An interactive transition drives a move along a path as playback shows it")
  func interactive() {
    let fixture = SceneFixture()
    let node = fixture.node
    let animator = PropertyAnimator(duration: 1, curve: .easeInOut) {
      node.move(along: Self.ell, rotation: .auto)
    }
    let transition = InteractiveTransition(animator)
    fixture.clock.advance(by: 0.1)
    transition.update(fractionComplete: 0.5)
    // ease-in-out at ½ is ½: the corner, half turned.
    #expect(node.center.x.isApproximatelyEqual(to: 100, absoluteTolerance: 1e-9))
    #expect(
      Self.angle(of: node.transform).isApproximatelyEqual(to: .pi / 4, absoluteTolerance: 1e-9))
    transition.finish(towards: .end)
    fixture.clock.advance(by: 2)
    #expect(node.center == Self.point(100, 100) && animator.state == .inactive)
  }

  /// Node `index`'s animations in ``manyMovesFrameAsEachAlone()``: every third turns a scale
  /// first (a transform lane of its own), every fifth also fades, the rest only move.
  static func animate(_ node: Node, index: Int) {
    let offset = Double(index)
    var path = Path()
    path.move(to: point(offset, 0))
    path.addQuadCurve(to: point(offset + 100, 0), control: point(offset + 50, 100))
    path.addLine(to: point(offset + 100, 80))
    if index % 3 == 0 {
      node.dance.animate(duration: 0.7) { $0.transform = Transform(scaleX: 2, y: 2) }.start()
    }
    node.dance.animate(duration: 1 + offset / 97, curve: .easeInOut) {
      $0.move(along: path, rotation: .auto)
      if index % 5 == 0 { $0.alpha = 0.25 }
    }.start()
  }

  @Test("Many moves, with other lanes between, frame the same values as each move alone")
  func manyMovesFrameAsEachAlone() {
    let count = 300
    let crowd = SceneFixture(count: count)
    for (index, node) in crowd.nodes.enumerated() { Self.animate(node, index: index) }
    let alone = (0..<count).map { index in
      let fixture = SceneFixture()
      Self.animate(fixture.node, index: index)
      return fixture
    }
    for step in [0.1, 0.35, 0.2] {
      crowd.clock.advance(by: step)
      for fixture in alone { fixture.clock.advance(by: step) }
      let mismatched = (0..<count).filter { index in
        let node = crowd.nodes[index]
        let single = alone[index].node
        return node.center != single.center || node.transform != single.transform
          || node.alpha != single.alpha
      }
      #expect(mismatched.isEmpty, "nodes \(mismatched.prefix(5)) differ after \(step) s")
    }
    // The crowd's moves are part-way, turned, and not all at one place.
    #expect(Set(crowd.nodes.map { Self.angle(of: $0.transform) }).count > count / 2)
  }
}
