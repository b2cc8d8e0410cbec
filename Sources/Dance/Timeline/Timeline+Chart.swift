// A timeline as a chart (dance-demo's timeline.svg): its children as bars, labels and
// callbacks, in its own time.

extension Timeline {
  /// One bar of a chart of the timeline: a child's span in the root's own time (first
  /// play), how deep it is nested, and for a nested timeline the spans of its plays.
  package struct ChartRow {
    package var name: String
    package var start: Double
    package var end: Double
    package var depth: Int
    package var plays: [ClosedRange<Double>]
  }

  /// The timeline's children as bars, its labels and its callbacks, all in own seconds of
  /// this timeline (nested children in their first play); for `dance-demo`'s chart.
  package var chart: (rows: [ChartRow], labels: [(name: String, time: Double)], callbacks: [Double])
  {
    var rows: [ChartRow] = []
    var callbackTimes: [Double] = callbacks.map(\.time)
    func visit(_ timeline: Timeline, offset: Double, scale: Double, depth: Int) {
      for child in timeline.children {
        let start = offset + child.start / scale
        guard case .timeline(let nested) = child.content else {
          rows.append(
            ChartRow(
              name: child.name, start: start, end: offset + child.end / scale, depth: depth,
              plays: []))
          continue
        }
        let play = nested.playLength / nested.speed / scale
        let cycle = play + nested.repeatDelay / nested.speed / scale
        let end = offset + child.end / scale
        // (At most a thousand bars: a repeat count of 10³⁰⁰ is no Int.)
        let count = Int(min(nested.repeatCount.rounded(.up), 1000))
        let plays = (0..<count).map { index in
          let from = start + Double(index) * cycle
          return from...min(from + play, end)
        }
        rows.append(
          ChartRow(
            name: "timeline ×\(trimmed(nested.repeatCount))"
              + (nested.speed == 1 ? "" : " at \(trimmed(nested.speed))×")
              + (nested.autoreverses ? ", autoreverses" : ""),
            start: start, end: end, depth: depth, plays: plays))
        callbackTimes += nested.callbacks.map { start + $0.time / (nested.speed * scale) }
        visit(nested, offset: start, scale: scale * nested.speed, depth: depth + 1)
      }
    }
    visit(self, offset: 0, scale: 1, depth: 0)
    let labels = self.labels.map { (name: $0.key, time: $0.value) }.sorted { $0.time < $1.time }
    return (rows, labels, callbackTimes.sorted())
  }

  /// `value` without a trailing ".0".
  private func trimmed(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
  }
}
