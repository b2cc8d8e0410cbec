/// Where an animator's run state (``AnimatorCore``) lives while the animator has no slot in
/// a store: a block of memory of its own, which the store takes when the animator enters a
/// slot (moving the core into the slot) and hands back, holding the core again, when it
/// leaves.
///
/// So an active animator, whose core is in its slot, keeps no second core: when the core
/// was a field of the animator, every active animator carried 128 bytes of an unused one
/// (memory per animated property 691 → 627 bytes, `dance-bench --memory-probe`).
///
/// **Invariant:** the memory always holds one initialised core, which only this value owns
/// (not copyable): ``init(_:in:)`` initialises it, ``moveCore(_:)`` moves the core out and
/// gives the emptied memory back without running `deinit`, and `deinit` destroys the core
/// and frees the memory. An animator holds one exactly while it has no slot (`slot < 0`);
/// its audit, which the fuzzer runs after each step, checks that.
struct ParkedCore: ~Copyable {
  private let address: UnsafeMutablePointer<AnimatorCore>

  /// `core` in `memory`, emptied memory for one core (``CoreMemoryPool/take()``).
  init(_ core: consuming AnimatorCore, in memory: UnsafeMutablePointer<AnimatorCore>) {
    address = memory
    address.initialize(to: core)
  }

  /// `core` in memory of its own, newly allocated (an animator's first parked core).
  init(_ core: consuming AnimatorCore) {
    self.init(core, in: .allocate(capacity: 1))
  }

  /// Reads the core in place (no copy: a copy retains the curve's solver).
  @inline(__always)
  func read<Result>(_ body: (borrowing AnimatorCore) -> Result) -> Result {
    body(address.pointee)
  }

  /// Changes the core in place.
  @inline(__always)
  func update<Result>(_ body: (inout AnimatorCore) -> Result) -> Result {
    body(&address.pointee)
  }

  /// Makes the core a new run's, paced by `timing` (moved in, not copied: a copy retains
  /// the curve's solver), keeping its run count.
  @inline(__always)
  func renew(timing: consuming AnimationTiming) {
    address.pointee = AnimatorCore(timing: timing, counting: address.pointee.run)
  }

  /// Hands the core's address to `move`, which must move the core out (leaving the memory
  /// uninitialised), and returns the emptied memory.
  @inline(__always)
  consuming func moveCore(_ move: (UnsafeMutablePointer<AnimatorCore>) -> Void)
    -> UnsafeMutablePointer<AnimatorCore>
  {
    let address = address
    discard self
    move(address)
    return address
  }

  deinit {
    address.deinitialize(count: 1)
    address.deallocate()
  }
}

/// Emptied memory for one core each, kept by a store for the next animators that leave
/// their slots (``ParkedCore``): what it holds is allocated and uninitialised, and freed
/// with the pool.
struct CoreMemoryPool: ~Copyable {
  private var blocks = FlatArray<UnsafeMutablePointer<AnimatorCore>>()

  /// The number of blocks kept.
  var count: Int { blocks.count }

  /// A block: a kept one, or a new allocation.
  mutating func take() -> UnsafeMutablePointer<AnimatorCore> {
    blocks.isEmpty ? .allocate(capacity: 1) : blocks.removeLast()
  }

  /// Keeps `block` (emptied memory from ``ParkedCore/moveCore(_:)``) if fewer than `limit`
  /// are kept, and frees it otherwise.
  mutating func give(_ block: UnsafeMutablePointer<AnimatorCore>, keepingAtMost limit: Int) {
    if blocks.count < limit { blocks.append(block) } else { block.deallocate() }
  }

  deinit {
    for block in blocks.buffer { block.deallocate() }
  }
}
