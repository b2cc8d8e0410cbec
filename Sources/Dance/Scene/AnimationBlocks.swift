/// The animation blocks open on the current thread, innermost last.
///
/// While a block runs, every assignment to an animatable property of a node records an
/// animation on the block's animator instead of changing the value. Blocks nest: the
/// innermost decides.
final class AnimationBlockStack {
  enum Entry {
    /// Assignments animate on `animator`, starting at `windowStart` of its duration.
    case animating(PropertyAnimator, windowStart: Double)
    /// Assignments add a keyframe to `animator`, in the slice `start ..< start + duration`
    /// of its duration (0..<1 directly inside `Node.animateKeyframes`).
    case keyframe(PropertyAnimator, start: Double, duration: Double)
    /// Assignments apply at once, as outside any block.
    case immediate
  }

  var entries: [Entry] = []

  /// The animator of the innermost animation block, if the innermost entry animates.
  var openAnimator: PropertyAnimator? {
    switch entries.last {
    case .animating(let animator, _), .keyframe(let animator, _, _): animator
    case .immediate, nil: nil
    }
  }

  private static let perThread = ThreadLocal { AnimationBlockStack() }

  /// The stack of the calling thread.
  static var current: AnimationBlockStack { perThread.value }

  /// Runs `body` with `entry` open on top of the stack.
  func run(_ entry: Entry, _ body: () -> Void) {
    entries.append(entry)
    defer { entries.removeLast() }
    body()
  }
}
