import TestSupport
import Testing

@testable import DanceFuzzing

/// The fuzzer's engine: its sequences keep every invariant, its checks can fail, and its
/// reducer finds the shortest failing subsequence. (`dance-fuzz` runs the same engine for a
/// minute in CI.)
@Suite struct FuzzTests {
  @Test("Seeded sequences keep every invariant", arguments: 0..<8)
  func sequencesKeepInvariants(batch: Int) {
    let log = ErrorLog()
    var violations: [String] = []
    var operations = 0
    log.capture {
      for seed in 0..<250 {
        let seed = UInt64(batch * 250 + seed)
        let outcome = FuzzWorld.run(FuzzGenerator.sequence(seed: seed))
        operations += outcome.operations
        if let violation = outcome.violation { violations.append("seed \(seed): \(violation)") }
      }
    }
    #expect(violations.isEmpty, "\(violations.count) violations, first: \(violations.prefix(3))")
    #expect(operations > 250 * 10)
    #expect(log.errors.count > 100)  // the sequences do exercise the error paths
  }

  @Test("The same seed gives the same sequence; different seeds differ")
  func sequencesAreSeeded() {
    // Compared as text: the calls hold NaNs, which are never == themselves.
    let text = { (seed: UInt64) in FuzzGenerator.sequence(seed: seed).map(\.description) }
    #expect(text(42) == text(42))
    #expect(text(42) != text(43))
  }

  @Test("A completion that ran twice is a violation")
  func doubleCompletionIsCaught() {
    // Count one more call by hand: a library that ran a completion twice would look the same
    // to the check, which must report it.
    let operations: [FuzzOperation] = [
      .makeNode(parent: .root(scene: 0)),
      .blockAnimate(
        duration: 0.5, delay: 0, options: 0, assignments: [], nested: nil, then: nil),
    ]
    #expect(FuzzWorld.run(operations).violation == nil)
    let world = FuzzWorld()
    world.perform(operations[0], depth: 0)
    world.perform(operations[1], depth: 0)
    world.clocks[0].advance(by: 1)
    #expect(world.check() == nil)
    world.completions[0].calls += 1
    #expect(world.check()?.hasPrefix("a completion ran 2 times") == true)
  }

  @Test("Something left alive at the end is a violation")
  func leftoversAreCaught() {
    let world = FuzzWorld()
    world.perform(.makeNode(parent: .root(scene: 0)), depth: 0)
    let kept = world.nodes[0]
    #expect(world.tearDown()?.hasPrefix("still alive") == true)
    _ = kept
  }

  @Test("The reducer finds the two calls a failure needs")
  func reducerFindsMinimalSequence() {
    let sequence = FuzzGenerator.sequence(seed: 7)
    let start = FuzzOperation.start(animator: 3)
    let step = FuzzOperation.advance(scene: 0, by: 1e9)
    let failing = sequence + [start] + sequence + [step] + sequence
    var calls = 0
    let reduced = FuzzReducer.reduce(failing) { candidate in
      calls += 1
      guard let first = candidate.firstIndex(of: start) else { return false }
      return candidate[first...].contains(step)
    }
    #expect(reduced == [start, step])
    #expect(calls < 500)
  }

  @Test("The reducer drops follow-up calls a failure does not need")
  func reducerSimplifiesCallbacks() {
    let call = FuzzOperation.addCompletion(animator: 0, then: .pause(animator: 1))
    let reduced = FuzzReducer.reduce([call]) { candidate in
      candidate.contains { if case .addCompletion = $0 { true } else { false } }
    }
    #expect(reduced == [.addCompletion(animator: 0, then: nil)])
  }
}

/// The long runs at a fraction of the length `dance-fuzz --long-runs` gives them in CI.
@Suite struct LongRunTests {
  @Test("A repeating, autoreversing animation stays periodic")
  func periodicity() {
    let result = LongRuns.periodicity(frames: 20_000)
    #expect(result.problems.isEmpty, "\(result)")
  }

  @Test("Tiny steps add up exactly; a huge step finishes every run once")
  func tinyThenHugeSteps() {
    let result = LongRuns.tinyThenHugeSteps(steps: 20_000)
    #expect(result.problems.isEmpty, "\(result)")
  }

  @Test("Retargets never move the value, and the node settles exactly on the last target")
  func additiveRetargets() {
    let result = LongRuns.additiveRetargets(count: 3_000)
    #expect(result.problems.isEmpty, "\(result)")
    #expect(result.figures.contains("at most 16 live offsets"), "\(result)")
  }
}
