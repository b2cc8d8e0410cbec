import Dance

extension FuzzWorld {
  /// Makes a timeline of `children` on `scene`, counting its blocks' calls and checking its
  /// callbacks' times.
  func makeTimeline(
    _ scene: Scene, children: [FuzzOperation.TimelineChild], repeatCount: Double,
    repeatDelay: Double, autoreverses: Bool, speed: Double, call: String
  ) {
    let timeline = Timeline(scene: scene)
    made.append(WeakReference(object: timeline))
    let record = TimelineRecord(timeline: timeline)
    timelines.append(record)
    for child in children {
      switch child {
      case .animate(let duration, let timing, let place, let assignments):
        let index = record.blockCalls.count
        record.blockCalls.append(0)
        let apply = block(assignments)
        timeline.animate(
          duration: duration, timingParameters: timing.parameters, at: place.position
        ) { [record] in
          record.blockCalls[index] += 1
          apply()
        }
      case .stagger(
        let slots, let each, let byAmount, let origin, let duration, let place, let assignment):
        let nodes = slots.compactMap { node($0) }
        let animations: (Node, Int) -> Void = { [weak self] node, _ in
          self?.apply(assignment, to: node)
        }
        if byAmount {
          timeline.stagger(
            nodes, amount: each, from: origin, duration: duration, curve: .easeOut,
            at: place.position, animations)
        } else {
          timeline.stagger(
            nodes, each: each, from: origin, duration: duration, curve: .easeOut,
            at: place.position, animations)
        }
      case .keyframes(let slot, let values, let durations, let place):
        guard let node = node(slot) else { continue }
        timeline.keyframes(node, \.alpha, at: place.position) {
          for (index, (value, duration)) in zip(values, durations).enumerated() {
            switch index % 4 {
            case 0: LinearKeyframe(value, duration: duration, curve: .easeIn)
            case 1: CubicKeyframe(value, duration: duration)
            case 2: SpringKeyframe(value, duration: duration)
            default: MoveKeyframe(value)
            }
          }
        }
      case .callback(let place, let then):
        // A callback runs once per crossing (any number of times): it only makes its call.
        let handler = { [weak self] in
          guard let self, !self.tearingDown, let then else { return }
          self.perform(then, depth: 1)
        }
        // Where the callback sits, to check that playback runs it there.
        let expected = Expected()
        timeline.addCallback(at: place.position) { [weak self, weak timeline, weak record] in
          if let self, let timeline, let record, !record.nested {
            self.checkCallbackTime(timeline, record: record, expected: expected.time)
          }
          handler()
        }
        expected.time = timeline.callbackTimes.last
      case .label(let name, let place):
        timeline.addLabel(name, at: place.position)
      }
    }
    timeline.repeatCount = repeatCount
    timeline.repeatDelay = repeatDelay
    timeline.autoreverses = autoreverses
    timeline.speed = speed
    let completion = self.completion(
      CompletionRecord(owner: .timeline(TimelineReference(timeline: timeline)), call: call),
      then: nil)
    timeline.addCompletion { _ in completion() }
  }

  /// A callback of a plain (unnested, one forward play) timeline runs when the playhead is
  /// at its time.
  ///
  /// Not for a timeline controlled from inside a callback: the clock runs an event
  /// scheduled there for a time that has come on its next advance, late (so that a chain
  /// of instant events can never hang a frame).
  func checkCallbackTime(_ timeline: Timeline, record: TimelineRecord, expected: Double?) {
    guard let expected, timeline.state == .active, timeline.repeatCount == 1,
      !timeline.autoreverses, !record.controlledFromCallback, seekingWithCallbacks == 0
    else { return }
    let now = timeline.fractionComplete * timeline.totalDuration
    // The playhead comes from clock time: late in a long run, its ulps count.
    let clockRounding = 4 * clocks.map(\.now.ulp).max()! * timeline.speed
    if abs(now - expected) > 1e-9 * max(1, timeline.totalDuration) + clockRounding {
      deferredProblem = "a timeline callback at \(expected) s ran at \(now) s"
    }
  }

  /// Scrubs `timeline` to where it is; nothing on screen may move. Checked from the top
  /// level only (`depth` 0): a callback may run while the timeline is still activating,
  /// before its values are written.
  func rescrub(_ timeline: Timeline, depth: Int) {
    guard timeline.state == .active else { return }
    guard depth == 0 else {
      timeline.fractionComplete = timeline.fractionComplete
      return
    }
    let before = drawn()
    let wasRunning = timeline.isRunning
    let calls = operationCount
    let graph = self.graph()
    timeline.fractionComplete = timeline.fractionComplete
    let after = drawn()
    if operationCount == calls, self.graph() == graph, after != before,
      let index = before.indices.first(where: { before[$0] != after[$0] })
    {
      deferredProblem =
        "scrubbing a timeline to where it was moved what is drawn: value \(index) of \(after.count) "
        + "from \(before[index]) to \(after[index])"
    }
    if wasRunning { timeline.start() }
  }

  /// Seeks `timeline`, inactive, to a few own times, ends that run, and seeks a replay to
  /// the same times: what is drawn must be the same, bit for bit (a timeline replays the
  /// start values of its first run). Skipped if user code made a call on the way, or an
  /// exit that the timeline took over ended and removed its node.
  func checkReplay(_ timeline: Timeline) {
    guard timeline.state == .inactive else { return }
    let total = timeline.totalDuration
    let times = [0, 0.3, 0.5, 0.99].map { total.isFinite ? $0 * total : $0 }
    let calls = operationCount
    let graph = self.graph()
    func pass() -> [[Double]] {
      let shown = times.map { time in
        timeline.seek(to: time)
        return drawn()
      }
      if timeline.state != .inactive { timeline.finish(at: .current) }
      return shown
    }
    let first = pass()
    let second = pass()
    guard operationCount == calls, self.graph() == graph,
      let index = first.indices.first(where: { first[$0] != second[$0] })
    else { return }
    deferredProblem =
      "a timeline's replay showed other values than its first run at own time \(times[index])"
  }

  /// Every node's values as drawn.
  /// Each node's parent and whether it is exiting: what an exit's end changes.
  func graph() -> [String] {
    nodes.map { node in
      guard let node else { return "gone" }
      return "\(node.parent.map { ObjectIdentifier($0).hashValue } ?? 0) \(node.isExiting)"
    }
  }

  func drawn() -> [Double] {
    var values: [Double] = []
    Node.performWithoutAnimation {
      for case let node? in nodes {
        values += [node.center.x, node.center.y, node.alpha, node.bounds.width]
        values += (0..<4).map { node.backgroundColor.vector[$0] }
        values += (0..<8).map { node.transform.vector[$0] }
      }
    }
    return values
  }

  /// Every timeline's animate children ran their blocks equally often (once a run).
  func checkTimelineBlocks() -> String? {
    for record in timelines {
      if let first = record.blockCalls.first, record.blockCalls.contains(where: { $0 != first }) {
        return "a timeline's blocks ran unequally often: \(record.blockCalls)"
      }
      if let timeline = record.timeline, timeline.state == .active,
        record.blockCalls.contains(0), !record.nested
      {
        return "an active timeline did not run a block"
      }
    }
    return nil
  }
}

/// A callback's time, known once it is added.
final class Expected {
  var time: Double?
}
