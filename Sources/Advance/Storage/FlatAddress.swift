/// The address of an element of a ``FlatArray``, for code that reads and changes the
/// element where it lives instead of copying it (an animator's core in its scene's store:
/// a copy is 128 bytes and a retain and release of its curve's solver).
///
/// **Invariant:** an address is used only while its array neither grows nor removes an
/// element: a growth may move the buffer, and a removal moves another element into the
/// gap (or frees the place). The engine takes an address, uses it within one operation
/// that adds no slot and removes none, and drops it; no address is kept across a call to
/// user code, which could start or end runs.
///
/// Debug builds check the invariant: an address remembers its array's *epoch*, which the
/// array advances on every growth and removal, and every use compares it, stopping the
/// program at an address that outlived its element; an offset (``+(_:_:)``) is checked
/// against the elements there are. Release builds keep the pointer alone, so an address
/// costs what a pointer costs.
@usableFromInline
package struct FlatAddress<Element> {
  @usableFromInline let base: UnsafeMutablePointer<Element>
  #if DEBUG
    /// The array's epoch counter (nil for a scoped address of a value outside any array).
    @usableFromInline let array: FlatArrayEpoch?
    @usableFromInline let epoch: UInt64
    /// How many of the array's elements start at `base`.
    @usableFromInline let available: Int
  #endif

  #if DEBUG
    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<Element>, array: FlatArrayEpoch?, available: Int) {
      self.base = base
      self.array = array
      epoch = array?.value ?? 0
      self.available = available
    }
  #else
    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<Element>) {
      self.base = base
    }
  #endif

  /// Runs `body` with the address of `value`, valid for the body only (a value kept
  /// outside any array: a copy of a core that a re-basing reads from).
  @inlinable
  package static func withAddress<Result>(
    of value: inout Element, _ body: (FlatAddress<Element>) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &value) { pointer in
      #if DEBUG
        body(FlatAddress(base: pointer, array: nil, available: 1))
      #else
        body(FlatAddress(base: pointer))
      #endif
    }
  }

  /// Runs `body` with the address of `value`, valid for the body only and for reading only
  /// (a segment read in place rather than copied field by field).
  @inlinable
  package static func withAddress<Result>(
    reading value: Element, _ body: (FlatAddress<Element>) -> Result
  ) -> Result {
    withUnsafePointer(to: value) { pointer in
      #if DEBUG
        body(FlatAddress(base: UnsafeMutablePointer(mutating: pointer), array: nil, available: 1))
      #else
        body(FlatAddress(base: UnsafeMutablePointer(mutating: pointer)))
      #endif
    }
  }

  /// The element `offset` places further on, read and changed in place (a frame's
  /// per-slot lists).
  @inlinable
  package subscript(offset: Int) -> Element {
    @inline(__always) unsafeAddress {
      checkValid(offset: offset)
      return UnsafePointer(base + offset)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      checkValid(offset: offset)
      return base + offset
    }
  }

  /// The element, read and changed in place.
  @inlinable
  package var pointee: Element {
    @inline(__always) unsafeAddress {
      checkValid(offset: 0)
      return UnsafePointer(base)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      checkValid(offset: 0)
      return base
    }
  }

  /// The address `offset` elements further on (a frame walking the store's cores).
  @inlinable @inline(__always)
  package static func + (address: FlatAddress, offset: Int) -> FlatAddress {
    address.checkValid(offset: offset)
    #if DEBUG
      return FlatAddress(
        base: address.base + offset, array: address.array,
        available: address.array == nil ? 1 : address.available - offset)
    #else
      return FlatAddress(base: address.base + offset)
    #endif
  }

  /// Stops a debug build at an address whose array grew or lost an element since it was
  /// taken, or at an offset past its elements (nothing in release builds).
  @inlinable @inline(__always)
  func checkValid(offset: Int) {
    #if DEBUG
      if let array {
        precondition(
          array.value == epoch,
          "an address into a FlatArray<\(Element.self)> was used after the array changed")
      }
      precondition(
        offset >= 0 && offset < available,
        "an address into a FlatArray<\(Element.self)> was offset past its elements")
    #endif
  }
}

#if DEBUG
  /// A ``FlatArray``'s count of its growths and removals, shared with the addresses taken
  /// into it (debug builds only).
  @usableFromInline
  package final class FlatArrayEpoch {
    @usableFromInline var value: UInt64 = 0
    @usableFromInline init() {}
  }
#endif
