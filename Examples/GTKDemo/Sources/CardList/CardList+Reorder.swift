import Dance

extension CardList {
  /// Drags card `index` along the list to centre height `y`, under the pointer (the latest
  /// writer owns its centre). When its centre passes the middle of the card above or below,
  /// the two change places in ``order``: a layout transition (`Node.animateLayout`, on a
  /// spring that keeps what is moving moving) moves the others from where they are drawn to
  /// their new places, while the dragged card stays under the pointer.
  func drag(_ index: Int, to y: Double) {
    let card = cards[index]
    card.center = Point(x: home(of: index).x, y: y)
    guard var place = order.firstIndex(of: index) else { return }
    var moved = false
    while place > 0, y < home(of: order[place - 1]).y {
      order.swapAt(place, place - 1)
      place -= 1
      moved = true
    }
    while place < order.count - 1, y > home(of: order[place + 1]).y {
      order.swapAt(place, place + 1)
      place += 1
      moved = true
    }
    guard moved else { return }
    reorders += 1
    Node.animateLayout(
      of: scene.root, duration: 0.35,
      timingParameters: SpringTimingParameters(dampingRatio: 0.85)
    ) {
      for other in order where other != index && !swipes.contains(where: { $0.card == other }) {
        cards[other].center = home(of: other)
      }
    }
  }

  /// Deletes card `index` from the list: it leaves with an exit transition (fading and
  /// shrinking, `removeFromParent(transition:)`), and a layout transition closes the gap.
  /// Playing the entrance again brings it back.
  public func delete(_ index: Int) {
    guard order.contains(index), !swipes.contains(where: { $0.card == index }) else { return }
    if pressed?.card == index { pressed = nil }
    Node.animateLayout(
      of: scene.root, duration: 0.45,
      timingParameters: SpringTimingParameters(dampingRatio: 0.9)
    ) {
      order.removeAll { $0 == index }
      if expanded == index { expanded = nil }
      cards[index].removeFromParent(
        transition: NodeTransition.opacity(duration: 0.3).combined(with: .scale(0.7, duration: 0.3))
      )
      for other in order where !swipes.contains(where: { $0.card == other }) {
        cards[other].center = home(of: other)
        cards[other].bounds.size.height = height(of: other)
        bars[other].frame.size.height = height(of: other)
        details[other].alpha = other == expanded ? 1 : 0
      }
    }
  }
}
