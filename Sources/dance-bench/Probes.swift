import Dance

/// The workloads that valgrind watches: `dance-bench PROBE COUNT` runs one and exits. Each
/// is run at two counts, and the difference of the two runs' totals divided by the
/// difference in counts is the cost of one unit, so that start-up cancels out
/// (`Valgrind.swift`, `scripts/instructions.sh`).
enum Probe: String, CaseIterable {
  /// COUNT frames of 100 timed and 100 spring `node.dance` nodes and 100 `Advance.Animator`s,
  /// staggered.
  case frame = "--allocation-probe"
  /// COUNT frames of 1000 timed `node.dance` nodes (centre and alpha), staggered.
  case timedFrame = "--timed-frame-probe"
  /// COUNT frames of 1000 spring `node.dance` nodes (centre and alpha), staggered.
  case springFrame = "--spring-frame-probe"
  /// COUNT frames of the hand-written spring loop over 1000 sprites.
  case springReferenceFrame = "--spring-reference-frame-probe"
  /// COUNT frames of one timed `node.dance` node: the whole frame's fixed cost.
  case singleFrame = "--single-frame-probe"
  /// COUNT frames of one spring `node.dance` node.
  case singleSpringFrame = "--single-spring-frame-probe"
  /// COUNT frames of the hand-written loop over 1000 sprites that `--timed-frame-probe` is
  /// measured against.
  case referenceFrame = "--reference-frame-probe"
  /// COUNT frames of 1000 `Advance.Animator`s (timed), staggered.
  case animatorFrame = "--animator-frame-probe"
  /// COUNT starts of a two-property `node.dance` animation over 500 nodes in turn; after
  /// every 500 starts, one frame, then each is finished.
  case start = "--start-probe"
  /// The same with a completion on each animation (which the finish queues and runs).
  case startWithCompletion = "--start-completion-probe"
  /// The same, each animation paused right after its start (start, pause, the frame, then
  /// finish): a paused slot's frame and the pause's own work.
  case pausedStart = "--paused-start-probe"
  /// COUNT starts with a completion that ends on its own: 100 nodes in turn, each a 10 ms
  /// animation; after every 100 starts, one frame of 1/60 s, whose clock events end them
  /// and run their completions.
  case naturalEnd = "--natural-end-probe"
  /// COUNT starts of a spring, `animate(duration:dampingRatio:)`: 100 nodes in turn; after
  /// every 100 starts, one frame, then each is finished at its end.
  case springStart = "--spring-start-probe"
  /// The same through two control points, `animate(duration:controlPoint1:controlPoint2:)`.
  case curveStart = "--curve-start-probe"
  /// The same, each node's starts going round six kinds: ease-in-out, a spring of damping
  /// ratio 0.8, one of 0.5, two custom curves, and ease-in-out after a delay.
  case mixedStart = "--mixed-start-probe"
  /// COUNT spring starts as `--spring-start-probe`, each with a damping ratio no start
  /// before it used (a game that gives each sprite its own bounce): the settling time is
  /// searched at every start.
  case freshSpringStart = "--fresh-spring-start-probe"
  /// The same through two control points that no start before it used: a curve's solver
  /// is made at every start.
  case freshCurveStart = "--fresh-curve-start-probe"
  /// COUNT starts as a user writes them: 100 nodes in turn, each block capturing its own
  /// target; after every 100 starts, one frame, then each is finished at its end.
  case userStart = "--user-start-probe"
  /// COUNT starts on 100 nodes that are already animating, as a game retargets its sprites:
  /// each start takes the node's centre and alpha from its running animation (which ends
  /// where it is); one frame after every 100 starts.
  case retarget = "--retarget-probe"
  /// COUNT reads of `center` and `alpha` of 100 animated nodes.
  case read = "--read-probe"
  /// COUNT frames of 1600 additive offsets, one per node, every centre read each frame.
  case additive = "--additive-probe"
  /// The same with 16 offsets per node (100 nodes).
  case additive16 = "--additive-probe-16"
  /// COUNT frames of a timeline staggering 1000 children, part-way through.
  case timeline = "--timeline-probe"
  /// COUNT point queries spread along a path of a line, a quadratic and a cubic.
  case pathPoint = "--path-point-probe"
  /// COUNT frames of 100 staggered nodes moving along paths with `.auto` rotation.
  case pathFrame = "--path-frame-probe"
  /// COUNT frames of the hand-written loop over the same 100 paths.
  case pathReferenceFrame = "--path-reference-frame-probe"
  /// COUNT layout transitions of 1000 cards in 10 columns: each reverses every column's
  /// order and moves a card to the next column (capture, changes, start), then one frame.
  case layoutTransition = "--layout-transition-probe"
  /// One `Node.animate` over COUNT nodes (alpha), replaced by another over the same nodes,
  /// then a frame: the replaced animator lets go of its animations one by one.
  case replaceAll = "--replace-all-probe"
  /// COUNT seeks of a running timeline of 10 staggered children (a scrubbing UI), each
  /// followed by a read of one node.
  case timelineSeek = "--timeline-seek-probe"
  /// COUNT frames of a host over 100 000 timed `node.dance` nodes: advance the clock, then
  /// read every node's centre and alpha (for cachegrind's misses per node-frame).
  case hostFrame = "--host-frame-probe"
  /// COUNT frames of the hand-written loop over 100 000 sprites, then a read of each.
  case hostReferenceFrame = "--host-reference-frame-probe"
  /// COUNT frames of 100 000 timed `node.dance` nodes, no reads (the frame's own misses).
  case largeFrame = "--large-frame-probe"
  /// COUNT frames of the hand-written loop over 100 000 sprites, no reads.
  case largeReferenceFrame = "--large-reference-frame-probe"
  /// COUNT frames of 20 000 staggered nodes moving along paths with `.auto` rotation (for
  /// cachegrind's misses per node-frame).
  case largePathFrame = "--large-path-frame-probe"
  /// COUNT frames of the hand-written loop over the same 20 000 paths.
  case largePathReferenceFrame = "--large-path-reference-frame-probe"
  /// COUNT frames of 10 000 timed `Advance.Animator`s, the `Advance.Animator` line's (for
  /// cachegrind's misses per value-frame).
  case largeAnimatorFrame = "--large-animator-frame-probe"
  /// COUNT frames of the hand-written loop over 10 000 sprites, one value each.
  case largeAnimatorReferenceFrame = "--large-animator-reference-frame-probe"
  /// COUNT frames of a timeline staggering 10 000 children, the timeline line's (for
  /// cachegrind's misses per child-frame).
  case largeTimelineFrame = "--large-timeline-frame-probe"
  /// COUNT frames of the hand-written loop over 10 000 sprites with the same starts.
  case largeTimelineReferenceFrame = "--large-timeline-reference-frame-probe"
  /// COUNT host frames of `--layout-model`'s values-in-lanes layout over 100 000 nodes.
  case layoutCells = "--layout-cells-probe"
  /// COUNT host frames of `--layout-model`'s values-in-nodes layout over 100 000 nodes.
  case layoutWritten = "--layout-written-probe"
  /// The same with the values in storage laid out as `Animatable`'s.
  case layoutStorage = "--layout-storage-probe"
  /// COUNT nodes each start a two-property `node.dance` animation, and one frame runs; prints
  /// the heap it took per property (for valgrind's `--xtree-memory`, which says where).
  case memory = "--memory-probe"
  /// COUNT × 1000 calls of `TimingFunction.easeInOut.value(at:)`, spread over 0…1.
  case curve = "--curve-probe"
  /// COUNT × 1000 calls of the hand-written loop's WebKit-style solve, spread the same way.
  case unitBezier = "--unit-bezier-probe"

