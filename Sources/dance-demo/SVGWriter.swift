import Dance

/// Writes the recording as an animated SVG: each node is a group whose SMIL animations
/// replay the sampled values (linear between frames), looping forever.
struct ShowcaseSVG {
  let recording: Recording
  let showcase: Showcase

  func render() -> String {
    let width = Showcase.width
    let height = Showcase.height
    let seconds = format2(recording.duration)
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif">
      <title>Dance showcase, sampled frame by frame from the engine</title>
      <rect width="100%" height="100%" fill="#101418"/>

      """
    for label in showcase.labels {
      svg += "<text x=\"\(format2(label.at.x))\" y=\"\(format2(label.at.y))\" "
      svg += "fill=\"#9aa4ad\" font-size=\"12\">\(escape(label.text))</text>\n"
    }
    // The glider's road, sampled at even distances along it.
    let road = showcase.road
    let samples = (0...160).map { road.point(atDistance: road.length * Double($0) / 160) }
    svg += "<polyline fill=\"none\" stroke=\"#3a4450\" stroke-width=\"2\" points=\""
    svg += samples.map { "\(format2($0.x)),\(format2($0.y))" }.joined(separator: " ")
    svg += "\"/>\n"
    svg += "<rect x=\"0\" y=\"\(Int(height) - 4)\" width=\"0\" height=\"4\" fill=\"#3b82f6\">"
    svg += "<animate attributeName=\"width\" values=\"0;\(Int(width))\" dur=\"\(seconds)s\" "
    svg += "repeatCount=\"indefinite\"/></rect>\n"
    let nodes = showcase.nodes
    for child in showcase.scene.root.children {
      svg += group(for: child, nodes: nodes, seconds: seconds)
    }
    // Nodes that change parent (and the hero pair) at their place in the scene, on top.
    for node in showcase.drawnFlat {
      svg += group(for: node, nodes: nodes, seconds: seconds, flat: true)
    }
    svg += "</svg>\n"
    return svg
  }

  private func group(for node: Node, nodes: [Node], seconds: String, flat: Bool = false)
    -> String
  {
    guard flat || !showcase.drawnFlat.contains(where: { $0 === node }),
      let index = nodes.firstIndex(where: { $0 === node })
    else { return "" }
    let track = recording.frames.map { $0[index] }
    let first = track[0]
    var out = "<g transform=\"translate(\(pair(position(first))))\">\n"
    out += animateTransform("translate", track.map { pair(position($0)) }, seconds, additive: false)
    out += animateTransform("rotate", track.map { format2($0.angle * 180 / .pi) }, seconds)
    out += animateTransform("scale", track.map { pair($0.scale) }, seconds)
    out +=
      "<rect x=\"\(format2(-first.bounds.width / 2))\" y=\"\(format2(-first.bounds.height / 2))\" "
    out += "width=\"\(format2(first.bounds.width))\" height=\"\(format2(first.bounds.height))\" "
    out += "rx=\"4\" fill=\"\(rgb(first.color))\" opacity=\"\(format2(opacity(first)))\">\n"
    out += animate("x", track.map { format2(-$0.bounds.width / 2) }, seconds)
    out += animate("y", track.map { format2(-$0.bounds.height / 2) }, seconds)
    out += animate("width", track.map { format2($0.bounds.width) }, seconds)
    out += animate("height", track.map { format2($0.bounds.height) }, seconds)
    out += animate("fill", track.map { rgb($0.color) }, seconds)
    out += animate("opacity", track.map { format2(opacity($0)) }, seconds)
    out += "</rect>\n"
    if !node.children.isEmpty {
      // Children sit in the node's bounds space, whose origin is its top-left corner.
      let origin = track.map {
        pair(SIMD2(-$0.bounds.width / 2 - $0.bounds.minX, -$0.bounds.height / 2 - $0.bounds.minY))
      }
      out += "<g transform=\"translate(\(origin[0]))\">\n"
      out += animateTransform("translate", origin, seconds, additive: false)
      for child in node.children {
        out += group(for: child, nodes: nodes, seconds: seconds)
      }
      out += "</g>\n"
    }
    out += "</g>\n"
    return out
  }

  private func position(_ snapshot: NodeSnapshot) -> SIMD2<Double> {
    SIMD2(snapshot.center.x, snapshot.center.y) + snapshot.translation
  }

  private func opacity(_ snapshot: NodeSnapshot) -> Double {
    snapshot.isHidden ? 0 : min(max(snapshot.alpha * snapshot.color.alpha, 0), 1)
  }

  /// An `<animate>` element, or nothing when the value never changes.
  private func animate(_ attribute: String, _ values: [String], _ seconds: String) -> String {
    guard Set(values).count > 1 else { return "" }
    return "<animate attributeName=\"\(attribute)\" values=\"\(values.joined(separator: ";"))\" "
      + "dur=\"\(seconds)s\" repeatCount=\"indefinite\"/>\n"
  }

  private func animateTransform(
    _ type: String, _ values: [String], _ seconds: String, additive: Bool = true
  ) -> String {
    guard Set(values).count > 1 else {
      // A constant rotation or scale still has to apply.
      guard additive, let value = values.first, value != "0.00", value != "1.00 1.00" else {
        return ""
      }
      return "<animateTransform attributeName=\"transform\" type=\"\(type)\" values=\"\(value)\" "
        + "dur=\"\(seconds)s\" additive=\"sum\" repeatCount=\"indefinite\"/>\n"
    }
    return "<animateTransform attributeName=\"transform\" type=\"\(type)\" "
      + "values=\"\(values.joined(separator: ";"))\" dur=\"\(seconds)s\" "
      + (additive ? "additive=\"sum\" " : "") + "repeatCount=\"indefinite\"/>\n"
  }
}

func pair(_ value: SIMD2<Double>) -> String { "\(format2(value.x)) \(format2(value.y))" }

func rgb(_ color: Color) -> String {
  func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
  return "rgb(\(channel(color.red)),\(channel(color.green)),\(channel(color.blue)))"
}

func escape(_ text: String) -> String {
  var out = ""
  for character in text {
    switch character {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    default: out.append(character)
    }
  }
  return out
}
