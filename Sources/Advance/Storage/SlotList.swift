/// A list whose entries each know their own index in it (a *back-index*, kept by their
/// owner), removed in O(1) by moving the last entry into the gap, and safe to remove from
/// while it is being walked: the one shape of the clock's active observers, an animator
/// store's members, a scene store's slots and a lane table's lanes.
///
/// **Invariants** (checked by ``checkInvariants(_:)``, which the fuzzer's audits run):
/// every entry present at index `i` has back-index `i`; ``holes`` counts the nil
/// entries, which exist only while a walk is open (``beginWalk()`` … ``endWalk(moved:)``);
/// outside a walk, entries are contiguous.
///
/// A walk is written by its owner as a loop over ``beginWalk()``'s count that reads each
/// entry with ``entry(at:)`` through the owner's stored list at every step, never through a
/// pointer or an `inout` held across the loop's calls: the calls may add entries (the
/// buffer may move) and remove any (they leave holes, so no entry moves under the walk).
/// Entries added during a walk are not visited by it.
@usableFromInline
package struct SlotList<Element>: ~Copyable {
  @usableFromInline var entries = FlatArray<Element?>()
  /// The entries removed during the open walk, left as nil until it ends.
  @usableFromInline package private(set) var holes = 0
  /// Whether a walk is open.
  @usableFromInline package private(set) var isWalking = false

  /// An empty list.
  @inlinable
  package init() {}

  /// The number of entries (holes not counted).
  @inlinable package var count: Int { entries.count - holes }

  /// The number of places, entries and holes: the bound of a walk's indices.
  @inlinable package var places: Int { entries.count }

  /// The entry at `index`, nil for a hole.
  @inlinable @inline(__always)
  package func entry(at index: Int) -> Element? {
    entries[index]
  }

  /// The entry at `index` in place, for a change that keeps its back-index.
  @inlinable
  package func address(of index: Int) -> UnsafeMutablePointer<Element?> {
    entries.address(of: index)
  }

  /// Adds `element` at the end; returns its index, which the caller records as its
  /// back-index.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) -> Int {
    entries.append(element)
    return entries.count - 1
  }

  /// Removes the entry at `index`. During a walk it leaves a hole; otherwise the last entry
  /// moves into its place, and `movedTo` is that place: the caller must then update the
  /// moved entry's back-index (reading it in place, through ``address(of:)``).
  @inlinable
  package mutating func remove(at index: Int) -> (removed: Element, movedTo: Int?) {
    if isWalking {
      let removed = entries[index].unsafelyUnwrapped
      entries[index] = nil
      holes += 1
      return (removed, nil)
    }
    let last = entries.count - 1
    let removed = entries.swapRemove(at: index, returningMoved: false).removed
    return (removed.unsafelyUnwrapped, index != last ? index : nil)
  }

  /// Opens a walk; returns the number of places to visit.
  @inlinable
  package mutating func beginWalk() -> Int {
    isWalking = true
    return entries.count
  }

  /// Closes the walk and the holes it left, in order; each entry that moves is told its new
  /// index.
  @inlinable
  package mutating func endWalk(moved: (Element, Int) -> Void) {
    isWalking = false
    guard holes > 0 else { return }
    var write = 0
    for read in entries.indices {
      guard let entry = entries[read] else { continue }
      if write != read {
        entries[write] = entry
        moved(entry, write)
      }
      write += 1
    }
    while entries.count > write { entries.removeLast() }
    holes = 0
  }

  /// What breaks the invariants, given each entry's back-index; empty when none does.
  package func checkInvariants(_ backIndex: (Element) -> Int) -> [String] {
    var problems: [String] = []
    var nils = 0
    for index in entries.indices {
      guard let entry = entries[index] else {
        nils += 1
        continue
      }
      if backIndex(entry) != index {
        problems.append("an entry at \(index) of a slot list has back-index \(backIndex(entry))")
      }
    }
    if nils != holes { problems.append("a slot list counts \(holes) holes and has \(nils)") }
    if !isWalking && holes > 0 { problems.append("a slot list has holes outside a walk") }
    return problems
  }
}
