import Dance

/// A static SVG plot of every named timing curve, spring step responses for several damping
/// ratios, decay, and the same rapid retargets replacing and additive (position and
/// velocity), all sampled from the engine.
struct CurvesPlot {
  struct Series {
    var name: String
    var color: String
    var points: [SIMD2<Double>]
    /// Drawn dashed, so that a series lying on another still shows.
    var dashed = false
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
    return [timing, springs, decay] + Self.retargetPanels()
  }

  /// The times and targets of the rapid retargets in the retarget plot.
  static let retargets: [(time: Double, x: Double)] = [
    (0, 100), (0.15, 20), (0.3, 140), (0.45, 60), (0.6, 120),
  ]

  /// The motion of a node's x through ``retargets``, each a new animator of 0.5 s, timed
  /// (easeInOut) or a critically damped spring, composing `composition`; sampled every 5 ms
  /// over 0…1.4 s, with its velocity (a central difference of the engine's samples).
  static func retargetMotion(spring: Bool, composition: AnimationComposition) -> (
    position: [SIMD2<Double>], velocity: [SIMD2<Double>]
  ) {
    let scene = Scene()
    let node = Node(frame: Rect(x: -5, y: -5, width: 10, height: 10))
    scene.root.addChild(node)
    var pending = retargets[...]
    let step = 0.005
    let samples = (0...280).map { index in
      let time = Double(index) * step
      while let next = pending.first, next.time <= time {
        pending.removeFirst()
        scene.clock.advance(to: next.time)
        let animator =
          spring
          ? PropertyAnimator(duration: 0.5, dampingRatio: 1)
          : PropertyAnimator(duration: 0.5, curve: .easeInOut)
        animator.addAnimations { node.center = Point(x: next.x, y: 0) }
        animator.composition = composition
        animator.startAnimation()
      }
      scene.clock.advance(to: time)
      return SIMD2(time, node.center.x)
    }
    let velocity = (1..<samples.count - 1).map { index in
      SIMD2(samples[index].x, (samples[index + 1].y - samples[index - 1].y) / (2 * step))
    }
    return (samples, velocity)
  }

  /// Position and velocity through the same rapid retargets, timed and spring, replacing
  /// and additive.
  static func retargetPanels() -> [Panel] {
    let kinds: [(String, Bool, AnimationComposition)] = [
      ("easeInOut, replace", false, .replace), ("easeInOut, additive", false, .additive),
      // A replacing spring carries the velocity over, and springs are linear: the two
      // spring lines coincide (the dashes show both).
      ("spring, replace", true, .replace), ("spring, additive", true, .additive),
    ]
    let motions = kinds.map { retargetMotion(spring: $0.1, composition: $0.2) }
    let colors = [palette[0], palette[1], palette[5], palette[2]]
    func series(_ pick: ((position: [SIMD2<Double>], velocity: [SIMD2<Double>])) -> [SIMD2<Double>])
      -> [Series]
    {
      kinds.indices.map {
        Series(
          name: kinds[$0].0, color: colors[$0], points: pick(motions[$0]),
          dashed: kinds[$0].2 == .additive)
      }
    }
    let times: [Double] = [0, 0.3, 0.6, 0.9, 1.2]
    return [
      Panel(
        title: "Retargets every 0.15 s: x", xLabel: "time (s)", yLabel: "x",
        xRange: 0...1.4, yRange: -20...160, xTicks: times, yTicks: [0, 40, 80, 120, 160],
        series: series(\.position)),
      Panel(
        title: "Retargets every 0.15 s: velocity", xLabel: "time (s)", yLabel: "dx/dt (per s)",
        xRange: 0...1.4, yRange: -1200...1200, xTicks: times, yTicks: [-1200, -600, 0, 600, 1200],
        series: series(\.velocity)),
    ]
  }

  func render() -> String {
    let panelWidth = 330.0
    let plotSize = SIMD2<Double>(250, 220)
    let margin = SIMD2<Double>(58, 46)
    let panels = panels
    let perRow = 3
    let rowHeight = 380.0
    let width = panelWidth * Double(perRow)
    let height = rowHeight * Double((panels.count + perRow - 1) / perRow)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="11">
      <title>Dance timing curves, springs, decay and retargets, sampled from the engine</title>
      <rect width="100%" height="100%" fill="white"/>

      """
    for (index, panel) in panels.enumerated() {
      let top = Double(index / perRow) * rowHeight
      let origin = SIMD2(Double(index % perRow) * panelWidth + margin.x, top + margin.y)
      func map(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let x =
          (point.x - panel.xRange.lowerBound) / (panel.xRange.upperBound - panel.xRange.lowerBound)
        let y =
          (point.y - panel.yRange.lowerBound) / (panel.yRange.upperBound - panel.yRange.lowerBound)
        return SIMD2(origin.x + x * plotSize.x, origin.y + (1 - y) * plotSize.y)
      }
      svg += "<text x=\"\(format2(origin.x + plotSize.x / 2))\" y=\"\(format2(top + 22))\" "
      svg += "text-anchor=\"middle\" "
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
          "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2\""
          + (series.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
      }
      // The legend below the axis label, two entries a row: never over a curve.
      for (seriesIndex, series) in panel.series.enumerated() {
        let legend =
          origin
          + SIMD2(Double(seriesIndex % 2) * 140, plotSize.y + 58 + Double(seriesIndex / 2) * 15)
        svg +=
          "<line x1=\"\(format2(legend.x))\" y1=\"\(format2(legend.y - 4))\" x2=\"\(format2(legend.x + 16))\" "
        svg += "y2=\"\(format2(legend.y - 4))\" stroke=\"\(series.color)\" stroke-width=\"3\""
        svg += (series.dashed ? " stroke-dasharray=\"4 2\"" : "") + "/>\n"
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
