// dance-bench: Dance's per-frame cost, side by side with hand-written reference loops.
//
//   swift run -c release dance-bench            the full run (a minute or two)
//   swift run -c release dance-bench --quick    a reduced run in seconds (CI runs this)
//   --no-allocations / --allocations-only       skip, or run only, the valgrind allocation count
//
// Every figure is a median over several rounds, and each round times the engine and its
// reference back to back, so the ratio survives a noisy machine. Timings are never asserted
// anywhere else.

import Dance
import Foundation

let arguments = Set(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let rounds = quick ? 3 : 7
let frameStep = 1.0 / 60
let duration = 1000.0  // long, so that no animation ends while it is measured
let startTime = 400.0  // measure mid-curve, where the Bézier solve does real work
var worstRatio = 0.0
var results: [String] = []

if arguments.contains("--allocation-probe") {
  AllocationProbe.runProbe()
  exit(0)
}
if arguments.contains("--start-probe") {
  AllocationProbe.runStartProbe()
  exit(0)
}
if arguments.contains("--read-probe") {
  AllocationProbe.runReadProbe()
  exit(0)
}
if arguments.contains("--additive-probe") || arguments.contains("--additive-probe-16") {
  AllocationProbe.runAdditiveProbe()
  exit(0)
}
if arguments.contains("--timeline-probe") {
  AllocationProbe.runTimelineProbe()
  exit(0)
}
if arguments.contains("--allocations-only") {
  print(AllocationProbe.measure(quick: quick))
  print(AllocationProbe.measureStarts())
  print(AllocationProbe.measureAdditive())
  exit(0)
}
let unknown = arguments.subtracting(["--quick", "--no-allocations"])
if !unknown.isEmpty {
  FileHandle.standardError.write(
    "dance-bench: unknown option \(unknown.sorted().joined(separator: ", "))\n".data(using: .utf8)!)
  exit(2)
}

@MainActor func report(
  _ name: String, engine: Double, reference: Double?, unit: String = "ns/node/frame",
  ratioCounts: Bool = true
) {
  var line = padded(name, 44) + "  " + padded(fixed(engine), 9) + " " + unit
  if let reference {
    let ratio = engine / reference
    line += "   reference " + padded(fixed(reference), 8) + "   ratio " + fixed(ratio, 2)
    if ratioCounts { worstRatio = max(worstRatio, ratio) }
  }
  print(line)
}

/// Frames per round so that a round does about `work` node-frames, but never so many that
/// the animations end before the last round does: every round must measure motion, not
/// finished animations (which cost nothing, while the reference would keep computing).
@MainActor func framesFor(_ count: Int, work: Int = quick ? 300_000 : 2_000_000) -> Int {
  let timeLeft = (duration - startTime) * 0.9
  let mostFrames = Int(timeLeft / frameStep) / rounds
  return min(max(3, work / count), mostFrames)
}

// MARK: - node.dance, timed and spring

/// Times `frames` frames of `clock` against the matching reference loop over `count`
/// plain sprites, round after round; returns the medians per item and per frame (ns).
@MainActor func sideBySide(
  clock: AnimationClock, count: Int, spring: Bool, springResponse: Double,
  springDampingRatio: Double
) -> (engine: Double, reference: Double, wholeFrame: Double) {
  clock.advance(to: startTime)
  var timed = TimedReference(count: count, duration: duration)
  timed.time = startTime
  var springs = SpringReference(
    count: count, response: springResponse, dampingRatio: springDampingRatio)
  springs.time = startTime
  let frames = framesFor(count)
  var engine: [Double] = []
  var reference: [Double] = []
  for _ in 0..<rounds {
    var start = now()
    for _ in 0..<frames { clock.advance(by: frameStep) }
    engine.append((now() - start) / Double(frames))
    start = now()
    for _ in 0..<frames {
      if spring { springs.frame(frameStep) } else { timed.framePerSprite(frameStep) }
    }
    reference.append((now() - start) / Double(frames))
  }
  blackHole(timed.sprites.last?.center)
  blackHole(springs.sprites.last?.center)
  let frame = median(engine)
  return (frame / Double(count) * 1e9, median(reference) / Double(count) * 1e9, frame * 1e9)
}

@MainActor func danceFrames(count: Int, spring: Bool) -> (
  engine: Double, reference: Double, wholeFrame: Double
) {
  let (scene, nodes) = danceScene(count: count, spring: spring, duration: duration)
  let result = sideBySide(
    clock: scene.clock, count: count, spring: spring, springResponse: duration / 9,
    springDampingRatio: 0.5)
  blackHole(nodes.last?.center)
  return result
}

print("dance-bench — \(quick ? "quick" : "full") run, medians of \(rounds) rounds")
print("")
for spring in [false, true] {
  let kind = spring ? "spring" : "timed (easeInOut)"
  for count in quick ? [1, 1000, 20_000] : [1, 1000, 100_000] {
    let result = danceFrames(count: count, spring: spring)
    report(
      "node.dance \(kind), N = \(count)", engine: result.engine, reference: result.reference,
      ratioCounts: count > 1)
    if count == 1 {
      print(
        padded("whole frame at N = 1", 44) + "  " + padded(fixed(result.wholeFrame), 9)
          + " ns/frame (target < 1000)")
    }
  }
}

// MARK: - Reading what is drawn

// A host draws after each frame: it reads every animated property. Dance keeps the value in
// the property's lane and the read finds it there (three hops). Printed without a reference:
// a loop over plain fields is a few loads the optimiser vectorises, no fair comparison. The
// instruction count per read is `--read-probe` under callgrind (Docs/Performance.md).
do {
  let count = quick ? 20_000 : 100_000
  let (scene, nodes) = danceScene(count: count, spring: false, duration: duration)
  scene.clock.advance(to: startTime)
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
}

// MARK: - Additive stacks

// Nodes whose centre carries k live additive offsets: a frame evaluates k lanes per node and
// a read adds k offsets to the target. Per offset, k offsets should cost no more than one
// (the issue's bound: a frame with k offsets costs at most k × one offset). The same number
// of offsets in every line (N × k), so that each works on the same amount of memory.
do {
  let total = quick ? 16_000 : 64_000
  var perOffsetAlone = 0.0
  for offsets in [1, 4, 16] {
    let count = total / offsets
    let (scene, nodes) = additiveScene(count: count, offsets: offsets, duration: duration)
    scene.clock.advance(to: startTime)
    var times: [Double] = []
    for _ in 0..<rounds {
      var sum = 0.0
      let start = now()
      for _ in 0..<10 {
        scene.clock.advance(by: frameStep)
        for node in nodes { sum += node.center.x }
      }
      times.append((now() - start) / Double(10 * count * offsets))
      blackHole(sum)
    }
    let perOffset = median(times) * 1e9
    if offsets == 1 { perOffsetAlone = perOffset }
    report(
      "additive, \(offsets) offsets × N = \(count): frame + read", engine: perOffset,
      reference: offsets == 1 ? nil : perOffsetAlone, unit: "ns/offset/frame", ratioCounts: false)
  }
}

// MARK: - A staggered timeline

// A timeline staggering N children (each a node's centre and alpha, easeInOut), measured
// part-way through, against the loop a game programmer would write: per sprite, its own
// start, the curve at its local time, two lerps.
do {
  let count = quick ? 2000 : 10_000
  let scene = Scene()
  let nodes = (0..<count).map { index in
    let sprite = PlainSprite(index: index)
    return Node(
      frame: Rect(x: sprite.fromCenter.x - 5, y: sprite.fromCenter.y - 5, width: 10, height: 10))
  }
  for node in nodes { scene.root.addChild(node) }
  let each = 0.01
  let childDuration = duration
  let timeline = Timeline(scene: scene).stagger(
    nodes, each: each, duration: childDuration, curve: .easeInOut
  ) { node, index in
    let sprite = PlainSprite(index: index)
    node.center = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
    node.alpha = 0
  }
  timeline.start()
  scene.clock.advance(to: startTime)
  var sprites = (0..<count).map(PlainSprite.init)
  let curve = TimingFunction.easeInOut
  var time = startTime
  func referenceFrame() {
    time += frameStep
    for index in sprites.indices {
      let local = min(max((time - Double(index) * each) / childDuration, 0), 1)
      let progress = curve.value(at: local)
      let sprite = sprites[index]
      sprite.center = sprite.fromCenter * (1 - progress) + sprite.toCenter * progress
      sprite.alpha = sprite.fromAlpha * (1 - progress) + sprite.toAlpha * progress
    }
  }
  let frames = framesFor(count)
  var engine: [Double] = []
  var reference: [Double] = []
  for _ in 0..<rounds {
    var start = now()
    for _ in 0..<frames { scene.clock.advance(by: frameStep) }
    engine.append((now() - start) / Double(frames * count))
    start = now()
    for _ in 0..<frames { referenceFrame() }
    reference.append((now() - start) / Double(frames * count))
  }
  blackHole(sprites.last?.center)
  blackHole(nodes.last?.center)
  sprites = []
  report(
    "timeline staggering \(count) children", engine: median(engine) * 1e9,
    reference: median(reference) * 1e9)
}

// MARK: - Idle nodes

do {
  let idleCount = quick ? 100_000 : 1_000_000
  func frameTime(idle: Int) -> Double {
    let (scene, nodes) = danceScene(count: 10, spring: false, duration: duration)
    var idleNodes: [Node] = []
    idleNodes.reserveCapacity(idle)
    for _ in 0..<idle {
      let node = Node(frame: Rect(x: 0, y: 0, width: 1, height: 1))
      scene.root.addChild(node)
      idleNodes.append(node)
    }
    scene.clock.advance(to: startTime)
    let frames = 2000
    var times: [Double] = []
    for _ in 0..<rounds {
      let start = now()
      for _ in 0..<frames { scene.clock.advance(by: frameStep) }
      times.append((now() - start) / Double(frames))
    }
    blackHole(nodes.first?.center)
    blackHole(idleNodes.count)
    return median(times) * 1e9
  }
  let alone = frameTime(idle: 0)
  let crowded = frameTime(idle: idleCount)
  report(
    "\(idleCount) idle + 10 animating, per frame", engine: crowded, reference: alone,
    unit: "ns/frame    ")
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

// MARK: - Advance.Animator alone

do {
  let count = quick ? 2000 : 10_000
  for spring in [false, true] {
    let clock = AnimationClock()
    let animators = (0..<count).map { index in
      Animator(initialValue: SIMD2<Double>(Double(index), 0), clock: clock)
    }
    for (index, animator) in animators.enumerated() {
      if spring {
        animator.simulate(
          using: SpringFunction(
            target: SIMD2(Double(index), 500), tension: 0.01, damping: 0.05, threshold: 1e-9))
      } else {
        animator.animate(
          to: SIMD2(Double(index), 500), duration: duration, timingFunction: .easeInOut)
      }
    }
    let result = sideBySide(
      clock: clock, count: count, spring: spring, springResponse: 2 * .pi / 0.1,
      springDampingRatio: 0.25)
    blackHole(animators.last?.value)
    report(
      "Advance.Animator \(spring ? "spring" : "timed"), \(count) values",
      engine: result.engine, reference: result.reference, unit: "ns/value/frame",
      ratioCounts: false
    )
  }
  print(padded("(original Advance: 100–160 timed, > 1000 spring, ns/value/frame)", 44))

  // A start of a spring solves for the time it comes to rest (the end of the run).
  let clock = AnimationClock()
  let animators = (0..<count).map { index in
    Animator(initialValue: SIMD2<Double>(Double(index), 0), clock: clock)
  }
  var starts: [Double] = []
  for round in 0..<rounds {
    let start = now()
    for (index, animator) in animators.enumerated() {
      animator.simulate(
        using: SpringFunction(target: SIMD2(Double(index), Double(100 + round * 10))))
    }
    starts.append((now() - start) / Double(count))
  }
  blackHole(animators.last?.value)
  report(
    "Advance.Animator spring start (120, 12)", engine: median(starts) * 1e9, reference: nil,
    unit: "ns/start")
}

// MARK: - Allocations

if !arguments.contains("--no-allocations") {
  print("")
  print(AllocationProbe.measure(quick: quick))
  print(AllocationProbe.measureStarts())
  print(AllocationProbe.measureAdditive())
}

print("")
print("worst ratio against the reference loops (N ≥ 1000 and idle): \(fixed(worstRatio, 2))")
