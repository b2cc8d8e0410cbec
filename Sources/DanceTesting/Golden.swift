import Dance
import Foundation
import Testing

/// Expects `trace` to match the golden trace `name`, kept beside the test file in
/// `__Goldens__/NAME.trace` (found from `sourceLocation`), every time, value and velocity
/// within `tolerance` of it (relative to the numbers' size when they exceed 1).
///
/// A missing golden, or `DANCE_RECORD_GOLDENS=1` in the environment, writes the golden from
/// `trace` and records an issue saying so: a test never passes on a golden it just wrote.
/// A mismatch records one issue naming the first frame that differs (its time, the node,
/// the property, both values) and how many frames differ.
public func expectMatchesGolden(
  _ trace: MotionTrace, named name: String, tolerance: Double = 1e-9,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: sourceLocation.filePath).deletingLastPathComponent()
    .appendingPathComponent("__Goldens__")
  let file = folder.appendingPathComponent("\(name).trace")
  let recording = ProcessInfo.processInfo.environment["DANCE_RECORD_GOLDENS"] == "1"
  guard !recording, let text = try? String(contentsOf: file, encoding: .utf8) else {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try trace.text.write(to: file, atomically: true, encoding: .utf8)
      report(
        "golden \(name) \(recording ? "re-recorded" : "was missing and is recorded") at "
          + "\(file.path); check it and run the test again",
        sourceLocation: sourceLocation)
    } catch {
      report(
        "golden \(name) could not be written at \(file.path): \(error)",
        sourceLocation: sourceLocation)
    }
    return
  }
  let golden: MotionTrace
  do {
    golden = try MotionTrace(text: text)
  } catch {
    report(
      "golden \(name) at \(file.path) is not a trace: \(error)", sourceLocation: sourceLocation)
    return
  }
  if let difference = trace.difference(from: golden, tolerance: tolerance) {
    report(
      "trace differs from golden \(name) (\(file.path)): \(difference)",
      sourceLocation: sourceLocation)
  }
}

extension MotionTrace {
  /// What differs between this trace and `golden` beyond `tolerance`, in words; nil if
  /// nothing does.
  func difference(from golden: MotionTrace, tolerance: Double) -> String? {
    guard properties == golden.properties, nodeCount == golden.nodeCount else {
      return
        "it records \(nodeCount) nodes' \(properties.map(\.rawValue)), the golden "
        + "\(golden.nodeCount) nodes' \(golden.properties.map(\.rawValue))"
    }
    guard times.count == golden.times.count else {
      return "it has \(times.count) frames, the golden \(golden.times.count)"
    }
    func close(_ a: Double, _ b: Double) -> Bool {
      a == b || abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }
    var first: String?
    var differing = 0
    for frame in times.indices {
      var frameDiffers = !close(times[frame], golden.times[frame])
      if frameDiffers && first == nil {
        first = "frame \(frame) is at t = \(times[frame]), the golden's at \(golden.times[frame])"
      }
      for (node, property) in columns {
        let pairs = [
          ("", values(node: node, property)[frame], golden.values(node: node, property)[frame]),
          (
            " velocity", velocities(node: node, property)[frame],
            golden.velocities(node: node, property)[frame]
          ),
        ]
        for (what, mine, theirs) in pairs where !zip(mine, theirs).allSatisfy(close) {
          frameDiffers = true
          if first == nil {
            first =
              "at t = \(times[frame]) (frame \(frame)), node \(node)'s \(property.rawValue)"
              + "\(what) is \(mine), the golden's \(theirs)"
          }
        }
      }
      if frameDiffers { differing += 1 }
    }
    guard let first else { return nil }
    return "\(first); \(differing) of \(times.count) frames differ"
  }
}
