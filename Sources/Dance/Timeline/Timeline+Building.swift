// Building a timeline: children, staggers, keyframe tracks, nested timelines, labels and
// callbacks, each placed where its position says when it is added.

extension Timeline {
  /// Adds an animation: the changes in `animations`, over `duration` seconds along `curve`,
  /// starting at `position`. A NaN, infinite or negative duration counts as 0, with a
  /// `DanceError`.
  @discardableResult
  public func animate(
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping () -> Void
  ) -> Timeline {
    add(
      duration: duration, timing: CubicTimingParameters(animationCurve: curve), at: position,
      call: "Timeline.animate(duration:curve:at:_:)", animations)
  }

  /// Adds an animation paced by `timingParameters` (a spring child lasts until it
  /// settles: in `duration` for damping-ratio springs, its settling duration for physical
  /// ones).
  @discardableResult
  public func animate(
    duration: Double, timingParameters: any TimingCurveProvider,
    at position: TimelinePosition = .end, _ animations: @escaping () -> Void
  ) -> Timeline {
    add(
      duration: duration, timing: timingParameters, at: position,
      call: "Timeline.animate(duration:timingParameters:at:_:)", animations)
  }

  private func add(
    duration: Double, timing: any TimingCurveProvider, at position: TimelinePosition,
    call: String, _ animations: @escaping () -> Void
  ) -> Timeline {
    guard isBuildable(call) else { return self }
    let duration = Validation.seconds(duration, "the duration", in: call)
    let timing = AnimationTiming(timing, requestedDuration: duration, call: call)
    let start = resolve(position, call: call)
    append(
      Child(start: start, content: .animation(timing, animations), length: timing.duration),
      call: call)
    return self
  }

  /// Adds an animation per node, the i-th starting `rank × each` seconds after `position`,
  /// where the rank counts from `origin`; `animations` receives each node and its index.
  /// For what follows, the stagger is one child: from its earliest start to its last end.
  @discardableResult
  public func stagger(
    _ nodes: [Node], each interval: Double, from origin: StaggerOrigin = .first,
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let call = "Timeline.stagger(_:each:from:duration:curve:at:_:)"
    guard isBuildable(call) else { return self }
    let interval = Validation.seconds(interval, "each", in: call)
    return addStagger(
      nodes, origin: origin, spacing: { _ in interval }, duration: duration, curve: curve,
      at: position, call: call, animations)
  }

  /// Adds an animation per node, spread over `amount` seconds in all (GSAP's `amount`): the
  /// i-th starts `rank / largest rank × amount` after `position`, the rank counting from
  /// `origin`. Otherwise as ``stagger(_:each:from:duration:curve:at:_:)``.
  @discardableResult
  public func stagger(
    _ nodes: [Node], amount: Double, from origin: StaggerOrigin = .first,
    duration: Double, curve: AnimationCurve = .easeInOut, at position: TimelinePosition = .end,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let call = "Timeline.stagger(_:amount:from:duration:curve:at:_:)"
    guard isBuildable(call) else { return self }
    let amount = Validation.seconds(amount, "the amount", in: call)
    return addStagger(
      nodes, origin: origin, spacing: { $0 > 0 ? amount / $0 : 0 }, duration: duration,
      curve: curve, at: position, call: call, animations)
  }

  /// A stagger's children: node i at `rank(i) × spacing(largest rank)` after `position`.
  private func addStagger(
    _ nodes: [Node], origin: StaggerOrigin, spacing: (Double) -> Double, duration: Double,
    curve: AnimationCurve, at position: TimelinePosition, call: String,
    _ animations: @escaping (Node, Int) -> Void
  ) -> Timeline {
    let duration = Validation.seconds(duration, "the duration", in: call)
    let timing = AnimationTiming(
      CubicTimingParameters(animationCurve: curve), requestedDuration: duration, call: call)
    let first = resolve(position, call: call)
    let ranks = origin.ranks(count: nodes.count, call: call)
    let interval = spacing(ranks.max() ?? 0)
    let starts = ranks.map { first + $0 * interval }
    let earliest = starts.min() ?? first
    let end = max(first, (starts.max() ?? first) + duration)
    guard end.isFinite else {
      DanceError.report(
        .outOfRange,
        "\(call): the stagger would end at \(end) s, beyond the largest time; not added")
      return self
    }
    // Charted as "stagger N · i": the timeline's Nth stagger, its ith node.
    staggerCount += 1
    let stagger = staggerCount
    for (index, node) in nodes.enumerated() {
      children.append(
        Child(
          start: starts[index],
          content: .animation(
            timing,
            { [weak node] in
              if let node { animations(node, index) }
            }), length: duration, name: "stagger \(stagger) · \(index)"))
    }
    previous = (earliest, end)
    return self
  }

