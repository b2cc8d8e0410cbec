import Dance

/// A contact sheet of a scene's motion, as SVG: what a person opens in a browser to see an
/// animation a test checked.
public enum Filmstrip {
  /// Draws `scene` now and after each of `frames − 1` further advances of `interval`
  /// seconds of its clock, in a grid of `columns` cells, each with a caption giving its
  /// clock time.
  ///
  /// ```swift
  /// let svg = Filmstrip.svg(scene, every: 0.1, frames: 12)
  /// try svg.write(toFile: "/tmp/card.svg", atomically: true, encoding: .utf8)
  /// ```
  ///
  /// Each node is drawn as its rectangle in its background colour, at its opacity (times
  /// its ancestors'), turned and scaled by its transform about its centre, its children in
  /// its own coordinate space, front to back as in the tree; hidden nodes and their children
  /// are left out. A cell shows the root's bounds (with a margin), or if they are empty the
  /// area the root's children cover over all the frames, and clips what lies outside. At
  /// most 1 000 frames are drawn; a NaN, infinite or negative interval reports a
  /// `DanceError` and draws the first frame only.
  public static func svg(_ scene: Scene, every interval: Double, frames: Int, columns: Int = 6)
    -> String
  {
    let frames = min(max(frames, 1), 1000)
    let columns = min(max(columns, 1), frames)
    var steps = frames - 1
    if !(interval.isFinite && interval >= 0) {
      DanceError.report(
        .outOfRange,
        "Filmstrip.svg(every: \(interval)): the interval must be finite and not negative; "
          + "one frame is drawn")
      steps = 0
    }
    // Every frame first: the cells show the area the nodes cover over all of them.
    var drawings: [(time: Double, svg: String)] = []
    var covered =
      scene.root.bounds.width > 0 && scene.root.bounds.height > 0
      ? scene.root.bounds : nil
    let fixedArea = covered != nil
    for frame in 0...steps {
      if frame > 0 { scene.clock.advance(by: interval) }
      drawings.append((scene.clock.now, drawChildren(of: scene.root)))
      if !fixedArea { covered = union(covered, coveredArea(scene.root)) }
    }
    let area =
      covered.map {
        Rect(x: $0.minX - 8, y: $0.minY - 8, width: $0.width + 16, height: $0.height + 16)
      } ?? Rect(x: 0, y: 0, width: 100, height: 100)
    let scale = min(1, 240 / max(area.width, area.height, 1))
    let cell = (width: area.width * scale + 16, height: area.height * scale + 36)
    let rows = (steps + columns) / columns
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
    svg += "width=\"\(number(cell.width * Double(columns)))\" "
    svg += "height=\"\(number(cell.height * Double(rows)))\">\n"
    svg += "<defs><clipPath id=\"cell\"><rect x=\"4\" y=\"4\" "
    svg += "width=\"\(number(cell.width - 8))\" height=\"\(number(cell.height - 8))\"/>"
    svg += "</clipPath></defs>\n<rect width=\"100%\" height=\"100%\" fill=\"#f3f4f6\"/>\n"
    for (frame, drawing) in drawings.enumerated() {
      let x = Double(frame % columns) * cell.width
      let y = Double(frame / columns) * cell.height
      svg += "<g transform=\"translate(\(number(x)) \(number(y)))\">\n"
      svg += "<rect x=\"4\" y=\"4\" width=\"\(number(cell.width - 8))\" "
      svg += "height=\"\(number(cell.height - 8))\" fill=\"#ffffff\" stroke=\"#d0d4da\"/>\n"
      svg += "<text x=\"10\" y=\"\(number(cell.height - 12))\" font-family=\"monospace\" "
      svg += "font-size=\"11\" fill=\"#444\">t = \(number(drawing.time)) s</text>\n"
      svg += "<g clip-path=\"url(#cell)\"><g transform=\"translate(8 8) "
      svg += "scale(\(number(scale))) translate(\(number(-area.minX)) \(number(-area.minY)))\">\n"
      svg += drawing.svg + "</g></g>\n</g>\n"
    }
    return svg + "</svg>\n"
  }

  /// The area `root`'s visible children cover now, their rectangles turned by their
  /// transforms; nil if none is visible.
  private static func coveredArea(_ root: Node) -> Rect? {
    var covered: Rect?
    for child in root.children where !child.isHidden {
      let (t, size, center) = (child.transform, child.bounds.size, child.center)
      let corners = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map { u, v in
        let (x, y) = (u * size.width, v * size.height)
        return SIMD2(center.x + t.a * x + t.c * y + t.tx, center.y + t.b * x + t.d * y + t.ty)
      }
      let low = corners.dropFirst().reduce(corners[0], pointwiseMin)
      let high = corners.dropFirst().reduce(corners[0], pointwiseMax)
      covered = union(
        covered, Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y))
    }
    return covered
  }

  /// The smallest rectangle holding both (either may be missing).
  private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
    guard let a else { return b }
    guard let b, b.width.isFinite, b.height.isFinite else { return a }
    let (minX, minY) = (min(a.minX, b.minX), min(a.minY, b.minY))
    return Rect(
      x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
  }

  /// The SVG of `parent`'s visible children, in `parent`'s coordinate space.
  private static func drawChildren(of parent: Node) -> String {
    parent.children.filter { !$0.isHidden }.map(drawNode).joined()
  }

  /// The SVG of `node` and its children: a group placed at its centre and turned by its
  /// transform, its rectangle about the centre, then its children in its bounds' space.
  private static func drawNode(_ node: Node) -> String {
    let t = node.transform
    let bounds = node.bounds
    let color = node.backgroundColor
    let rgb = [color.red, color.green, color.blue].map {
      String(Int((min(max($0, 0), 1) * 255).rounded()))
    }
    let matrix = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: " ")
    let opacity = number(min(max(node.alpha, 0), 1))
    var svg = "<g transform=\"translate(\(number(node.center.x)) \(number(node.center.y))) "
    svg += "matrix(\(matrix))\" opacity=\"\(opacity)\">\n"
    svg += "<rect x=\"\(number(-bounds.width / 2))\" y=\"\(number(-bounds.height / 2))\" "
    svg += "width=\"\(number(bounds.width))\" height=\"\(number(bounds.height))\" "
    svg += "fill=\"rgb(\(rgb.joined(separator: ",")))\" "
    svg += "fill-opacity=\"\(number(min(max(color.alpha, 0), 1)))\"/>\n"
    svg += "<g transform=\"translate(\(number(-bounds.width / 2 - bounds.minX)) "
    svg += "\(number(-bounds.height / 2 - bounds.minY)))\">\n"
    return svg + drawChildren(of: node) + "</g>\n</g>\n"
  }

  /// `value` with at most three decimals, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    let text = "\(rounded == 0 ? 0 : rounded)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
