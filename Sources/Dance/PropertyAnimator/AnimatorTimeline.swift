/// Where a ``PropertyAnimator`` is along its path, as a pure function of clock time.
///
/// While moving, the fraction complete is
/// `anchorFraction ± (t − anchorTime) / secondsPerFraction`, clamped to 0…1 (minus when
/// reversed); before `anchorTime` (a start delay) it stays at `anchorFraction`. A repeating
/// or autoreversing timeline (`Node.animate` options) keeps its phase in `anchorFraction`
/// instead: 0…1 forward, 1…2 back, wrapped for repeats.
struct AnimatorTimeline: Hashable {
  var anchorFraction = 0.0
  var anchorTime = 0.0
  var reversed = false
  /// Whether the timeline moves with the clock. It lags the state machine by one action, so
  /// that a pause can read the fraction the running animator had reached.
  var isMoving = false
  var secondsPerFraction: Double
  var repeats = false
  var autoreverses = false

  init(secondsPerFraction: Double) {
    self.secondsPerFraction = secondsPerFraction
  }

  /// Whether the timeline repeats or autoreverses.
  var isCycling: Bool { repeats || autoreverses }

  /// The fraction complete at clock time `time`.
  func fraction(at time: Double) -> Double {
    guard isMoving else { return anchorFraction }
    let elapsed = time - anchorTime
    if isCycling {
      let length: Double = autoreverses ? 2 : 1
      var phase = anchorFraction
      if secondsPerFraction > 0 {
        phase += max(elapsed, 0) / secondsPerFraction
      } else if elapsed >= 0 {
        phase = length
      }
      if repeats {
        phase = phase.truncatingRemainder(dividingBy: length)
      } else {
        phase = min(phase, length)
      }
      return phase <= 1 ? phase : 2 - phase
    }
    guard secondsPerFraction > 0 else {
      // No duration: the path is covered the moment the animator starts moving.
      return elapsed >= 0 ? (reversed ? 0 : 1) : anchorFraction
    }
    guard elapsed > 0 else { return anchorFraction }
    let moved = elapsed / secondsPerFraction
    return min(max(reversed ? anchorFraction - moved : anchorFraction + moved, 0), 1)
  }

  /// How fast the fraction moves at `time`, in fractions per second (signed).
  func speed(at time: Double) -> Double {
    guard isMoving, time >= anchorTime, secondsPerFraction > 0 else { return 0 }
    return (reversed ? -1 : 1) / secondsPerFraction
  }

  /// The clock time at which a moving timeline reaches the end of its path (∞ when it
  /// repeats).
  var endTime: Double {
    if isCycling {
      if repeats { return .infinity }
      return anchorTime + ((autoreverses ? 2 : 1) - anchorFraction) * secondsPerFraction
    }
    return anchorTime + (reversed ? anchorFraction : 1 - anchorFraction) * secondsPerFraction
  }
}
