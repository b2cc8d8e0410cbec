import Dance
import Foundation

/// Counts heap allocations per steady-state frame honestly: runs this same binary under
/// valgrind for two lengths of the same workload and divides the difference in allocation
/// counts by the difference in frames, so set-up costs cancel out.
enum AllocationProbe {
  /// The workload valgrind watches: `--allocation-probe FRAMES` frames of 100 nodes animating
  /// through `node.dance` (timed and spring) and 100 `Advance.Animator`s.
  static func runProbe() {
    let arguments = CommandLine.arguments
    let frames =
      arguments.firstIndex(of: "--allocation-probe").flatMap {
        $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil
      } ?? 100
    let (timedScene, timedNodes) = danceScene(count: 100, spring: false, duration: 1000)
    let (springScene, springNodes) = danceScene(count: 100, spring: true, duration: 1000)
    let clock = timedScene.clock
    let animators = (0..<100).map { Animator(initialValue: Double($0), clock: clock) }
    for animator in animators {
      animator.animate(to: 1000, duration: 1000, timingFunction: .easeInOut)
    }
    for _ in 0..<frames {
      timedScene.clock.advance(by: 1.0 / 60)
      springScene.clock.advance(by: 1.0 / 60)
    }
    blackHole(timedNodes.first?.center)
    blackHole(springNodes.first?.center)
    blackHole(animators.first?.value)
  }

  /// Runs the probe under valgrind at two lengths; returns a one-line report.
  static func measure(quick: Bool) -> String {
    let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let valgrind else {
      return "allocations per steady-state frame: not measured (valgrind is not installed)"
    }
    let short = 50
    let long = quick ? 150 : 550
    guard let first = allocations(valgrind, frames: short),
      let second = allocations(valgrind, frames: long)
    else {
      return "allocations per steady-state frame: not measured (valgrind gave no heap summary)"
    }
    let perFrame = Double(second - first) / Double(long - short)
    return "allocations per steady-state frame (valgrind, \(short) vs \(long) frames of 200 nodes "
      + "+ 100 animators): \(fixed(perFrame, 2))"
  }

  private static func allocations(_ valgrind: String, frames: Int) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=memcheck", "--leak-check=no", CommandLine.arguments[0], "--allocation-probe",
      String(frames),
    ]
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    // "total heap usage: 1,234 allocs, 1,200 frees, 56,789 bytes allocated"
    guard let range = text.range(of: "total heap usage: ") else { return nil }
    let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "," }
    return Int(digits.replacingOccurrences(of: ",", with: ""))
  }
}
