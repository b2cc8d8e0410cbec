// The clock's deadline storage: a binary min-heap of deadlines (by time, then by the order
// they were scheduled), and the holders through which an observer's one live deadline is
// found and its stale heap entries are recognised.

extension AnimationClock {
  func precedes(_ a: Deadline, _ b: Deadline) -> Bool {
    a.time < b.time || (a.time == b.time && a.order < b.order)
  }

  func place(_ deadline: Deadline, at index: Int) {
    deadlines[index] = deadline
  }

  func acquireHolder(for observer: any ClockDeadlineObserver) -> Int {
    let holder = Holder(observer: UnretainedObserver(observer), liveOrder: 0, entries: 0)
    if freeHolders.isEmpty {
      holders.append(holder)
      return holders.count - 1
    }
    let index = freeHolders.removeLast()
    holders[index] = holder
    return index
  }

  /// Ends `holder`'s hold on its observer's deadline: its entries are stale from now on,
  /// and it is reused once the last of them is dropped.
  func release(holder index: Int) {
    holders[index].liveOrder = 0
    holders[index].observer = nil
    liveDeadlines -= 1
    if holders[index].entries == 0 { freeHolders.append(index) }
  }

  /// Forgets an entry taken out of the heap or the deferred list.
  func drop(_ deadline: Deadline) {
    let index = deadline.holder
    holders[index].entries -= 1
    if holders[index].entries == 0 && holders[index].observer == nil { freeHolders.append(index) }
  }

  /// Drops the stale entries of the heap and restores its order (when they outnumber the
  /// live ones: amortised O(1) per deadline).
  func compactDeadlines() {
    var write = 0
    for read in deadlines.indices {
      let deadline = deadlines[read]
      if holders[deadline.holder].liveOrder == deadline.order {
        deadlines[write] = deadline
        write += 1
      } else {
        drop(deadline)
      }
    }
    while deadlines.count > write { deadlines.removeLast() }
    var index = write / 2
    while index > 0 {
      index -= 1
      sinkHole(refillingWith: deadlines[index], from: index)
    }
  }

  func insertDeadline(_ deadline: Deadline) {
    deadlines.append(deadline)
    siftUp(deadline, from: deadlines.count - 1)
  }

  func removeDeadline(at index: Int) {
    let last = deadlines.removeLast()
    guard index < deadlines.count else { return }
    // Put the former last element in the hole and restore the heap order around it.
    if index > 0 && precedes(last, deadlines[(index - 1) / 2]) {
      siftUp(last, from: index)
    } else {
      sinkHole(refillingWith: last, from: index)
    }
  }

  /// Restores the heap below `start`, a hole to be filled with `deadline`, which precedes
  /// nothing above it (or whose place above is restored later, as compaction does, bottom
  /// up): the hole sinks to a leaf along the earlier child of each level (one comparison a
  /// level), then `deadline` rises from there, no higher than `start` (Floyd's bottom-up
  /// deletion). The former last entry, which is what fills the hole after a pop, mostly
  /// belongs near the bottom: with many deadlines at one time (animations started together)
  /// a pop costs about half the comparisons of a sift-down's two a level.
  func sinkHole(refillingWith deadline: Deadline, from start: Int) {
    var index = start
    let count = deadlines.count
    while true {
      var child = 2 * index + 1
      guard child < count else { break }
      if child + 1 < count && precedes(deadlines[child + 1], deadlines[child]) {
        child += 1
      }
      place(deadlines[child], at: index)
      index = child
    }
    siftUp(deadline, from: index, notAbove: start)
  }

  /// Fills the hole at `start` with `deadline`, moving it up past the entries it precedes,
  /// no higher than index `top`.
  func siftUp(_ deadline: Deadline, from start: Int, notAbove top: Int = 0) {
    var index = start
    while index > top {
      let parent = (index - 1) / 2
      guard precedes(deadline, deadlines[parent]) else { break }
      place(deadlines[parent], at: index)
      index = parent
    }
    place(deadline, at: index)
  }
}
