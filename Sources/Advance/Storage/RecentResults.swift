import Synchronization

/// The last few results of a pure but costly function, by argument, shared by every thread.
///
/// Animations start with the same few timings again and again: a custom curve's solver
/// (some 4 000 instructions and two allocations to make) or a spring's settling time (a
/// search over its exact motion) would otherwise be worked out anew at every start. This
/// remembers the results for the last ``capacity`` distinct arguments, replacing the oldest
/// first, so a bounded amount is kept however many different ones are asked for. The
/// function must give the same result for equal arguments, and the results must be safe to
/// share between threads (values, or objects that never change): each lookup and each new
/// entry takes a lock.
@usableFromInline
package final class RecentResults<Argument: Equatable & Sendable, Result: Sendable>: Sendable {
  /// How many arguments are remembered.
  @usableFromInline
  package static var capacity: Int { 4 }

  @usableFromInline
  struct Entries: ~Copyable {
    @usableFromInline var pairs: [(argument: Argument, result: Result)] = []
    /// The pair the next new argument replaces, once all ``capacity`` are in use.
    @usableFromInline var oldest = 0

    @usableFromInline init() {}
  }

  @usableFromInline let entries = Mutex(Entries())

  /// An empty memo.
  package init() {}

  /// The result remembered for `argument`, or `compute(argument)`, then remembered.
  ///
  /// `compute` runs outside the lock: two threads asking for a new argument at once may
  /// both compute it, and both results are equal.
  @inlinable
  package func result(for argument: Argument, _ compute: (Argument) -> Result) -> Result {
    let known = entries.withLock { entries -> Result? in
      for pair in entries.pairs where pair.argument == argument { return pair.result }
      return nil
    }
    if let known { return known }
    let made = compute(argument)
    entries.withLock { entries in
      if entries.pairs.count < Self.capacity {
        entries.pairs.append((argument, made))
      } else {
        entries.pairs[entries.oldest] = (argument, made)
        entries.oldest = (entries.oldest + 1) % Self.capacity
      }
    }
    return made
  }
}
