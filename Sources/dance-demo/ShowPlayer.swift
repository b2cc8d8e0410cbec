import Dance

/// The whole show as a function of its playhead, for `--live`: play, pause, reverse, scrub
/// and replay all of it, not just one animation.
///
/// The show is a script of calls at fixed clock times, so what the scene shows at playhead t
/// is a fresh showcase played to t (``Showcase/play(to:)``). Going forward advances the
/// scene's clock; going back builds a fresh showcase and plays it to the new playhead — a
/// few hundred frames of a small scene, far less than a frame's time — and, because Dance's
/// motion is a function of clock time, lands on exactly what forward play showed there.
final class ShowPlayer {
  private(set) var showcase = Showcase()
  /// The playhead, in seconds of show time, 0…``Showcase/duration``.
  private(set) var time = 0.0
  /// Whether the playhead moves with the wall clock.
  var isPlaying = true
  /// Whether it moves backward.
  var isReversed = false

  /// Moves the playhead by `seconds` of wall time if playing; stops at either end.
  func advance(by seconds: Double) {
    guard isPlaying, seconds > 0 else { return }
    let target = time + (isReversed ? -seconds : seconds)
    seek(to: target)
    if time == 0 && isReversed || time == Showcase.duration && !isReversed { isPlaying = false }
  }

  /// Puts the playhead at `target` (clamped to the show), showing exactly what playing
  /// there shows.
  func seek(to target: Double) {
    let target = target.isNaN ? 0 : min(max(target, 0), Showcase.duration)
    if target < showcase.scene.clock.now {
      showcase = Showcase()
    }
    showcase.play(to: target)
    time = target
  }

  /// Space: pause, or play on; at the end of the show (the start, reversed), from the other
  /// end again.
  func playPause() {
    if isPlaying {
      isPlaying = false
    } else {
      if !isReversed && time >= Showcase.duration { seek(to: 0) }
      if isReversed && time <= 0 { seek(to: Showcase.duration) }
      isPlaying = true
    }
  }

  /// `r`: turn around, playing.
  func reverse() {
    isReversed.toggle()
    isPlaying = true
  }

  /// ←/→: pause and move the playhead by `seconds`.
  func scrub(by seconds: Double) {
    isPlaying = false
    seek(to: time + seconds)
  }

  /// `0`: from the start again, forward.
  func replay() {
    seek(to: 0)
    isReversed = false
    isPlaying = true
  }

  /// `t`: the showcase's timeline turns around (`Timeline.isReversed`), running; an
  /// inactive one plays from its end back. (Scrubbing the whole show back replays the
  /// script, which restores the timeline the script made.)
  func reverseTimeline() {
    let deal = showcase.deal!
    deal.isReversed.toggle()
    if !deal.isRunning { deal.start() }
  }

  /// `[`/`]`: moves the timeline's own playhead (`Timeline.seek(to:)`), running or paused
  /// as it was; an inactive one becomes active, paused there.
  func seekTimeline(by seconds: Double) {
    let deal = showcase.deal!
    deal.seek(to: min(max(deal.time + seconds, 0), deal.totalDuration))
  }

  /// `p`: plays the timeline again from its start, forward (`Timeline.restart()`), from
  /// any state: it replays the values its first run started from.
  func restartTimeline() {
    showcase.deal!.restart()
  }

  /// One line on the playhead: state, time, direction, and the timeline's.
  var status: String {
    let state = isPlaying ? (isReversed ? "◀ playing backward" : "▶ playing") : "❚❚ paused"
    let deal = showcase.deal!
    let timeline =
      deal.state == .inactive
      ? "inactive"
      : "\(deal.isRunning ? (deal.isReversed ? "◀" : "▶") : "❚❚") "
        + "\(format2(deal.time)) s"
    return "\(state)  \(format2(time)) s of \(format2(Showcase.duration)) s  · timeline \(timeline)"
  }
}
