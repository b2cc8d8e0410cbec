import Dance

/// A small list UI driven by Dance: the cards slide in with a staggered ``Timeline``, a card
/// swiped sideways is dismissed by an ``InteractiveTransition`` that follows the pointer and,
/// let go, finishes or cancels on a spring with the pointer's velocity (the cards below then
/// close the gap), and clicking a card expands it with a spring while the cards below make
/// room.
///
/// Nothing here knows about GTK: the host calls ``advance(to:)`` once per frame, forwards the
/// pointer (``pointerDown(at:time:)``, ``pointerMoved(to:time:)``, ``pointerUp(at:time:)``)
/// and the keys (``key(_:)``), then draws ``scene`` (``CairoRenderer``).
public final class CardList {
  /// The scene the host draws; its clock is the list's only time.
  public let scene = Scene()
  /// The cards, top to bottom.
  public let cards: [Node]
  /// Each card's avatar: a child turned 45°, in the card's coordinates.
  public let avatars: [Node]
  /// Each card's details panel: a child shown while the card is expanded.
  public let details: [Node]
  /// Each card's accent bar: a child along its left edge, as tall as the card.
  public let bars: [Node]
  /// Each card's title (the renderer draws it; it is not part of the scene graph).
  public let titles: [String]
  /// The window's size in points.
  public let size: Size

  /// A collapsed card's size.
  public static let cardSize = Size(width: 440, height: 76)
  /// An expanded card's height.
  public static let expandedHeight = 148.0
  /// The space between two cards.
  public static let gap = 14.0
  /// The space above the first card.
  public static let top = 36.0
  /// How far right of its home a card starts the entrance.
  public static let entranceOffset = 520.0
  /// The turn of a card at the start of the entrance, in radians.
  public static let entranceTilt = 0.12
  /// Seconds between two cards of the entrance.
  public static let entranceStagger = 0.09
  /// How far sideways a swiped card travels to be dismissed, in points: the fraction of the
  /// dismissal is the pointer's sideways travel over this.
  public static let dismissDistance = 360.0
  /// How far a dismissed card has turned, in radians (clockwise when swiped right).
  public static let dismissTilt = 0.2
  /// How far the pointer may move, in points, for a press and release to count as a click.
  public static let clickSlop = 4.0

  /// The window's colour.
  public static let background = Color(red: 0.11, green: 0.12, blue: 0.15)
  /// A card's face.
  public static let cardFace = Color(red: 0.22, green: 0.24, blue: 0.30)
  /// The details panel of an expanded card.
  public static let detailsFace = Color(red: 0.32, green: 0.35, blue: 0.43)
  /// The accent of each card: its avatar and the bar along its left edge.
  public static let accents: [Color] = [
    Color(red: 0.95, green: 0.42, blue: 0.36), Color(red: 0.98, green: 0.76, blue: 0.22),
    Color(red: 0.35, green: 0.80, blue: 0.52), Color(red: 0.33, green: 0.62, blue: 0.95),
    Color(red: 0.72, green: 0.50, blue: 0.92),
  ]

  /// The entrance: the cards slide in one after another, then their avatars pop in.
  public private(set) var entrance: Timeline
  /// Where the last entrance ended (`.end`: the cards are in; `.start`: reversed out).
  public private(set) var lastEntranceEnd = AnimatingPosition.start
  /// The expanded card, if any.
  public internal(set) var expanded: Int?
  /// How many times a card dragged along the list changed places with another.
  public internal(set) var reorders = 0
  /// The cards in the list, top to bottom (a card dragged up or down changes it; a card
  /// swiped out or deleted leaves it until the entrance plays again).
  public internal(set) var order: [Int]
  /// The cards swiped out of the list or deleted (until the entrance plays again).
  public var dismissed: Set<Int> { Set(cards.indices).subtracting(order) }
  /// How each swipe came to rest, in order: the card and the end its transition reached.
  public private(set) var swipeEnds: [(card: Int, position: AnimatingPosition)] = []

  /// A card being swiped: the transition of its dismissal, the way it goes (+1 right, −1
  /// left) and the pointer's x at which the dismissal's fraction is 0.
  struct Swipe {
    let card: Int
    let transition: InteractiveTransition
    let direction: Double
    var origin: Double
  }

