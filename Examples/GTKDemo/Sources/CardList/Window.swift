import CGTK4
import Dance

#if canImport(Glibc)
  import Glibc
#endif

/// The GTK window: GTK owns the frame clock and calls the list once per display frame.
///
/// A tick callback on the drawing area reads `gdk_frame_clock_get_frame_time` (µs), turns
/// it into scene time with a ``FrameClockDriver`` (which caps stalls at a quarter of a
/// second), advances the list's clock there, and queues a redraw; the drawing area's draw
/// function is ``CairoRenderer/draw(_:on:)``. A drag gesture swipes, reorders and clicks cards;
/// a key controller takes space, `r`, ← and →; Esc or closing the window ends the run.
public enum WindowRun {
  /// What a windowed run did.
  public struct Report: Sendable {
    /// How many frame-clock ticks the run saw.
    public var frames: Int
    /// The frame clock's time at the first and the last tick, in microseconds.
    public var firstFrameTime: Int64
    /// The frame clock's time at the last tick, in microseconds.
    public var lastFrameTime: Int64
    /// Frame-clock time that stalls did not pass on to the scene, in microseconds.
    public var droppedMicroseconds: Int64
    /// The scene clock's time when the run ended, in seconds.
    public var sceneTime: Double
  }

  /// Opens a window on the display and runs `list` until the window is closed or, with
  /// `frames`, for that many frame-clock ticks. Returns nil, having opened nothing, when
  /// GTK cannot reach a display.
  public static func run(_ list: CardList, frames: Int? = nil) -> Report? {
    // Without a session bus (a bare X server such as Xvfb) there is no accessibility bus
    // either: GTK would warn that it cannot reach it. A desktop session has one.
    if getenv("DBUS_SESSION_BUS_ADDRESS") == nil { setenv("GTK_A11Y", "none", 0) }
    guard gtk_init_check() != 0 else { return nil }
    // The desktop's reduced-motion setting: moves and springs then jump, so a swiped card
    // fades under the pointer instead of sliding (the staggered timeline's tracks animate as
    // written; `MotionPreference`).
    list.scene.motionPreference = dance_animations_enabled() != 0 ? .full : .reduced
    let host = Host(list: list, frameLimit: frames)
    let context = Unmanaged.passRetained(host).toOpaque()
    defer { Unmanaged<Host>.fromOpaque(context).release() }

    let window = gtk_window_new()!
    gtk_window_set_title(dance_window(window), "Dance × GTK 4")
    gtk_window_set_default_size(
      dance_window(window), Int32(list.size.width), Int32(list.size.height))
    gtk_window_set_resizable(dance_window(window), 0)
    let area = gtk_drawing_area_new()!
    gtk_drawing_area_set_content_width(dance_drawing_area(area), Int32(list.size.width))
    gtk_drawing_area_set_content_height(dance_drawing_area(area), Int32(list.size.height))
    gtk_drawing_area_set_draw_func(dance_drawing_area(area), drawFunction, context, nil)
    gtk_window_set_child(dance_window(window), area)

    let drag = gtk_gesture_drag_new()!
    dance_connect_drag(drag, "drag-begin", dragBegin, context)
    dance_connect_drag(drag, "drag-update", dragUpdate, context)
    dance_connect_drag(drag, "drag-end", dragEnd, context)
    gtk_widget_add_controller(area, dance_controller(gpointer(drag)))
    let keys = gtk_event_controller_key_new()!
    dance_connect_key_pressed(keys, keyPressed, context)
    gtk_widget_add_controller(window, keys)
    dance_connect_close_request(dance_window(window), closeRequest, context)

    gtk_widget_add_tick_callback(area, tick, context, nil)
    gtk_window_present(dance_window(window))
    while !host.done {
      g_main_context_iteration(nil, 1)
    }
    gtk_window_destroy(dance_window(window))
    // Let GTK finish tearing the window down before returning.
    while g_main_context_iteration(nil, 0) != 0 {}
    return Report(
      frames: host.driver.frames, firstFrameTime: host.driver.firstFrameTime ?? 0,
      lastFrameTime: host.driver.lastFrameTime ?? 0,
      droppedMicroseconds: host.driver.droppedMicroseconds, sceneTime: list.scene.clock.now)
  }

  /// What the C callbacks reach through their user data.
  final class Host {
    let list: CardList
    let frameLimit: Int?
    var driver = FrameClockDriver()
    var done = false
    /// Where the drag began, in the drawing area's coordinates.
    var dragStart = Point.zero

    init(list: CardList, frameLimit: Int?) {
      self.list = list
      self.frameLimit = frameLimit
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> Host {
      Unmanaged<Host>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The time of the event being handled, in seconds of the toolkit's event clock.
    static func eventTime(_ gesture: OpaquePointer?) -> Double {
      Double(gtk_event_controller_get_current_event_time(dance_controller(gpointer(gesture))))
        / 1000
    }
  }

  // The C callbacks: plain functions (no captures), reaching the host through `data`.

  /// A GtkGestureDrag signal's handler: the gesture, a point or an offset, the user data.
  typealias DragHandler = @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void
  /// A GtkEventControllerKey "key-pressed" handler.
  typealias KeyHandler =
    @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?)
    -> gboolean
  /// A GtkWindow "close-request" handler.
  typealias CloseHandler = @convention(c) (UnsafeMutablePointer<GtkWindow>?, gpointer?) -> gboolean

  private static let tick: GtkTickCallback = { widget, frameClock, data in
    let host = Host.from(data)
    let time = host.driver.sceneTime(
      forFrameTime: Int64(gdk_frame_clock_get_frame_time(frameClock)))
    host.list.advance(to: time)
    gtk_widget_queue_draw(widget)
    if let limit = host.frameLimit, host.driver.frames >= limit { host.done = true }
    return host.done ? 0 : 1  // G_SOURCE_REMOVE : G_SOURCE_CONTINUE
  }

  private static let drawFunction: GtkDrawingAreaDrawFunc = { _, cairo, _, _, data in
    CairoRenderer.draw(Host.from(data).list, on: cairo!)
  }

  private static let dragBegin: DragHandler = { gesture, x, y, data in
    let host = Host.from(data)
    host.dragStart = Point(x: x, y: y)
    host.list.pointerDown(at: host.dragStart, time: Host.eventTime(gesture))
  }

  private static let dragUpdate: DragHandler = { gesture, dx, dy, data in
    let host = Host.from(data)
    let point = Point(x: host.dragStart.x + dx, y: host.dragStart.y + dy)
    host.list.pointerMoved(to: point, time: Host.eventTime(gesture))
  }

  private static let dragEnd: DragHandler = { gesture, dx, dy, data in
    let host = Host.from(data)
    let point = Point(x: host.dragStart.x + dx, y: host.dragStart.y + dy)
    host.list.pointerUp(at: point, time: Host.eventTime(gesture))
  }

  private static let keyPressed: KeyHandler = { _, keyval, _, _, data in
    let host = Host.from(data)
    switch Int32(keyval) {
    case GDK_KEY_space: host.list.key(.space)
    case GDK_KEY_r, GDK_KEY_R: host.list.key(.reverse)
    case GDK_KEY_Left: host.list.key(.left)
    case GDK_KEY_Right: host.list.key(.right)
    case GDK_KEY_Delete, GDK_KEY_BackSpace: host.list.key(.delete)
    case GDK_KEY_Escape: host.done = true
    default: return 0
    }
    return 1
  }

  private static let closeRequest: CloseHandler = { _, data in
    Host.from(data).done = true
    return 1  // the run destroys the window itself
  }
}
