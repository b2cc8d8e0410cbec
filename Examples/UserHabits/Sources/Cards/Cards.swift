import Dance

/// The app's card list: cards come in from the left one after another, and a card let go
/// after a drag springs back to its place.
public struct CardList {
  /// The scene the cards are in.
  public let scene: Scene
  /// The cards, top to bottom.
  public let cards: [Node]

  /// Where card `index` rests.
  public static func home(of index: Int) -> Point { Point(x: 100, y: 40 + 70 * Double(index)) }

  /// `count` cards in `scene`, off screen to the left and transparent until ``show()``.
  public init(count: Int, scene: Scene = Scene()) {
    self.scene = scene
    cards = (0..<count).map { index in
      let card = Node(frame: Rect(x: -160, y: 10 + 70 * Double(index), width: 120, height: 60))
      card.alpha = 0
      scene.root.addChild(card)
      return card
    }
  }

  /// Brings the cards in, each 60 ms after the one before.
  public func show() {
    for (index, card) in cards.enumerated() {
      card.dance.animate(duration: 0.45, curve: .easeOut) {
        $0.center = Self.home(of: index)
        $0.alpha = 1
      }.start(after: 0.06 * Double(index))
    }
  }

  /// The user lets card `index` go after dragging it: it springs home from where it is,
  /// keeping the speed the drag gave it.
  public func release(_ index: Int) {
    let card = cards[index]
    Node.animate(
      withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.75, initialSpringVelocity: 0,
      animations: { card.center = Self.home(of: index) })
  }
}
