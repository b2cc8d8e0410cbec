import CHeapStatistics
import Dance
import Foundation

/// Counts that noise cannot move: heap allocations (memcheck), instructions (callgrind) and
/// last-level cache misses in a fixed simulated hierarchy (cachegrind) of this same binary's
/// probes (``Probe``), each run at two counts so that start-up
/// cancels out.
enum Valgrind {
  /// Runs every count; returns one line each, and whether the allocation counts meet SPEC
  /// (0 per steady-state frame, at most 2 per start + finish).
  static func measureAll(quick: Bool) -> (lines: [String], allocationsMet: Bool) {
    guard let valgrind = path else {
      return (["valgrind counts: not measured (valgrind is not installed)"], true)
    }
    var lines: [String] = []
    var met = true
    func allocations(_ what: String, _ probe: Probe, _ short: Int, _ long: Int, most: Double) {
      guard let per = perUnit(valgrind, tool: .memcheck, probe, short, long) else {
        lines.append("allocations per \(what): not measured (valgrind gave no summary)")
        return
      }
      let verdict = per <= most ? "≤ \(fixed(most, 0))" : "> \(fixed(most, 0)) (SPEC)"
      met = met && per <= most
      lines.append(
        "allocations per \(what) (memcheck, \(short) vs \(long)): \(fixed(per, 2))   \(verdict)")
    }
    func instructions(_ what: String, _ probe: Probe, _ short: Int, _ long: Int, per units: Int)
      -> Double?
    {
      guard let per = perUnit(valgrind, tool: .callgrind, probe, short, long) else {
        lines.append("instructions per \(what): not measured (callgrind gave no total)")
        return nil
      }
      return per / Double(units)
    }
    allocations(
      "steady-state frame of 200 nodes + 100 animators", .frame, 50, quick ? 150 : 550, most: 0)
    allocations(
      "start + one frame + finish of a two-property node.dance animation", .start,
      1000, 3000, most: 2)
    allocations(
      "start + frame + finish as a user writes it (a block capturing its target)", .userStart,
      1000, 3000, most: 2)
    allocations(
      "start + frame + finish with a completion (its closure is one)", .startWithCompletion,
      1000, 3000, most: 2)
    allocations(
      "start + frame + end on its own with a completion", .naturalEnd, 1000, 3000, most: 2)
    allocations(
      "start + frame + finish, starts of six kinds in turn (springs, custom curves)",
      .mixedStart, 1000, 3000, most: 2)
    allocations("frame + read of 100 nodes × 16 additive offsets", .additive16, 20, 120, most: 0)
    allocations("frame of 100 nodes moving along paths", .pathFrame, 10, 30, most: 0)
    let starts = [
      (Probe.start, ""), (.userStart, ", a block capturing its target"),
      (.startWithCompletion, ", with a completion"), (.pausedStart, ", paused before its frame"),
      (.naturalEnd, ", with a completion, ending on its own in the frame"),
      (.springStart, ", a spring (a damping ratio)"), (.curveStart, ", two control points"),
      (.mixedStart, ", six kinds in turn (two springs, two custom curves, a delay)"),
      (.freshSpringStart, ", a spring whose damping ratio no start used before"),
      (.freshCurveStart, ", control points no start used before"),
    ]
    for (probe, how) in starts {
      guard let start = instructions("start", probe, 1000, 3000, per: 1) else { continue }
      let verdict = start <= 5000 ? "≤ 5000" : "> 5000 (SPEC)"
      lines.append(
        "instructions per start + one frame + finish of a two-property animation\(how) "
          + "(callgrind, 1000 vs 3000): \(fixed(start, 0))   \(verdict)")
    }
    if let engine = instructions("node-frame", .timedFrame, 20, 60, per: 1000),
      let loop = instructions("sprite-frame", .referenceFrame, 20, 60, per: 1000)
    {
      lines.append(
        "instructions per node-frame, timed, 1000 staggered nodes (callgrind, 20 vs 60 frames): "
          + "\(fixed(engine, 0)), loop \(fixed(loop, 0)), ratio \(fixed(engine / loop, 2))")
    }
    if let engine = instructions("path node-frame", .pathFrame, 10, 30, per: 100),
      let loop = instructions("path sprite-frame", .pathReferenceFrame, 10, 30, per: 100)
    {
      let verdict = engine / loop <= 1.5 ? "≤ 1.50" : "> 1.50 (target)"
      lines.append(
        "instructions per node-frame along a path, .auto, 100 staggered nodes (callgrind, 10 vs "
          + "30 frames): \(fixed(engine, 0)), loop \(fixed(loop, 0)), ratio "
          + "\(fixed(engine / loop, 2))   \(verdict)")
    }
    if let animator = instructions("value-frame", .animatorFrame, 20, 60, per: 1000),
      let loop = instructions("sprite-frame", .referenceFrame, 20, 60, per: 1000)
    {
      lines.append(
        "instructions per Advance.Animator value-frame, timed (callgrind, 20 vs 60 frames): "
          + "\(fixed(animator, 0)) (the node loop above: \(fixed(loop, 0)))")
    }
    // Bytes, the same on every machine: cachegrind with a 32 KiB L1 and a 1 MiB last level
    // (a few minutes under cachegrind: the full run only; scripts/instructions.sh prints it
    // too). The path's, the timeline's and the animators' figures have no target of their own
    // (their timed lines' are 1.5, 1.3 and 1.25).
    let missProbes: [(what: String, engine: Probe, loop: Probe, nodes: Int, target: Double?)] = [
      ("frame", .largeFrame, .largeReferenceFrame, Probe.hostCount, 1.25),
      (
        "host frame + read of centre and alpha", .hostFrame, .hostReferenceFrame,
        Probe.hostCount, 1.25
      ),
      (
        "move along a path, .auto", .largePathFrame, .largePathReferenceFrame, Probe.pathCount,
        nil
      ),
      (
        "timeline staggering its children", .largeTimelineFrame, .largeTimelineReferenceFrame,
        Probe.timelineCount, nil
      ),
      (
        "Advance.Animator, timed (per value-frame)", .largeAnimatorFrame,
        .largeAnimatorReferenceFrame, Probe.animatorCount, nil
      ),
    ]
    for (what, engine, loop, nodes, target) in quick ? [] : missProbes {
      guard let misses = perUnit(valgrind, tool: .cachegrind, engine, 2, 6),
        let loopMisses = perUnit(valgrind, tool: .cachegrind, loop, 2, 6)
      else {
        lines.append("cache misses per node-frame, \(what): not measured (cachegrind gave none)")
        continue
      }
      let ratio = misses / loopMisses
      let verdict = target.map { ratio <= $0 ? "≤ \(fixed($0, 2))" : "> \(fixed($0, 2)) (target)" }
      lines.append(
        "last-level misses per node-frame, \(what), N = \(nodes) (cachegrind, 32 KiB L1, "
          + "1 MiB LL, 2 vs 6 frames): \(fixed(misses / Double(nodes), 2)), loop "
          + "\(fixed(loopMisses / Double(nodes), 2)), ratio \(fixed(ratio, 2))"
          + (verdict.map { "   \($0)" } ?? ""))
    }
    return (lines, met)
  }

