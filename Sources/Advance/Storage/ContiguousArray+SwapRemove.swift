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
