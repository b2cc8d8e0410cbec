// dance-bench: Dance's per-frame cost, side by side with hand-written loops, on motion as
// users see it (animations started at staggered times, part-way through their curves).
//
//   swift run -c release dance-bench            the full run (a few minutes)
//   swift run -c release dance-bench --quick    a reduced run in seconds (CI runs this)
//   --no-valgrind          skip the allocation and instruction counts
//   --check-allocations    exit 1 if a count is above SPEC's (0 per frame, 2 per start+finish)
//   --layout-model         only the model of two layouts of a host's read (LayoutModel.swift)
//   --host-only            only the host lines (a frame, then a read of every node)
//   --path-only            only the path lines (nodes moving along paths, turning)
//
// Every time is a median over several rounds, and each round times the engine and its
// reference back to back, so the ratio survives a noisy machine. Counts come from valgrind
// (memcheck and callgrind), which noise cannot move. Timings are asserted nowhere.

import Dance
import Foundation

let arguments = Set(CommandLine.arguments.dropFirst())
if let probe = Probe.named(in: CommandLine.arguments) {
  probe.run(count: Probe.count(after: probe.option))
  exit(0)
}
let known: Set = [
  "--quick", "--no-valgrind", "--check-allocations", "--layout-model", "--host-only",
  "--path-only",
]
let unknown = arguments.subtracting(known)
if !unknown.isEmpty {
  FileHandle.standardError.write(
    "dance-bench: unknown option \(unknown.sorted().joined(separator: ", "))\n".data(using: .utf8)!)
  exit(2)
}
let quick = arguments.contains("--quick")
let rounds = quick ? 3 : 7
let frameStep = 1.0 / 60
var worstRatio = 0.0
if arguments.contains("--layout-model") {
  runLayoutModel()
  exit(0)
}

@MainActor func report(
  _ name: String, engine: Double, reference: Double?, ratio: Double? = nil,
  unit: String = "ns/node/frame", target: Double? = nil, note: String = ""
) {
  var line = padded(name, 46) + "  " + padded(fixed(engine), 8) + " " + unit
  if let reference {
    let ratio = ratio ?? engine / reference
    line += "   loop " + padded(fixed(reference), 7) + "   ratio " + fixed(ratio, 2)
    if let target {
      line += ratio <= target ? " ≤ \(fixed(target, 2))" : " > \(fixed(target, 2)) (target)"
      worstRatio = max(worstRatio, ratio / target)
    }
  }
  if !note.isEmpty { line += "   " + note }
  print(line)
}

/// Frames per round so that a round does about `work` node-frames.
@MainActor func framesFor(_ count: Int, work: Int = quick ? 300_000 : 2_000_000) -> Int {
  max(3, work / count)
}

/// Times `frames` frames of `engine` against as many of `reference`, round after round;
/// returns the medians per frame, in nanoseconds, and the median of the rounds' ratios
/// (each round's two timings are back to back, so a round's ratio survives the machine
/// slowing down or speeding up between rounds).
@MainActor func sideBySide(frames: Int, engine: () -> Void, reference: () -> Void) -> (
  engine: Double, reference: Double, ratio: Double
) {
  var engineTimes: [Double] = []
  var referenceTimes: [Double] = []
  var ratios: [Double] = []
  for _ in 0..<rounds {
    var start = now()
    for _ in 0..<frames { engine() }
    engineTimes.append((now() - start) / Double(frames))
    start = now()
    for _ in 0..<frames { reference() }
    referenceTimes.append((now() - start) / Double(frames))
    ratios.append(engineTimes[engineTimes.count - 1] / referenceTimes[referenceTimes.count - 1])
  }
  return (median(engineTimes) * 1e9, median(referenceTimes) * 1e9, median(ratios))
}

// The host's frame as SPEC counts it: advance the clock, then read the centre and alpha of
// every node (what a renderer draws), against the loop that writes its plain objects and
// then reads them back the same way.
@MainActor func hostLines() {
  for count in quick ? [1000, 20_000] : [1000, 100_000] {
    let frames = framesFor(count)
    let stagger = Stagger(measuredFrames: frames * rounds, step: frameStep)
    let (scene, nodes) = danceScene(count: count, spring: false, stagger: stagger)
    var timed = TimedReference(stagger: stagger, count: count)
    var engineSum = 0.0
    var referenceSum = 0.0
    let result = sideBySide(frames: frames) {
      scene.clock.advance(by: frameStep)
      for node in nodes { engineSum += node.center.x + node.center.y + node.alpha }
    } reference: {
      timed.frame(frameStep)
      for sprite in timed.sprites {
        referenceSum += sprite.center.x + sprite.center.y + sprite.alpha
      }
    }
    blackHole(engineSum)
    blackHole(referenceSum)
    let n = Double(count)
    report(
      "host: frame + read centre, alpha, N = \(count)", engine: result.engine / n,
      reference: result.reference / n, ratio: result.ratio, target: 1.25,
      note: stagger.progressRange(count: count))
  }
}

