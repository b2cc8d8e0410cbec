/// Where one lane's value on screen lives, held by the storage of the property it shows
/// (``Animatable/cell``), so that a read outside clock advances goes from the node to the
/// value in one step instead of through the animation, its lane table and the table's
/// buffer (what a host does for every node it draws; Docs/Performance.md, issue 25).
///
/// The invariant, which the lane table keeps and debug builds and the audit check:
/// **a property's storage holds a cell exactly while one animation that is not a member of
/// an additive stack drives the property, and the cell is that animation's lane's value in
/// its table.**
/// - The animation's recording sets the cell when it becomes the property's owner, and an
///   additive one clears it when it makes the property a stack
///   (`PropertyAnimator.addAnimation`, `recordAdditive`).
/// - The owner clears it when it lets go (``Animatable/takeBack(from:value:)``,
///   ``Animatable/fold(_:offset:)``).
/// - A lane's value moves only when its table removes another lane (the last lane takes the
///   freed index) or grows its buffer; the table then gives each moved lane's owner its new
///   cell (``PropertyAnimation/repointCell()``), before any read can run.
/// - The table, and so its buffer, lives as long as its scene's store, and a store ends
///   every animation (which clears their cells) before it goes.
///
/// Debug builds check on every read that the cell is the owner's lane (``Animatable/read()``);
/// `PropertyAnimator`'s audit, which the fuzzer runs after each step, checks it for every
/// live animation.
@usableFromInline
struct LaneCell<V: SIMD>: Equatable where V.Scalar == Double {
  @usableFromInline let address: UnsafePointer<V>

  /// The cell at `address`, a lane's element of its table's values.
  init(_ address: UnsafePointer<V>) {
    self.address = address
  }

  /// The value on screen.
  @inlinable @inline(__always)
  var value: V { address.pointee }
}