  /// Adds a keyframe track for one property of `node`, starting at `position`: the
  /// keyframes run one after another, each from where the one before left the property.
  ///
  /// ```swift
  /// timeline.keyframes(card, \.center) {
  ///   LinearKeyframe(Point(x: 100, y: 0), duration: 0.3, curve: .easeOut)
  ///   CubicKeyframe(Point(x: 200, y: 50), duration: 0.4)
  ///   SpringKeyframe(Point(x: 300, y: 0), duration: 0.5, spring: SpringParameters(duration: 0.5, bounce: 0.2))
  ///   MoveKeyframe(Point(x: 0, y: 0))
  /// }
  /// ```
  ///
  /// The property must be a stored animatable one (built-in or `@Animatable`), not a
  /// derived one such as `frame`; otherwise the track applies its last value at once, with
  /// a `DanceError`. A NaN, infinite or negative keyframe duration counts as 0.
  @discardableResult
  public func keyframes<N: Node, Value: VectorConvertible>(
    _ node: N, _ property: ReferenceWritableKeyPath<N, Value>,
    at position: TimelinePosition = .end,
    @KeyframeTrackBuilder<Value> _ track: () -> [Keyframe<Value>]
  ) -> Timeline {
    let call = "Timeline.keyframes(_:_:at:_:)"
    guard isBuildable(call) else { return self }
    let keyframes = track().map {
      Keyframe(
        kind: $0.kind, value: $0.value,
        duration: Validation.seconds($0.duration, "a keyframe's duration", in: call))
    }
    let length = keyframes.reduce(0) { $0 + $1.duration }
    let start = resolve(position, call: call)
    append(
      Child(
        start: start,
        content: .keyframes({ [weak node] recorder in
          guard let node, let last = keyframes.last else { return }
          recorder.keyframes = keyframes
          recorder.keyframesRejected = false
          node[keyPath: property] = last.value
          if recorder.keyframesRejected || recorder.keyframes != nil {
            recorder.keyframes = nil
            recorder.keyframesRejected = false
            DanceError.report(
              .illegalState,
              "\(call): \(property) is not a stored animatable property; its last value was set")
          }
        }), length: length, name: "keyframes"), call: call)
    return self
  }

  /// Nests `child` at `position`: it plays in this timeline's time, at its own `speed`,
  /// with its own repeats. A timeline can be nested once, never in itself or its own
  /// descendants, only in a timeline of the same scene, and only while both are inactive;
  /// otherwise the call reports a `DanceError` and changes nothing.
  @discardableResult
  public func add(_ child: Timeline, at position: TimelinePosition = .end) -> Timeline {
    let call = "Timeline.add(_:at:)"
    guard isBuildable(call) else { return self }
    var ancestor: Timeline? = self
    while let next = ancestor {
      if next === child {
        DanceError.report(
          .illegalState, "\(call): a timeline cannot contain itself or its ancestors")
        return self
      }
      ancestor = next.parent
    }
    guard child.parent == nil else {
      DanceError.report(.illegalState, "\(call): the child already belongs to a timeline")
      return self
    }
    guard child.scene === scene else {
      DanceError.report(.illegalState, "\(call): the child animates another scene")
      return self
    }
    guard child.repeatCount.isFinite else {
      DanceError.report(
        .illegalState, "\(call): a child that repeats forever has no end; not added")
      return self
    }
    guard child.run == nil || child.run?.state == .inactive else {
      DanceError.report(.illegalState, "\(call): the child is active; not added")
      return self
    }
    let start = resolve(position, call: call)
    let entry = Child(start: start, content: .timeline(child), length: 0, name: "timeline")
    guard entry.end.isFinite else {
      append(entry, call: call)  // refused, with its error
      return self
    }
    child.parent = self
    append(entry, call: call)
    return self
  }

  /// Adds (or moves) the label `name` at `position`.
  @discardableResult
  public func addLabel(_ name: String, at position: TimelinePosition = .end) -> Timeline {
    let call = "Timeline.addLabel(_:at:)"
    guard isBuildable(call) else { return self }
    labels[name] = resolve(position, call: call)
    return self
  }

  /// Adds a callback that runs when playback crosses `position`, at that exact clock time.
  @discardableResult
  public func addCallback(
    at position: TimelinePosition = .end, _ callback: @escaping () -> Void
  ) -> Timeline {
    let call = "Timeline.addCallback(at:_:)"
    guard isBuildable(call) else { return self }
    let time = resolve(position, call: call)
    callbacks.append((time, callback))
    previous = (time, time)
    return self
  }

  /// The times of the callbacks, in the order added; for tests and the fuzzer.
  package var callbackTimes: [Double] { callbacks.map(\.time) }

  /// The time of the label `name`, in own seconds, or nil.
  public func time(ofLabel name: String) -> Double? { labels[name] }

  /// Adds `child`, unless it would end beyond the largest time (a `DanceError` naming
  /// `call`): a timeline's length must stay finite.
  private func append(_ child: Child, call: String) {
    guard child.end.isFinite else {
      DanceError.report(
        .outOfRange,
        "\(call): the child would end at \(child.end) s, beyond the largest time; not added")
      return
    }
    children.append(child)
    previous = (child.start, child.end)
  }

  /// The start time `position` stands for now; `call` names the user's call in errors.
  private func resolve(_ position: TimelinePosition, call: String) -> Double {
    var offset = position.offset
    if !offset.isFinite {
      DanceError.report(.nonFiniteNumber, "\(call): the position's time is \(offset); using 0")
      offset = 0
    }
    let base: Double
    switch position.anchor {
    case .absolute: base = 0
    case .end: base = duration
    case .previousStart: base = previous?.start ?? 0
    case .previousEnd: base = previous?.end ?? duration
    case .previousFraction(var fraction):
      if !fraction.isFinite {
        DanceError.report(.nonFiniteNumber, "\(call): the fraction is \(fraction); using 0")
        fraction = 0
      }
      let (start, end) = previous ?? (0, 0)
      base = start + fraction * (end - start)
    case .label(let name):
      if let time = labels[name] {
        base = time
      } else {
        base = duration
        labels[name] = base
      }
    }
    let start = base + offset
    guard start >= 0 else {
      DanceError.report(.outOfRange, "\(call): the position is at \(start) s, before 0; clamped")
      return 0
    }
    return start
  }
}
