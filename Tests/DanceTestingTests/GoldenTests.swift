import Dance
import Foundation
import SceneSupport
import Testing

@testable import DanceTesting

/// Goldens: written when missing (with an issue), matched within a tolerance, and a
/// mismatch named by its first frame, node, property and values.
@Suite struct GoldenTests {
  /// A card sliding and fading, recorded at 30 fps for 0.3 s.
  static func slide(to x: Double = 120) -> MotionTrace {
    let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 40, height: 60))
    let (scene, card) = (fixture.scene, fixture.node)
    card.dance.animate(duration: 0.3, curve: .easeOut) {
      $0.center = Point(x: x, y: 30)
      $0.alpha = 0.5
    }.start()
    return MotionTrace.record(
      scene, nodes: [card], properties: [.center, .alpha], duration: 0.3,
      pacing: .fixed(fps: 30))
  }

  /// A source location in a fresh temporary folder, whose `__Goldens__` the test owns.
  static func temporaryLocation() -> SourceLocation {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dance-goldens-\(UUID().uuidString)")
    return SourceLocation(
      fileID: "DanceTestingTests/GoldenTests.swift",
      filePath: folder.appendingPathComponent("GoldenTests.swift").path, line: 1, column: 1)
  }

  @Test("The project's own golden: a card's slide, frame by frame")
  func projectGolden() {
    let trace = Self.slide()
    expectMatchesGolden(trace, named: "card-slide")
    // Checked by hand too: easeOut (0, 0, 0.58, 1) leaves with slope y''(0)/x''(0) = 6/3.48,
    // over 100 points in 0.3 s.
    let start = trace.velocities(node: 0, .center)[0][0]
    #expect(abs(start - 6 / 3.48 * 100 / 0.3) < 1e-9)
    #expect(trace.values(node: 0, .alpha).last == [0.5])
  }

  @Test("A missing golden is written, with an issue; then the same trace matches it")
  func missingGolden() throws {
    let location = Self.temporaryLocation()
    let trace = Self.slide()
    withKnownIssue {
      expectMatchesGolden(trace, named: "slide", sourceLocation: location)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("golden slide was missing and is recorded") }
    }
    let file = URL(fileURLWithPath: location.filePath).deletingLastPathComponent()
      .appendingPathComponent("__Goldens__/slide.trace")
    #expect(try String(contentsOf: file, encoding: .utf8) == trace.text)
    expectMatchesGolden(trace, named: "slide", sourceLocation: location)
    // Within the tolerance: the golden's numbers a hair away still match.
    let nudged = trace.text.replacingOccurrences(of: " 0.5 ~", with: " 0.5000000000001 ~")
    #expect(nudged != trace.text)
    try nudged.write(to: file, atomically: true, encoding: .utf8)
    expectMatchesGolden(trace, named: "slide", sourceLocation: location)
  }

  @Test("A mismatch names the first differing frame, node, property and values, and counts")
  func mismatch() {
    let location = Self.temporaryLocation()
    withKnownIssue {
      expectMatchesGolden(Self.slide(), named: "slide", sourceLocation: location)
    }
    withKnownIssue {
      expectMatchesGolden(Self.slide(to: 121), named: "slide", sourceLocation: location)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          "at t = 0.0 (frame 0), node 0's center velocity is [580.4597701149426, 0.0], the "
            + "golden's [574.7126436781609, 0.0]; 10 of 10 frames differ")
      }
    }
  }
}
