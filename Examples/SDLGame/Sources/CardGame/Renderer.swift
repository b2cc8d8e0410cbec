import CSDL2
import Dance

/// Draws a scene graph with SDL: every visible node as a filled quad of its background colour,
/// with its alpha (times its ancestors') and its full transform, children in their parent's
/// coordinates — through `SDL_RenderGeometry`, so rotated and scaled quads are exact.
public enum Renderer {
  /// Clears to `background` and draws `root`'s subtree (the root itself is not drawn).
  public static func draw(_ root: Node, background: Color, with renderer: OpaquePointer) {
    let clear = byteColor(background, alpha: 1)
    SDL_SetRenderDrawColor(renderer, clear.r, clear.g, clear.b, 255)
    SDL_RenderClear(renderer)
    for child in root.children {
      draw(child, parentTransform: .identity, parentAlpha: 1, with: renderer)
    }
  }

  private static func draw(
    _ node: Node, parentTransform: Transform, parentAlpha: Double, with renderer: OpaquePointer
  ) {
    guard !node.isHidden else { return }
    let transform = node.transformToParent.concatenating(parentTransform)
    let alpha = parentAlpha * min(max(node.alpha, 0), 1)
    let bounds = node.bounds
    let color = byteColor(node.backgroundColor, alpha: alpha)
    if color.a > 0 {
      let corners = [
        Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
        Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY),
      ]
      var vertices = corners.map { corner in
        let point = corner.applying(transform)
        return SDL_Vertex(
          position: SDL_FPoint(x: Float(point.x), y: Float(point.y)), color: color,
          tex_coord: SDL_FPoint(x: 0, y: 0))
      }
      var indices: [Int32] = [0, 1, 2, 0, 2, 3]
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      SDL_RenderGeometry(renderer, nil, &vertices, 4, &indices, 6)
    }
    for child in node.children {
      draw(child, parentTransform: transform, parentAlpha: alpha, with: renderer)
    }
  }

  /// `color` as SDL's bytes, with its alpha times `alpha`.
  public static func byteColor(_ color: Color, alpha: Double) -> SDL_Color {
    func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    return SDL_Color(
      r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha * alpha))
  }
}
