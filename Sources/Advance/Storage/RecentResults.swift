/// The last few results of a pure but costly function, by argument, kept per thread.
///
/// Animations start with the same few timings again and again: a custom curve's solver
/// (some 4 000 instructions and an allocation to make) or a spring's settling time (a
/// search over its exact motion) would otherwise be worked out anew at every start. This
/// remembers the results for the last ``capacity`` distinct arguments, replacing the oldest
/// first, so a bounded amount is kept however many different ones are asked for. The
/// function must give the same result for equal arguments.
///
/// Each thread keeps its own (``ThreadLocal``): no lock, and nothing for two threads to
/// race on. (A `Mutex` cost about as much, but under contention Linux's `Mutex` hands the
/// lock over in the kernel, where the thread sanitizer cannot see it, and it reported races
/// that were not there.) Animations mostly start on one thread, which then finds its timings.
@usableFromInline
package final class RecentResults<Argument: Equatable & Sendable, Result: Sendable>: Sendable {
  /// How many arguments are remembered.
  @usableFromInline
  package static var capacity: Int { 4 }

  /// One thread's entries. (Their accesses are not checked for exclusivity in release
  /// builds: only ``result(for:_:)`` touches them, in two accesses that never overlap, with
  /// `compute` run between; a debug build checks.)
  @usableFromInline
  final class Entries {
    #if !DEBUG
      @exclusivity(unchecked)
    #endif
    @usableFromInline var pairs: [(argument: Argument, result: Result)] = []
    /// The pair the next new argument replaces, once all ``capacity`` are in use.
    #if !DEBUG
      @exclusivity(unchecked)
    #endif
    @usableFromInline var oldest = 0

    @usableFromInline init() {}
  }

  @usableFromInline let perThread = ThreadLocal<Entries> { Entries() }

  /// An empty memo.
  package init() {}

  /// The result this thread remembers for `argument`, or `compute(argument)`, then
  /// remembered. (`compute` runs outside the thread's entries, and may use the memo too.)
  @inlinable
  package func result(for argument: Argument, _ compute: (Argument) -> Result) -> Result {
    let known = perThread.withValue { entries -> Result? in
      for pair in entries.pairs where pair.argument == argument { return pair.result }
      return nil
    }
    if let known { return known }
    let made = compute(argument)
    perThread.withValue { entries in
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
