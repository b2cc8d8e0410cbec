/// A growable array of values in one buffer that its owner alone holds: the storage of
/// Dance's flat stores (a scene's slots and lanes, a clock's animators).
///
/// Not copyable, so that it needs neither reference counting nor copy-on-write: reaching an
/// element is one address computation. A `ContiguousArray` in the same place cost, per
/// frame, a uniqueness check and a retain and release of its buffer each time a frame took
/// a pointer to it (`dance-bench --single-frame-probe`, Docs/Performance.md).
///
/// Elements are reached through addressors, in place, and writing through the subscript
/// does not need the array to be mutable: it belongs to one object, which writes it on one
/// thread.
///
/// The count and capacity are kept in 32 bits (an array is 16 bytes, not 24: a
/// `PropertyAnimator`'s six lists, 48 bytes of every animator; Docs/Performance.md, "Memory
/// per property"); an array that would grow past 2³¹ − 1 elements stops the program, as
/// running out of memory does (it would be 16 GiB of the smallest elements the stores keep).
///
/// **Invariant:** every index used is in `0..<count`, and an address taken with
/// ``address(of:)`` or ``buffer`` is used only until the array next grows or shrinks. Debug
/// builds check every index (the test suite and the debug fuzzer run with the checks);
/// release builds do not, so that a frame's access is one address computation: the stores
/// keep their indices in range, and the fuzzer's audits check them.
@usableFromInline
package struct FlatArray<Element>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var storedCount: Int32 = 0
  @usableFromInline var storedCapacity: Int32
  #if DEBUG
    /// Advanced on every growth and removal: the addresses taken with ``element(at:)``
    /// check it.
    @usableFromInline let epoch = FlatArrayEpoch()
  #endif

  /// An empty array with room for `capacity` elements; with none (the default) it
  /// allocates its buffer at the first append, so that an empty list to swap another
  /// into costs nothing.
  @inlinable
  package init(capacity: Int = 0) {
    let capacity = min(max(capacity, 0), Int(Int32.max))
    storedCapacity = Int32(truncatingIfNeeded: capacity)
    base = capacity > 0 ? Self.allocate(capacity: capacity) : Self.unallocated
  }

  /// The number of elements.
  @inlinable package var count: Int {
    @inline(__always) get { Int(storedCount) }
    @inline(__always) set { storedCount = Int32(truncatingIfNeeded: newValue) }
  }

  /// The number of elements the buffer has room for.
  @inlinable package var capacity: Int {
    @inline(__always) get { Int(storedCapacity) }
  }

  /// The buffer of an array of no capacity: never read or written, never deallocated.
  @usableFromInline
  static var unallocated: UnsafeMutablePointer<Element> {
    UnsafeMutablePointer(bitPattern: max(64, MemoryLayout<Element>.alignment)).unsafelyUnwrapped
  }

  /// Room for `capacity` elements. A buffer of 256 bytes or more starts a cache line: a
  /// store whose elements are a multiple of 64 bytes (a scene's slots) then has every
  /// element start one. A smaller one (the short lists of an animator's run) is aligned
  /// as its elements need, which costs the allocator less.
  @usableFromInline
  static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
    let byteCount = capacity * MemoryLayout<Element>.stride
    return UnsafeMutableRawPointer.allocate(
      byteCount: byteCount,
      alignment: max(byteCount >= 256 ? 64 : 16, MemoryLayout<Element>.alignment)
    ).bindMemory(to: Element.self, capacity: capacity)
  }

  @inlinable
  deinit {
    invalidateAddresses()
    // Element by element: the runtime's generic `deinitialize(count:)` costs more for the
    // short lists of the control paths.
    for index in 0..<count { _ = (base + index).move() }
    if capacity > 0 { base.deallocate() }
  }

  /// Whether the next append moves every element to a larger buffer (which changes every
  /// element's address).
  @inlinable package var isFull: Bool {
    @inline(__always) get { count == capacity }
  }

  /// Whether the array is empty.
  @inlinable package var isEmpty: Bool {
    @inline(__always) get { count == 0 }
  }

  /// The valid indices.
  @inlinable package var indices: Range<Int> {
    @inline(__always) get { 0..<count }
  }

  /// The elements, as a buffer valid until the array next grows or shrinks.
  @inlinable package var buffer: UnsafeMutableBufferPointer<Element> {
    @inline(__always) get { UnsafeMutableBufferPointer(start: base, count: count) }
  }

  /// The element at `index`, in place.
  @inlinable package subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      checkIndex(index)
      return UnsafePointer(base + index)
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      checkIndex(index)
      return base + index
    }
  }

  /// Stops a debug build at an index out of `0..<count` (nothing in release builds).
  @inlinable @inline(__always)
  func checkIndex(_ index: Int) {
    assert(index >= 0 && index < count, "FlatArray index \(index) out of 0..<\(count)")
  }

  /// The address of the element at `index`, valid until the array next grows or shrinks.
  @inlinable package func address(of index: Int) -> UnsafeMutablePointer<Element> {
    checkIndex(index)
    return base + index
  }

  /// The element at `index` in place, as a ``FlatAddress`` (valid until the array next
  /// grows or loses an element, which debug builds check at every use).
  @inlinable @inline(__always)
  package func element(at index: Int) -> FlatAddress<Element> {
    checkIndex(index)
    #if DEBUG
      return FlatAddress(base: base + index, array: epoch, available: count - index)
    #else
      return FlatAddress(base: base + index)
    #endif
  }

  /// The first element in place, for a walk over every element (``FlatAddress/+(_:_:)``);
  /// nil when the array is empty.
  @inlinable @inline(__always)
  package var firstAddress: FlatAddress<Element>? {
    count > 0 ? element(at: 0) : nil
  }

  /// Marks the addresses taken so far as stale (debug builds; nothing in release builds).
  @inlinable @inline(__always)
  func invalidateAddresses() {
    #if DEBUG
      epoch.value &+= 1
    #endif
  }

  /// The last element, if any.
  @inlinable package var last: Element? { count > 0 ? base[count - 1] : nil }

  /// Adds `element` at the end.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Moves the element at `element` to the end, leaving that memory uninitialised.
  @inlinable @inline(__always)
  package mutating func append(moving element: UnsafeMutablePointer<Element>) {
    if count == capacity { grow() }
    (base + count).moveInitialize(from: element, count: 1)
    count += 1
  }

  /// Puts `element` at `index` and returns the element that was there, moved out (no copy,
  /// no reference counted).
  @inlinable
  package func exchange(at index: Int, with element: Element) -> Element {
    checkIndex(index)
    let old = (base + index).move()
    (base + index).initialize(to: element)
    return old
  }

  /// Removes and returns the last element.
  @inlinable @discardableResult
  package mutating func removeLast() -> Element {
    assert(count > 0, "removeLast() on an empty FlatArray")
    invalidateAddresses()
    count -= 1
    return (base + count).move()
  }

  /// Removes the element at `index` in O(1) by moving the last element into its place;
  /// returns the removed element and, when one moved, the element now at `index`, so that
  /// the caller can repair the moved element's back-index.
  /// (With `returningMoved` false, the moved element is not copied out: nil.)
  @inlinable @inline(__always)
  package mutating func swapRemove(at index: Int, returningMoved: Bool = true) -> (
    removed: Element, moved: Element?
  ) {
    checkIndex(index)
    invalidateAddresses()
    let last = count - 1
    let removed = (base + index).move()
    count = last
    guard index != last else { return (removed, nil) }
    (base + index).moveInitialize(from: base + last, count: 1)
    return (removed, returningMoved ? base[index] : nil)
  }

  /// Removes the element at `index`, the later ones moving down one place (their order
  /// kept); returns it.
  @inlinable @discardableResult
  package mutating func remove(at index: Int) -> Element {
    checkIndex(index)
    invalidateAddresses()
    let removed = (base + index).move()
    (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
    count -= 1
    return removed
  }

  /// The index of the first element that satisfies `predicate`, if any.
  @inlinable
  package func firstIndex(where predicate: (Element) -> Bool) -> Int? {
    for index in 0..<count where predicate(base[index]) { return index }
    return nil
  }

  /// Removes every element, keeping the buffer.
  /// (One element at a time: for the short lists of the control paths that is cheaper
  /// than the runtime's generic `deinitialize(count:)`.)
  @inlinable
  package mutating func removeAll() {
    while count > 0 { removeLast() }
  }

  /// The capacity of a first buffer: as many elements as the allocator's smallest block
  /// holds (24 usable bytes in glibc's 32-byte block), at least one. An animator's short
  /// lists then take no more than they hold: its pending block (40 bytes) took a 96-byte
  /// block for room for two, and takes 48 (memory per animated property 627 → 617 bytes,
  /// `dance-bench --memory-probe`).
  @usableFromInline
  static var firstCapacity: Int { max(1, 24 / MemoryLayout<Element>.stride) }

  /// Moves the elements to a larger buffer: twice the capacity while the buffer is under
  /// 4 KiB (short lists, such as an animator's), half as large again from there (at least
  /// one more element). A scene's stores are a few arrays of 100 000 elements and more, and
  /// what their last growth left unused is memory every animated property pays: growing by
  /// half leaves about a fifth of an array unused on average where doubling leaves nearly a
  /// third (memory per animated property at ten scene sizes from 20 000 to 140 000 nodes,
  /// `dance-bench --memory-probe`: 497–646 bytes, 567 on average, → 500–536, 515). Each
  /// element is then copied about twice in all instead of once, on the starts that grow a
  /// store.
  @usableFromInline
  mutating func grow() {
    invalidateAddresses()
    let step =
      capacity * MemoryLayout<Element>.stride >= 4096 ? max(1, capacity / 2) : capacity
    let larger = capacity > 0 ? min(capacity + step, Int(Int32.max)) : Self.firstCapacity
    precondition(larger > capacity, "a FlatArray cannot hold more than 2³¹ − 1 elements")
    let buffer = Self.allocate(capacity: larger)
    buffer.moveInitialize(from: base, count: count)
    if capacity > 0 { base.deallocate() }
    base = buffer
    storedCapacity = Int32(truncatingIfNeeded: larger)
  }
}