if arguments.contains("--path-only") {
  print("dance-bench --path-only — the path lines alone, medians of \(rounds) rounds")
  pathLines()
  exit(0)
}

if arguments.contains("--host-only") {
  print("dance-bench --host-only — the host lines alone, medians of \(rounds) rounds")
  hostLines()
  exit(0)
}

print("dance-bench — \(quick ? "quick" : "full") run, medians of \(rounds) rounds")
print("")

// MARK: - node.dance, timed and spring

for spring in [false, true] {
  let kind = spring ? "spring" : "timed (easeInOut)"
  for count in quick ? [1, 1000, 20_000] : [1, 1000, 100_000] {
    let frames = framesFor(count)
    let stagger = Stagger(measuredFrames: frames * rounds, step: frameStep)
    let (scene, nodes) = danceScene(count: count, spring: spring, stagger: stagger)
    var timed = TimedReference(stagger: stagger, count: count)
    var springs = SpringReference(
      stagger: stagger, count: count,
      response: SpringWorkload.response(settlingIn: stagger.duration),
      dampingRatio: SpringWorkload.dampingRatio)
    let result = sideBySide(frames: frames) {
      scene.clock.advance(by: frameStep)
    } reference: {
      if spring { springs.frame(frameStep) } else { timed.frame(frameStep) }
    }
    blackHole(nodes.last?.center)
    blackHole(timed.sprites.last?.center)
    blackHole(springs.sprites.last?.center)
    let n = Double(count)
    report(
      "node.dance \(kind), N = \(count)", engine: result.engine / n,
      reference: result.reference / n, ratio: result.ratio, target: count > 1 ? 1.25 : nil,
      note: stagger.progressRange(count: count))
    if count == 1 {
      let verdict = result.engine < 100 ? "≤ 100" : "> 100 (target)"
      print(
        padded("whole frame at N = 1", 46) + "  " + padded(fixed(result.engine), 8)
          + " ns/frame        \(verdict)")
    }
  }
}

// MARK: - Along a path

/// The path lines: nodes moving along their paths with `.auto` rotation against the loop.
@MainActor func pathLines() {
  for count in quick ? [1000] : [1000, 20_000] {
    let frames = framesFor(count, work: quick ? 30_000 : 200_000)
    let stagger = Stagger(measuredFrames: frames * rounds, step: frameStep)
    let (scene, nodes) = pathScene(count: count, stagger: stagger)
    var reference = PathReference(stagger: stagger, count: count)
    let result = sideBySide(frames: frames) {
      scene.clock.advance(by: frameStep)
    } reference: {
      reference.frame(frameStep)
    }
    blackHole(nodes.last?.transform)
    blackHole(reference.followers.last?.rotation)
    report(
      "move(along:rotation: .auto), N = \(count)", engine: result.engine / Double(count),
      reference: result.reference / Double(count), ratio: result.ratio, target: 1.5,
      note: stagger.progressRange(count: count))
  }
}

pathLines()

// MARK: - What a host pays: a frame, then a read of what it draws

hostLines()

// MARK: - A staggered timeline

do {
  let count = quick ? 2000 : 10_000
  let frames = framesFor(count)
  let duration = 10 * Double(frames * rounds) * frameStep
  let (scene, nodes, timeline) = timelineScene(count: count, duration: duration)
  var reference = timelineReference(
    count: count, duration: duration,
    stagger: Stagger(measuredFrames: frames * rounds, step: frameStep))
  let result = sideBySide(frames: frames) {
    scene.clock.advance(by: frameStep)
  } reference: {
    reference.frame(frameStep)
  }
  blackHole(nodes.last?.center)
  blackHole(timeline.fractionComplete)
  blackHole(reference.sprites.last?.center)
  report(
    "timeline staggering \(count) children", engine: result.engine / Double(count),
    reference: result.reference / Double(count), ratio: result.ratio, target: 1.3,
    note: "progress 0.00–0.80")
}

// MARK: - Advance.Animator

