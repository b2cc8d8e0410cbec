// The animator's public state: what a user reads and sets between calls (UIKit's
// `UIViewAnimating` properties and Dance's composition), each a view of the core.

extension PropertyAnimator {
  /// The animation time in seconds: the requested duration, or a physical spring's settling
  /// duration.
  public var duration: Double { core.timing.duration }

  /// The state: inactive, active (running or paused) or stopped.
  public var state: AnimatingState {
    switch phase {
    case .inactive: .inactive
    case .running, .paused: .active
    case .stopped: .stopped
    }
  }

  /// Whether the animator is active and moving (or waiting out a start delay).
  public var isRunning: Bool { phase == .running }

  /// Whether the animator stays active, paused at the end, instead of finishing (and then
  /// runs no completions until it does finish).
  public var pausesOnCompletion: Bool {
    get { core.pausesOnCompletion }
    set { updateCore { $0.pausesOnCompletion = newValue } }
  }

  /// Whether scrubbing with ``fractionComplete`` shows linear progress instead of the timing
  /// curve (until the animator runs again). Default false: scrubbing shows what playback
  /// shows.
  public var scrubsLinearly: Bool {
    get { core.scrubsLinearly }
    set { updateCore { $0.scrubsLinearly = newValue } }
  }

  /// Whether the animator can be paused, stopped and scrubbed while active (default true);
  /// it can change only while inactive.
  public var isInterruptible: Bool {
    get { core.isInterruptible }
    set { send("PropertyAnimator.isInterruptible") { $0.setInterruptible(newValue) } }
  }

  /// How this animator's assignments take properties that something is already animating:
  /// `.replace` (the default) or `.additive`; see ``AnimationComposition``.
  ///
  /// ```swift
  /// let nudge = PropertyAnimator(duration: 0.3, curve: .easeInOut) { card.center.x += 40 }
  /// nudge.composition = .additive
  /// nudge.startAnimation()   // blends with whatever already moves the card
  /// ```
  ///
  /// It can change only while the animator is inactive; otherwise the call reports a
  /// `DanceError` and changes nothing. An additive animator moves only its own offsets:
  /// pausing, scrubbing or reversing it leaves the other animations of the same properties
  /// running, and finishing it at `.start` takes its change back out of their target.
  public var composition: AnimationComposition {
    get { storedComposition }
    set {
      guard phase == .inactive else {
        DanceError.report(
          .illegalState,
          "PropertyAnimator.composition: can change only while the animator is inactive; "
            + "it stays \(storedComposition)")
        return
      }
      storedComposition = newValue
    }
  }

  /// Whether the animator runs from the end toward the start.
  ///
  /// Set while running, it turns around where it is; set before starting, the animator
  /// plays from the end values back to the start values.
  public var isReversed: Bool {
    get { readCore { $0.reversed } }
    set { setReversed(newValue, call: "PropertyAnimator.isReversed") }
  }

  /// The position along the forward path, in animation time: 0 = start values, 1 = end
  /// values.
  ///
  /// Setting it pauses a running animator and activates an inactive one, then shows exactly
  /// what playback shows at that fraction. NaN is ignored and values outside 0…1 are clamped,
  /// with a `DanceError`.
  public var fractionComplete: Double {
    get { core.fraction(at: currentTime) }
    set { scrub(to: newValue, call: "PropertyAnimator.fractionComplete") }
  }
}
