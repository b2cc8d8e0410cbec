import Dance

/// A small list UI driven by Dance: the cards slide in with a staggered ``Timeline``, a card
/// can be dragged and thrown (an Advance decay handed to a spring home with its exact
/// velocity), and clicking a card expands it with a spring while the cards below make room.
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
  /// Seconds after a throw when the decay hands over to the spring home.
  public static let throwHandoff = 0.35
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
  public private(set) var expanded: Int?
  /// Every centre a throw wrote, with its clock time and velocity (for tests and the demo).
  public private(set) var throwPath: [(time: Double, center: Point, velocity: Point)] = []

  /// A card in flight after a throw: its motion, when it was thrown, and whether the spring
  /// home has taken over.
  struct Flight {
    let card: Int
    let animator: Animator<Point>
    /// The spring's take-over, on the scene's clock ``throwHandoff`` seconds after release.
    let handOff: ScheduledAction
    var springing = false
  }

  private var flights: [Flight] = []
  private var pressed: (card: Int, grab: Point, at: Point, travel: Double)?
  private var pointerSamples: [(time: Double, position: Point)] = []
  private let identities: [ObjectIdentifier: Int]

  /// A list of `count` cards in a window `size` large; the entrance starts with the clock.
  public init(count: Int = 5, size: Size = Size(width: 640, height: 600)) {
    self.size = size
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

  /// Where card `index` rests in the current layout (one card may be expanded).
  public func home(of index: Int) -> Point {
    var y = Self.top
    for above in 0..<index { y += height(of: above) + Self.gap }
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

  /// Advances the list to clock time `time` (seconds). A throw's hand-off to its spring is
  /// an action on the clock, so it happens inside the advance at its exact time.
  public func advance(to time: Double) {
    scene.clock.advance(to: time)
  }

  // MARK: - Input

  /// The topmost card under `point` (window coordinates), if any.
  public func card(at point: Point) -> Int? {
    for child in scene.root.children.reversed() {
      guard let index = index(of: child) else { continue }
      let local = point.applying(child.transformToScene.inverted())
      if child.bounds.contains(local) { return index }
    }
    return nil
  }

  /// The pointer went down at `point`, at `time` seconds (any origin): pick up the card under
  /// it, stopping whatever moved it.
  public func pointerDown(at point: Point, time: Double) {
    guard let index = card(at: point) else { return }
    endFlight(of: index)
    let card = cards[index]
    // In front of the others; moving a node within its scene keeps its animations.
    scene.root.addChild(card)
    pressed = (index, Point(x: point.x - card.center.x, y: point.y - card.center.y), point, 0)
    pointerSamples = [(time, point)]
    // The latest writer owns `center`: a plain assignment ends the hold of whatever
    // animated it (the entrance goes on with the card's other properties).
    card.center = card.center
  }

  /// The pointer moved to `point`: a pressed card follows it.
  public func pointerMoved(to point: Point, time: Double) {
    guard let (index, grab, start, travel) = pressed else { return }
    let distance =
      ((point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y))
      .squareRoot()
    pressed = (index, grab, start, max(travel, distance))
    cards[index].center = Point(x: point.x - grab.x, y: point.y - grab.y)
    pointerSamples.append((time, point))
    if pointerSamples.count > 8 { pointerSamples.removeFirst() }
  }

  /// The pointer went up at `point`: a press that hardly moved is a click, which expands or
  /// collapses the card; otherwise the card is thrown with the pointer's velocity into a
  /// decay that, after ``throwHandoff`` seconds, springs home.
  public func pointerUp(at point: Point, time: Double) {
    guard pressed != nil else { return }
    pointerMoved(to: point, time: time)
    guard let (index, _, _, travel) = pressed else { return }
    pressed = nil
    if travel <= Self.clickSlop {
      toggleExpansion(of: index)
      return
    }
    throwCard(index, velocity: pointerVelocity())
  }

  /// Throws card `index` from where it is with `velocity` (points per second).
  public func throwCard(_ index: Int, velocity: Point) {
    let card = cards[index]
    let animator = Animator(initialValue: card.center, clock: scene.clock)
    animator.onChange = { [weak self, weak card, weak animator] center in
      card?.center = center
      if let self, let animator {
        self.throwPath.append((self.scene.clock.now, center, animator.velocity))
      }
    }
    throwPath = [(scene.clock.now, card.center, velocity)]
    animator.simulate(using: DecayFunction(drag: 3), initialVelocity: velocity)
    endFlight(of: index)
    // The spring takes over with the decay's exact velocity, at exactly throwHandoff seconds
    // of clock time after release: no kink in the path, whatever the frame rate.
    let handOff = scene.clock.schedule(after: Self.throwHandoff) { [weak self] in
      guard let self, let flight = self.flights.firstIndex(where: { $0.card == index }) else {
        return
      }
      self.flights[flight].springing = true
      self.flights[flight].animator.simulate(
        using: SpringFunction(target: self.home(of: index), tension: 120, damping: 17))
    }
    flights.append(Flight(card: index, animator: animator, handOff: handOff))
  }

  /// Forgets card `index`'s throw, if it has one, and its pending hand-off.
  private func endFlight(of index: Int) {
    for flight in flights where flight.card == index { flight.handOff.cancel() }
    flights.removeAll { $0.card == index }
  }

  /// The pointer's velocity over its last samples, in points per second.
  private func pointerVelocity() -> Point {
    guard let first = pointerSamples.first, let last = pointerSamples.last,
      last.time > first.time
    else { return .zero }
    let seconds = last.time - first.time
    return Point(
      x: (last.position.x - first.position.x) / seconds,
      y: (last.position.y - first.position.y) / seconds)
  }

  /// Expands card `index` (collapsing any other), or collapses it if it is the expanded one:
  /// every card springs to its place in the new layout, the expanded one growing and showing
  /// its details. A card in flight keeps flying and lands on its new place.
  public func toggleExpansion(of index: Int) {
    expanded = expanded == index ? nil : index
    for (each, card) in cards.enumerated() {
      let home = home(of: each)
      let height = height(of: each)
      let panel = details[each]
      let bar = bars[each]
      let showsDetails = each == expanded
      if let flight = flights.firstIndex(where: { $0.card == each }) {
        if flights[flight].springing {
          flights[flight].animator.simulate(
            using: SpringFunction(target: home, tension: 120, damping: 17))
        }
      } else {
        card.dance.animate(duration: 0.55, dampingRatio: 0.7) { card in
          card.center = home
          card.bounds = Rect(x: 0, y: 0, width: Self.cardSize.width, height: height)
          bar.frame = Rect(x: 0, y: 0, width: 6, height: height)
          panel.alpha = showsDetails ? 1 : 0
        }.start()
      }
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
  }

  /// A key was pressed.
  public func key(_ key: Key) {
    let active = entrance.state != .inactive
    switch key {
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
