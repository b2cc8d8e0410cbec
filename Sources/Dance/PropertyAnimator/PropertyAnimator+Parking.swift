// The run's state while an animator has no slot in a store: its parked core (`ParkedCore`),
// read and changed in place. `PropertyAnimator.core`, `readCore(_:)` and `updateCore(_:)`
// (PropertyAnimator+Run.swift) choose between it and the slot.

extension PropertyAnimator {
  /// Whether the animator holds a parked core (``parked``).
  var hasParkedCore: Bool {
    switch parked {
    case .some: true
    case .none: false
    }
  }

  /// Reads the parked core in place.
  @inline(__always)
  func readParked<Result>(_ body: (borrowing AnimatorCore) -> Result) -> Result {
    switch parked {
    case .some(let parked): return parked.read(body)
    case .none: return readMissingParked(body)
    }
  }

  /// ``readParked(_:)`` without a parked core, which the invariant rules out: an unused
  /// core instead of a trap; debug builds stop.
  @inline(never)
  private func readMissingParked<Result>(_ body: (borrowing AnimatorCore) -> Result) -> Result {
    assertionFailure("an animator without a slot has no parked core")
    return body(.unused)
  }

  /// Changes the parked core in place.
  @inline(__always)
  func updateParked<Result>(_ body: (inout AnimatorCore) -> Result) -> Result {
    if !hasParkedCore { installMissingParked() }
    switch parked {
    case .some(let parked): return parked.update(body)
    case .none:
      var unused = AnimatorCore.unused
      return body(&unused)
    }
  }

  /// Makes the parked core a new run's, paced by `timing` (``ParkedCore/renew(timing:)``).
  @inline(__always)
  func renewParked(timing: consuming AnimationTiming) {
    if !hasParkedCore { installMissingParked() }
    switch parked {
    case .some(let parked): parked.renew(timing: timing)
    case .none: break
    }
  }

  /// Gives an animator without a slot and without a parked core, which the invariant rules
  /// out, an unused core instead of a trap; debug builds stop.
  @inline(never)
  private func installMissingParked() {
    assertionFailure("an animator without a slot has no parked core")
    parked = ParkedCore(.unused)
  }
}
