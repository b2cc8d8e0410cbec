import Dance

extension FuzzOperation.Parent: CustomStringConvertible {
  /// The parent, written as Swift.
  package var description: String {
    switch self {
    case .node(let node): "n\(node)"
    case .root(let scene): "scene\(scene).root"
    case .none: "nil"
    }
  }
}

extension FuzzOperation.Assignment: CustomStringConvertible {
  /// The assignment, written as Swift.
  package var description: String {
    let value: String =
      switch property {
      case .center: "Point(x: \(self.value), y: \(-self.value))"
      case .alpha: "\(self.value)"
      case .transform: "Transform(rotationAngle: \(self.value))"
      case .backgroundColor: "Color(red: \(self.value), green: 0.5, blue: 1)"
      case .bounds: "Rect(x: 0, y: 0, width: \(self.value), height: 5)"
      case .frame: "Rect(x: \(self.value), y: 0, width: 20, height: 5)"
      case .path: "fuzzPath(\(self.value))"
      case .turningPath:
        "fuzzPath(\(self.value)), rotation: \(self.value >= 0 ? ".auto" : ".autoReverse")"
      }
    if property == .path || property == .turningPath {
      return "n\(node).move(along: \(value))"
    }
    return "n\(node).\(property) = \(value)"
  }
}

extension FuzzOperation.Timing: CustomStringConvertible {
  /// The timing parameters, written as Swift.
  package var description: String {
    switch self {
    case .curve(let curve): "CubicTimingParameters(animationCurve: .\(curve))"
    case .controlPoints(let x1, let y1, let x2, let y2):
      "CubicTimingParameters(controlPoint1: Point(x: \(x1), y: \(y1)), "
        + "controlPoint2: Point(x: \(x2), y: \(y2)))"
    case .springRatio(let ratio, let velocity):
      "SpringTimingParameters(dampingRatio: \(ratio), initialVelocity: Vector(dx: \(velocity), "
        + "dy: 0))"
    case .springPhysics(let mass, let stiffness, let damping):
      "SpringTimingParameters(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    case .springDuration(let duration, let bounce):
      "SpringTimingParameters(duration: \(duration), bounce: \(bounce))"
    }
  }

  /// The timing parameters themselves.
  var parameters: any TimingCurveProvider {
    switch self {
    case .curve(let curve): CubicTimingParameters(animationCurve: curve)
    case .controlPoints(let x1, let y1, let x2, let y2):
      CubicTimingParameters(
        controlPoint1: Point(x: x1, y: y1), controlPoint2: Point(x: x2, y: y2))
    case .springRatio(let ratio, let velocity):
      SpringTimingParameters(dampingRatio: ratio, initialVelocity: Vector(dx: velocity, dy: 0))
    case .springPhysics(let mass, let stiffness, let damping):
      SpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping)
    case .springDuration(let duration, let bounce):
      SpringTimingParameters(duration: duration, bounce: bounce)
    }
  }
}

extension FuzzOperation.Transition: CustomStringConvertible {
  /// The transition, written as Swift.
  package var description: String {
    var parts: [String] = []
    if fades { parts.append(".opacity(duration: \(duration))") }
    if let scale { parts.append(".scale(\(scale), duration: \(duration))") }
    if let offset {
      parts.append(".move(by: Vector(dx: \(offset), dy: \(-offset)), duration: \(duration))")
    }
    if parts.isEmpty { parts.append(".opacity(duration: \(duration))") }
    var written = parts.dropFirst().reduce(parts[0]) { "\($0).combined(with: \($1))" }
    if let timing { written += ".timingParameters(\(timing))" }
    return written
  }
}
