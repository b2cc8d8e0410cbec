// Issue 25 asks which layout lets a host read what it draws at the cost of a plain object:
// values kept in the lanes and read through the node (what the engine does), or written by
// the frame into the node where the host reads them, side by side or in storage laid out as
// `Animatable`'s. This models them with the engine's shapes and nothing else of it (no
// clock, no animator, no checks), next to the hand-written loop, so that the choice is made
// on numbers: `dance-bench --layout-model` (Docs/Performance.md has the figures).
//
// The models keep what the engine's frame keeps per lane: one table of pair lanes (centre
// and alpha of a node recorded together, alpha in a pair lane's first half), in the order
// the animations started (the benchmark's eight groups: node i's lanes sit in its group's
// run, not at position i), a slot per lane, the ends `from` and `to`, and a start time per
// slot. Nodes are node-sized objects (304-byte allocations, as `Node`'s), allocated one
// after another.

/// The rest of a node's storage, 256 bytes.
struct NodeRest {
  var words = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)
}

/// A node-sized object whose drawn values live in lanes: it holds its lanes' indices (the
/// engine's cells), the rest of a node's storage after them.
final class ModelCellNode {
  let centerLane: Int
  let alphaLane: Int
  var rest = NodeRest()

  init(centerLane: Int, alphaLane: Int) {
    self.centerLane = centerLane
    self.alphaLane = alphaLane
  }
}

/// A node-sized object whose drawn values the frame writes into it.
protocol ModelDrawnNode: AnyObject {
  init()
  var center: SIMD2<Double> { get set }
  var alpha: Double { get set }
  /// What a host's read of centre and alpha adds up.
  var drawn: Double { get }
}

/// The drawn values side by side at the start of the node: a read touches 24 bytes.
final class ModelValueNode: ModelDrawnNode {
  var center = SIMD2<Double>(0, 0)
  var alpha = 1.0
  var rest = NodeRest()

  init() {}

  var drawn: Double { center.x + center.y + alpha }
}

/// The drawn values inside storage laid out as `Animatable`'s is (cell, value, owner: the
/// experiment of branch `values-in-nodes`), alpha's then centre's: a read checks each
/// property's cell and loads its value, 48 bytes from first to last.
final class ModelStorageNode: ModelDrawnNode {
  var alphaCell = 1
  var alpha = 1.0
  var alphaOwner = 0
  var centerCell = 1
  var center = SIMD2<Double>(0, 0)
  var centerOwner = 0
  var rest = NodeRest()

  init() {}

  var drawn: Double {
    (centerCell != 0 ? center.x + center.y : 0) + (alphaCell != 0 ? alpha : 0)
  }
}

/// The lanes of both models: per lane its slot and ends; per slot its start time.
struct ModelLanes {
  var slots: [Int32] = []
  var from: [SIMD2<Double>] = []
  var to: [SIMD2<Double>] = []
  var slotStarts: [Double] = []
  /// Per node, the index of its centre lane (its alpha lane follows it).
  var laneOfNode: [Int]
  /// Per lane, the node it draws.
  var nodeOfLane: [Int] = []

  init(stagger: Stagger, count: Int) {
    laneOfNode = Array(repeating: 0, count: count)
    for group in (0..<Stagger.groups).reversed() {
      for index in 0..<count where Stagger.group(of: index) == group {
        let sprite = PlainSprite(index: index)
        let slot = Int32(slotStarts.count)
        slotStarts.append(stagger.start(of: index))
        laneOfNode[index] = slots.count
        slots += [slot, slot]
        from += [sprite.fromCenter, SIMD2(sprite.fromAlpha, 0)]
        to += [sprite.toCenter, SIMD2(sprite.toAlpha, 0)]
        nodeOfLane += [index, index]
      }
    }
  }

  /// Calls `write` with each lane's index and its blended value at `time`, sampling each
  /// slot once where its lanes are (as the engine's frame does).
  @inline(__always)
  func blend(
    at time: Double, duration: Double, _ write: (Int, SIMD2<Double>) -> Void
  ) {
    var sampledSlot = -1
    var progress = 0.0
    for lane in slots.indices {
      let slot = Int(slots[lane])
      if slot != sampledSlot {
        progress = UnitBezier.easeInOut.solve((time - slotStarts[slot]) / duration)
        sampledSlot = slot
      }
      write(lane, from[lane] * (1 - progress) + to[lane] * progress)
    }
  }
}

/// Values in the lanes; the host reads node → lane index → value (two dependent loads).
struct CellLayout {
  let lanes: ModelLanes
  var values: [SIMD2<Double>]
  let nodes: [ModelCellNode]
  let duration: Double
  var time: Double

