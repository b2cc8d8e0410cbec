extension Node {
  /// Moves the node's centre along `path` at constant speed, turning it to the path's
  /// direction with `.auto` or `.autoReverse`, as Core Animation's keyframe animation with a
  /// `path` and a `rotationMode`, GSAP's MotionPath or Godot's `PathFollow2D`.
  ///
  /// ```swift
  /// var track = Path()
  /// track.move(to: Point(x: 0, y: 100))
  /// track.addCurve(
  ///   to: Point(x: 200, y: 100), control1: Point(x: 50, y: 0), control2: Point(x: 150, y: 200))
  /// car.dance.animate(duration: 2, curve: .easeInOut) { car in
  ///   car.move(along: track, rotation: .auto)
  /// }.start()
  /// ```
  ///
  /// Inside an animation block the centre goes from the path's first point to its last on
  /// the block's timing, the progress of its curve or spring being the fraction of the
  /// path's arc length covered (scrubbing, pausing, reversing, `continueAnimation` and a
  /// block's delay factor apply; inside a timeline's block, the child's timing; inside a
  /// keyframe of `Node.animateKeyframes`, linearly over the keyframe's slice). The centre
  /// starts at the path's first point, wherever the node was (as Core Animation's). A
  /// spring's overshoot goes on along the path's end direction at the same speed.
  ///
  /// With `.auto` the transform keeps its translation, scale and shear and takes the path's
  /// direction as its rotation angle (`.autoReverse`: plus a half turn), so that the node's
  /// x axis points along the path; the angle is unwrapped (a loop of the path turns the
  /// node a whole turn, smoothly), and at a corner the node turns the short way from one
  /// direction to the other over a quarter of the shorter piece on each side, so that the
  /// turn is continuous. With `.none` the transform is left alone.
  ///
  /// Outside an animation block the node moves (and turns) to the path's end at once. A
  /// path without length, or one longer than 10¹⁰⁰, is reported as a `DanceError` and
  /// changes nothing. A later assignment to the centre (or, with a rotation, the transform)
  /// replaces the move, as a second assignment of any property does.
  public func move(along path: Path, rotation: PathRotation = .none) {
    let bound = LanePath<SIMD2<Double>>.maximumMagnitude
    guard path.length > 0, path.length <= bound,
      path.segments.allSatisfy({ Self.within(bound, $0.p0) && Self.within(bound, $0.p3) })
    else {
      DanceError.report(
        .outOfRange,
        "Node.move(along:rotation:): the path's length is \(path.length); a path to follow "
          + "needs a length above 0 and points within ±1e100; the node stays")
      return
    }
    // One motion and one memo for the move's two lanes: they search the path once a frame
    // between them. (Inside a block, the transform the block has left so far is the base: a
    // read gives the target.)
    let offset = rotation == .autoReverse ? Double.pi : 0
    let motion = PathMotion(
      path: path,
      rotation: rotation == .none ? nil : .init(base: transform.vector, offset: offset))
    let turns = motion.rotation != nil
    let memo = PathMemo()
    switch AnimationBlockStack.innermostEntry {
    case .animating(let animator, let windowStart):
      animator.withObject { animator in
        // (The transform's progress takes the velocity the centre's carries into a spring.)
        let carried = animator.recordMotion(
          motion, for: self, storage: CenterStorage(), windowStart: windowStart, memo: memo)
        if turns {
          animator.recordMotion(
            motion, for: self, storage: TransformStorage(), windowStart: windowStart, memo: memo,
            progressVelocity: carried)
        }
      }
    case .keyframe(let animator, let start, let duration):
      animator.withObject { animator in
        let slice = (start: start, duration: duration)
        animator.recordMotion(
          motion, for: self, storage: CenterStorage(), windowStart: start, slice: slice,
          memo: memo)
        if turns {
          animator.recordMotion(
            motion, for: self, storage: TransformStorage(), windowStart: start, slice: slice,
            memo: memo)
        }
      }
    case .timeline(let held):
      let recorder = held.object
      recorder.animator.recordTimelineMotion(
        for: self, storage: CenterStorage(), recorder: recorder
      ) { _ in motion }
      if turns {
        // The base is the transform the timeline has at the child's start, which every
        // replay has too (the transform read now may differ in a replay).
        recorder.animator.recordTimelineMotion(
          for: self, storage: TransformStorage(), recorder: recorder
        ) { start in
          PathMotion(path: path, rotation: .init(base: start, offset: offset))
        }
      }
    case .immediate, .targets, .motion, nil:
      center = Point(vector: motion.ends(SIMD2<Double>.self).to)
      if turns { transform = Transform(vector: motion.ends(SIMD8<Double>.self).to) }
    }
  }

  private static func within(_ bound: Double, _ point: SIMD2<Double>) -> Bool {
    abs(point.x) <= bound && abs(point.y) <= bound
  }
}
