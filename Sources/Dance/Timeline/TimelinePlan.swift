/// The time structure of an active ``Timeline`` and the timelines nested in it, shared by
/// the tracks of every property it drives: a *group* per timeline, with where it starts in
/// its parent, its speed and its repeats.
///
/// Own time flows down the tree: a nested timeline's own time is (parent time − its start)
/// × its speed, then folded into one play by ``fold(_:_:)`` (repeats, delays between them,
/// autoreverse). Everything is a pure function of the root's own time.
final class TimelinePlan {
  struct Group {
    /// The parent group's index; -1 for the root.
    var parent: Int
    /// Where the group starts, in its parent's own time (0 for the root).
    var start: Double
    /// Own seconds per parent second.
    var speed: Double
    /// One play, in own seconds.
    var duration: Double
    var repeatCount: Double
    var repeatDelay: Double
    var autoreverses: Bool
    /// The root's own time at which the group's own time 0 falls, in the first play of
    /// every group above it; and own seconds of this group per root second there.
    var rootStart: Double
    var rootScale: Double

    /// One play: forward, and back again when it autoreverses.
    var playLength: Double { autoreverses ? 2 * duration : duration }

    /// Every play and the delays between them, in own seconds (∞ when it repeats forever).
    var totalDuration: Double {
      guard repeatCount.isFinite else { return .infinity }
      let delays = (repeatCount.rounded(.up) - 1) * repeatDelay
      return repeatCount * playLength + max(delays, 0)
    }

    /// The own time `t` (≥ 0, unfolded) as a position within one play, 0…duration, and
    /// the direction the play moves there (1 forward, −1 back, 0 holding).
    @inline(__always)
    func fold(_ t: Double) -> (position: Double, direction: Double) {
      if repeatCount == 1 && !autoreverses {
        return t < duration ? (t, 1) : (duration, 0)
      }
      let play = playLength
      let cycle = play + repeatDelay
      var within: Double
      var holding = false
      if repeatCount.isFinite && t >= totalDuration {
        // The end of the last play (part of a play for a fractional count).
        let last = max(repeatCount.rounded(.up) - 1, 0)
        within = (repeatCount - last) * play
        holding = true
      } else if cycle > 0 && t.isFinite {
        let plays = (t / cycle).rounded(.down)
        within = t - plays * cycle
        if within > play {
          within = play
          holding = true
        }
      } else {
        within = 0
      }
      within = max(within, 0)
      guard autoreverses else { return (min(within, duration), holding ? 0 : 1) }
      if within <= duration { return (within, holding ? 0 : 1) }
      return (max(2 * duration - within, 0), holding ? 0 : -1)
    }
  }

  var groups: [Group] = []
  /// Per timed child: the local time u its timing was last sampled at, and the sample, so
  /// that the lanes of one child (a node's centre and alpha) share one curve solve a frame.
  /// NaN u: not sampled yet.
  private(set) var samples = FlatArray<(u: Double, sample: TimingSample)>()
  /// The root's own seconds that a lane's fraction 0…1 spans: the total duration, or one
  /// play and its delay for a timeline that repeats forever.
  var ownLength = 0.0
  /// The root's own time that reads see: a child's start while its block runs, then the
  /// end (a property's target).
  var cursor = 0.0

  /// A timed child of the root timeline, for the frame's pass over the children.
  struct Child {
    var start: Double
    var duration: Double
    var timing: AnimationTiming
    /// Whether the frame samples it (a timed child of the root); otherwise the fields are
    /// unused.
    var sampled = true
  }

  /// The children (by child index), the root's timed ones marked `sampled`, which the
  /// frame samples in one pass: the lanes of a stagger's children then blend like plain
  /// lanes. (Read in place: copying a child out moved its timing.)
  private(set) var children = FlatArray<Child>()

  /// Makes room for the samples of `count` children, and keeps the root's timed ones.
  ///
  /// A plan is prepared once, before any track or frame reads it (each run makes its own):
  /// the addresses of its samples that tracks and the store keep stay valid for its life.
  func prepare(children list: [Child?]) {
    samples = FlatArray(capacity: list.count)
    children = FlatArray(capacity: list.count)
    let unused = Child(
      start: 0, duration: 0, timing: AnimationTiming(curve: .linear, duration: 0), sampled: false)
    for child in list {
      samples.append((.nan, .zero))
      children.append(child ?? unused)
    }
  }

  /// Samples every timed child of the root at the run's fraction `f`: the same arithmetic
  /// as a segment's own evaluation, so a lane reads the same value either way.
  @inline(__always)
  func sampleChildren(atFraction f: Double) {
    guard !children.isEmpty else { return }
    let (time, _) = groups[0].fold(max(f * ownLength, 0))
    for index in children.indices {
      let child = children.element(at: index)
      guard child.pointee.sampled else { continue }
      let duration = child.pointee.duration
      let start = child.pointee.start
      // Before its start a child shows where it starts (a zero-length one too).
      let u = time < start ? 0 : duration > 0 ? (time - start) / duration : 1
      if samples[index].u != u {
        samples[index] = (u, child.pointee.timing.sample(at: u, linear: false))
      }
    }
  }

}
