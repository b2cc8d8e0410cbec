import Dance
import Foundation

/// Counts heap allocations per steady-state frame honestly: runs this same binary under
/// valgrind for two lengths of the same workload and divides the difference in allocation
/// counts by the difference in frames, so set-up costs cancel out.
enum AllocationProbe {
  /// The workload valgrind watches: `--allocation-probe FRAMES` frames of 100 nodes animating
  /// through `node.dance` (timed and spring) and 100 `Advance.Animator`s.
  static func runProbe() {
    let frames = count(after: "--allocation-probe") ?? 100
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

  /// The workload for allocations per start: `--start-probe COUNT` starts of a two-property
  /// `node.dance` animation, over 500 nodes in turn, each batch finished before the next.
  static func runStartProbe() {
    let starts = count(after: "--start-probe") ?? 1000
    let scene = Scene()
    let nodes = (0..<500).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
    for node in nodes { scene.root.addChild(node) }
    for index in 0..<starts {
      let node = nodes[index % nodes.count]
      node.dance.animate(duration: 1, curve: .easeInOut) {
        $0.center = Point(x: 10, y: 10)
        $0.alpha = 0.5
      }.start()
      if index % nodes.count == nodes.count - 1 {
        scene.clock.advance(by: 1.0 / 60)
        for node in nodes { node.dance.finish(at: .end) }
      }
    }
    blackHole(nodes.last?.center)
  }

  /// The workload for reads: `--read-probe COUNT` reads of `center` and `alpha` of 100
  /// animated nodes after a frame, for instruction counts (callgrind, two counts).
  static func runReadProbe() {
    let reads = count(after: "--read-probe") ?? 100
    let (scene, nodes) = danceScene(count: 100, spring: false, duration: 1000)
    scene.clock.advance(to: 400)
    var sum = 0.0
    for index in 0..<reads {
      let node = nodes[index % nodes.count]
      sum += node.center.x + node.alpha
    }
    blackHole(sum)
  }

  /// The additive workload: `--additive-probe FRAMES` (or `--additive-probe-16 FRAMES`)
  /// frames of 1600 additive offsets, as 1600 nodes with one each (or 100 nodes with 16
  /// each), every centre read after every frame. The same number of offsets either way, so
  /// the difference per offset is what k offsets on one property cost over one.
  static func runAdditiveProbe() {
    let deep = CommandLine.arguments.contains("--additive-probe-16")
    let frames = count(after: deep ? "--additive-probe-16" : "--additive-probe") ?? 100
    let offsets = deep ? 16 : 1
    let (scene, nodes) = additiveScene(count: 1600 / offsets, offsets: offsets, duration: 1000)
    scene.clock.advance(to: 400)
    var sum = 0.0
    for _ in 0..<frames {
      scene.clock.advance(by: 1.0 / 60)
      for node in nodes { sum += node.center.x }
    }
    blackHole(sum)
  }

  /// The timeline workload: `--timeline-probe FRAMES` frames of a timeline staggering 1000
  /// children (a node's centre and alpha each), part-way through.
  static func runTimelineProbe() {
    let frames = count(after: "--timeline-probe") ?? 100
    let scene = Scene()
    let nodes = (0..<1000).map { _ in Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
    for node in nodes { scene.root.addChild(node) }
    let timeline = Timeline(scene: scene).stagger(
      nodes, each: 0.01, duration: 1000, curve: .easeInOut
    ) { node, index in
      node.center = Point(x: Double(index), y: 100)
      node.alpha = 0
    }
    timeline.start()
    scene.clock.advance(to: 400)
    for _ in 0..<frames { scene.clock.advance(by: 1.0 / 60) }
    blackHole(nodes.last?.center)
  }

  /// The number that follows `option` on the command line.
  private static func count(after option: String) -> Int? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else {
      return nil
    }
    return Int(arguments[index + 1])
  }

  /// Runs the start probe under valgrind for two counts; returns a one-line report.
  static func measureStarts() -> String {
    allocations(
      per: "start + finish of a two-property node.dance animation", probe: "--start-probe",
      short: 1000, long: 3000)
  }

  /// Runs the additive probe (16 offsets a property) under valgrind for two lengths;
  /// returns a one-line report.
  static func measureAdditive() -> String {
    allocations(
      per: "frame + read of 100 nodes × 16 additive offsets", probe: "--additive-probe-16",
      short: 20, long: 120)
  }

  /// Runs the frame probe under valgrind at two lengths; returns a one-line report.
  static func measure(quick: Bool) -> String {
    allocations(
      per: "steady-state frame of 200 nodes + 100 animators", probe: "--allocation-probe",
      short: 50, long: quick ? 150 : 550)
  }

  /// "allocations per `what` (valgrind, short vs long): N": `probe` run under valgrind at
  /// counts `short` and `long`, the difference in allocations divided by the difference in
  /// counts, so that start-up cancels out.
  private static func allocations(per what: String, probe: String, short: Int, long: Int)
    -> String
  {
    guard let valgrind = valgrindPath else {
      return "allocations per \(what): not measured (valgrind is not installed)"
    }
    guard let first = allocations(valgrind, probe: probe, count: short),
      let second = allocations(valgrind, probe: probe, count: long)
    else {
      return "allocations per \(what): not measured (valgrind gave no heap summary)"
    }
    let perUnit = Double(second - first) / Double(long - short)
    return "allocations per \(what) (valgrind, \(short) vs \(long)): \(fixed(perUnit, 2))"
  }

  private static var valgrindPath: String? {
    ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The total allocations of this binary run under valgrind with `probe count`.
  private static func allocations(_ valgrind: String, probe: String, count: Int) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=memcheck", "--leak-check=no", CommandLine.arguments[0], probe, String(count),
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
