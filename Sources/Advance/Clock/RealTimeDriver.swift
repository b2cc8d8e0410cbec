/// Advances an ``AnimationClock`` in real time, frame by frame, on the calling thread: the
/// frame loop for programs that have none of their own.
///
/// ```swift
/// let driver = RealTimeDriver(clock: scene.clock, framesPerSecond: 60)
/// driver.run { frame in
///   draw(scene)
///   return !userPressedQuit        // false stops the loop
/// }
/// ```
///
/// Each frame reads the monotonic clock, advances the animation clock by the time elapsed
/// since the previous frame, calls `onFrame`, then sleeps until the next frame is due.
/// A stall longer than ``maximumStep`` (a debugger pause, a suspended process) advances the
/// clock by ``maximumStep`` only, as game loops do, so animations resume instead of jumping
/// to their ends. Games with a loop of their own should call ``AnimationClock/advance(by:)``
/// themselves instead.
public final class RealTimeDriver {
  /// The clock this driver advances.
  public let clock: AnimationClock
  /// The target frame rate, between 1 and 10 000 frames per second: NaN, infinite and values
  /// ≤ 0 are replaced by 60, and others outside the range clamped, with a ``DanceError``.
  public let framesPerSecond: Double
  /// The largest clock step one frame takes, in seconds (default 0.25).
  public var maximumStep = 0.25
  /// The number of frames run so far.
  public private(set) var frameCount = 0
  private var shouldStop = false

  /// Creates a driver for `clock` at `framesPerSecond`.
  public init(clock: AnimationClock, framesPerSecond: Double = 60) {
    self.clock = clock
    func call() -> String { "RealTimeDriver(framesPerSecond: \(framesPerSecond))" }
    if !(framesPerSecond.isFinite && framesPerSecond > 0) {
      DanceError.report(.outOfRange, "\(call()): the rate must be positive; using 60")
      self.framesPerSecond = 60
    } else if framesPerSecond < 1 || framesPerSecond > 10_000 {
      DanceError.report(.outOfRange, "\(call()): the rate must lie in 1...10000; clamped")
      self.framesPerSecond = framesPerSecond.clamped(to: 1...10_000)
    } else {
      self.framesPerSecond = framesPerSecond
    }
  }

  /// Runs frames until `onFrame` returns false, ``stop()`` is called, or `maximumFrames`
  /// frames have run. `onFrame` receives the frame's number, from 0.
  public func run(maximumFrames: Int = .max, onFrame: (Int) -> Bool) {
    shouldStop = false
    let interval = 1 / framesPerSecond
    var previous = monotonicSeconds()
    var nextFrame = previous
    var framesThisRun = 0
    while !shouldStop && framesThisRun < maximumFrames {
      let now = monotonicSeconds()
      // Not `clamped(to:)`: a user may set a negative or NaN maximum, which no range allows.
      clock.advance(by: min(max(now - previous, 0), maximumStep))
      previous = now
      let keepGoing = onFrame(frameCount)
      frameCount += 1
      framesThisRun += 1
      if !keepGoing || shouldStop || framesThisRun == maximumFrames { break }
      nextFrame += interval
      let wait = nextFrame - monotonicSeconds()
      if wait > 0 {
        sleep(seconds: wait)
      } else if wait < -interval {
        nextFrame = monotonicSeconds()  // fell behind: do not try to catch up with a burst
      }
    }
  }

  /// Ends ``run(maximumFrames:onFrame:)`` after the current frame.
  public func stop() {
    shouldStop = true
  }
}
