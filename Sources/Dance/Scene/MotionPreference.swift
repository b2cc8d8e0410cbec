/// How much a scene's animations move: a user's reduced-motion setting (GTK's
/// `gtk-enable-animations`, CSS's `prefers-reduced-motion`, the platforms' reduce-motion
/// switches), which people with vestibular disorders need.
///
/// With ``reduced``, animations of position, size and transform (`center`, `bounds`, `frame`,
/// `transform`) jump to their end when they start — after any delay, a start delay or a
/// delay factor's window — and a reversed run jumps back to its start when it starts back;
/// opacity, colour and your own `@Animatable` properties animate as written. Durations,
/// delays, callbacks and completions keep their times, so the program's logic is the same.
/// A jump has no velocity: a spring that takes the property over starts at rest.
///
/// The setting applies to the animations recorded after it changes (those already running
/// go on as they were), in `PropertyAnimator`, `node.dance`, the `Node.animate` family and
/// keyframes; a `Timeline`'s tracks animate as written.
public enum MotionPreference: Hashable, Sendable {
  /// Animations move as written (the default).
  case full
  /// Position, size and transform jump to their end when they start.
  case reduced
}

extension Scene {
  /// How much the scene's animations move (``MotionPreference``); `.full` by default. Read
  /// your toolkit's setting into it (the GTK example reads `gtk-enable-animations`).
  public var motionPreference: MotionPreference {
    get { store.reducesMotion ? .reduced : .full }
    set { store.reducesMotion = newValue == .reduced }
  }
}

extension PropertyKey {
  /// Whether the property is a position, size or transform: what ``MotionPreference/reduced``
  /// makes jump.
  var isMotion: Bool {
    switch self {
    case .center, .bounds, .transform: true
    case .alpha, .backgroundColor, .custom: false
    }
  }
}
