// What a frame reads of each lane besides its slot and value: its route, kind and ends.

extension LaneTable {
  /// How a frame finds the value of a lane in a table with lanes that are not plain: one
  /// 4-byte route a lane (``routes``), all that the walk reads before a plain lane's ends.
  /// (Both were in the 20-byte kind: at 10 000 timeline children, half a cache miss a
  /// child-frame, `--large-timeline-frame-probe`.)
  enum Route {
    /// A plain blend from `from` to `to` by the slot's sample (``LanePath/isPlain``).
    static var plain: Int32 { -1 }
    /// The lane's whole path is evaluated.
    static var evaluated: Int32 { -2 }
    // A route of 0 or more: a timeline lane that blends like a plain one from its child's
    // sample, the child's index in its plan (and `from`, `to` are its segment's).
  }

  /// What else an evaluation reads of a lane, so that it need not read the path first: 12
  /// bytes, its jump flag folded into its path's index (with a `Bool` of its own it was 16,
  /// 4 bytes of every lane; Docs/Performance.md, "Memory per property").
  struct Kind {
    /// The lane's timeline track (an index into `timelines`), or -1.
    var timeline: Int32
    /// The lane's motion track (an index into `motions`: a move along a path), or -1. (A
    /// lane with a motion has neither keyframes nor a timeline track: it is recorded plain
    /// and given the motion, ``LaneTable/attachMotion(_:at:)``.) Kept here, the frame
    /// reaches the track without reading the path: one cache miss fewer a lane and frame at
    /// 20 000 moves.
    var motion: Int32 = -1
    /// ``path`` and ``jumps`` in one word: the index, or -1; for a lane that jumps, -2 minus
    /// the index (a lane that jumps has a path of its own: a path that jumps is not plain,
    /// so not a bare blend).
    private var pathAndJump: Int32 = -1

    init(timeline: Int32) {
      self.timeline = timeline
    }

    /// The lane's entry in `sidePaths`, or -1 for a lane whose path is
    /// ``LanePath/isBareBlend``: its `from` and `to` are its ends, and the rest is the
    /// path's defaults. Setting it keeps ``jumps``.
    var path: Int32 {
      @inline(__always) get { pathAndJump >= -1 ? pathAndJump : -2 - pathAndJump }
      set { pathAndJump = jumps ? -2 - newValue : newValue }
    }

    /// Whether the lane jumps (``LanePath/jumps``); only a lane with a ``path`` of its own
    /// can.
    var jumps: Bool {
      @inline(__always) get { pathAndJump < -1 }
      set {
        let path = path
        assert(!newValue || path >= 0, "a lane that jumps has a path of its own")
        pathAndJump = newValue && path >= 0 ? -2 - path : path
      }
    }
  }

  /// The ends of a lane's blend: its path's, or its timeline child's segment's.
  struct Ends {
    var from: V
    var to: V
  }

  /// Whether ``specialCount`` counts the lanes that are not plain, and every lane's route
  /// agrees with its path (plain exactly when the path is, a child's only with a timeline
  /// track); for the audit.
  var countsSpecialLanes: Bool {
    specialCount == routes.indices.count { routes[$0] != Route.plain }
      && routes.indices.allSatisfy { index in
        let path = path(at: index)
        return (routes[index] == Route.plain) == path.isPlain
          && (routes[index] < 0 || path.timeline >= 0)
      }
  }
}
