import CGTK4
import Dance

/// Draws a ``CardList``'s scene graph with cairo: every visible node as a rectangle of its
/// background colour, with its full transform about its centre and its alpha times its
/// ancestors', children in their parent's coordinates; each card's title on top of it. The
/// same function draws the window (GTK's draw function) and the headless PNG.
public enum CairoRenderer {
  /// Clears to the list's background and draws its scene (the root itself is not drawn).
  public static func draw(_ list: CardList, on cairo: OpaquePointer) {
    cairo_save(cairo)
    setColor(CardList.background, alpha: 1, on: cairo)
    cairo_paint(cairo)
    for child in list.scene.root.children {
      draw(child, parentTransform: .identity, parentAlpha: 1, list: list, on: cairo)
    }
    cairo_restore(cairo)
  }

  private static func draw(
    _ node: Node, parentTransform: Transform, parentAlpha: Double, list: CardList,
    on cairo: OpaquePointer
  ) {
    guard !node.isHidden else { return }
    let transform = node.transformToParent.concatenating(parentTransform)
    let alpha = parentAlpha * min(max(node.alpha, 0), 1)
    cairo_save(cairo)
    // Cairo's matrix maps (x, y) to (xx·x + xy·y + x0, yx·x + yy·y + y0); a Transform maps
    // it to (a·x + c·y + tx, b·x + d·y + ty).
    var matrix = cairo_matrix_t()
    cairo_matrix_init(
      &matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
    cairo_set_matrix(cairo, &matrix)
    let bounds = node.bounds
    if node.backgroundColor.alpha * alpha > 0 {
      setColor(node.backgroundColor, alpha: alpha, on: cairo)
      cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
      cairo_fill(cairo)
    }
    if let index = list.index(of: node), alpha > 0 {
      cairo_select_font_face(cairo, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
      cairo_set_font_size(cairo, 17)
      setColor(Color(red: 0.93, green: 0.94, blue: 0.96), alpha: alpha, on: cairo)
      cairo_move_to(cairo, bounds.minX + 84, bounds.minY + 30)
      cairo_show_text(cairo, list.titles[index])
    }
    cairo_restore(cairo)
    for child in node.children {
      draw(child, parentTransform: transform, parentAlpha: alpha, list: list, on: cairo)
    }
  }

  private static func setColor(_ color: Color, alpha: Double, on cairo: OpaquePointer) {
    func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
    cairo_set_source_rgba(
      cairo, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha * alpha))
  }
}
