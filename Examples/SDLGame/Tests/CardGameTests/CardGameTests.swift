import CSDL2
import CardGame
import Dance
import Testing

/// The headless game drawn by SDL's software renderer: the pixels must be where the engine
/// says the cards are, and a thrown card's path must have no jump in position or velocity.
@Suite struct CardGameTests {
  /// The table 1.5 s in, mid-throw (card 2 was grabbed at frame 70 and let go at frame 82).
  static func midThrow() -> (CardTable, OffscreenCanvas) {
    let table = CardTable()
    let canvas = OffscreenCanvas(
      width: Int(table.size.width), height: Int(table.size.height))!
    HeadlessRun.run(table, frames: 90, drag: HeadlessRun.Drag(), canvas: canvas)
    return (table, canvas)
  }

  static func bytes(_ color: Color) -> SIMD3<Int> {
    let byte = Renderer.byteColor(color, alpha: 1)
    return SIMD3(Int(byte.r), Int(byte.g), Int(byte.b))
  }

  static func close(_ a: SIMD3<Int>, _ b: SIMD3<Int>) -> Bool {
    let difference = a &- b
    return (0..<3).allSatisfy { abs(difference[$0]) <= 3 }
  }

  @Test("Each card's face, pip and edges are drawn where the engine puts them")
  func pixelsMatchTheEngine() {
    let (table, canvas) = Self.midThrow()
    let background = Self.bytes(CardTable.background)
    var checked = 0
    for (index, card) in table.cards.enumerated() {
      let toScene = card.transformToScene
      let bounds = card.bounds
      func pixel(local: Point) -> (SIMD3<Int>, Point) {
        let point = local.applying(toScene)
        return (canvas.pixel(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down))), point)
      }
      // The pip, a child at the card's centre (in the card's coordinates).
      let (centre, _) = pixel(local: Point(x: bounds.midX, y: bounds.midY))
      #expect(Self.close(centre, Self.bytes(CardTable.pipColor)), "card \(index) pip: \(centre)")
      // Near each corner, inside: the card's face (the transform turns the corners).
      let face = Self.bytes(card.backgroundColor)
      for corner in [(8.0, 8.0), (bounds.width - 8, 8), (8, bounds.height - 8)] {
        let (inside, point) = pixel(local: Point(x: corner.0, y: corner.1))
        guard table.card(at: point) == index else { continue }  // another card on top
        #expect(Self.close(inside, face), "card \(index) corner \(corner): \(inside)")
        checked += 1
      }
      // Just outside its right edge: the table, unless another card covers it.
      let (outside, point) = pixel(local: Point(x: bounds.width + 6, y: bounds.midY))
      if table.card(at: point) == nil {
        #expect(Self.close(outside, background), "card \(index) outside: \(outside)")
        checked += 1
      }
    }
    #expect(checked >= 15)
    // The thrown card really is away from home and turned: the check above is not trivial.
    #expect(abs(table.cards[2].center.x - table.homes[2].x) > 20)
  }

  @Test("The thrown card's path is continuous: at release, in the decay and at the spring")
  func throwIsContinuous() {
    let table = CardTable()
    let canvas = OffscreenCanvas(
      width: Int(table.size.width), height: Int(table.size.height))!
    let drag = HeadlessRun.Drag()
    HeadlessRun.run(table, frames: 200, drag: drag, canvas: canvas)
    let path = table.throwPath
    #expect(path.count > 100)
    // At release the card moves with the pointer's velocity (step per frame × 60).
    let pointerVelocity = Point(x: drag.step.x * 60, y: drag.step.y * 60)
    #expect(abs(path[0].velocity.x - pointerVelocity.x) < 1e-9)
    #expect(abs(path[0].velocity.y - pointerVelocity.y) < 1e-9)
    let dt = 1.0 / 60
    var sawHandoff = false
    for (before, after) in zip(path, path.dropFirst()) where after.time > before.time {
      let step = after.time - before.time
      // Coming to rest, the spring snaps onto its target: by definition within its
      // threshold (0.1 in position and velocity).
      let snap = after.velocity == .zero ? 0.15 : 0
      // Position: no more than the faster of the two velocities covers in the step.
      let moved = hypot(after.center.x - before.center.x, after.center.y - before.center.y)
      let speed = max(
        hypot(before.velocity.x, before.velocity.y), hypot(after.velocity.x, after.velocity.y))
      #expect(moved <= speed * step * 1.01 + 1e-9 + snap, "jump of \(moved) at \(after.time)")
      // Velocity: no more change than the largest acceleration of the decay (drag 3) or the
      // spring (tension 90, damping 14) allows in the step.
      let home = table.homes[2]
      let offset = hypot(before.center.x - home.x, before.center.y - home.y)
      let acceleration = 90 * (offset + speed * step) + (14 + 3) * speed
      let change = hypot(
        after.velocity.x - before.velocity.x, after.velocity.y - before.velocity.y)
      #expect(
        change <= acceleration * step * 1.01 + 1e-6 + snap, "velocity jump at \(after.time)")
      let sinceRelease = after.time - path[0].time
      if sinceRelease >= CardTable.throwHandoff && sinceRelease < CardTable.throwHandoff + dt {
        sawHandoff = true
      }
    }
    #expect(sawHandoff)
    // And it comes home.
    #expect(
      hypot(path.last!.center.x - table.homes[2].x, path.last!.center.y - table.homes[2].y) < 1)
  }

  @Test("With reduced motion each card jumps home when its turn in the deal comes")
  func reducedMotionDeal() {
    let table = CardTable(motion: .reduced)
    // Card 2's turn comes at 2 × 0.15 s; a tenth of a second later it would be mid-flight.
    table.advance(to: 2 * CardTable.dealStagger + 0.1)
    #expect(table.cards[0].center == table.homes[0])
    #expect(table.cards[2].center == table.homes[2])
    #expect(table.cards[3].center == table.deck)
    table.advance(to: 5)
    #expect(zip(table.cards, table.homes).allSatisfy { $0.center == $1 })
  }

  @Test("The screenshot is a BMP of the frame drawn")
  func screenshotRoundTrips() {
    let (table, canvas) = Self.midThrow()
    let path = "/tmp/sdl-game-test-\(UInt32.random(in: 0...UInt32.max)).bmp"
    #expect(canvas.saveBMP(to: path))
    let loaded = SDL_LoadBMP_RW(SDL_RWFromFile(path, "rb"), 1)
    #expect(loaded != nil)
    if let loaded {
      #expect(Int(loaded.pointee.w) == Int(table.size.width))
      #expect(Int(loaded.pointee.h) == Int(table.size.height))
      SDL_FreeSurface(loaded)
    }
    remove(path)
  }

  @Test("A deal reversed back to the deck can be dealt again with space")
  func dealAgainAfterReversing() {
    let table = CardTable()
    table.advance(to: 0.3)
    table.key(.reverse)
    table.advance(to: 3)
    #expect(table.cards.allSatisfy { !$0.dance.hasAnimation && $0.center == table.deck })
    table.key(.space)
    #expect(table.cards.allSatisfy { $0.dance.hasAnimation })
    table.advance(to: 6)
    for (index, card) in table.cards.enumerated() {
      #expect(card.center == table.homes[index], "card \(index)")
    }
  }
}
