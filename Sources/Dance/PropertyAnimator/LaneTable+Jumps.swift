// Reduced motion (`MotionPreference.reduced`): lanes that jump to their end instead of
// moving. The table keeps the flag in each lane's kind and the path in its side list; these
// are the two things a jump adds.

extension LaneTable {
  /// Makes the lane at `index` jump (``LanePath/jumps``): a lane recorded in a scene with
  /// reduced motion. (Apart from `add`, which every start calls: a flag passed to it cost
  /// every start about 50 instructions.)
  @inline(never)
  func makeJump(at index: Int) {
    var path = path(at: index)
    path.jumps = true
    setPath(path, at: index)
  }

  /// The value of a lane that jumps (``LanePath/jumps``) at fraction `f` and clock time
  /// `now` (∞ where no start delay matters: velocities, re-basing). It shows the end its run
  /// heads to once the run has begun moving that way (running past any start delay, or a
  /// fraction past where that direction starts, after a delay factor's window forward), and
  /// the end it starts from before.
  func jumpValue(
    at index: Int, path: LanePath<V>, fraction f: Double, core: FlatAddress<AnimatorCore>,
    now: Double
  ) -> V {
    let reversed = core.pointee.reversed
    let moving = core.pointee.phase == .running && now >= core.pointee.anchorTime
    let begun =
      reversed ? f < 1 || moving : f > path.windowStart || (moving && path.windowStart == 0)
    return begun != reversed ? target(at: index) : path.from
  }
}
