// Running a finished run's completions: the queue's entry for them carries where the run
// ended, and the animator runs the oldest due ones when the queue reaches it.

extension AnimatingPosition {
  /// The position as the ``CallbackQueue`` carries it.
  var queueArgument: Int {
    switch self {
    case .end: 0
    case .start: 1
    case .current: 2
    }
  }

  fileprivate init(queueArgument: Int) {
    self = queueArgument == 0 ? .end : queueArgument == 1 ? .start : .current
  }
}

extension PropertyAnimator: CallbackOwner {
  /// Runs the oldest `count` queued completions, with the position their run ended at.
  @usableFromInline
  package func runDueCallbacks(_ count: Int, argument: Int) {
    let position = AnimatingPosition(queueArgument: argument)
    // Taken out of the list first: a completion may end another run of this animator,
    // which queues its own behind these.
    var handlers = CompactList<Completion>()
    if dueCompletions.count == count {
      swap(&handlers, &dueCompletions)
    } else {
      for _ in 0..<count { handlers.append(dueCompletions.remove(at: 0)) }
    }
    // Assignments in a completion apply at once. The queue runs at the edge of the
    // outermost operation, where no animation block is open on this thread (blocks run only
    // inside operations), so there is no entry to push, unless a target read is open (a
    // subclass's computed property that `targetValue(of:)` reads may make calls).
    if AnimationBlockStack.readsTargets {
      AnimationBlockStack.run(.immediate) { runCompletions(&handlers, at: position) }
    } else {
      CallbackQueue.checkUserCodeMayRun()
      runCompletions(&handlers, at: position)
    }
    // The buffer comes back for the next run, unless the list has one again.
    if dueCompletions.isEmpty {
      handlers.removeAll()
      swap(&handlers, &dueCompletions)
    }
  }
}

/// Calls each of `handlers` with `position`, in order. A lone handler, the common case, is
/// moved out of the list and called: a call in place retains the closure for the call and
/// the list releases it again when emptied (40 instructions).
private func runCompletions(
  _ handlers: inout CompactList<PropertyAnimator.Completion>,
  at position: AnimatingPosition
) {
  if handlers.count == 1 {
    handlers.removeLast().handler(position)
    return
  }
  for index in handlers.indices {
    handlers[index].handler(position)
  }
}
