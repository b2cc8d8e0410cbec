import Testing

@testable import Advance

/// The flat lists behind the stores and the control paths' lists: order, moves and the
/// lifetime of what they hold.
@Suite struct FlatArrayTests {
  final class Token {
    let id: Int
    init(_ id: Int) { self.id = id }
  }

  /// The ids of `list`, in order.
  private func ids(_ list: borrowing FlatArray<Token>) -> [Int] {
    list.indices.map { list[$0].id }
  }

  @Test("An empty list allocates nothing; appends grow it from nothing, in order")
  func growsFromNothing() {
    var list = FlatArray<Token>()
    #expect(list.isEmpty && list.capacity == 0)
    for id in 0..<9 { list.append(Token(id)) }
    #expect(ids(list) == Array(0..<9))
    // First as many 8-byte references as the allocator's smallest block holds (3), then
    // doubled.
    #expect(FlatArray<Token>.firstCapacity == 3)
    #expect(list.capacity == 12)
    #expect(FlatArray<(Double, Double, Double, Double)>.firstCapacity == 1)
    #expect(list.last?.id == 8)
  }

  // The count and capacity are 32-bit: a list past 2¹⁶ elements (a scene's lanes at
  // 100 000 nodes) must keep them whole, and a requested capacity comes back as asked.
  @Test("A list of 100 000 elements keeps its count, capacity and elements")
  func large() {
    var list = FlatArray<Int32>(capacity: 70_000)
    #expect(list.capacity == 70_000 && list.isEmpty)
    for value in 0..<100_000 { list.append(Int32(value)) }
    // 280 000 bytes: grown by half, not doubled.
    #expect(list.count == 100_000 && list.capacity == 105_000)
    #expect(list.indices.allSatisfy { list[$0] == Int32($0) })
    #expect(list.swapRemove(at: 0).moved == 99_999 && list.count == 99_999)
    #expect(FlatArray<Int32>(capacity: -5).capacity == 0)
  }

  /// An element of 4 KiB and more.
  struct Page {
    var index: Int
    var bytes = InlineArray<512, Double>(repeating: 0)
  }

  @Test("A buffer doubles while under 4 KiB and grows by half from there")
  func growthSteps() {
    var list = FlatArray<Double>()
    var capacities: [Int] = []
    for value in 0..<2_000 {
      list.append(Double(value))
      if capacities.last != list.capacity { capacities.append(list.capacity) }
    }
    // 3 (24 bytes), doubled up to 768 (384 elements are 3 072 bytes, under 4 KiB), then
    // grown by half: 1 152, 1 728, 2 592.
    #expect(capacities == [3, 6, 12, 24, 48, 96, 192, 384, 768, 1_152, 1_728, 2_592])
    #expect(list.indices.allSatisfy { list[$0] == Double($0) })
    // An element of 4 KiB or more grows one at a time from one.
    var pages = FlatArray<Page>()
    for index in 0..<3 { pages.append(Page(index: index)) }
    #expect(pages.capacity == 3 && pages[2].index == 2)
  }

  @Test("remove(at:) keeps the order; swapRemove moves the last element into the hole")
  func removals() {
    var list = FlatArray<Token>()
    for id in 0..<5 { list.append(Token(id)) }
    #expect(list.remove(at: 1).id == 1)
    #expect(ids(list) == [0, 2, 3, 4])
    #expect(list.remove(at: 3).id == 4)  // the last one
    #expect(ids(list) == [0, 2, 3])
    let (removed, moved) = list.swapRemove(at: 0)
    #expect(removed.id == 0 && moved?.id == 3)
    #expect(ids(list) == [3, 2])
    #expect(list.swapRemove(at: 1).moved == nil)
    #expect(ids(list) == [3])
  }

  @Test("firstIndex(where:) finds the first match, or nothing")
  func search() {
    var list = FlatArray<Token>()
    for id in [4, 7, 7, 1] { list.append(Token(id)) }
    #expect(list.firstIndex { $0.id == 7 } == 1)
    #expect(list.firstIndex { $0.id == 9 } == nil)
  }

  @Test("Elements are released when removed, cleared or when the list goes")
  func releasesElements() {
    weak var removed: Token?
    weak var cleared: Token?
    weak var third: Token?
    weak var held: Token?
    do {
      var list = FlatArray<Token>()
      do {
        let a = Token(1)
        let b = Token(2)
        let c = Token(3)
        (removed, cleared, third) = (a, b, c)
        list.append(a)
        list.append(b)
        list.append(c)
      }
      list.remove(at: 0)
      #expect(removed == nil && cleared != nil)
      list.removeAll()
      #expect(cleared == nil && third == nil && list.isEmpty && list.capacity == 3)
      let last = Token(4)
      held = last
      list.append(last)
    }
    #expect(held == nil)  // the list's own reference went with it
  }

  #if DEBUG
    @Test("A debug build stops at an index out of range instead of reading past the buffer")
    func indicesAreCheckedInDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>()
        list.append(1)
        list.append(2)
        _ = list[2]
      }
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>()
        list.append(1)
        _ = list.address(of: -1)
      }
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>()
        list.removeLast()
      }
    }
  #endif
}