  /// The pointer's hold: the card, where the pointer went down, how far it has been since,
  /// and whether it drags the card up or down the list (and how far below its centre it
  /// holds it).
  struct Press {
    let card: Int
    let start: Point
    var travel: Double
    var reorderGrab: Double?
  }

  /// The swipes under way: held, or let go and not yet at rest.
  var swipes: [Swipe] = []
  var pressed: Press?
  private let identities: [ObjectIdentifier: Int]

  /// A list of `count` cards in a window `size` large; the entrance starts with the clock.
  public init(count: Int = 5, size: Size = Size(width: 640, height: 600)) {
    self.size = size
    order = Array(0..<count)
    titles = (0..<count).map { ["Inbox", "Photos", "Music", "Maps", "Notes", "Clock"][$0 % 6] }
    var cards: [Node] = []
    var avatars: [Node] = []
    var details: [Node] = []
    var bars: [Node] = []
    for index in 0..<count {
      let card = Node(frame: Rect(origin: .zero, size: Self.cardSize))
      card.backgroundColor = Self.cardFace
      let accent = Self.accents[index % Self.accents.count]
      let bar = Node(frame: Rect(x: 0, y: 0, width: 6, height: Self.cardSize.height))
      bar.backgroundColor = accent
      let avatar = Node(frame: Rect(x: 22, y: 18, width: 40, height: 40))
      avatar.backgroundColor = accent
      let panel = Node(frame: Rect(x: 84, y: 86, width: 330, height: 44))
      panel.backgroundColor = Self.detailsFace
      panel.alpha = 0
      card.addChild(bar)
      card.addChild(avatar)
      card.addChild(panel)
      cards.append(card)
      avatars.append(avatar)
      details.append(panel)
      bars.append(bar)
    }
    self.cards = cards
    self.bars = bars
    self.avatars = avatars
    self.details = details
    identities = Dictionary(
      uniqueKeysWithValues: cards.enumerated().map { (ObjectIdentifier($1), $0) })
    for card in cards { scene.root.addChild(card) }
    entrance = Timeline(scene: scene)
    replayEntrance(reversed: false)
  }

  /// The index of `node` if it is one of the cards.
  public func index(of node: Node) -> Int? { identities[ObjectIdentifier(node)] }

  // MARK: - Layout

  /// Where card `index` rests in the current layout: its place in ``order`` (one card may be
  /// expanded; cards out of the list take no room, and one out of it rests below the rest).
  public func home(of index: Int) -> Point {
    var y = Self.top
    for above in order {
      if above == index { break }
      y += height(of: above) + Self.gap
    }
    return Point(x: size.width / 2, y: y + height(of: index) / 2)
  }

  /// The height of card `index` in the current layout.
  public func height(of index: Int) -> Double {
    index == expanded ? Self.expandedHeight : Self.cardSize.height
  }

  // MARK: - The entrance

  /// Puts the cards where the entrance starts and plays it forwards, or (`reversed`) shows
  /// its end and plays it back to its start.
  public func replayEntrance(reversed: Bool) {
    if entrance.state != .inactive { entrance.finish(at: .current) }
    // Every card comes back: swipes under way stop where they are (their completions do not
    // run), and the entrance's assignments below take the cards over.
    for swipe in swipes { swipe.transition.animator.stopAnimation(true) }
    swipes.removeAll()
    pressed = nil
    // Cards out of the list come back (an exiting one is taken back).
    for card in cards where card.parent == nil || card.isExiting { scene.root.addChild(card) }
    order = Array(cards.indices)
    let homes = cards.indices.map(home(of:))
    for (index, card) in cards.enumerated() {
      card.center = Point(x: homes[index].x + Self.entranceOffset, y: homes[index].y)
      card.alpha = 0
      card.transform = Transform(rotationAngle: Self.entranceTilt)
      avatars[index].alpha = 0
      avatars[index].transform = Transform(scaleX: 0.3, y: 0.3)
    }
    let avatars = avatars
    entrance = Timeline(scene: scene)
      .stagger(cards, each: Self.entranceStagger, duration: 0.55, curve: .easeOut) { card, index in
        card.center = homes[index]
        card.alpha = 1
        card.transform = .identity
      }
      .addLabel("avatars", at: .end(offset: -0.25))
      .stagger(avatars, each: 0.06, duration: 0.3, curve: .easeOut, at: .label("avatars")) {
        avatar, _ in
        avatar.alpha = 1
        avatar.transform = Transform(rotationAngle: .pi / 4)
      }
    entrance.addCompletion { [weak self] position in self?.lastEntranceEnd = position }
    if reversed {
      entrance.fractionComplete = 1
      entrance.isReversed = true
    }
    entrance.start()
  }

