import Dance

/// A static SVG plot of every named timing curve, spring step responses for several damping
/// ratios, and decay, all sampled from the engine.
struct CurvesPlot {
  struct Series {
    var name: String
    var color: String
    var points: [SIMD2<Double>]
  }

  struct Panel {
    var title: String
    var xLabel: String
    var yLabel: String
    var xRange: ClosedRange<Double>
    var yRange: ClosedRange<Double>
    var xTicks: [Double]
    var yTicks: [Double]
    var series: [Series]
  }

  static let palette = ["#f97316", "#3b82f6", "#22c55e", "#eab308", "#a855f7", "#ef4444"]

  /// Samples `evaluate` at `count + 1` evenly spaced points of `range`.
  static func sample(
    _ range: ClosedRange<Double>, count: Int = 200, _ evaluate: (Double) -> Double
  ) -> [SIMD2<Double>] {
    (0...count).map { step in
      let x =
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(step) / Double(count)
      return SIMD2(x, evaluate(x))
    }
  }

  /// The motion of an animator started by `start`, sampled on its clock over `range`.
  static func simulate(
    over range: ClosedRange<Double>, _ start: (Animator<Double>) -> Void
  ) -> [SIMD2<Double>] {
    let clock = AnimationClock()
    let animator = Animator(initialValue: 0.0, clock: clock)
    start(animator)
    return sample(range) { time in
      clock.advance(to: time)
      return animator.value
    }
  }

  var panels: [Panel] {
    let curves: [(String, TimingFunction)] = [
      ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
      ("easeInOut", .easeInOut), ("default (CSS ease)", .default), ("swiftOut", .swiftOut),
    ]
    let timing = Panel(
      title: "Timing curves", xLabel: "progress", yLabel: "eased progress",
      xRange: 0...1, yRange: 0...1, xTicks: [0, 0.25, 0.5, 0.75, 1],
      yTicks: [0, 0.25, 0.5, 0.75, 1],
      series: curves.enumerated().map { index, entry in
        Series(
          name: entry.0, color: Self.palette[index],
          points: Self.sample(0...1) { entry.1.value(at: $0) })
      })
    let ratios = [0.2, 0.5, 1.0, 2.0]
    let springs = Panel(
      title: "Springs: unit step, response 1 s", xLabel: "time (s)", yLabel: "value",
      xRange: 0...2, yRange: 0...1.6, xTicks: [0, 0.5, 1, 1.5, 2], yTicks: [0, 0.5, 1, 1.5],
      series: ratios.enumerated().map { index, ratio in
        let parameters = SpringParameters(dampingRatio: ratio, response: 1)
        return Series(
          name: "ζ = \(ratio)", color: Self.palette[index],
          points: Self.simulate(over: 0...2) {
            $0.simulate(using: SpringFunction(target: 1.0, parameters: parameters, threshold: 1e-6))
          })
      })
    let drags = [1.0, 2.0, 4.0]
    let decay = Panel(
      title: "Decay from 1 unit/s", xLabel: "time (s)", yLabel: "distance",
      xRange: 0...3, yRange: 0...1, xTicks: [0, 1, 2, 3], yTicks: [0, 0.25, 0.5, 0.75, 1],
      series: drags.enumerated().map { index, drag in
        Series(
          name: "drag \(Int(drag))", color: Self.palette[index],
          points: Self.simulate(over: 0...3) {
            $0.simulate(using: DecayFunction(threshold: 1e-6, drag: drag), initialVelocity: 1)
          })
      })
    return [timing, springs, decay]
  }

