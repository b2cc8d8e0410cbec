import Testing

@testable import Advance

/// Addresses into the flat lists: in place, and checked in debug builds.
@Suite struct FlatAddressTests {
  @Test("An address reads and changes its element in place, and an offset reaches the next")
  func readsAndWritesInPlace() {
    var list = FlatArray<SIMD2<Double>>()
    list.append(SIMD2(1, 2))
    list.append(SIMD2(3, 4))
    let first = list.element(at: 0)
    first.pointee.y = 20
    #expect(list[0] == SIMD2(1, 20))
    let second = first + 1
    #expect(second.pointee == SIMD2(3, 4))
    second.pointee.x = 30
    #expect(list[1] == SIMD2(30, 4))
    // Appending within the capacity moves nothing: the address stays valid.
    list.reserveForTest(4)
    let again = list.element(at: 1)
    list.append(SIMD2(5, 6))
    #expect(again.pointee == SIMD2(30, 4))
  }

  @Test("A scoped address reaches a value outside any array")
  func scopedAddress() {
    var value = 7.0
    let read = FlatAddress.withAddress(of: &value) { address in
      address.pointee += 1
      return address.pointee
    }
    #expect(read == 8 && value == 8)
  }

  #if DEBUG
    @Test("A debug build stops at an address used after its array grew or lost an element")
    func staleAddressesStopDebugBuilds() async {
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>()
        list.append(1)
        list.append(2)
        list.append(3)
        let address = list.element(at: 0)
        list.append(4)  // past the first capacity of 3: the buffer moves
        _ = address.pointee
      }
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>(capacity: 4)
        list.append(1)
        list.append(2)
        let address = list.element(at: 0)
        _ = list.swapRemove(at: 0)  // the last element moves into the place
        _ = address.pointee
      }
      await #expect(processExitsWith: .failure) {
        var list = FlatArray<Int>()
        list.append(1)
        _ = (list.element(at: 0) + 1).pointee  // past the elements
      }
    }
  #endif
}

extension FlatArray {
  /// Grows the buffer to at least `capacity` without changing the elements.
  fileprivate mutating func reserveForTest(_ capacity: Int) {
    while self.capacity < capacity { grow() }
  }
}
