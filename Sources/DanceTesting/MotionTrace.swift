import Dance

/// A property a ``MotionTrace`` records, with its components.
public enum TraceProperty: String, Hashable, Sendable, CaseIterable {
  /// `frame`: x, y, width, height.
  case frame
  /// `center`: x, y.
  case center
  /// `bounds`: x, y, width, height.
  case bounds
  /// `alpha`: one component.
  case alpha
  /// `transform`, as Dance animates it: translation x and y, rotation angle (radians),
  /// scale x and y, shear.
  case transform
  /// `backgroundColor`: red, green, blue, alpha.
  case backgroundColor

  /// How many components a value of the property has.
  public var componentCount: Int {
    switch self {
    case .frame, .bounds, .backgroundColor: 4
    case .center: 2
    case .alpha: 1
    case .transform: 6
    }
  }

  /// The property's value on `node` and its velocity (`Node.velocity(of:)`),
  /// as components.
  func sample(_ node: Node) -> (value: [Double], velocity: [Double]) {
    switch self {
    case .frame: Self.components(node, \.frame, count: 4)
    case .center: Self.components(node, \.center, count: 2)
    case .bounds: Self.components(node, \.bounds, count: 4)
    case .alpha: Self.components(node, \.alpha, count: 1)
    case .transform: Self.components(node, \.transform, count: 6)
    case .backgroundColor: Self.components(node, \.backgroundColor, count: 4)
    }
  }

  private static func components<Value: VectorConvertible>(
    _ node: Node, _ property: KeyPath<Node, Value>, count: Int
  ) -> (value: [Double], velocity: [Double]) {
    let value = node[keyPath: property].vector
    let velocity = node.velocityVector(of: property)
    return ((0..<count).map { value[$0] }, (0..<count).map { velocity[$0] })
  }
}

/// What a scene's nodes showed, frame by frame: each recorded property's value and velocity
/// at each frame's time, as numbers that compare exactly and print as stable text.
///
/// ```swift
/// let trace = MotionTrace.record(scene, nodes: [card], properties: [.center], duration: 0.5)
/// trace.values(node: 0, .center).last    // [200.0, 60.0]
/// ```
public struct MotionTrace: Equatable, Sendable {
  /// The recorded properties, in the order the text lists them.
  public let properties: [TraceProperty]
  /// The number of nodes.
  public let nodeCount: Int
  /// The clock time of each frame.
  public private(set) var times: [Double] = []
  /// Per frame, per node, per property: the value's components, then the velocity's.
  private var samples: [[[(value: [Double], velocity: [Double])]]] = []

  /// Plays `scene`'s clock for `duration` seconds in the steps `pacing` gives and records
  /// `properties` of `nodes` at the start and after every step (the last lands exactly on
  /// the clock's time plus `duration`).
  ///
  /// A NaN, infinite or negative duration, or a pacing that gives no steps, reports a
  /// `DanceError` (as `AnimationClock.advance(by:pacing:)` does) and records the first
  /// frame only. A duration of 0 records the first frame twice (the clock advances by 0,
  /// and what is due runs).
  public static func record(
    _ scene: Scene, nodes: [Node], properties: [TraceProperty] = TraceProperty.allCases,
    duration: Double, pacing: FramePacing = .fixed(fps: 60)
  ) -> MotionTrace {
    var trace = MotionTrace(properties: properties, nodeCount: nodes.count)
    trace.append(time: scene.clock.now, nodes: nodes)
    scene.clock.advance(by: duration, pacing: pacing, call: "MotionTrace.record") {
      trace.append(time: scene.clock.now, nodes: nodes)
    }
    return trace
  }

  private init(properties: [TraceProperty], nodeCount: Int) {
    self.properties = properties
    self.nodeCount = nodeCount
  }

  private mutating func append(time: Double, nodes: [Node]) {
    times.append(time)
    samples.append(nodes.map { node in properties.map { $0.sample(node) } })
  }

  /// The components of `property` of node `node` (its index in the recorded list) at each
  /// frame; empty if it was not recorded.
  public func values(node: Int, _ property: TraceProperty) -> [[Double]] {
    column(node: node, property).map(\.value)
  }

