/// Shortens a failing call sequence to one that still fails.
///
/// Delta debugging (Zeller's ddmin, complement-only): try the sequence without each of n
/// chunks, keep any shorter sequence that still fails, and split finer when none does;
/// finish when no single call can be removed. Then simplify what is left: callbacks that
/// make a follow-up call try counting instead. Any subsequence of a sequence is valid (see
/// `FuzzOperation`), so every candidate can run.
package enum FuzzReducer {
  /// The shortest sequence found that still makes `fails` true; `fails(operations)` must be
  /// true. `fails` is called at most `budget` times.
  package static func reduce(
    _ operations: [FuzzOperation], budget: Int = 5_000, fails: ([FuzzOperation]) -> Bool
  ) -> [FuzzOperation] {
    var current = operations
    var tries = 0
    func test(_ candidate: [FuzzOperation]) -> Bool {
      guard tries < budget else { return false }
      tries += 1
      return fails(candidate)
    }

    var chunks = 2
    while current.count > 1 && tries < budget {
      let size = (current.count + chunks - 1) / chunks
      var removedOne = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, current.count))
        if test(candidate) {
          current = candidate
          removedOne = true
          // Stay at the same position: the next chunk has moved into it.
        } else {
          start += size
        }
      }
      if removedOne {
        chunks = max(chunks - 1, 2)
      } else if size == 1 {
        break
      } else {
        chunks = min(chunks * 2, current.count)
      }
    }

    for index in current.indices {
      guard let simpler = current[index].withoutFollowUp else { continue }
      var candidate = current
      candidate[index] = simpler
      if test(candidate) { current = candidate }
    }
    return current
  }
}

extension FuzzOperation {
  /// The same call with its callback's follow-up call (or nested block call) left out; nil
  /// if it has none.
  var withoutFollowUp: FuzzOperation? {
    switch self {
    case .addCompletion(let animator, .some):
      .addCompletion(animator: animator, then: nil)
    case .danceAddCompletion(let node, .some):
      .danceAddCompletion(node: node, then: nil)
    case .makeValueAnimator(let scene, let node, .some):
      .makeValueAnimator(scene: scene, node: node, then: nil)
    case .valueCustom(let animator, .some):
      .valueCustom(animator: animator, then: nil)
    case .schedule(let scene, let delay, .some):
      .schedule(scene: scene, delay: delay, then: nil)
    case .sequence(let operations) where operations.count > 1:
      operations.count == 2 ? operations[0] : .sequence(Array(operations.dropLast()))
    case .blockAnimate(let duration, let delay, let options, let assignments, let nested, let then)
    where nested != nil || then != nil:
      .blockAnimate(
        duration: duration, delay: delay, options: options, assignments: assignments,
        nested: nil, then: nil)
    case .springAnimate(
      let duration, let delay, let damping, let velocity, let options, let a, .some):
      .springAnimate(
        duration: duration, delay: delay, damping: damping, velocity: velocity, options: options,
        assignments: a, then: nil)
    case .keyframes(let duration, let delay, let options, let frames, .some):
      .keyframes(duration: duration, delay: delay, options: options, frames: frames, then: nil)
    case .makeTimeline(let scene, let children, let count, let delay, let reverses, let speed)
    where children.contains(where: \.hasFollowUp):
      .makeTimeline(
        scene: scene, children: children.map(\.withoutFollowUp), repeatCount: count,
        repeatDelay: delay, autoreverses: reverses, speed: speed)
    case .timelineControl(let timeline, .hooks(.some)):
      .timelineControl(timeline: timeline, control: .hooks(then: nil))
    default:
      nil
    }
  }
}

extension FuzzOperation.TimelineChild {
  var hasFollowUp: Bool {
    if case .callback(_, .some) = self { return true }
    return false
  }

  var withoutFollowUp: Self {
    if case .callback(let place, .some) = self { return .callback(at: place, then: nil) }
    return self
  }
}