do {
  let count = quick ? 2000 : 10_000
  for spring in [false, true] {
    let frames = framesFor(count)
    let stagger = Stagger(measuredFrames: frames * rounds, step: frameStep)
    let response = SpringWorkload.response(settlingIn: stagger.duration)
    let omega = 2 * Double.pi / response
    let clock = AnimationClock()
    let animators = (0..<count).map { index in
      Animator(initialValue: PlainSprite(index: index).fromCenter, clock: clock)
    }
    stagger.start(count: count, on: clock) { index in
      let target = PlainSprite(index: index).toCenter
      if spring {
        animators[index].simulate(
          using: SpringFunction(
            target: target, tension: omega * omega,
            damping: 2 * SpringWorkload.dampingRatio * omega, threshold: 1e-9))
      } else {
        animators[index].animate(
          to: target, duration: stagger.duration, timingFunction: .easeInOut)
      }
    }
    var timed = TimedReference(stagger: stagger, count: count)
    var springs = SpringReference(
      stagger: stagger, count: count, response: response,
      dampingRatio: SpringWorkload.dampingRatio)
    let result = sideBySide(frames: frames) {
      clock.advance(by: frameStep)
    } reference: {
      if spring { springs.centerFrame(frameStep) } else { timed.centerFrame(frameStep) }
    }
    blackHole(animators.last?.value)
    blackHole(timed.sprites.last?.center)
    blackHole(springs.sprites.last?.center)
    report(
      "Advance.Animator \(spring ? "spring" : "timed"), \(count) values",
      engine: result.engine / Double(count), reference: result.reference / Double(count),
      ratio: result.ratio,
      unit: "ns/value/frame", target: 1.25, note: stagger.progressRange(count: count))
  }
}

// MARK: - Idle nodes

do {
  let idleCount = quick ? 100_000 : 1_000_000
  let frames = 2000
  let stagger = Stagger(measuredFrames: frames * rounds * 2, step: frameStep)
  func scene(idle: Int) -> (Scene, [Node]) {
    let (scene, nodes) = danceScene(count: 10, spring: false, stagger: stagger)
    for _ in 0..<idle { scene.root.addChild(Node(frame: Rect(x: 0, y: 0, width: 1, height: 1))) }
    return (scene, nodes)
  }
  let (alone, _) = scene(idle: 0)
  let (crowded, _) = scene(idle: idleCount)
  let result = sideBySide(frames: frames) {
    crowded.clock.advance(by: frameStep)
  } reference: {
    alone.clock.advance(by: frameStep)
  }
  report(
    "\(idleCount) idle + 10 animating, per frame", engine: result.engine,
    reference: result.reference, ratio: result.ratio, unit: "ns/frame      ", target: 1.5,
    note: "(loop: the 10 alone)")
}

// MARK: - Reading what is drawn, and memory

do {
  let count = quick ? 20_000 : 100_000
  let stagger = Stagger(measuredFrames: 100, step: frameStep)
  let (_, nodes) = danceScene(count: count, spring: false, stagger: stagger)
  var times: [Double] = []
  for _ in 0..<rounds {
    var sum = 0.0
    let start = now()
    for node in nodes { sum += node.center.x + node.alpha }
    times.append((now() - start) / Double(count))
    blackHole(sum)
  }
  report(
    "read center + alpha of N = \(count) nodes", engine: median(times) * 1e9, reference: nil,
    unit: "ns/node")
  let bytes = MemoryProbe.bytesPerAnimatedProperty(count: quick ? 10_000 : 100_000)
  report(
    "memory of an animated property", engine: bytes, reference: nil,
    unit: "bytes (heap growth of 2 properties a node, node.dance)")
}

// MARK: - Starting and finishing

do {
  let count = quick ? 20_000 : 100_000
  let scene = Scene()
  let nodes = (0..<count).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
  for node in nodes { scene.root.addChild(node) }
  var starts: [Double] = []
  var finishes: [Double] = []
  for _ in 0..<rounds {
    var start = now()
    for node in nodes {
      node.dance.animate(duration: 1, curve: .easeInOut) {
        $0.center = Point(x: 10, y: 10)
        $0.alpha = 0.5
      }.start()
    }
    starts.append((now() - start) / Double(count))
    scene.clock.advance(by: frameStep)
    start = now()
    for node in nodes { node.dance.finish(at: .end) }
    finishes.append((now() - start) / Double(count))
  }
  report(
    "start one animation (2 properties)", engine: median(starts) * 1e9, reference: nil,
    unit: "ns/animation")
  report(
    "finish one animation", engine: median(finishes) * 1e9, reference: nil, unit: "ns/animation")
}

// MARK: - Counts under valgrind

var countsMet = true
if !arguments.contains("--no-valgrind") {
  print("")
  let counts = Valgrind.measureAll(quick: quick)
  for line in counts.lines { print(line) }
  countsMet = counts.allocationsMet
}

print("")
print(
  "worst ratio over its target, timed lines: \(fixed(worstRatio, 2)) (≤ 1.00: every target met)")
if arguments.contains("--check-allocations") && !countsMet {
  print("dance-bench: an allocation count is above SPEC's")
  exit(1)
}
