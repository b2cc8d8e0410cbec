import Dance
import SceneSupport
import TestSupport
import Testing

/// When a finish's completions run: right after the finish when it is the outermost call
/// (without a queue entry), after the operation that made the call otherwise, and in order
/// along chains deeper than the queue's limit on nested drains (64).
@Suite struct CompletionQueueTests {
  @Test("1 000 finishes, each made by the previous one's completion, run in order at once")
  func longChainOfFinishes() {
    let fixture = SceneFixture(count: 1_000)
    let nodes = fixture.nodes
    var order: [Int] = []
    for index in nodes.indices {
      nodes[index].dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
        .addCompletion { position in
          #expect(position == .end)
          order.append(index)
          if index + 1 < nodes.count { nodes[index + 1].dance.finish(at: .end) }
        }
        .start()
    }
    fixture.clock.advance(by: 0.25)
    #expect(nodes[999].alpha == 0.75)
    nodes[0].dance.finish(at: .end)
    // Past 64 nested runs the chain goes on as a loop: every completion ran, in order,
    // before the first finish returned.
    #expect(order.count == 1_000)
    #expect(order.elementsEqual(0..<1_000))
    #expect(nodes.allSatisfy { $0.alpha == 0 && !$0.dance.hasAnimation })
  }

  @Test("A finish inside an animation block runs its completions when the block's call ends")
  func finishInsideABlock() {
    let fixture = SceneFixture(count: 2)
    let (first, second) = (fixture.nodes[0], fixture.nodes[1])
    var log: [String] = []
    first.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
      .addCompletion { _ in log.append("first finished, alpha \(first.alpha)") }
      .start()
    fixture.clock.advance(by: 0.5)
    Node.animate(withDuration: 2) {
      first.dance.finish(at: .start)
      log.append("block, completion not run yet")
      second.alpha = 0.5
    }
    log.append("animate returned")
    #expect(
      log == ["block, completion not run yet", "first finished, alpha 1.0", "animate returned"])
    // The block's animation goes on from where it started (ease-in-out, half-way at 1 s).
    #expect(second.alpha == 1)
    fixture.clock.advance(by: 1)
    #expect(second.alpha.isApproximatelyEqual(to: 0.75, absoluteTolerance: 1e-9))
  }

  @Test("Several completions of one finish run in the order they were added")
  func severalCompletionsInOrder() {
    let fixture = SceneFixture()
    var order: [Int] = []
    let dance = fixture.node.dance.animate(duration: 1, curve: .linear) { $0.alpha = 0 }
    for index in 0..<5 { dance.addCompletion { _ in order.append(index) } }
    dance.start()
    fixture.node.dance.finish(at: .end)
    #expect(order == [0, 1, 2, 3, 4])
    #expect(fixture.node.alpha == 0)
  }
}
