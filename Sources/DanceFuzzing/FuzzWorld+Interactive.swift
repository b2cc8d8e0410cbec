import Dance

extension FuzzWorld {
  /// Sets the motion preference of scene `slot`, if it is still there.
  func setMotionPreference(of slot: Int, reduced: Bool) {
    scenes[slot % scenes.count]?.motionPreference = reduced ? .reduced : .full
  }

  /// Takes `step` on the interactive transition over animator `slot` (made at its first
  /// step; a gesture's velocity needs the transition to last).
  func interact(with slot: Int, _ step: FuzzOperation.InteractiveStep) {
    guard let animator = animator(slot) else { return }
    let key = ObjectIdentifier(animator)
    let transition = transitions[key] ?? InteractiveTransition(animator)
    transitions[key] = transition
    switch step {
    case .update(let fraction): transition.update(fractionComplete: fraction)
    case .finish(let position, let ratio, let response):
      transition.finish(
        towards: position, spring: SpringParameters(dampingRatio: ratio, response: response))
    case .cancel(let ratio, let response):
      transition.cancel(spring: SpringParameters(dampingRatio: ratio, response: response))
    }
  }
}
