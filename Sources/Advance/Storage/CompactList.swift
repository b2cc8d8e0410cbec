/// A short growable list kept through one pointer: the lists of an object there are many of
/// (a `PropertyAnimator`'s animations, completions and blocks), where a ``FlatArray`` keeps
/// its count and capacity beside its pointer (16 bytes) and this keeps them in front of
/// its elements, in its buffer (8 bytes; an empty list has no buffer and is a null
/// pointer). An animator's four lists were 64 bytes of every animator: 32 as these
/// (Docs/Performance.md, "Memory per property").
///
/// Not copyable, like ``FlatArray``, for the same reasons: no reference counting, no
/// copy-on-write, and exactly one owner, which frees the buffer and its elements.
///
/// **Invariant:** ``storage`` is nil exactly when the list has no buffer; otherwise it
/// points to a buffer that this list alone owns, with room for `capacity` elements after a
/// header of two 32-bit words (count, then capacity), of which the first `count` are
/// initialised, `0 ≤ count ≤ capacity`. Every index used is in `0..<count`: debug builds
/// check each one (the test suite and the debug fuzzer run with the checks); release builds
/// trust the owner's loops over ``indices``, as ``FlatArray``'s do.
@usableFromInline
package struct CompactList<Element>: ~Copyable {
  @usableFromInline var storage: UnsafeMutableRawPointer?

  /// An empty list, without a buffer.
  @inlinable @inline(__always)
  package init() {
    storage = nil
  }

  @inlinable
  deinit {
    guard let storage else { return }
    let elements = Self.elements(of: storage)
    for index in 0..<Self.count(of: storage) { _ = (elements + index).move() }
    storage.deallocate()
  }

  /// Where a buffer's elements start: after its 8-byte header, at their alignment.
  @usableFromInline
  static var elementOffset: Int { max(8, MemoryLayout<Element>.alignment) }

  @inlinable @inline(__always)
  static func elements(of storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Element> {
    (storage + elementOffset).assumingMemoryBound(to: Element.self)
  }

  @inlinable @inline(__always)
  static func count(of storage: UnsafeMutableRawPointer) -> Int {
    Int(storage.load(as: Int32.self))
  }

  @inlinable @inline(__always)
  static func capacity(of storage: UnsafeMutableRawPointer) -> Int {
    Int(storage.load(fromByteOffset: 4, as: Int32.self))
  }

  /// The number of elements.
  @inlinable package var count: Int {
    @inline(__always) get { storage.map(Self.count(of:)) ?? 0 }
  }

  /// The number of elements the buffer has room for (0 without a buffer).
  @inlinable package var capacity: Int {
    @inline(__always) get { storage.map(Self.capacity(of:)) ?? 0 }
  }

  /// Whether the list has no elements.
  @inlinable package var isEmpty: Bool {
    @inline(__always) get { count == 0 }
  }

  /// `0..<count`.
  @inlinable package var indices: Range<Int> {
    @inline(__always) get { 0..<count }
  }

  /// The element at `index`, in place, which must be in ``indices``.
  @inlinable package subscript(index: Int) -> Element {
    @inline(__always) unsafeAddress {
      UnsafePointer(address(of: index))
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      address(of: index)
    }
  }

  /// The address of the element at `index`, valid until the list next changes its count.
  @inlinable @inline(__always)
  func address(of index: Int) -> UnsafeMutablePointer<Element> {
    assert(index >= 0 && index < count, "CompactList index \(index) out of 0..<\(count)")
    return Self.elements(of: storage.unsafelyUnwrapped) + index
  }

  /// The last element, if any.
  @inlinable package var last: Element? {
    let count = count
    return count > 0 ? self[count - 1] : nil
  }

  /// Adds `element` at the end, growing the buffer if it is full.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    let count = count
    if count == capacity { grow() }
    let storage = storage.unsafelyUnwrapped
    (Self.elements(of: storage) + count).initialize(to: element)
    storage.storeBytes(of: Int32(truncatingIfNeeded: count + 1), as: Int32.self)
  }

  /// Removes and returns the last element; the list must not be empty.
  @inlinable @inline(__always) @discardableResult
  package mutating func removeLast() -> Element {
    let count = count
    assert(count > 0, "removeLast() on an empty CompactList")
    let storage = storage.unsafelyUnwrapped
    storage.storeBytes(of: Int32(truncatingIfNeeded: count - 1), as: Int32.self)
    return (Self.elements(of: storage) + count - 1).move()
  }

  /// Removes and returns the element at `index`, moving the later ones down.
  @inlinable @inline(__always) @discardableResult
  package mutating func remove(at index: Int) -> Element {
    let count = count
    let removed = address(of: index).move()
    let storage = storage.unsafelyUnwrapped
    let elements = Self.elements(of: storage)
    (elements + index).moveInitialize(from: elements + index + 1, count: count - index - 1)
    storage.storeBytes(of: Int32(truncatingIfNeeded: count - 1), as: Int32.self)
    return removed
  }

  /// The index of the first element that satisfies `predicate`, if any.
  @inlinable
  package func firstIndex(where predicate: (Element) -> Bool) -> Int? {
    guard let storage else { return nil }
    let elements = Self.elements(of: storage)
    for index in 0..<Self.count(of: storage) where predicate(elements[index]) { return index }
    return nil
  }

  /// Removes every element, keeping the buffer.
  @inlinable
  package mutating func removeAll() {
    while !isEmpty { removeLast() }
  }

  /// Room for twice as many elements (the first buffer: as many as fit in 24 bytes with
  /// the header, at least one).
  @usableFromInline
  mutating func grow() {
    let count = count
    let capacity = capacity
    let first = max(1, (24 - Self.elementOffset) / MemoryLayout<Element>.stride)
    let larger = capacity > 0 ? min(capacity * 2, Int(Int32.max)) : first
    precondition(larger > capacity, "a CompactList cannot hold more than 2³¹ − 1 elements")
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: Self.elementOffset + larger * MemoryLayout<Element>.stride,
      alignment: max(8, MemoryLayout<Element>.alignment))
    (buffer + Self.elementOffset).bindMemory(to: Element.self, capacity: larger)
    buffer.storeBytes(of: Int32(truncatingIfNeeded: count), as: Int32.self)
    buffer.storeBytes(of: Int32(truncatingIfNeeded: larger), toByteOffset: 4, as: Int32.self)
    if let storage {
      Self.elements(of: buffer).moveInitialize(from: Self.elements(of: storage), count: count)
      storage.deallocate()
    }
    storage = buffer
  }
}
