// What a frame reads of each lane besides its slot and value: its kind and its ends.

extension LaneTable {
  /// How a frame evaluates a lane.
  struct Kind {
    /// Whether the path is a plain blend from `from` to `to` by the slot's sample
    /// (``LanePath/isPlain``); otherwise the frame evaluates the whole path, which lives
    /// apart so that the frame's stream of plain lanes never touches it.
    var isPlain: Bool
    /// Whether the lane jumps (``LanePath/jumps``), kept here so that an evaluation tests
    /// it without reading the path (in the padding after `isPlain`).
    var jumps = false
    /// The lane's timeline track (an index into `timelines`), or -1; kept here so that the
    /// frame reaches it without reading the path.
    var timeline: Int32
    /// For a timeline lane that blends like a plain one from its child's sample: the
    /// child's index in its plan (and `from`, `to` are its segment's); -1 otherwise.
    var child: Int32 = -1
    /// The lane's motion track (an index into `motions`: a move along a path), or -1; kept
    /// here so that the frame reaches the track without reading the path. (A lane with a
    /// motion has neither keyframes nor a timeline track: it is recorded plain and given the
    /// motion, ``LaneTable/attachMotion(_:at:)``.) It makes a kind 20 bytes instead of 16:
    /// about 5 more bytes an animated property, for one cache miss fewer a lane and frame at
    /// 20 000 moves.
    var motion: Int32 = -1
    /// The lane's entry in `sidePaths`, or -1 for a lane whose path is
    /// ``LanePath/isBareBlend``: its `from` and `to` are its ends, and the rest is the
    /// path's defaults.
    var path: Int32 = -1
  }

  /// The ends of a lane's blend: its path's, or its timeline child's segment's.
  struct Ends {
    var from: V
    var to: V
  }
}
