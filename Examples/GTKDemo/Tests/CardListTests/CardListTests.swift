import CGTK4
import CardList
import Dance
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The list drawn by cairo headless, the window GTK drives, and the motion between: the
/// pixels must be where the engine says the nodes are, a swiped card must follow the pointer
/// and be let go without a jump in position or velocity, a reordered list must make way from
/// where the cards are drawn, and the windowed run's scene clock must be the frame clock's.
@Suite struct CardListTests {
  static func bytes(_ color: Color) -> SIMD3<Double> {
    SIMD3(color.red * 255, color.green * 255, color.blue * 255)
  }

  /// `color` at `alpha` over the window's background, as bytes.
  static func blended(_ color: Color, alpha: Double) -> SIMD3<Double> {
    bytes(CardList.background) * (1 - alpha) + bytes(color) * alpha
  }

  static func close(_ pixel: SIMD3<Int>, _ expected: SIMD3<Double>, within tolerance: Double = 2)
    -> Bool
  {
    (0..<3).allSatisfy { abs(Double(pixel[$0]) - expected[$0]) <= tolerance }
  }

  static func pixel(_ canvas: ImageCanvas, at point: Point) -> SIMD3<Int> {
    canvas.pixel(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
  }

  static func run(frames: Int, drag: HeadlessRun.Drag? = nil, click: HeadlessRun.Click? = nil)
    -> (CardList, ImageCanvas)
  {
    let list = CardList()
    let canvas = ImageCanvas(width: Int(list.size.width), height: Int(list.size.height))!
    HeadlessRun.run(list, frames: frames, drag: drag, click: click, canvas: canvas)
    return (list, canvas)
  }

  @Test(
    "At rest, each card's centre, inner corners, avatar and surroundings are drawn where the engine puts them"
  )
  func pixelsAtRest() {
    let (list, canvas) = Self.run(frames: 90)
    let face = Self.bytes(CardList.cardFace)
    for (index, card) in list.cards.enumerated() {
      #expect(card.alpha == 1 && card.transform == .identity, "card \(index) is not at rest")
      let toScene = card.transformToScene
      let bounds = card.bounds
      let centre = Self.pixel(canvas, at: card.center)
      #expect(Self.close(centre, face), "card \(index) centre: \(centre)")
      for corner in [
        Point(x: 10, y: 8), Point(x: bounds.width - 8, y: 8),
        Point(x: bounds.width - 8, y: bounds.height - 8), Point(x: 10, y: bounds.height - 8),
      ] {
        let pixel = Self.pixel(canvas, at: corner.applying(toScene))
        #expect(Self.close(pixel, face), "card \(index) corner \(corner): \(pixel)")
      }
      // The avatar, a child turned 45° about its own centre, in the card's coordinates.
      let avatar = list.avatars[index]
      let accent = Self.bytes(avatar.backgroundColor)
      let avatarCentre = Self.pixel(canvas, at: Point(x: 42, y: 38).applying(toScene))
      #expect(Self.close(avatarCentre, accent), "card \(index) avatar: \(avatarCentre)")
      // Its tips lie 20·√2 from its centre along the axes: just inside them, the accent; just
      // beyond the corner of the unturned square, the card's face.
      let tip = 20 * 2.0.squareRoot()
      let inside = Self.pixel(canvas, at: Point(x: 42 + tip - 3, y: 38).applying(toScene))
      #expect(Self.close(inside, accent), "card \(index) avatar tip: \(inside)")
      let square = Self.pixel(canvas, at: Point(x: 42 + 18, y: 38 - 18).applying(toScene))
      #expect(Self.close(square, face), "card \(index) beside the avatar: \(square)")
      // Just outside the card's right edge: the window's background.
      let outside = Self.pixel(canvas, at: Point(x: bounds.width + 6, y: 40).applying(toScene))
      #expect(Self.close(outside, Self.bytes(CardList.background)), "card \(index) outside")
    }
  }

  @Test(
    "Mid-entrance the cards are turned and translucent: corners and centres blend with the alpha the engine reports"
  )
  func pixelsMidEntrance() {
    let (list, canvas) = Self.run(frames: 22)
    var checked = 0
    for (index, card) in list.cards.enumerated() where card.alpha > 0.2 && card.alpha < 0.98 {
      #expect(card.transform != .identity)
      let toScene = card.transformToScene
      let bounds = card.bounds
      let expected = Self.blended(CardList.cardFace, alpha: card.alpha)
      for local in [
        Point(x: 10, y: 8), Point(x: 10, y: bounds.height - 8),
        Point(x: bounds.midX, y: bounds.midY),
      ] {
        let point = local.applying(toScene)
        guard point.x >= 0 && point.x < list.size.width - 1 && point.y >= 0 else { continue }
        // Where the card's neighbour below overlaps it, leave the pixel alone.
        guard list.card(at: point) == index else { continue }
        let pixel = Self.pixel(canvas, at: point)
        #expect(
          Self.close(pixel, expected, within: 2.5),
          "card \(index) at \(local) (alpha \(card.alpha)): \(pixel) vs \(expected)")
        checked += 1
      }
      // The accent bar, an opaque child: drawn with its parent's alpha times its own (1),
      // over the card's translucent face.
      let bar = Point(x: 3, y: bounds.midY).applying(toScene)
      if bar.x >= 0 && bar.x < list.size.width - 1 && list.card(at: bar) == index {
        let pixel = Self.pixel(canvas, at: bar)
        let alpha = card.alpha * list.bars[index].alpha
        let expected =
          expected * (1 - alpha) + Self.bytes(list.bars[index].backgroundColor) * alpha
        #expect(Self.close(pixel, expected, within: 2.5), "card \(index) bar: \(pixel)")
        checked += 1
      }
    }
    #expect(checked >= 6)
  }

