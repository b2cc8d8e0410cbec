import Dance

extension FuzzWorld {
  /// The first invariant broken now, or nil.
  func check() -> String? {
    if let problem = deferredProblem { return problem }
    for case let node? in nodes {
      if let problem = check(node) { return problem }
    }
    for case let animator? in animators {
      if let problem = animator.auditProblems().first { return "animator: \(problem)" }
      if animator.isRunning && animator.state != .active {
        return "animator: isRunning but \(animator.state)"
      }
      if !(0...1).contains(animator.fractionComplete) {
        return "animator: fractionComplete \(animator.fractionComplete) outside 0…1"
      }
    }
    for case let scene? in scenes {
      if let problem = scene.auditProblems().first { return "scene: \(problem)" }
    }
    for clock in clocks {
      if let problem = clock.slotListProblems.first { return "clock: \(problem)" }
    }
    for record in completions {
      if let problem = check(record) { return problem }
    }
    if let problem = checkTimelineBlocks() { return problem }
    for record in values {
      if let problem = check(record) { return problem }
    }
    return nil
  }

  private func check(_ node: Node) -> String? {
    let lanes =
      [node.center.x, node.center.y, node.alpha]
      + (0..<4).map { node.bounds.vector[$0] } + (0..<4).map { node.backgroundColor.vector[$0] }
      + (0..<8).map { node.transform.vector[$0] }
    if !lanes.allSatisfy(\.isFinite) { return "node: a value is not finite" }
    let velocities =
      [node.velocity(of: \.center).x, node.velocity(of: \.center).y, node.velocity(of: \.alpha)]
      + (0..<4).map { node.velocity(of: \.bounds).vector[$0] }
      + (0..<4).map { node.velocity(of: \.frame).vector[$0] }
    if !velocities.allSatisfy(\.isFinite) { return "node: a velocity is not finite" }
    if let problem = node.auditProblems().first { return "node: \(problem)" }
    // An exit ends by removing the node: an exiting node is in a scene, under a parent.
    if node.isExiting && (node.parent == nil || node.scene == nil) {
      return "node: exiting outside a scene"
    }
    let dance = node.dance
    if dance.isRunning && dance.state != .active { return "dance: running but not active" }
    if dance.hasAnimation && !(0...1).contains(dance.progress) {
      return "dance: progress \(dance.progress) outside 0…1"
    }
    return nil
  }

  private func check(_ record: CompletionRecord) -> String? {
    if record.calls > 1 { return "a completion ran \(record.calls) times: \(record.call)" }
    switch record.owner {
    case .animator(let reference):
      let animator = reference.animator
      if let animator, animator.state != .inactive, record.calls == 0 { record.runBegan = true }
      let ended = animator == nil || animator?.state == .inactive
      if record.runBegan && ended && record.calls != 1 {
        return "an animator's run ended without its completion: \(record.call)"
      }
    case .dance(let reference, let tag, let attached):
      if !attached {
        if record.calls != 0 { return "a completion with no animation ran: \(record.call)" }
        return nil
      }
      let node = reference.object as? Node
      let current = node.map { $0.dance.tag == tag && $0.dance.hasAnimation } ?? false
      if current, node?.dance.state == .active, record.calls == 0 { record.runBegan = true }
      let ended = !current || node?.dance.state == .inactive
      if record.runBegan && ended && record.calls != 1 {
        return "a node.dance run ended without its completion: \(record.call)"
      }
    case .block:
      break
    case .timeline(let reference):
      // Added to each run once: it must have run when the run it joined ended.
      let timeline = reference.timeline
      if let timeline, timeline.state != .inactive, record.calls == 0 { record.runBegan = true }
      let ended = timeline == nil || timeline?.state == .inactive
      if record.runBegan && ended && record.calls != 1 {
        return "a timeline's run ended without its completion: \(record.call)"
      }
    }
    return nil
  }

  private func check(_ record: ValueAnimatorRecord) -> String? {
    defer { record.completionsAtLastCheck = record.completions }
    if record.completions > record.runStarts {
      return "an Animator reported \(record.completions) completions for \(record.runStarts) runs"
    }
    guard let animator = record.animator else { return nil }
    if !animator.value.x.isFinite || !animator.value.y.isFinite {
      return
        "an Animator's value is not finite: \(animator.value) at clock time \(clocks[0].now), \(clocks.last!.now)"
    }
    let isAnimating = animator.isAnimating
    if record.wasAnimating && !isAnimating && record.completions == record.completionsAtLastCheck {
      return "an Animator's run ended without onCompletion"
    }
    // A run in progress now is a new one if none was before, or if a completion came since.
    if isAnimating && (!record.wasAnimating || record.completions > record.completionsAtLastCheck) {
      record.observedRuns += 1
    }
    record.wasAnimating = isAnimating
    return nil
  }

  /// Empties every slot. What the slots held is released when this returns, outside the
  /// accesses that emptied them: releases run completions, which may read the slots.
  private func dropEverything() {
    let held = (
      animators, nodes, scenes, values.map { release(&$0.animator) },
      timelines.map { release(&$0.timeline) }
    )
    withExtendedLifetime(held) {
      animators = []
      transitions = [:]
      nodes = []
      scenes = []
    }
  }

  /// Releases everything the sequence holds, then checks that nothing is left: returns the
  /// first problem, or nil.
  func tearDown() -> String? {
    tearingDown = true
    dropEverything()
    // An action runs once, unless it was cancelled while pending, when it never runs.
    for entry in actions where !entry.action.isPending {
      if entry.record.calls != (entry.cancelled ? 0 : 1) {
        return "an action \(entry.cancelled ? "cancelled while pending " : "")ran "
          + "\(entry.record.calls) times: \(entry.record.call)"
      }
    }
    // A pending action keeps its deadline (and its clock's hold on it) until it runs or is
    // cancelled, as a user's timer would: cancel what is left.
    for entry in actions { entry.action.cancel() }
    if let pending = actions.first(where: { $0.action.isPending }) {
      return "an action is still pending after it was cancelled: \(pending.record.call)"
    }
    if made.contains(where: { $0.object != nil }) {
      let kinds = made.compactMap { $0.object.map { "\(type(of: $0))" } }
      return "still alive after every reference was dropped: \(kinds)"
    }
    for (index, clock) in clocks.enumerated()
    where clock.activeObserverCount != 0 || clock.pendingDeadlineCount != 0 {
      return
        "clock \(index) still has \(clock.activeObserverCount) observers and "
        + "\(clock.pendingDeadlineCount) deadlines after everything was released"
    }
    for record in completions where record.calls > 1 || (record.runBegan && record.calls != 1) {
      return "a completion ran \(record.calls) times in all: \(record.call)"
    }
    for record in values where record.completions < record.observedRuns {
      return
        "an Animator reported \(record.completions) completions for \(record.observedRuns) runs"
    }
    return nil
  }
}