  /// The velocity of `property` of node `node` at each frame, in components per second.
  public func velocities(node: Int, _ property: TraceProperty) -> [[Double]] {
    column(node: node, property).map(\.velocity)
  }

  private func column(node: Int, _ property: TraceProperty)
    -> [(value: [Double], velocity: [Double])]
  {
    guard (0..<nodeCount).contains(node), let index = properties.firstIndex(of: property) else {
      return []
    }
    return samples.map { $0[node][index] }
  }

  /// Whether two traces recorded the same properties of as many nodes at the same times,
  /// with the same values and velocities, to the bit.
  public static func == (lhs: MotionTrace, rhs: MotionTrace) -> Bool {
    lhs.text == rhs.text
  }
}

extension MotionTrace {
  /// The trace as text, one line a frame: the time, then for each node and property its
  /// components and, after `~`, its velocity's. Numbers print as Swift prints a `Double`
  /// (the shortest text that reads back to the same bits), so the text is the same on every
  /// machine and ``init(text:)`` gives back an equal trace:
  ///
  /// ```text
  /// motion-trace 1 nodes 1 properties center alpha
  /// 0.0 | 0.center 0.0 0.0 ~ 300.0 0.0 | 0.alpha 1.0 ~ -1.0
  /// ```
  public var text: String {
    var lines = [
      "motion-trace 1 nodes \(nodeCount) properties "
        + properties.map(\.rawValue).joined(separator: " ")
    ]
    for (frame, time) in times.enumerated() {
      var line = "\(time)"
      for node in 0..<nodeCount {
        for (index, property) in properties.enumerated() {
          let sample = samples[frame][node][index]
          line += " | \(node).\(property.rawValue) "
          line += sample.value.map { "\($0)" }.joined(separator: " ")
          line += " ~ " + sample.velocity.map { "\($0)" }.joined(separator: " ")
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Why a text is not a trace: the line (1 for the header) and what is wrong with it.
  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line, counting from 1.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// `motion trace, line N: reason`.
    public var description: String { "motion trace, line \(line): \(reason)" }
  }

  /// Reads a trace back from its ``text``.
  public init(text: String) throws(ParseError) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
    guard let header = lines.popFirst() else {
      throw ParseError(line: 1, reason: "empty text, no header")
    }
    let words = header.split(separator: " ")
    guard words.count >= 5, words[0] == "motion-trace", words[1] == "1", words[2] == "nodes",
      let nodes = Int(words[3]), nodes >= 0, words[4] == "properties"
    else {
      throw ParseError(line: 1, reason: "not a version 1 header: \(header)")
    }
    var properties: [TraceProperty] = []
    for word in words.dropFirst(5) {
      guard let property = TraceProperty(rawValue: String(word)) else {
        throw ParseError(line: 1, reason: "unknown property \(word)")
      }
      properties.append(property)
    }
    self.init(properties: properties, nodeCount: nodes)
    for (offset, line) in lines.enumerated() {
      let number = offset + 2
      let fields = line.split(separator: "|").map { $0.split(separator: " ") }
      guard let time = fields.first.flatMap({ $0.count == 1 ? Double(String($0[0])) : nil })
      else {
        throw ParseError(line: number, reason: "no time at the start")
      }
      guard fields.count == 1 + nodes * properties.count else {
        throw ParseError(
          line: number,
          reason: "\(fields.count - 1) samples, expected \(nodes * properties.count)")
      }
      var frame: [[(value: [Double], velocity: [Double])]] = []
      for node in 0..<nodes {
        var row: [(value: [Double], velocity: [Double])] = []
        for (index, property) in properties.enumerated() {
          let field = fields[1 + node * properties.count + index]
          let count = property.componentCount
          let numbers = field.dropFirst().filter { $0 != "~" }.compactMap { Double(String($0)) }
          guard field.first == "\(node).\(property.rawValue)", field.count == 2 * count + 2,
            field[count + 1] == "~", numbers.count == 2 * count
          else {
            throw ParseError(
              line: number, reason: "sample \(node).\(property.rawValue) malformed: \(field)")
          }
          row.append((Array(numbers.prefix(count)), Array(numbers.suffix(count))))
        }
        frame.append(row)
      }
      times.append(time)
      samples.append(frame)
    }
  }
}
