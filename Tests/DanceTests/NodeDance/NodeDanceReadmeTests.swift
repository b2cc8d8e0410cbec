import Dance
import TestSupport
import Testing

/// Dance's README examples, run on a virtual clock.
@Suite struct NodeDanceReadmeTests {
  let scene = Scene()
  let circle = Node(frame: Rect(x: 0, y: 0, width: 40, height: 40))

  init() {
    scene.root.addChild(circle)
  }

  @Test("The chained example: animate, addCompletion, start(after: 5)")
  func chainedExample() {
    var positions: [AnimatingPosition] = []
    circle.dance.animate(duration: 2.0, curve: .easeInOut) {
      $0.transform = Transform(scaleX: 1.5, y: 1.5)
      $0.center = Point(x: 160, y: 240)
      $0.backgroundColor = .blue
    }.addCompletion { position in
      positions.append(position)
    }.start(after: 5.0)
    #expect(circle.dance.state == .active)
    #expect(circle.dance.isRunning)
    scene.clock.advance(by: 4.9)
    #expect(circle.center == Point(x: 20, y: 20))
    scene.clock.advance(by: 0.1 + 1.0)
    // Halfway through ease-in-out, by symmetry exactly halfway along.
    #expect(abs(circle.center.x - 90) < 1e-9)
    #expect(abs(circle.center.y - 130) < 1e-9)
    scene.clock.advance(by: 1.0)
    #expect(circle.center == Point(x: 160, y: 240))
    #expect(circle.backgroundColor == .blue)
    #expect(circle.transform == Transform(scaleX: 1.5, y: 1.5))
    #expect(positions == [.end])
    #expect(!circle.dance.hasAnimation)
    #expect(circle.dance.state == .inactive)
  }
}
