/// The animation blocks open on the current thread, innermost last.
///
/// While a block runs, every assignment to an animatable property of a node records an
/// animation on the block's animator instead of changing the value. Blocks nest: the
/// innermost decides.
final class AnimationBlockStack {
  enum Entry {
    /// Assignments animate on `animator`, starting at `windowStart` of its duration.
    case animating(PropertyAnimator, windowStart: Double)
    /// Assignments apply at once, as outside any block.
    case immediate
  }

  var entries: [Entry] = []

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