  @Test("The screenshot is a PNG of the frame drawn")
  func screenshotRoundTrips() {
    let (list, canvas) = Self.run(frames: 90)
    let path = "/tmp/gtk-demo-test-\(UInt32.random(in: 0...UInt32.max)).png"
    #expect(canvas.writePNG(to: path))
    let loaded = cairo_image_surface_create_from_png(path)
    #expect(cairo_surface_status(loaded) == CAIRO_STATUS_SUCCESS)
    #expect(Int(cairo_image_surface_get_width(loaded)) == Int(list.size.width))
    #expect(Int(cairo_image_surface_get_height(loaded)) == Int(list.size.height))
    cairo_surface_destroy(loaded)
    remove(path)
  }

  /// Swipes card `card` of `list` sideways by `step` a frame at 60 Hz for `frames` frames
  /// (the last one letting go), checking that once the pointer is more than the click slop
  /// away the card follows its sideways travel exactly; returns the clock's time at the
  /// release.
  static func swipe(_ list: CardList, card: Int, step: Point, frames: Int, from time: Double)
    -> Double
  {
    let node = list.cards[card]
    let start = node.center
    var pointer = start
    var time = time
    list.pointerDown(at: pointer, time: time)
    for frame in 1...frames {
      time += 1.0 / 60
      pointer = Point(x: pointer.x + step.x, y: pointer.y + step.y)
      if frame < frames {
        list.pointerMoved(to: pointer, time: time)
        if hypot(pointer.x - start.x, pointer.y - start.y) <= CardList.clickSlop {
          list.advance(to: time)
          continue
        }
        // Under the pointer sideways, at its own height; fading with the travel.
        #expect(abs(node.center.x - pointer.x) < 1e-9 && abs(node.center.y - start.y) < 1e-9)
        let fraction = min(max((pointer.x - start.x) / CardList.dismissDistance, 0), 1)
        #expect(abs(node.alpha - (1 - fraction)) < 1e-12)
        list.advance(to: time)
      } else {
        list.pointerUp(at: pointer, time: time)
      }
    }
    // The pointer's events come between frames: the clock is still at the last frame.
    return list.scene.clock.now
  }

