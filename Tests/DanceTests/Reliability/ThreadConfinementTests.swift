import Dance
import Foundation
import Testing

/// Two scenes, each confined to its own thread, animating at the same time. Run under
/// `swift test --sanitize=thread` in CI: the only shared state (the error handler, the tag
/// counter, the per-thread block stacks) must be race-free.
@Suite struct ThreadConfinementTests {
  /// Plays one scene for `frames` frames and returns where its nodes ended.
  static func play(frames: Int, seed: Int) -> [Point] {
    let scene = Scene()
    let nodes = (0..<8).map { index in
      Node(frame: Rect(x: Double(index * 10), y: Double(seed), width: 4, height: 4))
    }
    for node in nodes { scene.root.addChild(node) }
    var finished = 0
    for (index, node) in nodes.enumerated() {
      node.dance.animate(duration: 0.5 + Double(index) / 10, curve: .easeInOut) {
        $0.center = Point(x: 100, y: Double(seed + index))
      }.addCompletion { _ in finished += 1 }.start()
      if index.isMultiple(of: 2) {
        Node.animate(withDuration: 0.3, animations: { node.alpha = 0.5 })
      }
    }
    for frame in 1...frames {
      scene.clock.advance(to: Double(frame) / 60)
      // Misuse on purpose, so both threads report through the shared handler.
      DanceError.withHandler({ _ in }, operation: { scene.clock.advance(by: -1) })
    }
    #expect(finished == nodes.count)
    return nodes.map(\.center)
  }

  @Test("Two scenes on two threads give the same results as one at a time")
  func twoThreads() {
    let expected = (Self.play(frames: 120, seed: 1), Self.play(frames: 120, seed: 2))
    let results = Results()
    // Joined, not polled: each thread leaves the group as it ends.
    let finished = DispatchGroup()
    let threads = [1, 2].map { seed in
      Thread {
        let points = Self.play(frames: 120, seed: seed)
        results.store(points, for: seed)
        finished.leave()
      }
    }
    for thread in threads {
      finished.enter()
      thread.start()
    }
    finished.wait()
    #expect(results.isComplete)
    #expect(results.value(for: 1) == expected.0)
    #expect(results.value(for: 2) == expected.1)
  }

  final class Results: @unchecked Sendable {
    // Guarded by `lock`.
    private var points: [Int: [Point]] = [:]
    private let lock = NSLock()

    func store(_ value: [Point], for seed: Int) {
      lock.lock()
      points[seed] = value
      lock.unlock()
    }

    func value(for seed: Int) -> [Point]? {
      lock.lock()
      defer { lock.unlock() }
      return points[seed]
    }

    var isComplete: Bool {
      lock.lock()
      defer { lock.unlock() }
      return points.count == 2
    }
  }
}
