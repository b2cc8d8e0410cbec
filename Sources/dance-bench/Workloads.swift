import Dance

/// When each of a workload's animations starts, so that a frame measures motion as users see
/// it: eight groups started a tenth of the duration apart, measured over the next tenth, so
/// that the progress of the animations in a frame is spread over 0…0.8 and sweeps on.
///
/// Sprite (or node) i belongs to group (i + 4) mod 8 (so that a workload of one sits
/// mid-curve); group g started at (7 − g) × duration / 10 and the measured frames run from
/// 0.7 × duration to 0.8 × duration, where group g goes from g/10 to (g + 1)/10.
struct Stagger {
  static let groups = 8
  /// One animation's duration, in seconds: ten times the measured time, so that the
  /// measurement covers a tenth of every curve.
  let duration: Double

  /// A stagger whose measured time is `frames` frames of `step` seconds.
  init(measuredFrames frames: Int, step: Double) {
    duration = 10 * Double(frames) * step
  }

  /// The group of sprite `index`.
  static func group(of index: Int) -> Int { (index + 4) % groups }

  /// The clock time at which sprite `index` starts.
  func start(of index: Int) -> Double {
    Double(Self.groups - 1 - Self.group(of: index)) * duration / 10
  }

  /// The clock time at which measuring starts: the last group's start.
  var measuredFrom: Double { Double(Self.groups - 1) * duration / 10 }

  /// The progress the measured frames cover, for `count` sprites: "0.00–0.80".
  func progressRange(count: Int) -> String {
    let groups = (0..<min(count, Self.groups)).map(Self.group(of:))
    let low = Double(groups.min() ?? 0) / 10
    let high = Double((groups.max() ?? 0) + 1) / 10
    return "progress \(fixed(low, 2))–\(fixed(high, 2))"
  }

  /// Starts `count` animations on `clock`, group by group at their start times (the clock
  /// is advanced in between), then brings the clock to ``measuredFrom``.
  func start(count: Int, on clock: AnimationClock, _ begin: (Int) -> Void) {
    for group in (0..<Self.groups).reversed() {
      clock.advance(to: Double(Self.groups - 1 - group) * duration / 10)
      for index in 0..<count where Self.group(of: index) == group { begin(index) }
    }
    clock.advance(to: measuredFrom)
  }
}

/// The damping ratio of the spring workloads, and the response at which such a spring
/// settles in `duration` (what `animate(duration:dampingRatio:)` picks).
enum SpringWorkload {
  static let dampingRatio = 0.5

  static func response(settlingIn duration: Double) -> Double {
    duration / SpringParameters(dampingRatio: dampingRatio, response: 1).settlingDuration
  }
}

/// A scene of `count` nodes, node i centred where plain sprite i starts.
func spriteScene(count: Int) -> (Scene, [Node]) {
  let scene = Scene()
  let nodes = (0..<count).map { index in
    let sprite = PlainSprite(index: index)
    return Node(
      frame: Rect(x: sprite.fromCenter.x - 5, y: sprite.fromCenter.y - 5, width: 10, height: 10))
  }
  for node in nodes { scene.root.addChild(node) }
  return (scene, nodes)
}

/// A scene of `count` nodes, each animating `center` and `alpha` through `node.dance`,
/// started as `stagger` says; the clock stands at the stagger's measured start.
func danceScene(count: Int, spring: Bool, stagger: Stagger) -> (Scene, [Node]) {
  let (scene, nodes) = spriteScene(count: count)
  stagger.start(count: count, on: scene.clock) { index in
    let sprite = PlainSprite(index: index)
    let target = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
    let animations: (Node) -> Void = {
      $0.center = target
      $0.alpha = 0
    }
    if spring {
      nodes[index].dance.animate(
        duration: stagger.duration, dampingRatio: SpringWorkload.dampingRatio, animations
      ).start()
    } else {
      nodes[index].dance.animate(duration: stagger.duration, curve: .easeInOut, animations)
        .start()
    }
  }
  return (scene, nodes)
}

/// `count` nodes whose centres each carry `offsets` additive animations (easeInOut, started
/// a little apart so that each sits at its own point of the curve), all `duration` long.
func additiveScene(count: Int, offsets: Int, duration: Double) -> (Scene, [Node]) {
  let scene = Scene()
  let nodes = (0..<count).map { _ in Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
  for node in nodes { scene.root.addChild(node) }
  for offset in 0..<offsets {
    for (index, node) in nodes.enumerated() {
      let sprite = PlainSprite(index: index * offsets + offset)
      let animator = PropertyAnimator(duration: duration, curve: .easeInOut) {
        node.center = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
      }
      animator.composition = .additive
      animator.startAnimation()
    }
    scene.clock.advance(by: 1.0 / 60)
  }
  return (scene, nodes)
}

/// A timeline staggering `count` nodes (centre and alpha each, easeInOut, `duration` long),
/// child i starting i × 0.7 × duration / count in, so that over the measured tenth of the
/// duration (from 0.7 × duration) the children's progress spans 0…0.8.
func timelineScene(count: Int, duration: Double) -> (Scene, [Node], Timeline) {
  let (scene, nodes) = spriteScene(count: count)
  let timeline = Timeline(scene: scene).stagger(
    nodes, each: timelineSpacing(count: count, duration: duration), duration: duration,
    curve: .easeInOut
  ) { node, index in
    let sprite = PlainSprite(index: index)
    node.center = Point(x: sprite.toCenter.x, y: sprite.toCenter.y)
    node.alpha = 0
  }
  timeline.start()
  scene.clock.advance(to: 0.7 * duration)
  return (scene, nodes, timeline)
}

/// The time between two children's starts in ``timelineScene(count:duration:)``.
func timelineSpacing(count: Int, duration: Double) -> Double { 0.7 * duration / Double(count) }

/// The hand-written loop the timeline is measured against: `count` sprites starting as the
/// children of ``timelineScene(count:duration:)`` do.
func timelineReference(count: Int, duration: Double, stagger: Stagger) -> TimedReference {
  let reference = TimedReference(stagger: stagger, count: count)
  let each = timelineSpacing(count: count, duration: duration)
  for (index, sprite) in reference.sprites.enumerated() { sprite.start = Double(index) * each }
  return reference
}

/// A scene of `columns` columns side by side, each a node holding `cards` cards stacked
/// top to bottom (the layout transition's workload).
func layoutScene(columns: Int, cards: Int) -> (Scene, [Node]) {
  let scene = Scene()
  let columnNodes = (0..<columns).map { column in
    Node(frame: Rect(x: Double(column) * 110, y: 0, width: 100, height: Double(cards) * 12))
  }
  for column in columnNodes {
    scene.root.addChild(column)
    for row in 0..<cards {
      column.addChild(Node(frame: Rect(x: 5, y: Double(row) * 12, width: 90, height: 10)))
    }
  }
  return (scene, columnNodes)
}

/// The layout change of the layout transition's workload: every column's cards in reverse
/// order (each card's frame changes), and the first card of column `moving % count` moved to
/// the end of the next column.
func reverseColumns(_ columns: [Node], moving: Int) {
  let from = columns[moving % columns.count]
  let to = columns[(moving + 1) % columns.count]
  if let card = from.children.first { to.addChild(card) }
  for column in columns {
    let cards = column.children
    for (row, card) in cards.reversed().enumerated() {
      card.frame = Rect(x: 5, y: Double(row) * 12, width: 90, height: 10)
    }
  }
}
