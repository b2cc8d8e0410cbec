import Advance

// The owners a lane table keeps per lane, for the back index from an animation to its lane.

extension LaneTable {
  /// A lane's animation, the owner its back index points to.
  struct UnownedAnimation {
    /// Unretained: an animation removes its lane before it ends.
    let link: Unretained<PropertyAnimation>

    init(animation: PropertyAnimation) { link = Unretained(animation) }

    var animation: PropertyAnimation { link.object }
  }
}
