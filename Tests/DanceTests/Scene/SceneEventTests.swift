import Advance
import Dance
import SceneSupport
import Testing

/// A test steps a scene from event to event (`AnimationClock.advanceToNextEvent()`) and asks
/// whether anything still animates (`Scene.isAnimating`).
@Suite struct SceneEventTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))

  @Test("advanceToNextEvent lands on a delayed animation's end, where its completion runs")
  func completionAtItsTime() {
    let (scene, node) = (fixture.scene, fixture.node)
    #expect(!scene.isAnimating)
    var finished: (AnimatingPosition, Double, Point)?
    node.dance.animate(duration: 0.7, curve: .easeInOut) { $0.center = Point(x: 40, y: 0) }
      .addCompletion { finished = ($0, scene.clock.now, node.center) }
      .start(after: 0.3)
    #expect(scene.isAnimating, "a delayed start counts as animating")
    var stops: [Double] = []
    while let time = scene.clock.advanceToNextEvent() { stops.append(time) }
    #expect(stops.last == 0.3 + 0.7)
    #expect(finished?.0 == .end)
    #expect(finished?.1 == 0.3 + 0.7)
    #expect(finished?.2 == Point(x: 40, y: 0))
    #expect(!scene.isAnimating)
  }

  @Test("A paused animation is not animating; resumed, it is again")
  func pausedIsNotAnimating() {
    let (scene, node) = (fixture.scene, fixture.node)
    node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.25)
    #expect(scene.isAnimating)
    node.dance.pause()
    #expect(!scene.isAnimating)
    #expect(scene.clock.nextEventTime == nil, "a paused run has no end scheduled")
    node.dance.start()
    #expect(scene.isAnimating)
    #expect(scene.clock.advanceToNextEvent() == 1)
    #expect(node.alpha == 0)
    #expect(!scene.isAnimating)
  }

  @Test("A timeline animates the scene until its end, which is an event")
  func timeline() {
    let (scene, node) = (fixture.scene, fixture.node)
    let timeline = Timeline(scene: scene)
      .animate(duration: 1, curve: .linear) { node.center.x = 100 }
      .animate(duration: 0.5, curve: .linear) { node.center.x += 50 }
    #expect(!scene.isAnimating)
    timeline.start()
    #expect(scene.isAnimating)
    var stops: [Double] = []
    while let time = scene.clock.advanceToNextEvent() { stops.append(time) }
    #expect(stops.last == 1.5)
    #expect(node.center.x == 150)
    #expect(!scene.isAnimating)
  }

  @Test("An animation that repeats forever keeps the scene animating")
  func repeatingForever() {
    let (scene, node) = (fixture.scene, fixture.node)
    Node.animate(
      withDuration: 0.5, delay: 0, options: [.repeat, .curveLinear],
      animations: { node.alpha = 0 }, completion: nil)
    scene.clock.advance(frames: 600, fps: 60)
    #expect(scene.clock.now == 10)
    #expect(scene.isAnimating)
    #expect(node.alpha == 1, "at the turn of the 20th play")
  }
}
