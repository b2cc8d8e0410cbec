import Dance

extension FuzzWorld {
  /// Starts an animator moving `node`'s centre to (x, −x), checking that the value on screen
  /// does not move at the retarget (unless the start ran callbacks that made calls of their
  /// own, which may move it).
  func retarget(
    _ node: Node?, x: Double, duration: Double, timing: FuzzOperation.Timing, additive: Bool
  ) {
    guard let node else { return }
    let animator = PropertyAnimator(duration: duration, timingParameters: timing.parameters)
    made.append(WeakReference(object: animator))
    animators.append(animator)
    animator.composition = additive ? .additive : .replace
    animator.addAnimations { [weak node] in node?.center = Point(x: x, y: -x) }
    // Read as drawn, even from a callback inside an animation block (where reads give targets).
    var shown: Point {
      var value = Point.zero
      Node.performWithoutAnimation { value = node.center }
      return value
    }
    let before = shown
    let calls = operationCount
    // Before the start: a completion that the start runs may retarget too, and its check
    // must allow for the rounding of this value's terms.
    largestMagnitude = max(largestMagnitude, x.isFinite ? abs(x) : 0)
    animator.startAnimation()
    // With reduced motion a retarget jumps, by design (`MotionPreference`).
    guard let scene = node.scene, scene.motionPreference == .full, operationCount == calls,
      x.isFinite
    else { return }
    let after = shown
    // A value a spring's overshoot carried beyond ±10¹⁰⁰ is held at that bound where a new
    // path starts from it (`LanePath.maximumMagnitude`, documented there); offsets that keep
    // running under an additive start keep their sum. Either way nothing else may move.
    let bound = 1e100
    let held = Point(x: min(max(before.x, -bound), bound), y: min(max(before.y, -bound), bound))
    // The sum of up to 16 offsets rounds to a few ulps of the largest value any of them
    // holds, which may be far larger than the values on screen.
    let tolerance =
      1e-12 * max(1, largestMagnitude, abs(before.x), abs(before.y))
    func near(_ a: Double, _ b: Double, _ c: Double) -> Bool {
      abs(a - b) <= tolerance || abs(a - c) <= tolerance
    }
    if !near(after.x, before.x, held.x) || !near(after.y, before.y, held.y) {
      deferredProblem = "a retarget moved the value from \(before) to \(after)"
    }
  }
}
