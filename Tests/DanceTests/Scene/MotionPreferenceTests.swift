import Dance
import SceneSupport
import TestSupport
import Testing

/// `Scene.motionPreference = .reduced`: position, size and transform jump to their end when
/// they start (after any delay); opacity and colour animate as written; every time is kept.
@Suite struct MotionPreferenceTests {
  static func reducedScene() -> SceneFixture {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    fixture.scene.motionPreference = .reduced
    return fixture
  }

  @Test("Position, size and transform jump as they start; opacity and colour animate")
  func geometryJumpsOpacityMoves() {
    let fixture = Self.reducedScene()
    let node = fixture.node
    var ended: [AnimatingPosition] = []
    node.dance.animate(duration: 1, curve: .linear) {
      $0.center = Point(x: 105, y: 5)
      $0.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
      $0.transform = Transform(rotationAngle: 1)
      $0.alpha = 0
      $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
    }.addCompletion { ended.append($0) }.start()
    #expect(node.center == Point(x: 105, y: 5))
    #expect(node.bounds == Rect(x: 0, y: 0, width: 30, height: 20))
    #expect(node.transform == Transform(rotationAngle: 1))
    #expect(node.alpha == 1)
    fixture.clock.advance(by: 0.25)
    #expect(node.center == Point(x: 105, y: 5))
    #expect(node.velocity(of: \.center) == .zero)
    #expect(node.alpha.isApproximatelyEqual(to: 0.75, absoluteTolerance: 1e-12))
    #expect(node.backgroundColor.red > 0 && node.backgroundColor.red < 1)
    #expect(ended.isEmpty)
    // The completion keeps its time.
    fixture.clock.advance(by: 0.75)
    #expect(ended == [.end])
    #expect(node.center == Point(x: 105, y: 5) && node.alpha == 0)
  }

  @Test("Lanes that jump keep jumping, and lanes that move keep moving, as lanes move around")
  func jumpsSurviveLaneMoves() {
    // A lane's jump flag shares a word with its path's index (LaneTable.Kind): removing a
    // lane moves the table's last lane into its place, index and flag together.
    let fixture = SceneFixture(count: 3, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    fixture.scene.motionPreference = .reduced
    let nodes = fixture.nodes
    for (index, node) in nodes.enumerated() {
      node.dance.animate(duration: 1, curve: .linear) {
        $0.center = Point(x: 100 + Double(index), y: 5)
        $0.alpha = 0
      }.start()
    }
    fixture.clock.advance(by: 0.25)
    nodes[0].dance.finish(at: .end)
    fixture.clock.advance(by: 0.25)
    for (index, node) in nodes.enumerated().dropFirst() {
      #expect(node.center == Point(x: 100 + Double(index), y: 5))
      #expect(node.alpha.isApproximatelyEqual(to: 0.5, absoluteTolerance: 1e-12))
    }
    #expect(nodes[0].center == Point(x: 100, y: 5) && nodes[0].alpha == 0)
    #expect(fixture.scene.auditProblems().isEmpty)
    // Back to full motion: a new centre moves (a bare lane: no path, no jump) in the same
    // table as the jumping ones.
    fixture.scene.motionPreference = .full
    nodes[0].dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 0, y: 5) }.start()
    fixture.clock.advance(by: 0.5)
    #expect(nodes[0].center.x.isApproximatelyEqual(to: 50, absoluteTolerance: 1e-12))
    #expect(nodes[2].center == Point(x: 102, y: 5))
    #expect(fixture.scene.auditProblems().isEmpty)
  }

  @Test("A delayed start jumps when the delay is over; a delay factor's window, when it opens")
  func delaysAreKept() {
    let fixture = Self.reducedScene()
    let node = fixture.node
    Node.animate(withDuration: 1, delay: 0.5, options: [.curveLinear]) {
      node.center = Point(x: 105, y: 5)
    }
    fixture.clock.advance(by: 0.25)
    #expect(node.center == Point(x: 5, y: 5))
    fixture.clock.advance(by: 0.25)
    #expect(node.center == Point(x: 105, y: 5))

    let windowed = PropertyAnimator(duration: 1, curve: .linear)
    windowed.addAnimations({ node.center = Point(x: 5, y: 55) }, delayFactor: 0.5)
    windowed.startAnimation()
    fixture.clock.advance(by: 0.5)
    #expect(node.center == Point(x: 105, y: 5))
    fixture.clock.advance(by: 0.01)
    #expect(node.center == Point(x: 5, y: 55))
  }

  @Test("Reversed, the run jumps back to its start; finishing at an end shows that end")
  func reversalJumpsBack() {
    let fixture = Self.reducedScene()
    let node = fixture.node
    let animator = PropertyAnimator(duration: 1, curve: .easeInOut) {
      node.center = Point(x: 105, y: 5)
    }
    var ended: [AnimatingPosition] = []
    animator.addCompletion { ended.append($0) }
    animator.startAnimation()
    fixture.clock.advance(by: 0.5)
    #expect(node.center == Point(x: 105, y: 5))
    animator.isReversed = true
    fixture.clock.advance(by: 0.1)
    #expect(node.center == Point(x: 5, y: 5))
    animator.stopAnimation(false)
    animator.finishAnimation(at: .end)
    #expect(node.center == Point(x: 105, y: 5))
    #expect(ended == [.end])
  }

  @Test("Paused at the start it shows the start; scrubbed past it, the end; .full moves")
  func pausedAndScrubbed() {
    let fixture = Self.reducedScene()
    let node = fixture.node
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      node.center = Point(x: 105, y: 5)
    }
    animator.pauseAnimation()
    #expect(node.center == Point(x: 5, y: 5))
    animator.fractionComplete = 0.3
    #expect(node.center == Point(x: 105, y: 5))
    animator.stopAnimation(true)

    fixture.scene.motionPreference = .full
    #expect(fixture.scene.motionPreference == .full)
    node.center = Point(x: 5, y: 5)
    node.dance.animate(duration: 1, curve: .linear) { $0.center = Point(x: 105, y: 5) }.start()
    fixture.clock.advance(by: 0.25)
    #expect(node.center.x.isApproximatelyEqual(to: 30, absoluteTolerance: 1e-12))
  }
}