  init(stagger: Stagger, count: Int) {
    lanes = ModelLanes(stagger: stagger, count: count)
    values = lanes.from
    let lanes = lanes
    nodes = (0..<count).map {
      ModelCellNode(centerLane: lanes.laneOfNode[$0], alphaLane: lanes.laneOfNode[$0] + 1)
    }
    duration = stagger.duration
    time = stagger.measuredFrom
  }

  mutating func frame(_ step: Double) {
    time += step
    // Written through the buffer, as the engine's frame writes its lanes (an array's
    // subscript checks its uniqueness at every write).
    values.withUnsafeMutableBufferPointer { values in
      lanes.blend(at: time, duration: duration) { values[$0] = $1 }
    }
  }

  func read() -> Double {
    var sum = 0.0
    for node in nodes {
      let center = values[node.centerLane]
      sum += center.x + center.y + values[node.alphaLane].x
    }
    return sum
  }
}

/// Values written by the frame into the nodes; the host reads them from the node.
struct WrittenLayout<DrawnNode: ModelDrawnNode> {
  let lanes: ModelLanes
  /// Per lane, the node it writes (the lane's `nodeOfLane`, as references).
  let targets: [DrawnNode]
  let nodes: [DrawnNode]
  let duration: Double
  var time: Double

  init(stagger: Stagger, count: Int) {
    lanes = ModelLanes(stagger: stagger, count: count)
    let nodes = (0..<count).map { _ in DrawnNode() }
    targets = lanes.nodeOfLane.map { nodes[$0] }
    self.nodes = nodes
    duration = stagger.duration
    time = stagger.measuredFrom
  }

  mutating func frame(_ step: Double) {
    time += step
    lanes.blend(at: time, duration: duration) { lane, value in
      // A node's centre lane comes first, its alpha lane next.
      if lane & 1 == 0 { targets[lane].center = value } else { targets[lane].alpha = value.x }
    }
  }

  func read() -> Double {
    var sum = 0.0
    for node in nodes { sum += node.drawn }
    return sum
  }
}

/// A layout of the model: a frame, and a host's read of every node.
protocol ModelLayout {
  mutating func frame(_ step: Double)
  func read() -> Double
}

extension CellLayout: ModelLayout {}
extension WrittenLayout: ModelLayout {}

extension Probe {
  /// `frames` host frames of `layout` (its probes, for cachegrind).
  static func play<Layout: ModelLayout>(_ layout: Layout, _ frames: Int) {
    var layout = layout
    var sum = 0.0
    for _ in 0..<frames {
      layout.frame(1.0 / 60)
      sum += layout.read()
    }
    blackHole(sum)
  }
}

/// `dance-bench --layout-model`: each layout against the loop, as a host's frame (frame,
/// then read centre and alpha of every node) and as a frame alone. Each layout is built,
/// measured and released alone, with a loop of its own, so that no other layout's memory
/// sits in the caches or between its objects.
@MainActor func runLayoutModel() {
  print("dance-bench --layout-model — layouts of a host's read, medians of \(rounds) rounds")
  print("")
  for count in quick ? [1000, 20_000] : [1000, 100_000] {
    measureLayout("values in lanes", count: count) { stagger in
      var layout = CellLayout(stagger: stagger, count: count)
      return ({ layout.frame($0) }, { layout.read() })
    }
    measureLayout("values in nodes", count: count) { stagger in
      var layout = WrittenLayout<ModelValueNode>(stagger: stagger, count: count)
      return ({ layout.frame($0) }, { layout.read() })
    }
    measureLayout("Animatable's layout", count: count) { stagger in
      var layout = WrittenLayout<ModelStorageNode>(stagger: stagger, count: count)
      return ({ layout.frame($0) }, { layout.read() })
    }
  }
}

/// One line each for the host's frame and the frame alone of the layout `make` builds over
/// `count` nodes (its frame by a step, and its read).
@MainActor func measureLayout(
  _ name: String, count: Int,
  _ make: (Stagger) -> (frame: (Double) -> Void, read: () -> Double)
) {
  let frames = framesFor(count)
  let stagger = Stagger(measuredFrames: 2 * frames * rounds, step: frameStep)
  var loop = TimedReference(stagger: stagger, count: count)
  let layout = make(stagger)
  var sum = 0.0
  for reads in [true, false] {
    let result = sideBySide(frames: frames) {
      layout.frame(frameStep)
      if reads { sum += layout.read() }
    } reference: {
      loop.frame(frameStep)
      if reads {
        for sprite in loop.sprites { sum += sprite.center.x + sprite.center.y + sprite.alpha }
      }
    }
    report(
      "model, \(name), \(reads ? "host" : "frame"), N = \(count)",
      engine: result.engine / Double(count), reference: result.reference / Double(count),
      ratio: result.ratio)
  }
  blackHole(sum)
}
