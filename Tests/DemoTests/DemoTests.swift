import Dance
import Testing

@testable import dance_demo

@Suite struct DemoTests {
  @Test("The showcase plays its whole script and the chain ends back at its start")
  func showcase() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    #expect(recording.frames.count == 391)
    #expect(showcase.log.contains("chain: completion at .start"))
    // Every scripted call was made, in time order.
    let calls = showcase.log.filter { $0.contains(" s  ") }
    #expect(calls.count == 10)
    #expect(calls.first?.hasPrefix("0.00 s") == true && calls.last?.hasPrefix("3.30 s") == true)
    // The chain is back where it began; the puck is home; nothing is NaN.
    #expect(showcase.chain.center == Point(x: 78, y: 78))
    #expect(abs(showcase.puck.center.x - 562) < 1 && abs(showcase.puck.center.y - 292) < 1)
    for frame in recording.frames {
      for node in frame {
        #expect(node.center.x.isFinite && node.center.y.isFinite && node.alpha.isFinite)
      }
    }
  }

  @Test("The showcase SVG animates every node with values sampled from the engine")
  func showcaseSVG() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let svg = ShowcaseSVG(recording: recording, showcase: showcase).render()
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.hasSuffix("</svg>\n"))
    // The chain's first animated translate starts where the node started.
    #expect(svg.contains("type=\"translate\" values=\"78.00 78.00;"))
    #expect(svg.components(separatedBy: "<animateTransform").count > 5)
    #expect(svg.contains("dur=\"6.50s\""))
  }

  @Test("The curves plot has a line per series and labelled axes")
  func curves() {
    let plot = CurvesPlot()
    let svg = plot.render()
    let series = plot.panels.map(\.series.count).reduce(0, +)
    #expect(series == 6 + 4 + 3)
    #expect(svg.components(separatedBy: "<polyline").count - 1 == series)
    for label in ["progress", "time (s)", "eased progress", "distance", "swiftOut", "ζ = 0.2"] {
      #expect(svg.contains(label))
    }
    // The ease-in-out line passes through (0.5, 0.5) of the first panel.
    let easeInOut = plot.panels[0].series[3].points[100]
    #expect(easeInOut.x == 0.5 && abs(easeInOut.y - 0.5) < 1e-12)
  }

  @Test("The terminal frame draws the scene with colors and a status line")
  func terminalFrame() {
    let showcase = Showcase()
    let screen = LiveTerminal.frame(showcase, status: "status here")
    #expect(screen.contains("\u{1B}[48;2;255;128;0m"))  // the orange chain card
    #expect(screen.hasSuffix("status here"))
  }
}
