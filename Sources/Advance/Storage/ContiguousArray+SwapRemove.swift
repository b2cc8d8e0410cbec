extension ContiguousArray {
  /// Removes the element at `index` in O(1) by moving the last element into its place;
  /// returns the removed element and, when one moved, the element now at `index`, so that
  /// the caller can repair the moved element's back-index.
  ///
  /// The one way Dance's flat stores (the clock's lists, a scene's slots and lanes) remove
  /// an entry while every entry knows its own index.
  @inlinable
  package mutating func swapRemove(at index: Int) -> (removed: Element, moved: Element?) {
    let last = count - 1
    if index == last { return (removeLast(), nil) }
    swapAt(index, last)
    return (removeLast(), self[index])
  }
}

extension Array where Element: AnyObject {
  /// Removes the first element that is `element` itself, keeping the order of the rest;
  /// nothing if there is none.
  ///
  /// (The lists it serves hold a few elements: a linear search and one `remove(at:)` are
  /// cheaper than `removeAll(where:)`, which rebuilds the range in generic code.)
  @inlinable
  package mutating func removeFirst(identicalTo element: Element) {
    if let index = firstIndex(where: { $0 === element }) { remove(at: index) }
  }
}

extension Array {
  /// Removes every element, keeping the buffer: one element at a time, which for the short
  /// lists of Dance's control paths is cheaper than `removeAll(keepingCapacity:)`.
  @inlinable
  package mutating func removeEach() {
    while !isEmpty { removeLast() }
  }
}
