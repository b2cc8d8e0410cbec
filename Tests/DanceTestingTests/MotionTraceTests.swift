import Dance
import SceneSupport
import TestSupport
import Testing

@testable import DanceTesting

/// `MotionTrace`: values and velocities frame by frame, as stable text that reads back.
@Suite struct MotionTraceTests {
  let fixture = SceneFixture(frame: Rect(x: -10, y: -10, width: 20, height: 20))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  @Test("A linear move: every frame's value and velocity, from the start to the end")
  func linear() {
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 300, y: 0) }.start()
    let trace = MotionTrace.record(scene, nodes: [node], properties: [.center], duration: 0.5)
    #expect(trace.times.count == 31)
    #expect(trace.times.first == 0 && trace.times.last == 0.5)
    let xs = trace.values(node: 0, .center).map { $0[0] }
    for (x, time) in zip(xs, trace.times) { #expect(abs(x - 300 * time) < 1e-9) }
    #expect(trace.velocities(node: 0, .center).allSatisfy { $0 == [300, 0] })
    #expect(trace.values(node: 0, .alpha).isEmpty, "not recorded")
    #expect(trace.values(node: 1, .center).isEmpty, "no such node")
  }

  @Test("The text is exactly this, and reads back to an equal trace")
  func text() throws {
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    let trace = MotionTrace.record(
      scene, nodes: [node], properties: [.alpha], duration: 0.5, pacing: .fixed(fps: 2))
    #expect(
      trace.text == """
        motion-trace 1 nodes 1 properties alpha
        0.0 | 0.alpha 1.0 ~ -1.0
        0.5 | 0.alpha 0.5 ~ -1.0

        """)
    #expect(try MotionTrace(text: trace.text) == trace)
  }

  @Test("Every property, two nodes, a spring: the text reads back to the same numbers")
  func roundTrip() throws {
    let other = Node(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    scene.root.addChild(other)
    node.dance.animate(duration: 0.6, dampingRatio: 0.4) {
      $0.center = Point(x: 120, y: 80)
      $0.transform = Transform(rotationAngle: 0.3).scaledBy(x: 1.5, y: 0.5)
      $0.backgroundColor = Color(red: 1, green: 0.2, blue: 0, alpha: 1)
    }.start()
    other.dance.animate(duration: 0.4, curve: .easeIn) { $0.bounds.size.width = 50 }.start()
    let trace = MotionTrace.record(
      scene, nodes: [node, other], duration: 0.3,
      pacing: .jittered(fps: 60, spread: 0.2, seed: 9))
    let read = try MotionTrace(text: trace.text)
    #expect(read == trace)
    #expect(read.times == trace.times)
    for property in TraceProperty.allCases {
      #expect(read.values(node: 1, property) == trace.values(node: 1, property))
      #expect(read.velocities(node: 0, property) == trace.velocities(node: 0, property))
      #expect(trace.values(node: 0, property).allSatisfy { $0.count == property.componentCount })
    }
    #expect(trace.velocities(node: 0, .transform).dropFirst().contains { $0[2] != 0 }, "turning")
  }

  @Test("Malformed text throws, naming the line")
  func malformed() {
    #expect(throws: MotionTrace.ParseError(line: 1, reason: "empty text, no header")) {
      try MotionTrace(text: "")
    }
    #expect(throws: MotionTrace.ParseError.self) {
      try MotionTrace(text: "motion-trace 2 nodes 1 properties alpha\n")
    }
    let good = "motion-trace 1 nodes 1 properties alpha\n0.0 | 0.alpha 1.0 ~ -1.0\n"
    #expect(throws: Never.self) { try MotionTrace(text: good) }
    for (bad, line) in [
      (good + "0.5 | 0.alpha 0.5 ~\n", 3), (good + "0.5 | 0.alpha 0.5 -1.0 ~ 2\n", 3),
      (good + "zero | 0.alpha 0.5 ~ -1.0\n", 3), (good + "0.5 | 0.center 0.5 ~ -1.0\n", 3),
      ("motion-trace 1 nodes 1 properties glow\n", 1),
    ] {
      do {
        _ = try MotionTrace(text: bad)
        Issue.record("no error for \(bad)")
      } catch {
        #expect(error.line == line, "\(bad)")
      }
    }
  }

  @Test("A bad duration reports an error and records the first frame only")
  func badDuration() {
    let (trace, errors) = collectingErrors {
      MotionTrace.record(scene, nodes: [node], duration: -.infinity)
    }
    #expect(errors.count == 1)
    #expect(trace.times == [0])
  }
}