  @Test(
    "A fast swipe follows the pointer, leaves with the pointer's velocity, and the cards below close the gap"
  )
  func fastSwipeDismisses() {
    let list = CardList()
    list.advance(to: 1.5)
    let homes = list.cards.indices.map(list.home(of:))
    let card = list.cards[2]
    let start = card.center
    // 16 points a frame to the right (960 points a second), drifting up, for 12 frames.
    let release = Self.swipe(list, card: 2, step: Point(x: 16, y: -7), frames: 12, from: 1.5)
    // At the release: where the pointer left it, moving at the pointer's sideways speed.
    #expect(abs(card.center.x - (start.x + 192)) < 1e-9)
    #expect(abs(card.velocity(of: \.center).x - 960) < 1e-6)
    #expect(abs(card.velocity(of: \.center).y) < 1e-9)
    // 192 of 360 points and 2.67 per second: past the middle with 0.2 s of its velocity, so
    // it finishes on the default spring (critically damped, response 0.4 s: ω = 2π / 0.4),
    // whose distance to the end is (d₀ + (v₀ + ω·d₀)·t)·e^(−ω·t) from d₀ = −168, v₀ = 960.
    let omega = 2 * Double.pi / 0.4
    for frame in 1...3 {
      list.advance(to: release + Double(frame) / 60)
      let t = Double(frame) / 60
      let toEnd = (-168 + (960 - omega * 168) * t) * exp(-omega * t)
      #expect(abs(card.center.x - (start.x + 360 + toEnd)) < 1e-6, "frame \(frame)")
    }
    list.advance(to: release + 1.5)
    #expect(list.swipeEnds.map(\.card) == [2] && list.swipeEnds.map(\.position) == [.end])
    #expect(list.dismissed == [2])
    #expect(card.center == Point(x: start.x + CardList.dismissDistance, y: start.y))
    #expect(card.alpha == 0 && card.transform == Transform(rotationAngle: CardList.dismissTilt))
    // The cards above stay; the cards below moved up by a card and a gap.
    let closed = CardList.cardSize.height + CardList.gap
    #expect(list.cards[0].center == homes[0] && list.cards[1].center == homes[1])
    for index in 3..<list.cards.count {
      #expect(list.cards[index].center == Point(x: homes[index].x, y: homes[index].y - closed))
    }
    // A dismissed card is not hit, and playing the entrance again brings every card back.
    #expect(list.card(at: card.center) == nil)
    list.key(.space)
    list.advance(to: release + 5)
    #expect(list.dismissed.isEmpty)
    for (index, card) in list.cards.enumerated() {
      #expect(card.center == homes[index] && card.alpha == 1, "card \(index)")
    }
  }

  @Test(
    "A slow short swipe let go carries the pointer's velocity on, then springs back; caught on the way it goes on from where it is"
  )
  func slowSwipeComesBack() {
    let list = CardList()
    list.advance(to: 1.5)
    let homes = list.cards.map(\.center)
    let card = list.cards[1]
    // 3 points a frame (180 points a second) for 12 frames: 36 of 360 points.
    var release = Self.swipe(list, card: 1, step: Point(x: 3, y: 0), frames: 12, from: 1.5)
    #expect(abs(card.center.x - (homes[1].x + 36)) < 1e-9)
    #expect(abs(card.velocity(of: \.center).x - 180) < 1e-6)
    list.advance(to: release + 1.5)
    #expect(list.swipeEnds.map(\.position) == [.start] && list.dismissed.isEmpty)
    #expect(card.center == homes[1] && card.alpha == 1 && card.transform == .identity)
    #expect(list.cards.map(\.center) == homes)

    // Again, and caught five frames into the spring back: nothing jumps at the catch.
    release = Self.swipe(list, card: 1, step: Point(x: 3, y: 0), frames: 12, from: release + 1.5)
    list.advance(to: release + 5.0 / 60)
    let (caughtAt, alpha) = (card.center, card.alpha)
    #expect(caughtAt.x > homes[1].x && caughtAt.x < homes[1].x + 36)
    list.pointerDown(at: caughtAt, time: release + 5.0 / 60)
    list.pointerMoved(to: caughtAt, time: release + 5.0 / 60)
    #expect(abs(card.center.x - caughtAt.x) < 1e-9 && abs(card.alpha - alpha) < 1e-12)
    // From there a fast swipe to the right: the card follows the pointer again from where
    // it was caught and, let go, leaves.
    var pointer = caughtAt
    for frame in 1...5 {
      pointer.x += 30
      let time = release + Double(5 + frame) / 60
      list.pointerMoved(to: pointer, time: time)
      #expect(abs(card.center.x - pointer.x) < 1e-9)
      list.advance(to: time)
    }
    pointer.x += 30
    list.pointerUp(at: pointer, time: release + 11.0 / 60)
    list.advance(to: release + 2)
    #expect(list.swipeEnds.map(\.position) == [.start, .end])
    #expect(list.dismissed == [1])
  }

