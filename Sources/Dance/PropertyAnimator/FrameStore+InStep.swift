// A frame's walk over two tables whose lanes belong to the same moves (`Node.move(along:)`).

extension FrameStore {
  /// The number of lanes of the first table that ``blendInStep(_:_:_:)`` walks before it
  /// catches the second up.
  static var stepLanes: Int { 64 }

  /// Walks two tables with lanes that are not plain in step: a stretch of the first, then
  /// the same share of the second, and so on. A move along a path (`Node.move(along:)`) has
  /// its centre's lane in `pairs` and its transform's in `octets`, recorded together, and
  /// both lanes read the move's path, motion and memo (one search a frame,
  /// ``PathMemo``): walked one table after the other, at 20 000 moves the second walk found
  /// none of it in the caches any more, and a frame took 1.5 times the hand-written loop's
  /// time on the AMD EPYC (1.1 with the transform's lanes left out). Lanes are evaluated
  /// independently, so any order gives the same values; this one keeps a move's two lanes
  /// within a stretch of each other when their tables hold the same moves in the same
  /// order, and costs a call a stretch otherwise.
  static func blendInStep<First: SIMD, Second: SIMD>(
    _ first: LaneTable<First>, _ second: LaneTable<Second>, _ frame: FrameSamples
  ) {
    let firstCount = first.count
    let secondCount = second.count
    var firstDone = 0
    var secondDone = 0
    while firstDone < firstCount {
      let firstNext = min(firstCount, firstDone + stepLanes)
      let secondNext =
        firstNext == firstCount ? secondCount : firstNext * secondCount / firstCount
      first.blendLanes(frame, in: firstDone..<firstNext)
      second.blendLanes(frame, in: secondDone..<secondNext)
      firstDone = firstNext
      secondDone = secondNext
    }
  }
}
