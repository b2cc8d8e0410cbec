import Dance
import Glibc

/// The demo's scene: eight small stories, each showing one part of Dance, played by a
/// director that makes its calls at fixed clock times.
final class Showcase {
  /// The canvas size, in scene units.
  static let width = 640.0
  static let height = 800.0
  /// How long the scripted show lasts, in seconds.
  static let duration = 6.5

  let scene = Scene()
  let chain = Node(frame: Rect(x: 50, y: 50, width: 56, height: 56))
  let ball = Node(frame: Rect(x: 60, y: 150, width: 40, height: 40))
  let walker = Node(frame: Rect(x: 40, y: 250, width: 36, height: 36))
  let puck = Node(frame: Rect(x: 540, y: 270, width: 44, height: 44))
  let puckBadge = Node(frame: Rect(x: 14, y: 14, width: 16, height: 16))
  /// A marker that jumps every 0.15 s, and a node that follows it with additive springs.
  let marker = Node(frame: Rect(x: 315, y: 395, width: 10, height: 10))
  let follower = Node(frame: Rect(x: 306, y: 386, width: 28, height: 28))
  /// The cards a timeline deals, and the badge its nested timeline pulses.
  let cards = (0..<6).map { _ in Node(frame: Rect(x: 28, y: 488, width: 24, height: 34)) }
  let badge = Node(frame: Rect(x: 560, y: 490, width: 30, height: 30))
  /// A glider that follows ``road`` at constant speed, turned to its direction.
  let glider = Node(frame: Rect(x: 24, y: 603, width: 32, height: 14))
  /// Two S-bends and a last leg that leaves the second bend at an angle (a corner the glider
  /// turns round smoothly). The SVG draws it under the glider.
  let road: Path = {
    var road = Path()
    road.move(to: Point(x: 40, y: 610))
    road.addCurve(
      to: Point(x: 300, y: 610), control1: Point(x: 120, y: 530), control2: Point(x: 220, y: 690))
    road.addCurve(
      to: Point(x: 540, y: 610), control1: Point(x: 380, y: 530), control2: Point(x: 460, y: 690))
    road.addLine(to: Point(x: 604, y: 628))
    return road
  }()
  /// The timeline: a staggered deal, a label, a reveal from the middle out, and a nested
  /// timeline pulsing the badge three times at double speed. Drawn by `timeline.svg`.
  private(set) var deal: Timeline!
  /// A shelf of four cards that a layout transition reverses, sending the last into a
  /// turned tray (and another brings back), and a thumbnail that opens into a detail view.
  let shelf = Node(frame: Rect(x: 20, y: 700, width: 300, height: 64))
  let tray = Node(frame: Rect(x: 350, y: 700, width: 120, height: 64))
  let shelfCards = (0..<4).map {
    Node(frame: Rect(x: 10 + 70 * Double($0), y: 10, width: 44, height: 44))
  }
  let thumbnail = Node(frame: Rect(x: 506, y: 712, width: 40, height: 40))
  let detail = Node(frame: Rect(x: 498, y: 692, width: 124, height: 84))
  /// Every node to draw, parents before children, in the order the scene had at the start
  /// (the layout band moves cards between parents; recordings keep this order).
  private(set) var nodes: [Node] = []
  /// The nodes the SVG draws at their place in the scene rather than inside their parent's
  /// group: those that change parent, and the hero pair.
  var drawnFlat: [Node] { shelfCards + [thumbnail, detail] }
  /// Labels for the drawings, with the point they sit at.
  let labels: [(text: String, at: Point)] = [
    ("node.dance chain: start(after:), pause, scrub, reverse", Point(x: 20, y: 28)),
    ("spring, retargeted mid-flight (keeps its velocity)", Point(x: 20, y: 138)),
    ("keyframes, cubic path", Point(x: 20, y: 238)),
    ("throw: decay, spring home", Point(x: 420, y: 238)),
    ("follower: the marker jumps every 0.15 s; .additive springs follow", Point(x: 20, y: 362)),
    ("timeline: staggered deal, label \"reveal\", nested ×3 at 2×", Point(x: 20, y: 462)),
    ("move(along: road, rotation: .auto): constant speed, facing the way", Point(x: 20, y: 562)),
    (
      "animateLayout: reverse the shelf, a card into the tray · matchGeometry", Point(x: 20, y: 684)
    ),
  ]

