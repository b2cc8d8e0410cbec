import Dance
import SceneSupport
import Synchronization
import TestSupport
import Testing

/// The one bad-input policy for durations and delays (SPEC principle 5): NaN, infinite and
/// negative count as 0 in every API: the values apply at once, the completion runs on the
/// next advance (never inside the call), and the `DanceError` names the call the user made.
@Suite struct BadInputPolicyTests {
  static let bad: [Double] = [.nan, .infinity, -.infinity, -1]

  struct Case: CustomStringConvertible, Sendable {
    var description: String
    /// The prefix of the error message: the user's call.
    var call: String
    /// Starts an animation of `node.alpha` to 0.5 with the bad number, reporting its end.
    var start: @Sendable (Node, Double, @escaping @Sendable () -> Void) -> Void
  }

  static let cases: [Case] = [
    Case(description: "PropertyAnimator duration", call: "PropertyAnimator(duration:curve:") {
      node, x, ended in
      let animator = PropertyAnimator(duration: x, curve: .easeIn) { node.alpha = 0.5 }
      animator.addCompletion { if $0 == .end { ended() } }
      animator.startAnimation()
    },
    Case(
      description: "PropertyAnimator delay", call: "PropertyAnimator.startAnimation(afterDelay:)"
    ) { node, x, ended in
      let animator = PropertyAnimator(duration: 0, curve: .easeIn) { node.alpha = 0.5 }
      animator.addCompletion { if $0 == .end { ended() } }
      animator.startAnimation(afterDelay: x)
    },
    Case(description: "node.dance duration", call: "node.dance.animate(duration:curve:_:)") {
      node, x, ended in
      node.dance.animate(duration: x, curve: .linear) { $0.alpha = 0.5 }
        .addCompletion { if $0 == .end { ended() } }.start()
    },
    Case(description: "node.dance delay", call: "node.dance.start(after:)") { node, x, ended in
      node.dance.animate(duration: 0, curve: .linear) { $0.alpha = 0.5 }
        .addCompletion { if $0 == .end { ended() } }.start(after: x)
    },
    Case(description: "Node.animate duration", call: "Node.animate(withDuration:delay:options:") {
      node, x, ended in
      Node.animate(
        withDuration: x, delay: 0, options: [], animations: { node.alpha = 0.5 },
        completion: { if $0 { ended() } })
    },
    Case(description: "Node.animate delay", call: "Node.animate(withDuration:delay:options:") {
      node, x, ended in
      Node.animate(
        withDuration: 0, delay: x, options: [], animations: { node.alpha = 0.5 },
        completion: { if $0 { ended() } })
    },
  ]

  final class Flag: Sendable {
    private let storage = Atomic(false)
    var raised: Bool { storage.load(ordering: .relaxed) }
    func raise() { storage.store(true, ordering: .relaxed) }
  }

  @Test("Bad durations and delays count as 0", arguments: cases, bad)
  func countsAsZero(_ testCase: Case, _ x: Double) {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let (scene, node) = (fixture.scene, fixture.node)
    let ended = Flag()
    let (_, errors) = collectingErrors {
      testCase.start(node, x) { ended.raise() }
    }
    #expect(errors.count == 1)
    #expect(errors.first?.message.hasPrefix(testCase.call) == true, "\(errors)")
    #expect(errors.first?.kind == (x.isFinite ? .outOfRange : .nonFiniteNumber))
    #expect(node.alpha == 0.5, "the values apply at once")
    #expect(!ended.raised, "the completion runs on the next advance, not inside the call")
    scene.clock.advance(by: 0)
    #expect(ended.raised)
  }
}
