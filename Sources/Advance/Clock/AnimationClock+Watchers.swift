// The advance role: observers told when an advance lets user code run while time is ahead
// of their last frame (Dance's frame stores, whose values a read otherwise takes as fresh).

extension AnimationClock {
  /// Tells `observer` when an advance lets user code run while time is ahead of the
  /// observer's last frame (an event, or another observer's frame), and when that advance
  /// ends; from now until ``unwatchAdvances(_:)``, which it must call before it goes. Called
  /// during such an advance, the observer is told at once.
  package func watchAdvances(_ observer: any ClockParticipant) {
    advanceWatchers.append(UnretainedObserver(observer))
    if watchersTold { observer.clockWillAdvance(self) }
  }

  /// Stops telling `observer` of advances (it may be in its `deinit`: it is compared, not
  /// called; one leaving during an advance settles its own state).
  package func unwatchAdvances(_ observer: any ClockParticipant) {
    guard let index = advanceWatchers.firstIndex(where: { $0.refers(to: observer) }) else {
      return
    }
    _ = advanceWatchers.swapRemove(at: index, returningMoved: false)
  }

  /// Tells the watchers that time has started to run ahead of their last frame (`begun`),
  /// or that the advance is over. Told only when user code can run before a watcher's own
  /// frame (an event, or another frame observer), so that a plain frame pays nothing.
  /// (A watcher's calls run no user code, and add or remove no watcher.)
  func tellWatchers(begun: Bool) {
    watchersTold = begun
    for index in advanceWatchers.indices {
      advanceWatchers[index].withObserver {
        if begun { $0.clockWillAdvance(self) } else { $0.clockDidEndAdvance(self) }
      }
    }
  }
}