  // The script's closures hold the showcase unowned: the showcase owns them.
  private var script: [(time: Double, name: String, action: () -> Void)] = []
  private var nextAction = 0
  private let throwAnimator: Animator<Point>
  /// What happened, in order, for the summary.
  private(set) var log: [String] = []

  init() {
    chain.backgroundColor = .orange
    ball.backgroundColor = Color(red: 0.2, green: 0.45, blue: 1)
    walker.backgroundColor = Color(red: 0.1, green: 0.7, blue: 0.35)
    puck.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.25)
    puckBadge.backgroundColor = .white
    marker.backgroundColor = Color(red: 0.85, green: 0.87, blue: 0.9)
    follower.backgroundColor = Color(red: 0.05, green: 0.65, blue: 0.75)
    glider.backgroundColor = Color(red: 0.75, green: 0.9, blue: 0.3)
    for node in [chain, ball, walker, puck, follower, marker, badge, glider] + cards {
      scene.root.addChild(node)
    }
    for card in cards { card.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.9) }
    badge.backgroundColor = Color(red: 0.98, green: 0.75, blue: 0.15)
    puck.addChild(puckBadge)
    shelf.backgroundColor = Color(red: 0.17, green: 0.19, blue: 0.24)
    tray.backgroundColor = Color(red: 0.24, green: 0.18, blue: 0.28)
    tray.transform = Transform(rotationAngle: -0.12)
    scene.root.addChild(shelf)
    scene.root.addChild(tray)
    for (index, card) in shelfCards.enumerated() {
      card.backgroundColor = Color(red: 0.95, green: 0.45 + 0.15 * Double(index), blue: 0.3)
      shelf.addChild(card)
    }
    thumbnail.backgroundColor = Color(red: 0.3, green: 0.75, blue: 0.95)
    detail.backgroundColor = Color(red: 0.3, green: 0.75, blue: 0.95)
    detail.isHidden = true
    scene.root.addChild(thumbnail)
    scene.root.addChild(detail)
    throwAnimator = Animator(initialValue: puck.center, clock: scene.clock)
    throwAnimator.onChange = { [puck] center in puck.center = center }
    deal = makeDeal()
    writeScript()
    nodes = Self.walk(scene.root)
  }

  /// The nodes under `node`, parents before children.
  private static func walk(_ node: Node) -> [Node] {
    node.children.flatMap { [$0] + walk($0) }
  }

  /// The layout band's calls: the shelf reversed with its last card sent into the tray, then
  /// everything back on a spring; the thumbnail opened into the detail view and closed.
  private func layoutScript() -> [(time: Double, name: String, action: () -> Void)] {
    let slots = (0..<4).map { Rect(x: 10 + 70 * Double($0), y: 10, width: 44, height: 44) }
    return [
      (
        1.3, "layout: animateLayout — the shelf reverses, its last card goes into the tray",
        { [unowned self] in
          Node.animateLayout(of: scene.root, duration: 0.9) { [unowned self] in
            tray.addChild(shelfCards[3])
            shelfCards[3].frame = Rect(x: 38, y: 10, width: 44, height: 44)
            for index in 0..<3 { shelfCards[index].frame = slots[2 - index] }
          }
        }
      ),
      (
        3.0, "layout: animateLayout on a spring — all back on the shelf",
        { [unowned self] in
          Node.animateLayout(
            of: scene.root, duration: 0.9,
            timingParameters: SpringTimingParameters(dampingRatio: 0.75)
          ) { [unowned self] in
            shelf.addChild(shelfCards[3])
            for index in 0..<4 { shelfCards[index].frame = slots[index] }
          }
        }
      ),
      (
        3.6, "hero: matchGeometry(from: thumbnail, to: detail)",
        { [unowned self] in Node.matchGeometry(from: thumbnail, to: detail, duration: 0.7) }
      ),
      (
        5.3, "hero: matchGeometry(from: detail, to: thumbnail)",
        { [unowned self] in Node.matchGeometry(from: detail, to: thumbnail, duration: 0.7) }
      ),
    ]
  }

  /// The calls the director makes, at clock times that are whole frames at 60 Hz.
  private func writeScript() {
    let home = puck.center
    script = [
      (
        0, "chain: animate(duration: 2.4, curve: .easeInOut) … start(after: 0.3)",
        { [unowned self] in
          chain.dance.animate(duration: 2.4, curve: .easeInOut) {
            $0.center = Point(x: 580, y: 78)
            $0.transform = Transform(rotationAngle: .pi)
            $0.backgroundColor = .purple
          }.addCompletion { [weak self] position in
            self?.note("chain: completion at .\(position)")
          }.start(after: 0.3)
        }
      ),
      (
        0.2, "ball: spring toward the right",
        { [unowned self] in
          Node.animate(
            withDuration: 1.6, delay: 0, usingSpringWithDamping: 0.45, initialSpringVelocity: 0,
            options: [], animations: { [unowned self] in ball.center = Point(x: 520, y: 170) },
            completion: nil)
        }
      ),
      (
        0.5, "walker: animateKeyframes, cubic",
        { [unowned self] in
          Node.animateKeyframes(
            withDuration: 4, delay: 0, options: .calculationModeCubic,
            animations: { [unowned self] in
              let stops = [Point(x: 200, y: 320), Point(x: 320, y: 262), Point(x: 240, y: 300)]
              for (index, stop) in stops.enumerated() {
                Node.addKeyframe(withRelativeStartTime: Double(index) / 4, relativeDuration: 0.25) {
                  self.walker.center = stop
                }
              }
              Node.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                self.walker.center = Point(x: 58, y: 268)
                self.walker.transform = Transform(rotationAngle: .pi / 2)
              }
            }, completion: nil)
        }
      ),
      (
        0.9, "ball: retarget mid-flight",
        { [unowned self] in
          Node.animate(
            withDuration: 1.4, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
            options: [], animations: { [unowned self] in ball.center = Point(x: 300, y: 190) },
            completion: nil)
        }
      ),
      (
        1.0, "puck: thrown, decaying",
        { [unowned self] in
          throwAnimator.simulate(
            using: DecayFunction(threshold: 5, drag: 2.2),
            initialVelocity: Point(x: -360, y: 30))
        }
      ),
      (
        0.7, "glider: move(along: road, rotation: .auto), 4.8 s ease-in-out",
        { [unowned self] in
          glider.dance.animate(duration: 4.8, curve: .easeInOut) { [unowned self] in
            $0.move(along: road, rotation: .auto)
          }.addCompletion { [weak self] position in
            self?.note("glider: completion at .\(position)")
          }.start()
        }
      ),
      (1.5, "chain: pause()", { [unowned self] in chain.dance.pause() }),
      (2.0, "chain: setProgress(to: 0.2)", { [unowned self] in chain.dance.setProgress(to: 0.2) }),
      (2.5, "chain: start()", { [unowned self] in chain.dance.start() }),
      (
        2.6, "puck: spring home, keeping its velocity",
        { [unowned self] in
          throwAnimator.simulate(using: SpringFunction(target: home, tension: 90, damping: 11))
        }
      ),
      (3.3, "chain: reverse()", { [unowned self] in chain.dance.reverse() }),
      (
        4.4, "ball: spring home",
        { [unowned self] in
          Node.animate(
            withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
            animations: { [unowned self] in ball.center = Point(x: 80, y: 170) })
        }
      ),
      (
        4.8, "puck: thrown again, left and down",
        { [unowned self] in
          throwAnimator.simulate(
            using: DecayFunction(threshold: 5, drag: 2.6),
            initialVelocity: Point(x: -330, y: 60))
        }
      ),
      (
        5.0, "walker: alpha pulse, .autoreverse",
        { [unowned self] in
          Node.animate(
            withDuration: 0.6, delay: 0, options: [.autoreverse],
            animations: { [unowned self] in walker.alpha = 0.25 })
        }
      ),
      (
        5.5, "puck: spring home again",
        { [unowned self] in
          throwAnimator.simulate(using: SpringFunction(target: home, tension: 110, damping: 13))
        }
      ),
    ]
    script.append(
      (0.6, "timeline: deal.start()", { [unowned self] in deal.start() }))
    script += layoutScript()
    // The follower: every 9 frames (0.15 s) from 0.3 s to 5.7 s the marker jumps along a
    // Lissajous path, and an additive spring blends the follower toward it.
    for step in 0...36 {
      let time = Double(18 + 9 * step) / 60
      let k = Double(step)
      let target = Point(x: 320 + 240 * sin(k * 0.55), y: 400 + 16 * cos(k * 1.3))
      let name = step == 0 ? "follower: the marker starts jumping; .additive springs follow" : ""
      script.append(
        (
          time, name,
          { [unowned self] in
            marker.center = target
            let follow = PropertyAnimator(duration: 0.6, dampingRatio: 0.8) { [unowned self] in
              follower.center = target
            }
            follow.composition = .additive
            follow.startAnimation()
          }
        ))
    }
    script.sort { $0.time < $1.time }
  }

  /// The showcase's timeline (see ``deal``).
  private func makeDeal() -> Timeline {
    let cards = cards
    let badge = badge
    let pulse = Timeline(scene: scene)
      .animate(duration: 0.4, curve: .easeInOut) {
        badge.transform = Transform(scaleX: 1.5, y: 1.5)
      }
    pulse.autoreverses = true
    pulse.repeatCount = 3
    pulse.speed = 2
    return Timeline(scene: scene)
      .stagger(cards, each: 0.12, duration: 0.5, curve: .easeOut) { card, index in
        card.center = Point(x: 130 + 64 * Double(index), y: 505)
      }
      .addLabel("reveal", at: .end(offset: 0.2))
      .stagger(cards, each: 0.1, from: .center, duration: 0.4, at: .label("reveal")) { card, _ in
        card.backgroundColor = Color(red: 0.55, green: 0.3, blue: 0.95)
        card.transform = Transform(rotationAngle: 0.08)
      }
      .add(pulse, at: .label("reveal", offset: 0.1))
      .addCallback { [weak self] in self?.note("timeline: callback at its end") }
  }

  /// Plays the script forward to clock time `time`: whole frames at 60 Hz, then the rest,
  /// making each call when the clock reaches its time (its times are whole frames).
  /// However the playhead gets to `time` (one step, many, with stops), the same calls run at
  /// the same clock times, so the scene at `time` is the same.
  func play(to time: Double) {
    let clock = scene.clock
    let step = 1.0 / 60
    direct(until: clock.now)
    while clock.now < time {
      var next = min(((clock.now / step).rounded(.down) + 1) * step, time)
      if next <= clock.now { next = min(clock.now + step, time) }
      clock.advance(to: next)
      direct(until: next)
    }
  }

  /// Logs `event` at the clock's time (a callback's: it may fall between frames).
  func note(_ event: String) {
    log.append(format2(scene.clock.now) + " s  " + event)
  }

  /// Makes the director's calls that are due by `time`.
  func direct(until time: Double) {
    while nextAction < script.count && script[nextAction].time <= time {
      if !script[nextAction].name.isEmpty {
        log.append(String(format2(script[nextAction].time)) + " s  " + script[nextAction].name)
      }
      script[nextAction].action()
      nextAction += 1
    }
  }
}

/// `value` with two decimals, without Foundation's formatting.
func format2(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let sign = hundredths < 0 ? "-" : ""
  let magnitude = abs(hundredths)
  let fraction = magnitude % 100
  return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
