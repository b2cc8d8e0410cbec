import Dance
import SceneSupport
import Testing

@testable import DanceTesting

/// The physics expectations pass on motion that keeps them, and fail, at the caller's line
/// with a message naming the time, node, property and values, on motion that does not.
@Suite struct ExpectationTests {
  let fixture = SceneFixture(frame: Rect(x: -10, y: -10, width: 20, height: 20))
  var scene: Scene { fixture.scene }
  var card: Node { fixture.node }

  /// Whether a known issue's comments contain `text`.
  static func mentions(_ text: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
  }

  @Test("expectContinuous: a glide passes; a finish that jumps is named with its time")
  func continuous() {
    card.dance.animate(duration: 1, curve: .easeInOut) { $0.center = Point(x: 100, y: 0) }.start()
    expectContinuous(
      MotionTrace.record(scene, nodes: [card], properties: [.center], duration: 0.5), maxStep: 3)
    scene.clock.schedule(after: 0.2) { card.dance.finish(at: .end) }
    withKnownIssue {
      expectContinuous(
        MotionTrace.record(scene, nodes: [card], properties: [.center], duration: 0.5),
        maxStep: 3)
    } matching: {
      Self.mentions("center[0] of node 0 jumps from")($0)
        && Self.mentions("to 100.0 at t = 0.7")($0)
    }
  }

  @Test("expectVelocityContinuous: a spring passes; a retarget that drops its speed is named")
  func velocityContinuous() {
    func springing(_ scene: Scene, _ node: Node) {
      node.dance.animate(duration: 0.8, dampingRatio: 0.5) { $0.center = Point(x: 200, y: 0) }
        .start()
      // (Released from rest, the spring's acceleration jumps from 0 at its start: the first
      // frames' differences are off by more than a smooth motion's.)
      scene.clock.advance(by: 0.05)
    }
    springing(scene, card)
    expectVelocityContinuous(
      MotionTrace.record(
        scene, nodes: [card], properties: [.center], duration: 0.5, pacing: .fixed(fps: 240)),
      tolerance: 20)
    // A timed animation retargeting it at full speed starts from rest: the velocity jumps.
    let fixture = SceneFixture(frame: Rect(x: -10, y: -10, width: 20, height: 20))
    let (other, node) = (fixture.scene, fixture.node)
    springing(other, node)
    other.clock.schedule(after: 0.05) {
      node.dance.animate(duration: 1, curve: .easeInOut) { $0.center = Point(x: 0, y: 0) }.start()
    }
    withKnownIssue {
      expectVelocityContinuous(
        MotionTrace.record(
          other, nodes: [node], properties: [.center], duration: 0.2, pacing: .fixed(fps: 240)),
        tolerance: 20)
    } matching: {
      Self.mentions("the velocity of center[0] of node 0")($0)
        && Self.mentions("t = 0.0958333333333333")($0)
    }
  }

  @Test("expectNoOvershoot: easeInOut stays between its ends; an underdamped spring does not")
  func overshoot() {
    card.dance.animate(duration: 0.5, curve: .easeInOut) { $0.alpha = 0.2 }.start()
    expectNoOvershoot(
      MotionTrace.record(scene, nodes: [card], properties: [.alpha], duration: 0.5),
      node: 0, .alpha)
    card.dance.animate(duration: 0.5, dampingRatio: 0.3) { $0.center = Point(x: 50, y: 0) }
      .start()
    withKnownIssue {
      expectNoOvershoot(
        MotionTrace.record(scene, nodes: [card], properties: [.center], duration: 3),
        node: 0, .center)
    } matching: {
      Self.mentions("center[0] of node 0 is")($0) && Self.mentions("outside 0.0…50.0")($0)
    }
  }

  @Test("expectSettles: a short animation settles; one that repeats is named")
  func settles() {
    card.dance.animate(duration: 0.5, curve: .easeOut) { $0.alpha = 0 }.start()
    expectSettles(scene, within: 1)
    Node.animate(
      withDuration: 0.5, delay: 0, options: [.repeat], animations: { self.card.alpha = 1 },
      completion: nil)
    let tag = card.dance.tag
    withKnownIssue {
      expectSettles(scene, within: 1)
    } matching: {
      Self.mentions("\(tag).alpha repeat forever")($0)
    }
  }

  @Test("expectFrameRateIndependent: a spring and a curve agree at every shared frame")
  func frameRates() {
    expectFrameRateIndependent(duration: 1) { scene in
      let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      scene.root.addChild(node)
      node.dance.animate(duration: 0.6, dampingRatio: 0.4) { $0.center = Point(x: 90, y: 30) }
        .start()
      node.dance.animate(duration: 0.9, curve: .easeIn) { $0.alpha = 0 }.start()
      return [node]
    }
    // A motion that depends on the frames (each frame moves it a fixed step) does not.
    var tickers: [Animator<Double>] = []
    withKnownIssue {
      expectFrameRateIndependent(fps: [30, 60], duration: 0.5) { scene in
        let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.root.addChild(node)
        let ticker = Animator(initialValue: 0.0, clock: scene.clock)
        ticker.onChange = { _ in node.center.x += 1 }
        ticker.animate(to: 1, duration: 10, timingFunction: .linear)
        tickers.append(ticker)
        return [node]
      }
    } matching: {
      Self.mentions("at 30.0 fps and")($0)
    }
  }
}