  enum Tool { case memcheck, callgrind, cachegrind }

  private static var path: String? {
    ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// (total at `long` − total at `short`) / (long − short) for `probe` under `tool`.
  private static func perUnit(
    _ valgrind: String, tool: Tool, _ probe: Probe, _ short: Int, _ long: Int
  ) -> Double? {
    guard let first = total(valgrind, tool: tool, probe: probe, count: short),
      let second = total(valgrind, tool: tool, probe: probe, count: long)
    else { return nil }
    return Double(second - first) / Double(long - short)
  }

  /// The allocations (memcheck) or instructions (callgrind) of this binary run with
  /// `probe count`.
  private static func total(_ valgrind: String, tool: Tool, probe: Probe, count: Int) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    let options =
      switch tool {
      case .memcheck: ["--tool=memcheck", "--leak-check=no"]
      case .callgrind: ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
      case .cachegrind:
        [
          "--tool=cachegrind", "--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64",
          "--LL=1048576,16,64", "--cachegrind-out-file=/dev/null",
        ]
      }
    process.arguments = options + [CommandLine.arguments[0], probe.option, String(count)]
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    // memcheck: "total heap usage: 1,234 allocs, …"; callgrind: "Collected : 123456";
    // cachegrind: "LLd misses:   1,234 (…".
    let marker =
      switch tool {
      case .memcheck: "total heap usage: "
      case .callgrind: "Collected : "
      case .cachegrind: "LLd misses:"
      }
    guard let range = text.range(of: marker) else { return nil }
    let digits = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }
    return Int(digits.replacingOccurrences(of: ",", with: ""))
  }
}

/// The heap an animation takes, measured by the allocator itself.
enum MemoryProbe {
  /// The growth of the heap in use when `count` idle nodes each start a two-property
  /// `node.dance` animation and a frame runs, per animated property: everything the engine
  /// keeps for it (animator, slot, lanes, records), none of the nodes' own storage.
  static func bytesPerAnimatedProperty(count: Int) -> Double {
    let scene = Scene()
    let nodes = (0..<count).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
    for node in nodes {
      scene.root.addChild(node)
      _ = node.dance  // the node's handle exists before any animation, as in a game
    }
    scene.clock.advance(by: 1.0 / 60)
    let before = heapInUse()
    for node in nodes {
      node.dance.animate(duration: 10, curve: .easeInOut) {
        $0.center = Point(x: 10, y: 10)
        $0.alpha = 0.5
      }.start()
    }
    scene.clock.advance(by: 1.0 / 60)
    let after = heapInUse()
    blackHole(nodes.last?.center)
    return Double(after - before) / Double(2 * count)
  }

  private static func heapInUse() -> Int { heap_bytes_in_use() }
}
