import Dance
import SceneSupport
import Testing

/// README's "Dance in 20 lines", compiled and checked.
@Suite struct ReadmeExampleTests {
  @Test("The README example runs and does what its comments say")
  func readme() {
    let fixture = SceneFixture(frame: Rect(x: 20, y: 20, width: 80, height: 120))
    let (scene, card) = (fixture.scene, fixture.node)
    var positions: [AnimatingPosition] = []

    card.dance.animate(duration: 2.0, curve: .easeInOut) {
      $0.center = Point(x: 300, y: 200)
      $0.backgroundColor = .blue
    }.addCompletion { position in
      positions.append(position)
    }.start(after: 0.5)

    Node.animate(
      withDuration: 0.5, delay: 0, options: [.curveEaseIn, .repeat, .autoreverse],
      animations: { card.alpha = 0.3 }, completion: nil)

    scene.clock.advance(by: 1.5)
    card.dance.pause().setProgress(to: 0.25)
    let quarter = TimingFunction.easeInOut.value(at: 0.25)
    #expect(abs(card.center.x - (60 + 240 * quarter)) < 1e-9)
    card.dance.reverse().start()
    scene.clock.advance(by: 0.5)
    #expect(positions == [.start] && card.center == Point(x: 60, y: 80))
    // The repeating alpha animation is still cycling between 1 and 0.3.
    #expect(card.alpha >= 0.3 && card.alpha <= 1)
  }
}
