import Dance
import SceneSupport
import TestSupport
import Testing

@testable import DanceTesting

/// `scene.settle()`: plays until nothing animates, never hangs, and names what repeats.
@Suite struct SettleTests {
  let fixture = SceneFixture(frames: [
    Rect(x: 0, y: 0, width: 80, height: 120), Rect(x: 0, y: 0, width: 10, height: 10),
  ])
  var scene: Scene { fixture.scene }
  var card: Node { fixture.nodes[0] }
  var badge: Node { fixture.nodes[1] }

  @Test("Settles at the exact end of the last animation, whatever the pacing")
  func settlesExactly() {
    for pacing in [
      FramePacing.fixed(fps: 60), .fixed(fps: 7), .jittered(fps: 144, spread: 0.6, seed: 3),
      .recorded([0.1, 0.013]),
    ] {
      let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      let (scene, node) = (fixture.scene, fixture.node)
      node.dance.animate(duration: 0.35, curve: .easeOut) { $0.center = Point(x: 200, y: 60) }
        .start(after: 0.1)
      node.dance.animate(duration: 0.35, curve: .easeOut) { $0.alpha = 0 }.start(after: 0.2)
      #expect(scene.settle(pacing: pacing) == .settled(at: 0.2 + 0.35), "\(pacing)")
      #expect(node.alpha == 0)
    }
    #expect(scene.settle() == .settled(at: 0), "nothing animating: settled now")
  }

  @Test("What repeats forever is named at once, without moving the clock")
  func repeatsForever() {
    card.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0.5 }.start()
    Node.animate(
      withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse],
      animations: { self.badge.alpha = 0.2 }, completion: nil)
    // The card's animation ends at 1; then only the badge's remains.
    let result = scene.settle()
    #expect(result == .repeatsForever(["\(badge.dance.tag).alpha"]))
    #expect(scene.clock.now == 1)
    #expect(card.alpha == 0.5)
  }

  @Test("A long animation times out, named by node tag and property")
  func timesOut() {
    card.dance.animate(duration: 100, curve: .linear) {
      $0.center = Point(x: 1, y: 2)
      $0.alpha = 0
    }.start()
    let tag = card.dance.tag
    #expect(scene.settle(timeout: 2) == .timedOut(["\(tag).alpha", "\(tag).center"]))
    #expect(scene.clock.now == 2)
  }

  @Test("A paused animation does not keep the scene from settling")
  func paused() {
    card.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    scene.clock.advance(by: 0.3)
    card.dance.pause()
    #expect(scene.settle() == .settled(at: 0.3))
  }

  @Test("A bad timeout or pacing reports an error and plays nothing")
  func badInput() {
    card.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }.start()
    let tag = card.dance.tag
    for (timeout, pacing) in [
      (Double.nan, FramePacing.fixed(fps: 60)), (-1, .fixed(fps: 60)), (5, .fixed(fps: 0)),
    ] {
      let (result, errors) = collectingErrors { scene.settle(timeout: timeout, pacing: pacing) }
      #expect(result == .timedOut(["\(tag).alpha"]))
      #expect(errors.count == 1)
      #expect(scene.clock.now == 0)
    }
  }
}