  func render() -> String {
    let panelWidth = 330.0
    let plotSize = SIMD2<Double>(250, 220)
    let margin = SIMD2<Double>(58, 46)
    let panels = panels
    let width = panelWidth * Double(panels.count)
    let height = 380.0
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="11">
      <title>Dance timing curves, springs and decay, sampled from the engine</title>
      <rect width="100%" height="100%" fill="white"/>

      """
    for (index, panel) in panels.enumerated() {
      let origin = SIMD2(Double(index) * panelWidth + margin.x, margin.y)
      func map(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let x =
          (point.x - panel.xRange.lowerBound) / (panel.xRange.upperBound - panel.xRange.lowerBound)
        let y =
          (point.y - panel.yRange.lowerBound) / (panel.yRange.upperBound - panel.yRange.lowerBound)
        return SIMD2(origin.x + x * plotSize.x, origin.y + (1 - y) * plotSize.y)
      }
      svg += "<text x=\"\(format2(origin.x + plotSize.x / 2))\" y=\"22\" text-anchor=\"middle\" "
      svg += "font-size=\"14\" font-weight=\"bold\">\(escape(panel.title))</text>\n"
      for tick in panel.xTicks {
        let at = map(SIMD2(tick, panel.yRange.lowerBound))
        svg += "<line x1=\"\(format2(at.x))\" y1=\"\(format2(origin.y))\" x2=\"\(format2(at.x))\" "
        svg += "y2=\"\(format2(origin.y + plotSize.y))\" stroke=\"#e5e7eb\"/>\n"
        svg +=
          "<text x=\"\(format2(at.x))\" y=\"\(format2(at.y + 15))\" text-anchor=\"middle\">\(trim(tick))</text>\n"
      }
      for tick in panel.yTicks {
        let at = map(SIMD2(panel.xRange.lowerBound, tick))
        svg +=
          "<line x1=\"\(format2(origin.x))\" y1=\"\(format2(at.y))\" x2=\"\(format2(origin.x + plotSize.x))\" "
        svg += "y2=\"\(format2(at.y))\" stroke=\"#e5e7eb\"/>\n"
        svg +=
          "<text x=\"\(format2(at.x - 6))\" y=\"\(format2(at.y + 4))\" text-anchor=\"end\">\(trim(tick))</text>\n"
      }
      svg +=
        "<text x=\"\(format2(origin.x + plotSize.x / 2))\" y=\"\(format2(origin.y + plotSize.y + 34))\" "
      svg += "text-anchor=\"middle\">\(escape(panel.xLabel))</text>\n"
      let labelAt = SIMD2(origin.x - 40, origin.y + plotSize.y / 2)
      svg += "<text x=\"\(format2(labelAt.x))\" y=\"\(format2(labelAt.y))\" text-anchor=\"middle\" "
      svg +=
        "transform=\"rotate(-90 \(format2(labelAt.x)) \(format2(labelAt.y)))\">\(escape(panel.yLabel))</text>\n"
      // The frame over the grid, so that the grid never hides it.
      svg +=
        "<rect x=\"\(format2(origin.x))\" y=\"\(format2(origin.y))\" width=\"\(format2(plotSize.x))\" "
      svg += "height=\"\(format2(plotSize.y))\" fill=\"none\" stroke=\"#333\"/>\n"
      for series in panel.series {
        let points = series.points.map { pair(map($0)) }.joined(separator: " ")
        svg +=
          "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2\"/>\n"
      }
      // The legend below the axis label, two entries a row: never over a curve.
      for (seriesIndex, series) in panel.series.enumerated() {
        let legend =
          origin
          + SIMD2(Double(seriesIndex % 2) * 125, plotSize.y + 58 + Double(seriesIndex / 2) * 15)
        svg +=
          "<line x1=\"\(format2(legend.x))\" y1=\"\(format2(legend.y - 4))\" x2=\"\(format2(legend.x + 16))\" "
        svg += "y2=\"\(format2(legend.y - 4))\" stroke=\"\(series.color)\" stroke-width=\"3\"/>\n"
        svg +=
          "<text x=\"\(format2(legend.x + 20))\" y=\"\(format2(legend.y))\">\(escape(series.name))</text>\n"
      }
    }
    svg += "</svg>\n"
    return svg
  }

  private func trim(_ value: Double) -> String {
    var text = format2(value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
