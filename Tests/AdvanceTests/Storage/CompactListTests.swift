import Testing

@testable import Advance

/// The one-pointer lists of an animator, and the strong reference that also lends its
/// object: their sizes, order, and the lifetime of what they hold.
@Suite struct CompactListTests {
  final class Token {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  private func ids(_ list: borrowing CompactList<Token>) -> [Int] {
    list.indices.map { list[$0].id }
  }

  @Test("A list is one pointer: empty, it has no buffer; it grows in order, doubling")
  func growsFromNothing() {
    #expect(MemoryLayout<CompactList<Token>>.size == 8)
    var list = CompactList<Token>()
    #expect(list.isEmpty && list.capacity == 0 && list.storage == nil && list.last == nil)
    list.append(Token(0))
    // 24 bytes: the 8-byte header and two references (the allocator's smallest block).
    #expect(list.capacity == 2)
    for id in 1..<9 { list.append(Token(id)) }
    #expect(ids(list) == Array(0..<9) && list.count == 9 && list.capacity == 16)
    #expect(list.last?.id == 8)
    // Elements wider than the first block's room get one each, at their alignment.
    var wide = CompactList<(Double, Double, Double, Double)>()
    wide.append((1, 2, 3, 4))
    wide.append((5, 6, 7, 8))
    #expect(wide.capacity == 2 && wide[1].3 == 8 && wide[0].0 == 1)
  }

  @Test("Removing keeps the order and releases what the list held; so does its end")
  func removesAndReleases() {
    weak var removed: Token?
    weak var kept: Token?
    do {
      var list = CompactList<Token>()
      for id in 0..<5 { list.append(Token(id)) }
      removed = list[2]
      kept = list[4]
      #expect(list.remove(at: 2).id == 2)
      #expect(removed == nil)  // the list held the only reference
      #expect(ids(list) == [0, 1, 3, 4])
      #expect(list.removeLast().id == 4 && ids(list) == [0, 1, 3])
      #expect(kept == nil)
      list[0] = Token(10)
      #expect(ids(list) == [10, 1, 3] && list.firstIndex { $0.id == 3 } == 2)
      #expect(list.firstIndex { $0.id == 99 } == nil)
      kept = list[1]
      list.removeAll()
      #expect(list.isEmpty && list.capacity == 8 && kept == nil)  // the buffer stays
      list.append(Token(7))
      kept = list[0]
    }
    #expect(kept == nil)  // the list's end released its elements
  }

  @Test("Two lists trade buffers by a swap, as an animator's completions do")
  func swaps() {
    var due = CompactList<Token>()
    var pending = CompactList<Token>()
    pending.append(Token(1))
    pending.append(Token(2))
    swap(&due, &pending)
    #expect(ids(due) == [1, 2] && pending.isEmpty && pending.capacity == 0)
  }

  #if DEBUG
    @Test("A debug build stops at an index out of range instead of reading past the buffer")
    func indicesAreCheckedInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        var list = CompactList<Int>()
        list.append(1)
        _ = list[1]
      }
      await #expect(processExitsWith: .failure) {
        _ = CompactList<Int>()[0]  // no buffer at all
      }
      await #expect(processExitsWith: .failure) {
        var list = CompactList<Int>()
        list.removeLast()
      }
    }
  #endif

  @Test("A retained reference holds its object until it goes, and lends it without a retain")
  func retainedHoldsAndLends() {
    final class Box {
      var value = 3
    }
    #expect(MemoryLayout<Retained<Box>>.size == 8)
    weak var gone: Box?
    var link = Retained<Box>(nil)
    #expect(!link.isPresent && link.object == nil && link.with { $0.value } == nil)
    #expect(link.identity == nil)
    do {
      let box = Box()
      gone = box
      link = Retained(box)
      #expect(link.refers(to: box) && !link.refers(to: Box()))
    }
    #expect(gone != nil)  // the link holds it
    #expect(link.with { $0.value } == 3 && link.withPresent { $0.value } == 3)
    #expect(link.object === gone && link.isPresent && link.identity != nil)
    link = Retained(nil)
    #expect(gone == nil)  // and lets it go
  }
}