  @Test(
    "A card dragged down past the next changes places with it: the other moves from where it is drawn, and the dragged one settles in its new place"
  )
  func dragReorders() {
    let list = CardList()
    list.advance(to: 1.5)
    let homes = list.cards.indices.map(list.home(of:))
    let card = list.cards[1]
    var pointer = card.center
    var time = 1.5
    list.pointerDown(at: pointer, time: time)
    var swappedAt: Int?
    for frame in 1...12 {
      time += 1.0 / 60
      pointer.y += 10
      let before = list.cards[2].center
      list.pointerMoved(to: pointer, time: time)
      // The dragged card is under the pointer.
      #expect(abs(card.center.y - pointer.y) < 1e-9 && card.center.x == homes[1].x)
      if list.reorders == 1 && swappedAt == nil {
        swappedAt = frame
        // The card passed over starts from where it was drawn, bound for the freed place.
        #expect(list.cards[2].center == before)
        #expect(list.cards[2].targetValue(of: \.center) == homes[1])
      }
      list.advance(to: time)
    }
    // Its centre passed card 2's (254) at 164 + 10 × 10 = 264: the tenth frame, once only.
    #expect(swappedAt == 10 && list.reorders == 1)
    #expect(list.order == [0, 2, 1, 3, 4])
    list.pointerUp(at: pointer, time: time)
    list.advance(to: time + 1.5)
    #expect(card.center == homes[2] && list.cards[2].center == homes[1])
    for index in [0, 3, 4] { #expect(list.cards[index].center == homes[index]) }
  }

  @Test(
    "Delete takes the expanded card out with an exit transition while a layout transition closes the gap; the entrance brings it back"
  )
  func deleteExits() {
    let list = CardList()
    list.advance(to: 1.5)
    let homes = list.cards.indices.map(list.home(of:))
    list.pointerDown(at: homes[1], time: 1.5)
    list.pointerUp(at: homes[1], time: 1.5)
    list.advance(to: 3)
    #expect(list.expanded == 1)
    let below = list.cards[2].center
    list.key(.delete)
    #expect(list.cards[1].isExiting && list.expanded == nil && list.order == [0, 2, 3, 4])
    #expect(list.cards[2].center == below)  // nothing jumps
    list.advance(to: 3.15)
    #expect(list.cards[1].alpha < 1 && list.cards[1].isExiting)
    list.advance(to: 4.5)
    #expect(list.cards[1].parent == nil && !list.cards[1].isExiting)
    // Card 2 took card 1's place, and so on down.
    #expect(list.cards[2].center == homes[1])
    #expect(list.cards[3].center == homes[2] && list.cards[4].center == homes[3])
    #expect(list.card(at: homes[4]) == nil)
    list.key(.space)
    list.advance(to: 8)
    #expect(list.order == [0, 1, 2, 3, 4])
    for (index, card) in list.cards.enumerated() {
      #expect(card.parent != nil && card.center == homes[index] && card.alpha == 1, "card \(index)")
    }
  }

  @Test(
    "A click expands a card with a spring and the cards below make room; a second click collapses it"
  )
  func clickExpands() {
    let list = CardList()
    list.advance(to: 1.5)
    let before = list.cards.map(\.center)
    let point = list.cards[1].center
    list.pointerDown(at: point, time: 1.5)
    list.pointerUp(at: point, time: 1.5)
    #expect(list.expanded == 1)
    list.advance(to: 1.6)
    // Part-way: growing, and overshooting is allowed, but not there yet.
    #expect(list.cards[1].bounds.height > CardList.cardSize.height)
    #expect(list.cards[1].bounds.height != CardList.expandedHeight)
    list.advance(to: 3)
    let growth = CardList.expandedHeight - CardList.cardSize.height
    #expect(list.cards[1].bounds.height == CardList.expandedHeight)
    #expect(list.details[1].alpha == 1)
    #expect(list.cards[0].center == before[0])
    #expect(list.cards[1].center.y == before[1].y + growth / 2)
    for index in 2..<list.cards.count {
      #expect(list.cards[index].center.y == before[index].y + growth, "card \(index)")
    }
    list.pointerDown(at: list.cards[1].center, time: 3)
    list.pointerUp(at: list.cards[1].center, time: 3)
    list.advance(to: 5)
    #expect(list.expanded == nil)
    #expect(list.cards.map(\.center) == before)
    #expect(list.details[1].alpha == 0)
  }

  @Test(
    "Space pauses and resumes the entrance, r reverses it, ←/→ scrub it; space replays an ended one"
  )
  func keysDriveTheEntrance() {
    let list = CardList()
    list.advance(to: 0.2)
    list.key(.space)
    #expect(!list.entrance.isRunning)
    let paused = list.cards.map(\.center)
    list.advance(to: 0.5)
    #expect(list.cards.map(\.center) == paused)
    list.key(.right)
    let fraction = list.entrance.fractionComplete
    list.key(.left)
    #expect(abs(list.entrance.fractionComplete - (fraction - 0.05)) < 1e-12)
    list.key(.space)
    list.key(.reverse)
    #expect(list.entrance.isReversed)
    list.advance(to: 3)
    // Reversed to its start: the cards are back where the entrance begins, and gone.
    #expect(list.lastEntranceEnd == .start)
    #expect(list.cards.allSatisfy { $0.alpha == 0 })
    list.key(.space)
    list.advance(to: 6)
    #expect(list.lastEntranceEnd == .end)
    for (index, card) in list.cards.enumerated() {
      #expect(card.center == list.home(of: index) && card.alpha == 1, "card \(index)")
    }
  }

  @Test(
    "The frame-clock driver follows the frame clock to the microsecond and caps a stall at a quarter of a second"
  )
  func frameClockDriver() {
    var driver = FrameClockDriver()
    let start: Int64 = 987_654_321
    #expect(driver.sceneTime(forFrameTime: start) == 0)
    #expect(driver.sceneTime(forFrameTime: start + 16_667) == 0.016667)
    #expect(driver.sceneTime(forFrameTime: start + 33_333) == 0.033333)
    // A 2 s stall counts as 0.25 s; the rest is dropped, and later frames follow on.
    #expect(driver.sceneTime(forFrameTime: start + 2_033_333) == 0.283333)
    #expect(driver.droppedMicroseconds == 1_750_000)
    #expect(driver.sceneTime(forFrameTime: start + 2_050_000) == 0.3)
    // A frame time that goes backwards is no time.
    #expect(driver.sceneTime(forFrameTime: start + 2_040_000) == 0.3)
    #expect(driver.frames == 6)
  }

  /// Whether there is a display to open a window on (CI runs this suite under `xvfb-run`).
  static var hasDisplay: Bool { getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil }

  @Test(
    "A windowed run advances the scene's clock by the frame clock's time, tick by tick",
    .enabled(if: hasDisplay, "needs a display: run under xvfb-run"))
  func windowedRunFollowsTheFrameClock() throws {
    let list = CardList()
    let report = try #require(WindowRun.run(list, frames: 30))
    #expect(report.frames == 30)
    #expect(report.lastFrameTime > report.firstFrameTime)
    // The scene clock is the frame clock's elapsed time, less any stall the driver capped.
    let expected =
      Double(report.lastFrameTime - report.firstFrameTime - report.droppedMicroseconds) / 1e6
    #expect(report.sceneTime == expected)
    #expect(list.scene.clock.now == expected)
    #expect(report.sceneTime > 0)
  }
}