  // MARK: - The frame

  /// Advances the list to clock time `time` (seconds); the springs of released swipes and
  /// their completions run inside the advance, at their exact times.
  public func advance(to time: Double) {
    scene.clock.advance(to: time)
  }

  // MARK: - Input

  /// The topmost card under `point` (window coordinates) that is still in the list, if any.
  public func card(at point: Point) -> Int? {
    for child in scene.root.children.reversed() {
      guard let index = index(of: child), order.contains(index) else { continue }
      let local = point.applying(child.transformToScene.inverted())
      if child.bounds.contains(local) { return index }
    }
    return nil
  }

  /// The pointer went down at `point`, at `time` seconds (any origin): take hold of the card
  /// under it. A card still being let go of (springing out or back) is caught where it is.
  public func pointerDown(at point: Point, time: Double) {
    guard let index = card(at: point) else { return }
    let card = cards[index]
    // In front of the others; moving a node within its scene keeps its animations.
    scene.root.addChild(card)
    pressed = Press(card: index, start: point, travel: 0, reorderGrab: nil)
    if let swipe = swipes.firstIndex(where: { $0.card == index }) {
      // Caught mid-release: the fraction the release shows now is under the pointer, so the
      // next update goes on from there without a jump.
      let caught = swipes[swipe].transition.fractionComplete
      swipes[swipe].origin = point.x - swipes[swipe].direction * caught * Self.dismissDistance
    } else {
      // The latest writer owns `center`: a plain assignment ends the hold of whatever
      // animated it (the entrance goes on with the card's other properties).
      card.center = card.center
    }
  }

  /// The pointer moved to `point`: once it has moved more than ``clickSlop`` from where it
  /// went down, the card under it is swiped sideways, its dismissal following the pointer,
  /// or, if the pointer set off more up or down than sideways, dragged along the list
  /// (``drag(_:to:)``).
  public func pointerMoved(to point: Point, time: Double) {
    guard var press = pressed else { return }
    let distance =
      ((point.x - press.start.x) * (point.x - press.start.x)
      + (point.y - press.start.y) * (point.y - press.start.y)).squareRoot()
    press.travel = max(press.travel, distance)
    pressed = press
    var swipe = swipes.firstIndex { $0.card == press.card }
    if swipe == nil && press.reorderGrab == nil && press.travel > Self.clickSlop {
      if abs(point.y - press.start.y) > abs(point.x - press.start.x) {
        press.reorderGrab = press.start.y - cards[press.card].center.y
        pressed = press
      } else {
        swipes.append(beginSwipe(of: press.card, from: press.start, towards: point))
        swipe = swipes.count - 1
      }
    }
    if let grab = press.reorderGrab {
      drag(press.card, to: point.y - grab)
      return
    }
    guard let swipe else { return }
    let moved = (point.x - swipes[swipe].origin) * swipes[swipe].direction
    swipes[swipe].transition.update(fractionComplete: moved / Self.dismissDistance)
  }

  /// The pointer went up at `point`: a press that hardly moved is a click, which expands or
  /// collapses the card; a swipe is let go, to finish (the card leaves) or cancel (it comes
  /// back) as its position and the pointer's velocity point, carrying that velocity on.
  public func pointerUp(at point: Point, time: Double) {
    guard pressed != nil else { return }
    pointerMoved(to: point, time: time)
    guard let press = pressed else { return }
    pressed = nil
    if let swipe = swipes.first(where: { $0.card == press.card }) {
      swipe.transition.finish()
    } else if press.reorderGrab != nil {
      relayout()
    } else if press.travel <= Self.clickSlop {
      toggleExpansion(of: press.card)
    }
  }

