import Cards
import Dance
import DanceTesting
import Testing

@Suite struct CardsTests {
  @Test func cardsComeInOneAfterAnother() {
    let list = CardList(count: 4)
    list.show()
    let trace = MotionTrace.record(
      list.scene, nodes: list.cards, properties: [.center, .alpha], duration: 0.3,
      pacing: .fixed(fps: 30))
    expectMatchesGolden(trace, named: "cards-come-in")
    for index in list.cards.indices { expectNoOvershoot(trace, node: index, .alpha) }
    #expect(list.scene.settle() == .settled(at: 0.18 + 0.45))
    #expect(list.cards.enumerated().allSatisfy { $1.center == CardList.home(of: $0) })
  }

  @Test func aReleasedCardKeepsItsSpeed() {
    let list = CardList(count: 2)
    list.show()
    _ = list.scene.settle()
    // A drag: the card follows the finger to the right, and is let go 0.2 s in, moving.
    let card = list.cards[1]
    card.dance.animate(duration: 0.4, curve: .linear) { $0.center.x += 120 }.start()
    list.scene.clock.schedule(after: 0.2) { list.release(1) }
    let trace = MotionTrace.record(
      list.scene, nodes: [card], properties: [.center], duration: 0.6, pacing: .fixed(fps: 1000))
    expectVelocityContinuous(trace, tolerance: 30)
    expectSettles(list.scene, within: 2)
    #expect(card.center == CardList.home(of: 1))
  }

  @Test func sameAtEveryFrameRate() {
    expectFrameRateIndependent(duration: 1) { scene in
      let list = CardList(count: 3, scene: scene)
      list.show()
      return list.cards
    }
  }
}
