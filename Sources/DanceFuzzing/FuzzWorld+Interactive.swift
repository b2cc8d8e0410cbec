import Dance

extension FuzzWorld {
  /// Takes `step` on the interactive transition over animator `slot` (made at its first
  /// step; a gesture's velocity needs the transition to last).
  func interact(with slot: Int, _ step: FuzzOperation.InteractiveStep) {
    guard let animator = animator(slot) else { return }
    let key = ObjectIdentifier(animator)
    let transition = transitions[key] ?? InteractiveTransition(animator: animator)
    transitions[key] = transition
    switch step {
    case .update(let fraction): transition.update(fractionComplete: fraction)
    case .pause: transition.pause()
    case .finish(let ratio): transition.finish(dampingRatio: ratio)
    case .cancel(let ratio): transition.cancel(dampingRatio: ratio)
    case .completionSpeed(let speed): transition.completionSpeed = speed
    }
  }
}
