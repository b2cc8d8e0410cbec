import Dance
import Testing

// The physics expectations over motion traces. Each failure is one Swift Testing issue at
// the caller's line that names the time, the node (its index in the trace), the property
// and both values.

/// Expects no component of any recorded property to change by more than `maxStep` from one
/// frame to the next: nothing jumps.
public func expectContinuous(
  _ trace: MotionTrace, maxStep: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
  for (node, property) in trace.columns {
    let values = trace.values(node: node, property)
    for frame in values.indices.dropFirst() {
      for component in 0..<property.componentCount {
        let (before, after) = (values[frame - 1][component], values[frame][component])
        guard !(abs(after - before) <= maxStep) else { continue }
        report(
          "\(property.rawValue)[\(component)] of node \(node) jumps from \(before) at "
            + "t = \(trace.times[frame - 1]) to \(after) at t = \(trace.times[frame]) "
            + "(more than \(maxStep))",
          sourceLocation: sourceLocation)
        return
      }
    }
  }
}

/// Expects every velocity to be continuous and to be the values' rate of change: at each
/// frame between two others, the reported velocity of each component is within
/// `tolerance` (units per second) of the central difference of the values around it, and
/// of the mean of the velocities reported at the frames around it. A jump at a retarget or
/// a hand-off is named with its time, whether the values kink there or only the reported
/// velocity jumps.
///
/// On smooth motion sampled every `h` seconds both differ from the velocity by about `h²`
/// times the motion's third derivative (over 6 and over 2), and where the acceleration
/// jumps (a spring released, from rest or at a hand-off) by about `h / 2` times the jump:
/// choose `tolerance` for the motion and frame rate under test, and record a hand-off at a
/// high rate (`.fixed(fps: 1000)`).
public func expectVelocityContinuous(
  _ trace: MotionTrace, tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
  let times = trace.times
  for (node, property) in trace.columns {
    let values = trace.values(node: node, property)
    let velocities = trace.velocities(node: node, property)
    for frame in values.indices.dropFirst().dropLast() where times[frame + 1] > times[frame - 1] {
      for component in 0..<property.componentCount {
        let velocity = velocities[frame][component]
        let span = times[frame + 1] - times[frame - 1]
        let slope = (values[frame + 1][component] - values[frame - 1][component]) / span
        let around = (velocities[frame - 1][component] + velocities[frame + 1][component]) / 2
        let what = "the velocity of \(property.rawValue)[\(component)] of node \(node)"
        if !(abs(velocity - slope) <= tolerance) {
          report(
            "\(what) at t = \(times[frame]) is \(velocity), but the values around it change at "
              + "\(slope) per second",
            sourceLocation: sourceLocation)
          return
        }
        if !(abs(velocity - around) <= tolerance) {
          // Between this frame and the neighbour it differs from most.
          let after =
            abs(velocity - velocities[frame + 1][component])
            >= abs(velocity - velocities[frame - 1][component])
          let (from, to) = after ? (frame, frame + 1) : (frame - 1, frame)
          report(
            "\(what) jumps between t = \(times[from]) and t = \(times[to]): from "
              + "\(velocities[from][component]) to \(velocities[to][component])",
            sourceLocation: sourceLocation)
          return
        }
      }
    }
  }
}

/// Expects each component of `property` of node `node` to stay between its first and its
/// last recorded value (within 1e-9 of their size): no overshoot, no undershoot.
public func expectNoOvershoot(
  _ trace: MotionTrace, node: Int, _ property: TraceProperty,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let values = trace.values(node: node, property)
  guard let first = values.first, let last = values.last else {
    report(
      "node \(node)'s \(property.rawValue) is not in the trace", sourceLocation: sourceLocation)
    return
  }
  for (frame, value) in values.enumerated() {
    for component in 0..<property.componentCount {
      let (low, high) = (
        min(first[component], last[component]), max(first[component], last[component])
      )
      let slack = 1e-9 * max(1, abs(low), abs(high))
      let x = value[component]
      guard !(x >= low - slack && x <= high + slack) else { continue }
      report(
        "\(property.rawValue)[\(component)] of node \(node) is \(x) at "
          + "t = \(trace.times[frame]), outside \(first[component])…\(last[component])",
        sourceLocation: sourceLocation)
      return
    }
  }
}

/// Expects `scene` to settle within `seconds` of clock time (`Scene.settle(timeout:pacing:)`
/// at 60 fps); otherwise the issue names what repeats forever or what still runs.
public func expectSettles(
  _ scene: Scene, within seconds: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
  switch scene.settle(timeout: seconds) {
  case .settled:
    return
  case .repeatsForever(let names):
    report(
      "the scene never settles: \(names.joined(separator: ", ")) repeat forever",
      sourceLocation: sourceLocation)
  case .timedOut(let names):
    report(
      "the scene is still animating after \(seconds) s: \(names.joined(separator: ", "))",
      sourceLocation: sourceLocation)
  }
}

/// Expects the same scene to move the same way at every frame rate: `build` makes it in a
/// fresh scene (returning the nodes to compare), which then plays for `duration` seconds at
/// each of `fps`; at the times every rate shows a frame (multiples of 1/6 s for 30, 60,
/// 120 and 144 fps) each property's values must agree within `tolerance`.
public func expectFrameRateIndependent(
  fps: [Double] = [30, 60, 120, 144], duration: Double, tolerance: Double = 1e-9,
  sourceLocation: SourceLocation = #_sourceLocation, _ build: (Scene) -> [Node]
) {
  let traces = fps.map { rate in
    let scene = Scene()
    let nodes = build(scene)
    return (
      rate, MotionTrace.record(scene, nodes: nodes, duration: duration, pacing: .fixed(fps: rate))
    )
  }
  guard let (firstRate, reference) = traces.first else { return }
  // The frame indices of each trace at the times they all share.
  let shared = reference.times.filter { time in
    traces.allSatisfy { $0.1.times.contains(time) }
  }
  guard shared.count > 1 else {
    report(
      "the frame rates \(fps) share no frame time after the start within \(duration) s",
      sourceLocation: sourceLocation)
    return
  }
  for (rate, trace) in traces.dropFirst() {
    for time in shared {
      guard let a = reference.times.firstIndex(of: time), let b = trace.times.firstIndex(of: time)
      else { continue }
      for (node, property) in reference.columns {
        let (x, y) = (
          reference.values(node: node, property)[a], trace.values(node: node, property)[b]
        )
        for component in 0..<property.componentCount
        where !(abs(x[component] - y[component]) <= tolerance) {
          report(
            "\(property.rawValue)[\(component)] of node \(node) at t = \(time) is "
              + "\(x[component]) at \(firstRate) fps and \(y[component]) at \(rate) fps",
            sourceLocation: sourceLocation)
          return
        }
      }
    }
  }
}

extension MotionTrace {
  /// Every (node, property) the trace holds, node by node.
  var columns: [(node: Int, property: TraceProperty)] {
    (0..<nodeCount).flatMap { node in properties.map { (node, $0) } }
  }
}

/// Records `message` as a Swift Testing issue at `sourceLocation`.
func report(_ message: String, sourceLocation: SourceLocation) {
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
