/// Turns the toolkit's frame times into the scene clock's time: the embedding where the
/// toolkit owns the frame clock (GTK's `GdkFrameClock`) and calls the app once per frame.
///
/// The first frame is time 0. After that the scene clock follows the frame clock's
/// microseconds exactly, except across a stall: a gap between two frames longer than
/// ``maximumStep`` (the window was hidden, the machine suspended, a debugger stopped the
/// process) counts as ``maximumStep``, so animations resume where they were instead of
/// jumping to their end. The time dropped is kept, so that
/// `sceneTime == (frameTime − firstFrameTime − droppedMicroseconds) / 10⁶` at every frame.
public struct FrameClockDriver: Sendable {
  /// The longest step one frame advances the scene: a quarter of a second.
  public static let maximumStep: Int64 = 250_000

  /// The frame time of the first frame, in microseconds (nil before it).
  public private(set) var firstFrameTime: Int64?
  /// The frame time of the last frame, in microseconds.
  public private(set) var lastFrameTime: Int64?
  /// The frame-clock time that stalls did not pass on to the scene, in microseconds.
  public private(set) var droppedMicroseconds: Int64 = 0
  /// How many frames the driver has seen.
  public private(set) var frames = 0

  /// A driver that has seen no frame.
  public init() {}

  /// The scene time, in seconds, for a frame at `frameTime` microseconds of the toolkit's
  /// clock (a monotonic clock; a time earlier than the last frame's counts as no time).
  public mutating func sceneTime(forFrameTime frameTime: Int64) -> Double {
    frames += 1
    guard let first = firstFrameTime, let last = lastFrameTime else {
      firstFrameTime = frameTime
      lastFrameTime = frameTime
      return 0
    }
    let step = max(frameTime - last, 0)
    droppedMicroseconds += step - min(step, Self.maximumStep)
    // A frame time that went backwards is held at the last one.
    let now = max(frameTime, last)
    lastFrameTime = now
    return Double(now - first - droppedMicroseconds) / 1e6
  }
}
