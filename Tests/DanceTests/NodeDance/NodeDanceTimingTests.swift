import Dance
import SceneSupport
import TestSupport
import Testing

/// The timings `node.dance` takes by name (a damping ratio, two control points), which it
/// keeps as their own types rather than as a timing provider, and the remembered spring
/// settling times and curve solvers behind them.
@Suite struct NodeDanceTimingTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 40, height: 40))
  var scene: Scene { fixture.scene }

  /// Two more nodes in the fixture's scene, both at the origin with alpha 1.
  func twoNodes() -> (Node, Node) {
    let nodes = (Node(), Node())
    scene.root.addChild(nodes.0)
    scene.root.addChild(nodes.1)
    return nodes
  }

  @Test("A damping ratio or two control points pace exactly as the same timing parameters")
  func namedTimingsMatchParameters() {
    let (named, given) = twoNodes()
    let control = (Point(x: 0.3, y: -0.2), Point(x: 0.6, y: 1.3))
    let pairs: [(String, (NodeDance) -> NodeDance, (NodeDance) -> NodeDance)] = [
      (
        "spring", { $0.animate(duration: 0.8, dampingRatio: 0.45) { $0.center.x += 100 } },
        {
          $0.animate(
            duration: 0.8, timingParameters: SpringTimingParameters(dampingRatio: 0.45)
          ) { $0.center.x += 100 }
        }
      ),
      (
        "control points",
        {
          $0.animate(duration: 0.8, controlPoint1: control.0, controlPoint2: control.1) {
            $0.center.x += 100
          }
        },
        {
          $0.animate(
            duration: 0.8,
            timingParameters: CubicTimingParameters(
              controlPoint1: control.0, controlPoint2: control.1)
          ) { $0.center.x += 100 }
        }
      ),
    ]
    // Twice: the second time each node's finished animator is reused.
    for round in 0..<2 {
      for (name, byName, byParameters) in pairs {
        byName(named.dance).start()
        byParameters(given.dance).start()
        for _ in 0..<10 {
          scene.clock.advance(by: 0.09)
          #expect(named.center == given.center, "\(name), round \(round)")
        }
        #expect(!named.dance.hasAnimation && !given.dance.hasAnimation)
      }
    }
  }

  @Test("Nested blocks inherit a node.dance animation's control points, on a reused animator")
  func nestedBlocksInheritControlPoints() {
    let (node, other) = twoNodes()
    let curve = TimingFunction(x1: 0.7, y1: 0.1, x2: 0.2, y2: 0.9)
    // A spring first, so that the animator is reused with other timing.
    node.dance.animate(duration: 1, dampingRatio: 0.5) { $0.alpha = 0.5 }.start()
    scene.clock.advance(by: 1)
    #expect(!node.dance.hasAnimation)
    node.dance.animate(
      duration: 2, controlPoint1: Point(x: 0.7, y: 0.1), controlPoint2: Point(x: 0.2, y: 0.9)
    ) { _ in
      Node.animate(withDuration: 9, animations: { other.center = Point(x: 100, y: 0) })
    }.start()
    scene.clock.advance(by: 0.5)
    #expect(other.center.x == 100 * curve.value(at: 0.25))
    scene.clock.advance(by: 1.5)
    #expect(other.center.x == 100 && !node.dance.hasAnimation)
  }

  // The spring with damping ratio ζ that settles in D seconds, from the textbook solution:
  // its response T makes the unit-response settling time s₁(ζ) scale to D (T = D / s₁).
  // Six ratios in turn, more than the settling times Dance remembers: each start must get
  // its own ratio's spring whether its settling time was remembered, forgotten or new.
  @Test("Springs with many damping ratios in turn each move as the textbook spring")
  func manyRatiosInTurn() {
    let ratios = [0.3, 0.5, 0.7, 0.9, 1.0, 1.5]
    func offset(ratio: Double, omega: Double, _ t: Double) -> Double {
      springStepOffset(omega: omega, ratio: ratio, at: t)
    }
    // The last time |x − 1| > 0.001 for a response of 1 s: scanned, then bisected.
    func unitSettling(_ ratio: Double) -> Double {
      let omega = 2 * Double.pi
      var last = 0.0
      var t = 0.0
      while t < 10 {
        if abs(offset(ratio: ratio, omega: omega, t)) > 0.001 { last = t }
        t += 1e-4
      }
      var (low, high) = (last, last + 1e-4)
      for _ in 0..<60 {
        let middle = (low + high) / 2
        if abs(offset(ratio: ratio, omega: omega, middle)) > 0.001 {
          low = middle
        } else {
          high = middle
        }
      }
      return high
    }
    let settling = Dictionary(uniqueKeysWithValues: ratios.map { ($0, unitSettling($0)) })
    let node = fixture.node
    let duration = 0.6
    for round in 0..<3 {
      for ratio in ratios {
        let start = node.center.x
        node.dance.animate(duration: duration, dampingRatio: ratio) { $0.center.x += 50 }.start()
        let omega = 2 * Double.pi / (duration / settling[ratio]!)
        let started = scene.clock.now
        for step in 1...5 {
          let t = Double(step) * duration / 6
          scene.clock.advance(to: started + t)
          let expected = start + 50 * (1 + offset(ratio: ratio, omega: omega, t))
          #expect(abs(node.center.x - expected) < 1e-6, "ζ \(ratio), round \(round), t \(t)")
        }
        scene.clock.advance(to: started + duration)
        #expect(node.center.x == start + 50 && !node.dance.hasAnimation, "ζ \(ratio)")
      }
    }
  }

  @Test("A pause holds the value of its own time: right after a frame, or from a completion")
  func pauseHoldsItsTime() {
    // Linear, 1 s, x from 0 to 100: the value at t is 100 t. Node `a` pauses right after the
    // frame at 0.25 (its lanes show that time); node `b` is paused by a completion at 0.5,
    // inside an advance that goes on to 0.75 (its lanes show 0.25 then).
    let (a, b) = twoNodes()
    for node in [a, b] {
      node.dance.animate(duration: 1, curve: .linear) { $0.center.x = 100 }.start()
    }
    let other = Node()
    scene.root.addChild(other)
    other.dance.animate(duration: 0.5, curve: .linear) { $0.alpha = 0 }
      .addCompletion { _ in b.dance.pause() }.start()
    scene.clock.advance(by: 0.25)
    a.dance.pause()
    #expect(a.center.x == 25)
    scene.clock.advance(by: 0.5)
    #expect(a.center.x == 25)
    #expect(b.dance.state == .active && b.center.x == 50)
    scene.clock.advance(by: 0.25)
    #expect(a.center.x == 25 && b.center.x == 50)
    a.dance.start()
    scene.clock.advance(by: 0.25)
    #expect(a.center.x == 50)
  }
}
