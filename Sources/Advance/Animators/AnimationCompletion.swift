/// How a run of an ``Animator`` ended; passed to ``Animator/onCompletion``.
public enum AnimationCompletion: Hashable, Sendable {
  /// The animation reached its end: a timed animation its duration, a simulation its rest.
  case finished
  /// The animation stopped early: cancelled, replaced by a new `animate` or `simulate`, the
  /// value was set directly, or the animator was released.
  case interrupted
}
