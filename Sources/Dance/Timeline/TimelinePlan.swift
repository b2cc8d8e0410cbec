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
  /// Per timed child, its last timing sample, so that the lanes of one child (a node's
  /// centre and alpha) share one curve solve a frame: the progress, which plain child lanes
  /// read (16 bytes a child), and apart from it the local time u it was taken at (NaN: not
  /// yet) and its impulse, which only the frame's pass over the children and the tracks read.
  private(set) var progress = FlatArray<SIMD2<Double>>()
  private(set) var memos = FlatArray<ChildSamples.Memo>()
  /// Both, as the frame and the tracks reach them (valid for the plan's life: see `prepare`).
  var samples: ChildSamples? {
    guard let progress = progress.firstAddress, let memos = memos.firstAddress else {
      return nil
    }
    return ChildSamples(progress: progress, memos: memos)
  }
  /// The root's own seconds that a lane's fraction 0…1 spans: the total duration, or one
  /// play and its delay for a timeline that repeats forever.
  var ownLength = 0.0
  /// The root's own time that reads see: a child's start while its block runs, then the
  /// end (a property's target).
  var cursor = 0.0

  /// A timed child of the root timeline, as ``prepare(children:)`` takes it (the frame's
  /// pass then reads its ``Pacing`` and, for a spring, its timing).
  struct Child {
    var start: Double
    var duration: Double
    var timing: AnimationTiming
    /// Whether the frame samples it (a timed child of the root); otherwise the fields are
    /// unused.
    var sampled = true
  }

  /// What the frame's pass reads of a child: where it starts, its duration, and its curve,
  /// or that it is a spring, whose timing it reads from `timings` (32 bytes a child; with the
  /// timing inline, 80, and the pass read a line and a quarter a child).
  struct Pacing {
    var start: Double
    var duration: Double
    var curve: TimingFunction
    var sampled: Bool
    var isSpring: Bool
  }

  /// The children (by child index), the root's timed ones marked `sampled`, which the
  /// frame samples in one pass: the lanes of a stagger's children then blend like plain
  /// lanes. (Read in place: copying a child out moved its timing.)
  private(set) var children = FlatArray<Pacing>()
  /// Per child, its whole timing (read by the frame for springs only).
  private(set) var timings = FlatArray<AnimationTiming>()

  /// Makes room for the samples of `count` children, and keeps the root's timed ones.
  ///
  /// A plan is prepared once, before any track or frame reads it (each run makes its own):
  /// the addresses of its samples that tracks and the store keep stay valid for its life.
  func prepare(children list: [Child?]) {
    progress = FlatArray(capacity: list.count)
    memos = FlatArray(capacity: list.count)
    children = FlatArray(capacity: list.count)
    timings = FlatArray(capacity: list.count)
    for child in list {
      progress.append(.zero)
      memos.append(ChildSamples.Memo(u: .nan, impulse: 0))
      let timing = child?.timing ?? AnimationTiming(curve: .linear, duration: 0)
      children.append(
        Pacing(
          start: child?.start ?? 0, duration: child?.duration ?? 0, curve: timing.curve,
          sampled: child?.sampled ?? false, isSpring: timing.isSpring))
      timings.append(timing)
    }
  }

  /// Samples every timed child of the root at the run's fraction `f`: the same arithmetic
  /// as a segment's own evaluation, so a lane reads the same value either way.
  @inline(__always)
  func sampleChildren(atFraction f: Double) {
    guard let samples else { return }
    let (time, _) = groups[0].fold(max(f * ownLength, 0))
    for index in children.indices {
      let child = children.element(at: index)
      guard child.pointee.sampled else { continue }
      let duration = child.pointee.duration
      let start = child.pointee.start
      // Before its start a child shows where it starts (a zero-length one too).
      let u = time < start ? 0 : duration > 0 ? (time - start) / duration : 1
      samples.record(index, at: u) {
        guard child.pointee.isSpring else {
          return AnimationTiming.sample(of: child.pointee.curve, at: u)
        }
        // The spring's fields in place (a copy of the timing retains its curve's solver).
        let timing = timings.element(at: index)
        return AnimationTiming.sample(
          of: timing.pointee.spring, spanning: timing.pointee.duration, at: u)
      }
    }
  }

}

/// The last timing samples of a timeline run's timed children, which its frame and its
/// tracks share (``TimelinePlan``): per child, the progress (what plain child lanes read)
/// and, apart, the local time u it was taken at and its impulse.
struct ChildSamples {
  /// A child's sample beyond its progress.
  struct Memo {
    /// The local time of the sample; NaN before the first.
    var u: Double
    var impulse: Double
  }

  let progress: FlatAddress<SIMD2<Double>>
  let memos: FlatAddress<Memo>

  /// Child `child`'s sample at local time `u`: the last one if it was taken at `u`,
  /// otherwise `make()`, kept as the last.
  @inline(__always)
  func record(_ child: Int, at u: Double, _ make: () -> TimingSample) {
    let memo = memos + child
    guard memo.pointee.u != u else { return }
    let sample = make()
    memo.pointee = Memo(u: u, impulse: sample.impulse)
    progress[child] = sample.progress
  }

  /// Child `child`'s sample at local time `u`, through ``record(_:at:_:)``.
  @inline(__always)
  func sample(_ child: Int, at u: Double, _ make: () -> TimingSample) -> TimingSample {
    record(child, at: u, make)
    return TimingSample(progress: progress[child], impulse: memos[child].impulse)
  }
}
