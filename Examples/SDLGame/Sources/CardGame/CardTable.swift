import Dance

/// The game: a row of cards dealt in with a staggered `node.dance` chain, which the player can
/// drag, throw (a decay that springs back home), pause, reverse and scrub.
///
/// Nothing here knows about SDL: the host calls ``advance(to:)`` once per frame and forwards
/// input to ``pointerDown(at:)``, ``pointerMoved(to:)``, ``pointerUp(at:)`` and ``key(_:)``,
/// then draws ``scene``.
public final class CardTable {
  /// The scene the host draws; its clock is the game's only time.
  public let scene = Scene()
  /// The cards, in dealing order.
  public let cards: [Node]
  /// The table's size in points (and pixels).
  public let size: Size
  /// Where each card rests once dealt.
  public let homes: [Point]
  /// The colour of each card's face and of the pip at its centre.
  public static let cardColors: [Color] = [
    Color(red: 0.91, green: 0.30, blue: 0.24), Color(red: 0.95, green: 0.77, blue: 0.06),
    Color(red: 0.18, green: 0.80, blue: 0.44), Color(red: 0.20, green: 0.60, blue: 0.86),
    Color(red: 0.61, green: 0.35, blue: 0.71),
  ]
  /// The pip drawn at each card's centre, a child in the card's coordinates.
  public static let pipColor = Color(red: 1, green: 1, blue: 1)
  /// The table's colour.
  public static let background = Color(red: 0.08, green: 0.35, blue: 0.20)
  /// A card's size.
  public static let cardSize = Size(width: 90, height: 126)
  /// Seconds between two cards of the deal.
  public static let dealStagger = 0.15
  /// Seconds after a throw when the decay hands over to the spring home.
  public static let throwHandoff = 0.35

  /// A card in flight after a throw: its motion, the time it was thrown and whether the
  /// spring home has taken over.
  struct Throw {
    let card: Int
    let animator: Animator<Point>
    /// The spring's take-over, on the scene's clock ``throwHandoff`` seconds after release.
    let handOff: ScheduledAction
  }

  private var dragged: (card: Int, grab: Point)?
  private var pointerSamples: [(time: Double, position: Point)] = []
  private var flights: [Throw] = []
  /// Every center value written by a throw, with its clock time (for tests and the demo).
  public private(set) var throwPath: [(time: Double, center: Point, velocity: Point)] = []

  /// A table of `count` cards, `size` large, dealing as soon as the clock runs; with
  /// `motion` `.reduced` (a player's reduced-motion setting) the cards jump instead of
  /// flying, each at its time in the deal.
  public init(
    count: Int = 5, size: Size = Size(width: 800, height: 480), motion: MotionPreference = .full
  ) {
    self.size = size
    scene.motionPreference = motion
    let spacing = size.width / Double(count + 1)
    homes = (0..<count).map { Point(x: spacing * Double($0 + 1), y: size.height * 0.55) }
    deck = Point(x: size.width / 2, y: size.height + Self.cardSize.height)
    cards = (0..<count).map { index in
      let card = Node(frame: Rect(origin: .zero, size: Self.cardSize))
      card.backgroundColor = Self.cardColors[index % Self.cardColors.count]
      let pip = Node(frame: Rect(x: 35, y: 53, width: 20, height: 20))
      pip.backgroundColor = Self.pipColor
      pip.transform = Transform(rotationAngle: .pi / 4)
      card.addChild(pip)
      return card
    }
    for card in cards { scene.root.addChild(card) }
    deal()
  }

  /// Where the cards wait, below the table, before the deal.
  public let deck: Point

  /// The staggered deal: the cards gather at the deck, then each flies to its home, turning
  /// straight.
  public func deal() {
    for card in cards {
      card.center = deck
      card.transform = Transform(rotationAngle: 0.6)
    }
    for (index, card) in cards.enumerated() {
      let home = homes[index]
      let tilt = (Double(index) - Double(cards.count - 1) / 2) * 0.06
      card.dance.animate(duration: 0.6, curve: .easeOut) { card in
        card.center = home
        card.transform = Transform(rotationAngle: tilt)
      }
      .start(after: Self.dealStagger * Double(index))
    }
  }

  // MARK: - The frame

  /// Advances the game to clock time `time` (seconds). A throw's hand-off to its spring is
  /// an action on the clock, so it happens inside the advance at its exact time.
  public func advance(to time: Double) {
    scene.clock.advance(to: time)
  }

  // MARK: - Input

  /// The topmost card under `point` (scene coordinates), if any.
  public func card(at point: Point) -> Int? {
    for (index, card) in cards.enumerated().reversed() {
      let local = point.applying(card.transformToScene.inverted())
      if card.bounds.contains(local) { return index }
    }
    return nil
  }

  /// The pointer went down: pick up the card under it, stopping whatever moved it.
  public func pointerDown(at point: Point) {
    guard let index = card(at: point) else { return }
    endFlight(of: index)
    let card = cards[index]
    // Bring it to the front; moving within the scene keeps its animations.
    scene.root.addChild(card)
    dragged = (index, Point(x: point.x - card.center.x, y: point.y - card.center.y))
    pointerSamples = [(scene.clock.now, point)]
    // The latest writer owns `center`: a plain assignment ends the deal animation's hold on
    // it (the rest of the deal, rotation included, goes on).
    card.center = card.center
  }

  /// The pointer moved: a dragged card follows it directly.
  public func pointerMoved(to point: Point) {
    guard let (index, grab) = dragged else { return }
    cards[index].center = Point(x: point.x - grab.x, y: point.y - grab.y)
    pointerSamples.append((scene.clock.now, point))
    if pointerSamples.count > 8 { pointerSamples.removeFirst() }
  }

  /// The pointer went up: the card is thrown with the pointer's velocity into a decay that,
  /// after ``throwHandoff`` seconds, springs back home.
  public func pointerUp(at point: Point) {
    guard let (index, _) = dragged else { return }
    pointerMoved(to: point)
    dragged = nil
    let velocity = pointerVelocity()
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
      guard let self, let flight = self.flights.first(where: { $0.card == index }) else {
        return
      }
      flight.animator.simulate(
        using: SpringFunction(target: self.homes[index], tension: 90, damping: 14))
    }
    flights.append(Throw(card: index, animator: animator, handOff: handOff))
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

  /// The keys the game understands.
  public enum Key {
    /// Space: pause or resume the deal; once it has ended (played out, or reversed back to
    /// the deck), deal again.
    case space
    /// `r`: reverse the deal.
    case reverse
    /// ←: scrub the paused deal back.
    case left
    /// →: scrub the paused deal forward.
    case right
  }

  /// A key was pressed.
  public func key(_ key: Key) {
    if key == .space && !cards.contains(where: { $0.dance.hasAnimation }) {
      deal()
      return
    }
    for card in cards where card.dance.hasAnimation {
      switch key {
      case .space:
        if card.dance.isRunning { card.dance.pause() } else { card.dance.start() }
      case .reverse:
        card.dance.reverse()
      case .left:
        card.dance.pause().setProgress(to: max(0, card.dance.progress - 0.05))
      case .right:
        card.dance.pause().setProgress(to: min(1, card.dance.progress + 0.05))
      }
    }
  }
}
