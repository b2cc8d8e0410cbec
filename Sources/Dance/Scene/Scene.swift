/// A tree of nodes and the clock that animates them.
///
/// ```swift
/// let scene = Scene()
/// scene.root.addChild(node)
/// // Once per frame:
/// scene.clock.advance(by: 1.0 / 60)
/// draw(scene.root)
/// ```
///
/// Animations of nodes in the scene run on its ``clock``. Several scenes may share a clock.
/// The scene keeps its active animators alive (as UIKit keeps running animators), so a
/// started animation runs to its end even if you drop your reference to it. When the scene
/// itself goes away, every animation still active in it ends where it is (`.current`).
public final class Scene {
  /// The top of the tree; it has no parent and cannot be added to another node.
  public let root: Node
  /// The clock that drives every animation in the scene.
  public let clock: AnimationClock

  /// The state of the scene's active animators and the lanes of their properties; the
  /// scene's per-frame observer of the clock.
  let store: FrameStore

  /// Creates a scene with an empty root node, driven by `clock`.
  public init(clock: AnimationClock = AnimationClock()) {
    self.clock = clock
    store = FrameStore(clock: clock)
    root = Node()
    root.rootOfScene = self
  }

  /// Whether something in the scene is animating: an animation or a timeline of its nodes
  /// is running, or waiting for a delayed start. Paused, stopped and finished ones do not
  /// count (nothing moves until a call resumes them); one that repeats forever always does,
  /// so a loop that waits for this to turn false should bound its steps.
  public var isAnimating: Bool { store.hasRunningSlot }

  deinit {
    root.rootOfScene = nil
    // No active animation outlives its scene: each run ends where it is (`.current`).
    CallbackQueue.operation {
      while let animator = store.lastAnimator {
        let now = clock.now
        animator.send("Scene deinit") { $0.finishWhereItIs(now: now) }
      }
    }
  }
}
