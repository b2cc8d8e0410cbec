// What runs in a scene, by name: for DanceTesting's `settle` and its messages.

extension Scene {
  /// The scene's running animators (a delayed start included; paused and stopped ones
  /// not), each with the names of what it moves and whether it repeats forever.
  ///
  /// A name is the node's `dance.tag` and the property, `"12.center"` (a subclass's own
  /// property by its storage's key path, `"12.\Sprite._glow"`), sorted; an animator that
  /// moves nothing any more is `"an animator with no properties"`.
  package var runningAnimators: [(names: [String], repeatsForever: Bool)] {
    store.runningAnimators.map { animator in
      let names = (0..<animator.animations.count).compactMap { index in
        animator.animations[index].name
      }
      return (
        names.isEmpty ? ["an animator with no properties"] : names.sorted(),
        animator.readCore { !($0.endTime < .infinity) }
      )
    }
  }
}

extension FrameStore {
  /// The animators whose slots are running (a delayed start included).
  var runningAnimators: [PropertyAnimator] {
    cores.indices.compactMap { isRunning(slot: $0) ? owners.entry(at: $0)?.animator : nil }
  }
}

extension PropertyAnimation {
  /// `"tag.property"`: the node's `dance.tag` and the property; nil once it has ended.
  var name: String? {
    guard let node else { return nil }
    let property =
      switch key {
      case .center: "center"
      case .bounds: "bounds"
      case .alpha: "alpha"
      case .transform: "transform"
      case .backgroundColor: "backgroundColor"
      case .custom(let custom): custom.name
      }
    return "\(node.dance.tag).\(property)"
  }
}