  /// The dismissal of card `index`, driven from here by the pointer: a linear move of
  /// ``dismissDistance`` points sideways (the way the pointer set off), fading out and
  /// tilting, so that the card moves exactly with the pointer.
  private func beginSwipe(of index: Int, from start: Point, towards point: Point) -> Swipe {
    let card = cards[index]
    let direction = point.x < start.x ? -1.0 : 1.0
    let from = card.center
    let animator = PropertyAnimator(duration: 0.5, curve: .linear) {
      card.center = Point(x: from.x + direction * Self.dismissDistance, y: from.y)
      card.alpha = 0
      card.transform = Transform(rotationAngle: direction * Self.dismissTilt)
    }
    animator.addCompletion { [weak self] position in self?.swipeEnded(index, at: position) }
    return Swipe(
      card: index, transition: InteractiveTransition(animator), direction: direction,
      origin: start.x)
  }

  /// A swipe's release came to rest: at `.end` the card is dismissed and the cards below
  /// close the gap; at `.start` it is back where it was taken from, and springs home if the
  /// layout moved meanwhile.
  private func swipeEnded(_ index: Int, at position: AnimatingPosition) {
    swipes.removeAll { $0.card == index }
    swipeEnds.append((index, position))
    if position == .end {
      // Gone from view: out of the list and the scene graph.
      order.removeAll { $0 == index }
      cards[index].removeFromParent()
      if expanded == index { expanded = nil }
    }
    relayout()
  }

  /// Expands card `index` (collapsing any other), or collapses it if it is the expanded one;
  /// the cards spring to their places in the new layout (``relayout()``).
  public func toggleExpansion(of index: Int) {
    expanded = expanded == index ? nil : index
    relayout()
  }

  /// Springs every card that is in the list and not being swiped to its place in the current
  /// layout: its centre, its height (the expanded one shows its details).
  func relayout() {
    for each in order where !swipes.contains(where: { $0.card == each }) {
      let card = cards[each]
      let home = home(of: each)
      let height = height(of: each)
      let panel = details[each]
      let bar = bars[each]
      let showsDetails = each == expanded
      card.dance.animate(duration: 0.55, dampingRatio: 0.7) { card in
        card.center = home
        card.bounds = Rect(x: 0, y: 0, width: Self.cardSize.width, height: height)
        bar.frame = Rect(x: 0, y: 0, width: 6, height: height)
        panel.alpha = showsDetails ? 1 : 0
      }.start()
    }
  }

  /// The keys the list understands.
  public enum Key: Sendable {
    /// Space: pause or resume the entrance; once it has ended, play it again.
    case space
    /// `r`: reverse the entrance (once it has ended: play it back out, or in again).
    case reverse
    /// ←: scrub the entrance back (pausing it).
    case left
    /// →: scrub the entrance forward (pausing it).
    case right
    /// Delete: delete the expanded card, or else the bottom one (``delete(_:)``).
    case delete
  }

  /// A key was pressed.
  public func key(_ key: Key) {
    let active = entrance.state != .inactive
    switch key {
    case .delete:
      if let card = expanded ?? order.last { delete(card) }
    case .space:
      if !active {
        replayEntrance(reversed: false)
      } else if entrance.isRunning {
        entrance.pause()
      } else {
        entrance.start()
      }
    case .reverse:
      if active {
        entrance.isReversed.toggle()
      } else {
        replayEntrance(reversed: lastEntranceEnd == .end)
      }
    case .left, .right:
      let step = key == .left ? -0.05 : 0.05
      if !active {
        // Scrubbing an ended entrance starts a new one where the last ended.
        let end = lastEntranceEnd == .end ? 1.0 : 0.0
        replayEntrance(reversed: false)
        entrance.fractionComplete = end
      }
      entrance.fractionComplete = min(max(entrance.fractionComplete + step, 0), 1)
    }
  }
}
