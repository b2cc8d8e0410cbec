extension Comparable {
  /// `self` limited to `range`: its lower bound below it, its upper bound above it.
  ///
  /// The one clamp of Advance and Dance (`Validation.clamped` is the same with a
  /// `DanceError` for the caller's input).
  @inlinable @inline(__always)
  package func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
