/// A ``LaneTable`` whatever its value type: what a frame, and an animation of a width other
/// than the built-in properties', need of it.
protocol ErasedLaneTable: AnyObject {
  /// Writes every lane's value for its slot's sample (a frame).
  func blend(_ frame: FrameSamples)

  /// The number of lanes.
  var count: Int { get }

  /// Whether the table's count of lanes that are not plain is right, and its lanes' routes
  /// agree with their paths; for the audit.
  var countsSpecialLanes: Bool { get }

  /// What breaks the back-indices of the lanes (each lane's animation knows its index) and
  /// of the side lists of keyframes and timeline tracks (each lane's path knows its entry);
  /// for the audit.
  var backIndexProblems: [String] { get }

  /// Runs `operation` on lane `index`, with this table as its own type.
  func perform<Operation: LaneOperation>(_ operation: Operation, lane index: Int)
    -> Operation.Result
}
