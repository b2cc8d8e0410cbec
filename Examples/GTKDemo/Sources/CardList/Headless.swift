import CGTK4
import Dance

/// A cairo image surface in memory: the draw function of the window, with no display, for
/// the headless run, its PNG and the pixel tests.
public final class ImageCanvas {
  /// The pixels (ARGB32, premultiplied, native byte order).
  public let surface: OpaquePointer
  /// The canvas's size in pixels.
  public let width: Int
  /// The canvas's height in pixels.
  public let height: Int

  /// A canvas of `width` × `height` pixels; nil if cairo cannot make one.
  public init?(width: Int, height: Int) {
    guard
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    self.surface = surface
    self.width = width
    self.height = height
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// Draws `list` with ``CairoRenderer``, the window's draw function.
  public func draw(_ list: CardList) {
    let cairo = cairo_create(surface)
    CairoRenderer.draw(list, on: cairo!)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
  }

  /// The colour of the pixel at (`x`, `y`), as bytes (red, green, blue), unpremultiplied.
  public func pixel(x: Int, y: Int) -> SIMD3<Int> {
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    // ARGB32 is one native 32-bit word per pixel: alpha in the high byte.
    let word = UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self)
    let alpha = Int(word >> 24)
    guard alpha > 0 else { return .zero }
    func channel(_ shift: UInt32) -> Int { (Int((word >> shift) & 0xFF) * 255 + alpha / 2) / alpha }
    return SIMD3(channel(16), channel(8), channel(0))
  }

  /// Writes the canvas to `path` as a PNG file; returns whether it could.
  public func writePNG(to path: String) -> Bool {
    cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
  }
}

/// The headless run: fixed 60 Hz steps on the virtual clock, an optional scripted swipe and
/// an optional click, then the last frame drawn.
public enum HeadlessRun {
  /// The scripted swipe: the frame it grabs at, the card it grabs, and the pointer's
  /// displacement per frame until it lets go (by default fast enough to dismiss the card).
  public struct Drag: Sendable {
    /// The frame at which the pointer goes down on the card.
    public var grabFrame = 70
    /// The card it grabs.
    public var card = 2
    /// How many frames it drags for before letting go.
    public var dragFrames = 12
    /// How far the pointer moves each frame, in points.
    public var step = Point(x: 16, y: -7)

    /// The default script.
    public init() {}

    /// A drag down the list: card 1 (the second), 10 points a frame for 14 frames, past the
    /// middle of the card below, which makes way.
    public static var reorder: Drag {
      var drag = Drag()
      drag.card = 1
      drag.dragFrames = 14
      drag.step = Point(x: 0, y: 10)
      return drag
    }
  }

  /// A scripted click: the frame and the card.
  public struct Click: Sendable {
    /// The frame at which the pointer goes down and up on the card.
    public var frame = 60
    /// The card clicked.
    public var card = 1

    /// The default script.
    public init() {}
  }

  /// Runs `list` for `frames` frames of 1/60 s, replaying `drag` and `click` if given, and
  /// draws the last frame into `canvas`.
  public static func run(
    _ list: CardList, frames: Int, drag: Drag? = nil, click: Click? = nil, canvas: ImageCanvas
  ) {
    var pointer = Point.zero
    for frame in 1...max(frames, 1) {
      let time = Double(frame) / 60
      if let click, frame == click.frame {
        let point = list.cards[click.card].center
        list.pointerDown(at: point, time: time)
        list.pointerUp(at: point, time: time)
      }
      if let drag {
        if frame == drag.grabFrame {
          pointer = list.cards[drag.card].center
          list.pointerDown(at: pointer, time: time)
        } else if frame > drag.grabFrame && frame < drag.grabFrame + drag.dragFrames {
          pointer = Point(x: pointer.x + drag.step.x, y: pointer.y + drag.step.y)
          list.pointerMoved(to: pointer, time: time)
        } else if frame == drag.grabFrame + drag.dragFrames {
          pointer = Point(x: pointer.x + drag.step.x, y: pointer.y + drag.step.y)
          list.pointerUp(at: pointer, time: time)
        }
      }
      list.advance(to: time)
    }
    canvas.draw(list)
  }
}
