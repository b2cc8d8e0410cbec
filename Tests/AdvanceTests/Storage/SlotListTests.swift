import Testing

@testable import Advance

/// The list of entries that know their own index: removal by moving the last entry, and
/// removals and additions while a walk is open.
@Suite struct SlotListTests {
  /// An entry that records its back-index, as the engine's participants do.
  final class Entry {
    let name: String
    var index = -1
    init(_ name: String) { self.name = name }
  }

  static func names(_ list: borrowing SlotList<Entry>) -> [String] {
    (0..<list.places).map { list.entry(at: $0)?.name ?? "·" }
  }

  @Test("Removing outside a walk moves the last entry into the gap; the caller repairs it")
  func swapRemoval() {
    var list = SlotList<Entry>()
    let entries = ["a", "b", "c", "d"].map(Entry.init)
    for entry in entries { entry.index = list.append(entry) }
    let (removed, movedTo) = list.remove(at: 1)
    #expect(removed === entries[1] && movedTo == 1)
    if let movedTo { list.entry(at: movedTo)?.index = movedTo }
    #expect(Self.names(list) == ["a", "d", "c"])
    #expect(list.checkInvariants { $0.index }.isEmpty)
    // The last one leaves nothing to move.
    #expect(list.remove(at: 2).movedTo == nil)
    #expect(list.count == 2)
  }

  @Test("Removals during a walk leave holes the walk skips; additions wait; the end closes up")
  func walk() {
    var list = SlotList<Entry>()
    let entries = ["a", "b", "c", "d", "e"].map(Entry.init)
    for entry in entries { entry.index = list.append(entry) }
    var visited: [String] = []
    let late = Entry("late")
    let count = list.beginWalk()
    for index in 0..<count {
      guard let entry = list.entry(at: index) else { continue }
      visited.append(entry.name)
      if entry.name == "b" {
        // What a callback may do: remove one ahead, one behind and itself, add one.
        _ = list.remove(at: 3)
        _ = list.remove(at: 0)
        _ = list.remove(at: index)
        late.index = list.append(late)
      }
    }
    #expect(visited == ["a", "b", "c", "e"])
    #expect(list.holes == 3 && list.count == 3)
    #expect(list.checkInvariants { $0.index } == [])
    list.endWalk { entry, index in entry.index = index }
    #expect(Self.names(list) == ["c", "e", "late"])
    #expect(list.holes == 0)
    #expect(list.checkInvariants { $0.index }.isEmpty)
  }

  @Test("The audit names a wrong back-index")
  func auditFindsAWrongBackIndex() {
    var list = SlotList<Entry>()
    let entry = Entry("a")
    entry.index = list.append(entry)
    entry.index = 5
    #expect(list.checkInvariants { $0.index } == ["an entry at 0 of a slot list has back-index 5"])
  }
}
