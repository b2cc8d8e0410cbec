import Dance
import Foundation
import TestSupport
import Testing

@testable import DanceTesting

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `Filmstrip.svg`: a contact sheet of the scene at each frame, well-formed and drawn where
/// the nodes are.
@Suite struct FilmstripTests {
  @Test("Each cell draws the node where it is at its time, with its caption")
  func slide() throws {
    let scene = Scene()
    scene.root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    let card = Node(frame: Rect(x: 0, y: 40, width: 20, height: 20))
    card.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    scene.root.addChild(card)
    let dot = Node(frame: Rect(x: 2, y: 2, width: 4, height: 4))
    card.addChild(dot)
    card.dance.animate(duration: 1, curve: .linear) {
      $0.center = Point(x: 110, y: 50)
      $0.alpha = 0.5
    }.start()
    let svg = Filmstrip.svg(scene, every: 0.25, frames: 5, columns: 3)
    #expect(scene.clock.now == 1)
    for (index, time) in ["0", "0.25", "0.5", "0.75", "1"].enumerated() {
      #expect(svg.contains("t = \(time) s"), "caption \(index)")
      let x = 10 + 100 * Double(index) / 4
      let opacity = 1 - 0.5 * Double(index) / 4
      #expect(
        svg.contains(
          "translate(\(Filmstrip.number(x)) 50) matrix(1 0 0 1 0 0)\" opacity=\""
            + "\(Filmstrip.number(opacity))\""),
        "card at frame \(index)")
    }
    #expect(svg.contains("fill=\"rgb(255,128,0)\""))
    #expect(
      svg.components(separatedBy: "<rect x=\"-2\" y=\"-2\" width=\"4\"").count == 6, "the dot")
    // The root's 200 × 100 and a margin of 8 a side, plus the cell's frame and caption.
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"696\" height=\"304\""))
    #expect(XMLParser(data: Data(svg.utf8)).parse(), "well-formed")
  }

  @Test("A bad interval draws the first frame only, with an error")
  func badInterval() {
    let scene = Scene()
    scene.root.addChild(Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    let (svg, errors) = collectingErrors { Filmstrip.svg(scene, every: .nan, frames: 4) }
    #expect(errors.count == 1)
    #expect(svg.components(separatedBy: "t = ").count == 2)
    #expect(scene.clock.now == 0)
  }
}