  var option: String { rawValue }

  /// The nodes of the host probes: enough that a frame's data is far larger than a 1 MiB
  /// last-level cache.
  static let hostCount = 100_000
  /// The nodes of the large path probes (the path line's largest N).
  static let pathCount = 20_000
  /// The children of the large timeline probes (the timeline line's).
  static let timelineCount = 10_000
  /// The animators of the large `Advance.Animator` probes (the `Advance.Animator` line's).
  static let animatorCount = 10_000

  /// The probe named on `arguments`, if any.
  static func named(in arguments: [String]) -> Probe? {
    allCases.first { arguments.contains($0.option) }
  }

  /// The number that follows `option` on the command line.
  static func count(after option: String) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else {
      return 100
    }
    return Int(arguments[index + 1]) ?? 100
  }

  /// A stagger whose animations do not end within `frames` frames of a probe.
  private static func stagger(frames: Int) -> Stagger {
    Stagger(measuredFrames: max(frames, 1000), step: 1.0 / 60)
  }

  /// `--spring-start-probe`, `--curve-start-probe`, `--mixed-start-probe` and the fresh
  /// ones: COUNT starts, the start at `index` of the kind `kind(index)` (0 ease-in-out, 1 and
  /// 2 springs, 3 and 4 custom curves, 5 ease-in-out after a delay, 6 a spring and 7 a curve
  /// whose parameters vary with `index`).
  @inline(never)
  private static func starts(_ count: Int, kind: (Int) -> Int) {
    let scene = Scene()
    let nodes = (0..<100).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
    for node in nodes { scene.root.addChild(node) }
    func change(_ node: Node) {
      node.center = Point(x: 10, y: 10)
      node.alpha = 0.5
    }
    for index in 0..<count {
      let dance = nodes[index % nodes.count].dance
      switch kind(index) {
      case 1: dance.animate(duration: 0.5, dampingRatio: 0.8, change).start()
      case 2: dance.animate(duration: 0.5, dampingRatio: 0.5, change).start()
      case 3:
        dance.animate(
          duration: 1, controlPoint1: Point(x: 0.3, y: 0), controlPoint2: Point(x: 0.2, y: 1),
          change
        ).start()
      case 4:
        dance.animate(
          duration: 1, controlPoint1: Point(x: 0.5, y: -0.3), controlPoint2: Point(x: 0.4, y: 1.2),
          change
        ).start()
      case 5: dance.animate(duration: 1, curve: .easeInOut, change).start(after: 0.01)
      case 6:
        // 0.2 to 0.95, a new ratio for each of the probe's starts (up to 7 500).
        let ratio = 0.2 + Double(index % 7_500) * 1e-4
        dance.animate(duration: 0.5, dampingRatio: ratio, change).start()
      case 7:
        let x1 = 0.1 + Double(index % 7_500) * 1e-4
        dance.animate(
          duration: 1, controlPoint1: Point(x: x1, y: 0), controlPoint2: Point(x: 0.3, y: 1),
          change
        ).start()
      default: dance.animate(duration: 1, curve: .easeInOut, change).start()
      }
      if index % nodes.count == nodes.count - 1 {
        scene.clock.advance(by: 1.0 / 60)
        for node in nodes { node.dance.finish(at: .end) }
      }
    }
    blackHole(nodes.last?.center)
  }

  /// `--read-probe`, in a function of its own: inside `run(count:)` its loop's code moved
  /// with the other probes' (41 to 43 instructions a read as cases were added there).
  @inline(never)
  private static func reads(_ count: Int) {
    let (_, nodes) = danceScene(count: 100, spring: false, stagger: Self.stagger(frames: 0))
    var sum = 0.0
    for index in 0..<count {
      let node = nodes[index % nodes.count]
      sum += node.center.x + node.alpha
    }
    blackHole(sum)
  }

  /// `--natural-end-probe`, in a function of its own: in `run(count:)` its completion's
  /// closure was merged with the start probe's, which then counted 36 instructions more.
  @inline(never)
  private static func naturalEnds(_ count: Int) {
    var completed = 0
    let scene = Scene()
    let nodes = (0..<100).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
    for node in nodes { scene.root.addChild(node) }
    for index in 0..<count {
      nodes[index % nodes.count].dance.animate(duration: 0.01, curve: .easeInOut) {
        $0.center = Point(x: 10, y: 10)
        $0.alpha = 0.5
      }
      .addCompletion { _ in completed += 1 }
      .start()
      if index % nodes.count == nodes.count - 1 { scene.clock.advance(by: 1.0 / 60) }
    }
    blackHole(nodes.last?.center)
    blackHole(completed)
  }

  func run(count: Int) {
    switch self {
    case .frame:
      let stagger = Self.stagger(frames: count)
      let (timed, timedNodes) = danceScene(count: 100, spring: false, stagger: stagger)
      let (springs, springNodes) = danceScene(count: 100, spring: true, stagger: stagger)
      let clock = timed.clock
      let animators = (0..<100).map { Animator(initialValue: Double($0), clock: clock) }
      for animator in animators {
        animator.animate(to: 1000, duration: stagger.duration, timingFunction: .easeInOut)
      }
      for _ in 0..<count {
        timed.clock.advance(by: 1.0 / 60)
        springs.clock.advance(by: 1.0 / 60)
      }
      blackHole(timedNodes.first?.center)
      blackHole(springNodes.first?.center)
      blackHole(animators.first?.value)
    case .timedFrame:
      let (scene, nodes) = danceScene(
        count: 1000, spring: false, stagger: Self.stagger(frames: count))
      for _ in 0..<count { scene.clock.advance(by: 1.0 / 60) }
      blackHole(nodes.last?.center)
    case .springFrame:
      let (scene, nodes) = danceScene(
        count: 1000, spring: true, stagger: Self.stagger(frames: count))
      for _ in 0..<count { scene.clock.advance(by: 1.0 / 60) }
      blackHole(nodes.last?.center)
    case .springReferenceFrame:
      var reference = SpringReference(
        stagger: Self.stagger(frames: count), count: 1000,
        response: SpringWorkload.response(settlingIn: Self.stagger(frames: count).duration),
        dampingRatio: SpringWorkload.dampingRatio)
      for _ in 0..<count { reference.frame(1.0 / 60) }
      blackHole(reference.sprites.last?.center)
    case .singleFrame, .singleSpringFrame:
      let (scene, nodes) = danceScene(
        count: 1, spring: self == .singleSpringFrame, stagger: Self.stagger(frames: count))
      for _ in 0..<count { scene.clock.advance(by: 1.0 / 60) }
      blackHole(nodes.last?.center)
    case .referenceFrame:
      var reference = TimedReference(stagger: Self.stagger(frames: count), count: 1000)
      for _ in 0..<count { reference.frame(1.0 / 60) }
      blackHole(reference.sprites.last?.center)
    case .largeAnimatorReferenceFrame:
      var reference = TimedReference(
        stagger: Self.stagger(frames: count), count: Self.animatorCount)
      for _ in 0..<count { reference.centerFrame(1.0 / 60) }
      blackHole(reference.sprites.last?.center)
    case .animatorFrame, .largeAnimatorFrame:
      let stagger = Self.stagger(frames: count)
      let clock = AnimationClock()
      let animatorCount = self == .animatorFrame ? 1000 : Self.animatorCount
      let animators = (0..<animatorCount).map { index in
        Animator(initialValue: PlainSprite(index: index).fromCenter, clock: clock)
      }
      stagger.start(count: animatorCount, on: clock) { index in
        animators[index].animate(
          to: PlainSprite(index: index).toCenter, duration: stagger.duration,
          timingFunction: .easeInOut)
      }
      for _ in 0..<count { clock.advance(by: 1.0 / 60) }
      blackHole(animators.last?.value)
    case .start, .startWithCompletion, .pausedStart:
      let withCompletion = self == .startWithCompletion
      var completed = 0
      let scene = Scene()
      let nodes = (0..<500).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
      for node in nodes { scene.root.addChild(node) }
      for index in 0..<count {
        let node = nodes[index % nodes.count]
        let dance = node.dance.animate(duration: 1, curve: .easeInOut) {
          $0.center = Point(x: 10, y: 10)
          $0.alpha = 0.5
        }
        if withCompletion { dance.addCompletion { _ in completed += 1 } }
        dance.start()
        if self == .pausedStart { dance.pause() }
        if index % nodes.count == nodes.count - 1 {
          scene.clock.advance(by: 1.0 / 60)
          for node in nodes { node.dance.finish(at: .end) }
        }
      }
      blackHole(nodes.last?.center)
      blackHole(completed)
    case .naturalEnd:
      Self.naturalEnds(count)
    case .springStart:
      Self.starts(count) { _ in 1 }
    case .curveStart:
      Self.starts(count) { _ in 3 }
    case .mixedStart:
      // Node i's r-th start is of kind (i + r) mod 6: every kind follows every other.
      Self.starts(count) { index in (index % 100 + index / 100) % 6 }
    case .freshSpringStart:
      Self.starts(count) { _ in 6 }
    case .freshCurveStart:
      Self.starts(count) { _ in 7 }
    case .userStart:
      let scene = Scene()
      let nodes = (0..<100).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
      for node in nodes { scene.root.addChild(node) }
      for index in 0..<count {
        let node = nodes[index % nodes.count]
        let target = Point(x: Double(index % 640), y: Double(index % 360))
        node.dance.animate(duration: 0.5, curve: .easeInOut) {
          $0.center = target
          $0.alpha = 0.5
        }.start()
        if index % nodes.count == nodes.count - 1 {
          scene.clock.advance(by: 1.0 / 60)
          for node in nodes { node.dance.finish(at: .end) }
        }
      }
      blackHole(nodes.last?.center)
    case .retarget:
      let scene = Scene()
      let nodes = (0..<100).map { _ in Node(frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
      for node in nodes {
        scene.root.addChild(node)
        node.dance.animate(duration: 10, curve: .easeInOut) { $0.alpha = 0 }.start()
      }
      scene.clock.advance(by: 1.0 / 60)
      for index in 0..<count {
        let node = nodes[index % nodes.count]
        let target = Point(x: Double(index % 640), y: Double(index % 360))
        let alpha = Double(index % 2)
        node.dance.animate(duration: 10, curve: .easeInOut) {
          $0.center = target
          $0.alpha = alpha
        }.start()
        if index % nodes.count == nodes.count - 1 { scene.clock.advance(by: 1.0 / 60) }
      }
      blackHole(nodes.last?.center)
    case .read:
      Self.reads(count)
    case .additive, .additive16:
      let offsets = self == .additive16 ? 16 : 1
      let (scene, nodes) = additiveScene(count: 1600 / offsets, offsets: offsets, duration: 1000)
      scene.clock.advance(to: 400)
      var sum = 0.0
      for _ in 0..<count {
        scene.clock.advance(by: 1.0 / 60)
        for node in nodes { sum += node.center.x }
      }
      blackHole(sum)
    case .timeline, .largeTimelineFrame:
      let (scene, nodes, _) = timelineScene(
        count: self == .timeline ? 1000 : Self.timelineCount, duration: 1000)
      for _ in 0..<count { scene.clock.advance(by: 1.0 / 60) }
      blackHole(nodes.last?.center)
    case .largeTimelineReferenceFrame:
      var reference = timelineReference(
        count: Self.timelineCount, duration: 1000, stagger: Self.stagger(frames: count))
      for _ in 0..<count { reference.frame(1.0 / 60) }
      blackHole(reference.sprites.last?.center)
    case .pathPoint:
      var path = Path()
      path.move(to: Point(x: 0, y: 0))
      path.addLine(to: Point(x: 100, y: 0))
      path.addQuadCurve(to: Point(x: 100, y: 100), control: Point(x: 150, y: 50))
      path.addCurve(
        to: Point(x: 0, y: 100), control1: Point(x: 60, y: 160), control2: Point(x: 20, y: 40))
      var sum = 0.0
      for index in 0..<count {
        sum += path.point(atDistance: path.length * Double(index % 1000) / 1000).x
      }
      blackHole(sum)
    case .pathFrame, .largePathFrame:
      let (scene, nodes) = pathScene(
        count: self == .pathFrame ? 100 : Self.pathCount, stagger: Self.stagger(frames: count))
      for _ in 0..<count { scene.clock.advance(by: 1.0 / 60) }
      blackHole(nodes.last?.transform)
    case .pathReferenceFrame, .largePathReferenceFrame:
      var reference = PathReference(
        stagger: Self.stagger(frames: count),
        count: self == .pathReferenceFrame ? 100 : Self.pathCount)
      for _ in 0..<count { reference.frame(1.0 / 60) }
      blackHole(reference.followers.last?.rotation)
    case .layoutTransition:
      let (scene, columns) = layoutScene(columns: 10, cards: 100)
      for index in 0..<count {
        Node.animateLayout(of: scene.root, duration: 0.4) {
          reverseColumns(columns, moving: index)
        }
        scene.clock.advance(by: 1.0 / 60)
      }
      blackHole(columns[0].children.first?.center)
    case .replaceAll:
      let (scene, nodes) = spriteScene(count: count)
      Node.animate(withDuration: 1) { for node in nodes { node.alpha = 0.5 } }
      scene.clock.advance(by: 1.0 / 60)
      Node.animate(withDuration: 1) { for node in nodes { node.alpha = 0.2 } }
      scene.clock.advance(by: 1.0 / 60)
      blackHole(nodes.last?.alpha)
    case .timelineSeek:
      let (scene, nodes, timeline) = timelineScene(count: 10, duration: 10)
      var sum = 0.0
      for index in 0..<count {
        timeline.seek(to: Double(index % 997) / 100)
        sum += nodes[index % nodes.count].center.x
      }
      blackHole(sum)
      blackHole(scene.clock.now)
    case .hostFrame, .largeFrame:
      let (scene, nodes) = danceScene(
        count: Self.hostCount, spring: false, stagger: Self.stagger(frames: count))
      var sum = 0.0
      for _ in 0..<count {
        scene.clock.advance(by: 1.0 / 60)
        if self == .hostFrame {
          for node in nodes { sum += node.center.x + node.center.y + node.alpha }
        }
      }
      blackHole(sum)
      blackHole(nodes.last?.center)
    case .hostReferenceFrame, .largeReferenceFrame:
      var reference = TimedReference(stagger: Self.stagger(frames: count), count: Self.hostCount)
      var sum = 0.0
      for _ in 0..<count {
        reference.frame(1.0 / 60)
        if self == .hostReferenceFrame {
          for sprite in reference.sprites {
            sum += sprite.center.x + sprite.center.y + sprite.alpha
          }
        }
      }
      blackHole(sum)
      blackHole(reference.sprites.last?.center)
    case .layoutCells:
      Self.play(CellLayout(stagger: Self.stagger(frames: count), count: Self.hostCount), count)
    case .layoutWritten:
      Self.play(
        WrittenLayout<ModelValueNode>(stagger: Self.stagger(frames: count), count: Self.hostCount),
        count)
    case .layoutStorage:
      Self.play(
        WrittenLayout<ModelStorageNode>(
          stagger: Self.stagger(frames: count), count: Self.hostCount),
        count)
    case .memory:
      print(MemoryProbe.bytesPerAnimatedProperty(count: count))
    case .curve, .unitBezier:
      // Progress spread over (0, 1) by a golden-ratio walk, so that no two calls repeat.
      var x = 0.5
      var sum = 0.0
      let curve = TimingFunction.easeInOut
      let reference = UnitBezier.easeInOut
      for _ in 0..<count * 1000 {
        x += 0.618_033_988_749_894_8
        if x >= 1 { x -= 1 }
        sum += self == .curve ? curve.value(at: x) : reference.solve(x)
      }
      blackHole(sum)
    }
  }
}
