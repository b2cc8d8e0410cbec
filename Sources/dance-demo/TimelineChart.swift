import Dance

/// A chart of a real `Timeline`, in the manner of GSAP's dev tools: each child a bar on the
/// time axis (nested children indented, a nested timeline's plays marked), labels as dashed
/// lines, callbacks as diamonds, and the playhead.
struct TimelineChart {
  let timeline: Timeline
  /// Where the playhead is drawn, in the timeline's own seconds.
  let playhead: Double

  func render() -> String {
    let (rows, labels, callbacks) = timeline.chart
    let left = 240.0
    let plotWidth = 560.0
    let rowHeight = 22.0
    let top = 58.0
    let total = max(timeline.totalDuration, 0.001)
    let width = left + plotWidth + 30
    let rowsBottom = top + Double(rows.count) * rowHeight
    let height = rowsBottom + rowHeight + 50
    func x(_ time: Double) -> Double { left + time / total * plotWidth }
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="11">
      <title>The showcase's timeline, charted from the real Timeline</title>
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(format2(left))" y="22" font-size="14" font-weight="bold">Timeline: \
      \(format2(timeline.duration)) s, \(rows.count) children</text>

      """
    // The time axis, with a tick every 0.5 s.
    var tick = 0.0
    while tick <= total + 1e-9 {
      svg += "<line x1=\"\(format2(x(tick)))\" y1=\"\(format2(top - 6))\" "
      svg += "x2=\"\(format2(x(tick)))\" y2=\"\(format2(rowsBottom + rowHeight))\" "
      svg += "stroke=\"#e5e7eb\"/>\n"
      svg += "<text x=\"\(format2(x(tick)))\" y=\"\(format2(top - 10))\" "
      svg += "text-anchor=\"middle\">\(format2(tick))</text>\n"
      tick += 0.5
    }
    let palette = ["#3b82f6", "#8b5cf6", "#f59e0b", "#10b981"]
    for (index, row) in rows.enumerated() {
      let y = top + Double(index) * rowHeight
      let color = palette[min(row.depth, palette.count - 1)]
      // Names left-aligned, a nested child's indented (SVG collapses leading spaces).
      svg += "<text x=\"\(format2(16 + 16 * Double(row.depth)))\" y=\"\(format2(y + 15))\">"
      svg += escape(row.name) + "</text>\n"
      let barWidth = max(x(row.end) - x(row.start), 2)
      svg += "<rect x=\"\(format2(x(row.start)))\" y=\"\(format2(y + 4))\" "
      svg += "width=\"\(format2(barWidth))\" height=\"\(format2(rowHeight - 8))\" rx=\"3\" "
      svg += "fill=\"\(color)\" fill-opacity=\"\(row.plays.isEmpty ? "0.85" : "0.25")\"/>\n"
      for play in row.plays {
        svg += "<rect x=\"\(format2(x(play.lowerBound)))\" y=\"\(format2(y + 6))\" "
        svg += "width=\"\(format2(max(x(play.upperBound) - x(play.lowerBound) - 2, 1)))\" "
        svg += "height=\"\(format2(rowHeight - 12))\" rx=\"2\" fill=\"\(color)\"/>\n"
      }
    }
    // Callbacks, on a row of their own.
    let callbackY = rowsBottom + rowHeight / 2
    svg += "<text x=\"16\" y=\"\(format2(callbackY + 4))\">callbacks</text>\n"
    for time in callbacks {
      let cx = x(time)
      svg += "<path d=\"M \(format2(cx)) \(format2(callbackY - 6)) l 6 6 l -6 6 l -6 -6 z\" "
      svg += "fill=\"#ef4444\"/>\n"
    }
    // Labels: dashed lines over every row, names on top.
    for label in labels {
      let lx = x(label.time)
      svg += "<line x1=\"\(format2(lx))\" y1=\"\(format2(top - 2))\" x2=\"\(format2(lx))\" "
      svg += "y2=\"\(format2(rowsBottom + rowHeight))\" stroke=\"#111827\" "
      svg += "stroke-dasharray=\"4 3\"/>\n"
      svg += "<text x=\"\(format2(lx + 4))\" y=\"\(format2(top + 2 - 30))\" "
      svg += "font-weight=\"bold\">\(escape(label.name))</text>\n"
    }
    // The playhead: from below the tick labels, with a marker there.
    let px = x(min(max(playhead, 0), total))
    svg += "<path d=\"M \(format2(px - 5)) \(format2(top - 4)) h 10 l -5 6 z\" fill=\"#dc2626\"/>\n"
    svg += "<line x1=\"\(format2(px))\" y1=\"\(format2(top - 4))\" x2=\"\(format2(px))\" "
    svg += "y2=\"\(format2(rowsBottom + rowHeight))\" stroke=\"#dc2626\" stroke-width=\"2\"/>\n"
    svg += "<text x=\"\(format2(px))\" y=\"\(format2(rowsBottom + rowHeight + 18))\" "
    svg += "text-anchor=\"middle\" fill=\"#dc2626\">playhead \(format2(playhead)) s</text>\n"
    svg += "<text x=\"\(format2(left))\" y=\"\(format2(height - 8))\" fill=\"#6b7280\">"
    svg += "own seconds; nested children in their first play, a nested timeline's plays "
    svg += "solid on its span</text>\n"
    svg += "</svg>\n"
    return svg
  }
}
