import CSDL2
import Dance

/// An SDL software renderer drawing into a surface in memory: no window, no video driver, so
/// it runs headless in tests and CI, with the same `SDL_RenderGeometry` calls as the window.
public final class OffscreenCanvas {
  /// The pixels (ARGB8888).
  public let surface: UnsafeMutablePointer<SDL_Surface>
  /// The renderer that draws into `surface`.
  public let renderer: OpaquePointer

  /// A canvas of `width` × `height` pixels; nil if SDL cannot make one.
  public init?(width: Int, height: Int) {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { return nil }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      return nil
    }
    self.surface = surface
    self.renderer = renderer
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  /// The colour of the pixel at (`x`, `y`), as bytes (red, green, blue).
  public func pixel(x: Int, y: Int) -> SIMD3<Int> {
    let pitch = Int(surface.pointee.pitch)
    let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    let offset = y * pitch + x * 4
    // ARGB8888 is a 32-bit word: little-endian memory order is B, G, R, A.
    return SIMD3(Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
  }

  /// Writes the canvas to `path` as a BMP file; returns whether it could.
  public func saveBMP(to path: String) -> Bool {
    guard let file = SDL_RWFromFile(path, "wb") else { return false }
    return SDL_SaveBMP_RW(surface, file, 1) == 0
  }
}

/// The headless run: fixed 60 Hz steps on the virtual clock, an optional scripted drag and
/// throw, then the last frame drawn.
public enum HeadlessRun {
  /// The scripted drag: the frame it grabs at, the card it grabs, and the pointer's
  /// displacement per frame until it lets go.
  public struct Drag: Sendable {
    /// The frame at which the pointer goes down on the card.
    public var grabFrame = 70
    /// The card it grabs.
    public var card = 2
    /// How many frames it drags for before letting go.
    public var dragFrames = 12
    /// How far the pointer moves each frame, in points.
    public var step = Point(x: 14, y: -9)

    /// The default script.
    public init() {}
  }

  /// Runs `table` for `frames` frames of 1/60 s, replaying `drag` if given, and draws the last
  /// frame into `canvas`.
  public static func run(_ table: CardTable, frames: Int, drag: Drag?, canvas: OffscreenCanvas) {
    var pointer = Point.zero
    for frame in 1...max(frames, 1) {
      if let drag {
        if frame == drag.grabFrame {
          pointer = table.cards[drag.card].center
          table.pointerDown(at: pointer)
        } else if frame > drag.grabFrame && frame < drag.grabFrame + drag.dragFrames {
          pointer = Point(x: pointer.x + drag.step.x, y: pointer.y + drag.step.y)
          table.pointerMoved(to: pointer)
        } else if frame == drag.grabFrame + drag.dragFrames {
          pointer = Point(x: pointer.x + drag.step.x, y: pointer.y + drag.step.y)
          table.pointerUp(at: pointer)
        }
      }
      table.advance(to: Double(frame) / 60)
    }
    Renderer.draw(table.scene.root, background: CardTable.background, with: canvas.renderer)
    SDL_RenderPresent(canvas.renderer)
  }
}
