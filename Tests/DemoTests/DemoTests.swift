import Dance
import Foundation
import TestSupport
import Testing

@testable import dance_demo

@Suite struct DemoTests {
  @Test("The showcase plays its whole script and the chain ends back at its start")
  func showcase() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    #expect(recording.frames.count == 391)
    // Reversed at 3.30 s from 0.2 + 0.8 / 2.4 of its way, the chain is back at its start
    // 0.5333… × 2.4 s = 1.28 s later; its completion is logged at that clock time.
    #expect(showcase.log.contains("4.58 s  chain: completion at .start"))
    // Every scripted call was made, in time order.
    let calls = showcase.log.filter {
      !$0.contains(": completion at .") && !$0.hasSuffix("its end")
    }
    #expect(calls.count == 21)
    #expect(calls.first?.hasPrefix("0.00 s") == true && calls.last?.hasPrefix("5.50 s") == true)
    // The chain is back where it began; the puck is home; nothing is NaN.
    #expect(showcase.chain.center == Point(x: 78, y: 78))
    #expect(abs(showcase.puck.center.x - 562) < 1 && abs(showcase.puck.center.y - 292) < 1)
    for frame in recording.frames {
      for node in frame {
        #expect(node.center.x.isFinite && node.center.y.isFinite && node.alpha.isFinite)
      }
    }
  }

  @Test(
    "The glider is where the eased distance along its road is, faces along it, and turns smoothly round the corner"
  )
  func glider() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let index = showcase.nodes.firstIndex { $0 === showcase.glider }!
    let road = showcase.road
    // The last leg, (540, 610) to (604, 628), leaves the second bend at an angle.
    let lastLeg = hypot(64.0, 18)
    let corner = road.length - lastLeg
    var largestTurn = 0.0
    var checked = 0
    // The move runs from frame 42 (0.7 s) for 4.8 s on ease-in-out.
    for frame in 43...329 {
      let glider = recording.frames[frame][index]
      let previous = recording.frames[frame - 1][index]
      let progress = TimingFunction.easeInOut.value(at: Double(frame - 42) / 60 / 4.8)
      let distance = progress * road.length
      let expected = road.point(atDistance: distance)
      #expect(
        hypot(glider.center.x - expected.x, glider.center.y - expected.y) < 1e-6,
        "frame \(frame): \(glider.center) vs \(expected)")
      // Away from the corner it faces exactly along the road; round it, it turns the short
      // way over a quarter of the last leg on each side.
      if abs(distance - corner) > lastLeg / 4 {
        let tangent = road.tangent(atDistance: distance)
        #expect(abs(glider.angle - atan2(tangent.dy, tangent.dx)) < 1e-6, "frame \(frame)")
        checked += 1
      }
      largestTurn = max(largestTurn, abs(glider.angle - previous.angle))
    }
    #expect(checked > 250)
    // The corner is a turn of about 61°; turned at once it would be a step of over 1 rad.
    #expect(largestTurn < 0.12, "largest turn in a frame: \(largestTurn)")
    #expect(showcase.glider.center == Point(x: 604, y: 628))
    #expect(abs(showcase.glider.transform.vector[2] - atan2(18, 64)) < 1e-12)
    #expect(showcase.log.contains("5.50 s  glider: completion at .end"))
  }

  @Test(
    "The shelf's layout transitions start where the cards are drawn and land on the new layout; the hero opens and closes"
  )
  func layoutBand() {
    let showcase = Showcase()
    func corners(_ node: Node) -> [Point] {
      let box = node.bounds
      let toScene = node.transformToScene
      let points = [
        Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
        Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
      ]
      return points.map { $0.applying(toScene) }
    }
    func close(_ a: [Point], _ b: [Point]) -> Bool {
      zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }
    let card = showcase.shelfCards[3]
    showcase.play(to: 1.3 - 1.0 / 60)
    let onShelf = corners(card)
    showcase.play(to: 1.3)
    // Moved into the turned tray by the call at 1.3 s, and drawn exactly where it was.
    #expect(card.parent === showcase.tray)
    #expect(close(corners(card), onShelf), "\(corners(card)) vs \(onShelf)")
    showcase.play(to: 2.2)
    // On the tray's slot, turned with it; the other three reversed on the shelf.
    let slot = [
      Point(x: 38, y: 10), Point(x: 82, y: 10), Point(x: 82, y: 54), Point(x: 38, y: 54),
    ].map { $0.applying(showcase.tray.transformToScene) }
    #expect(close(corners(card), slot), "\(corners(card)) vs \(slot)")
    #expect(showcase.shelfCards[0].frame == Rect(x: 150, y: 10, width: 44, height: 44))
    // The hero: the detail starts on the thumbnail, opens, and closes again.
    showcase.play(to: 3.6)
    #expect(close(corners(showcase.detail), corners(showcase.thumbnail)))
    showcase.play(to: 4.3)
    #expect(!showcase.detail.isHidden && showcase.thumbnail.isHidden)
    #expect(showcase.detail.frame == Rect(x: 498, y: 692, width: 124, height: 84))
    showcase.play(to: Showcase.duration)
    #expect(showcase.detail.isHidden && !showcase.thumbnail.isHidden)
    #expect(showcase.thumbnail.frame == Rect(x: 506, y: 712, width: 40, height: 40))
    // Back on the shelf in order, on the spring of the call at 3 s.
    #expect(card.parent === showcase.shelf)
    for (index, card) in showcase.shelfCards.enumerated() {
      #expect(card.frame == Rect(x: 10 + 70 * Double(index), y: 10, width: 44, height: 44))
    }
  }

  @Test("The follower never jumps while its marker does, and ends on the marker")
  func follower() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let follower = showcase.nodes.firstIndex { $0 === showcase.follower }!
    let marker = showcase.nodes.firstIndex { $0 === showcase.marker }!
    func largestStep(_ index: Int) -> Double {
      zip(recording.frames, recording.frames.dropFirst()).map { frame, next in
        let (dx, dy) = (
          next[index].center.x - frame[index].center.x, next[index].center.y - frame[index].center.y
        )
        return (dx * dx + dy * dy).squareRoot()
      }.max() ?? 0
    }
    // The marker jumps up to ~130 units at once; the follower at most ~17 a frame.
    #expect(largestStep(marker) > 80)
    #expect(largestStep(follower) < 25)
    #expect(showcase.follower.center == showcase.marker.center)
  }

  @Test("The timeline deals every card to its place, and the chart draws it from the Timeline")
  func timeline() {
    let showcase = Showcase()
    _ = Recording(showcase)
    #expect(showcase.log.contains { $0.hasSuffix(" s  timeline: callback at its end") })
    for (index, card) in showcase.cards.enumerated() {
      #expect(card.center == Point(x: 130 + 64 * Double(index), y: 505))
      #expect(card.backgroundColor == Color(red: 0.55, green: 0.3, blue: 0.95))
    }
    // The badge pulsed an odd number of autoreversing halves: 3 plays end back at rest.
    #expect(showcase.badge.transform == .identity)
    #expect(showcase.deal.duration.isApproximatelyEqual(to: 2.6, absoluteTolerance: 1e-12))
    let svg = TimelineChart(timeline: showcase.deal, playhead: 1.5).render()
    // A bar per child (12 cards' moves, the nested timeline, its child) plus its 3 plays.
    #expect(svg.components(separatedBy: "<rect x=").count - 1 == 14 + 3)
    #expect(svg.contains(">reveal<") && svg.contains("playhead 1.50 s"))
    #expect(svg.contains("timeline ×3 at 2×, autoreverses"))
  }

  @Test("The showcase SVG animates every node with values sampled from the engine")
  func showcaseSVG() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let svg = ShowcaseSVG(recording: recording, showcase: showcase).render()
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.hasSuffix("</svg>\n"))
    // The chain's first animated translate starts where the node started.
    #expect(svg.contains("type=\"translate\" values=\"78.00 78.00;"))
    #expect(svg.components(separatedBy: "<animateTransform").count > 5)
    #expect(svg.contains("dur=\"6.50s\""))
  }

  @Test("The curves plot has a line per series and labelled axes")
  func curves() {
    let plot = CurvesPlot()
    let svg = plot.render()
    let series = plot.panels.map(\.series.count).reduce(0, +)
    #expect(series == 6 + 4 + 3 + 4 + 4)
    #expect(svg.components(separatedBy: "<polyline").count - 1 == series)
    for label in ["progress", "time (s)", "eased progress", "distance", "swiftOut", "ζ = 0.2"] {
      #expect(svg.contains(label))
    }
    // The ease-in-out line passes through (0.5, 0.5) of the first panel.
    let easeInOut = plot.panels[0].series[3].points[100]
    #expect(easeInOut.x == 0.5 && abs(easeInOut.y - 0.5) < 1e-12)
  }

  @Test("The retarget plot: additive easeInOut keeps its velocity at retargets, replace does not")
  func retargetPlot() {
    /// The largest change of velocity between neighbouring samples (5 ms apart).
    func largestStep(_ points: [SIMD2<Double>]) -> Double {
      zip(points, points.dropFirst()).map { abs($1.y - $0.y) }.max() ?? 0
    }
    let replace = CurvesPlot.retargetMotion(spring: false, composition: .replace)
    let additive = CurvesPlot.retargetMotion(spring: false, composition: .additive)
    // Replacing an ease-in-out restarts from rest: the velocity drops by a hundred and more
    // within a sample (the central difference spreads the drop over two).
    #expect(largestStep(replace.velocity) > 100)
    #expect(largestStep(additive.velocity) < 40, "\(largestStep(additive.velocity))")
    // Both end on the last target.
    #expect(replace.position.last?.y == 120 && additive.position.last?.y == 120)
  }

  @Test("The terminal frame draws the scene with colors and a status line")
  func terminalFrame() {
    let showcase = Showcase()
    let screen = LiveTerminal.frame(showcase, status: "status here")
    #expect(screen.contains("\u{1B}[48;2;255;128;0m"))  // the orange chain card
    #expect(screen.hasSuffix("status here"))
    // A standard 80 × 24 terminal: 22 lines of picture, the keys and the status, none wider
    // than 80 characters once the color codes are taken out; the lane labels are drawn.
    let long = String(repeating: "x", count: 200)
    let small = LiveTerminal.frame(showcase, status: long, columns: 80, rows: 24)
    let lines = small.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.map(\.count))")
    #expect(lines.contains { $0.contains("keyframes, cubic path") })
    #expect(lines[22].contains("q quit"))
  }

  @Test("Every node of the showcase stays on the canvas, in every frame")
  func staysOnCanvas() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let roots = showcase.scene.root.children
    let indices = roots.compactMap { root in showcase.nodes.firstIndex { $0 === root } }
    for (frameIndex, frame) in recording.frames.enumerated() {
      for index in indices {
        let node = frame[index]
        let half = SIMD2(node.bounds.width, node.bounds.height) / 2
        #expect(
          node.center.x - half.x >= 0 && node.center.x + half.x <= Showcase.width
            && node.center.y - half.y >= 0 && node.center.y + half.y <= Showcase.height,
          "node \(index) at frame \(frameIndex): \(node.center)")
      }
    }
  }

  @Test("Something moves in every half second of the showcase")
  func alwaysMoving() {
    let recording = Recording(Showcase())
    let perHalfSecond = 30
    for start in stride(from: 0, to: recording.frames.count - perHalfSecond, by: perHalfSecond) {
      let moved = (start..<start + perHalfSecond).contains {
        recording.frames[$0] != recording.frames[$0 + 1]
      }
      #expect(moved, "nothing moves from \(Double(start) / 60) s")
    }
  }

  @Test("The player seeks back and forth to exactly what playing shows")
  func playerSeeks() {
    let played = ShowPlayer()
    for _ in 0..<150 { played.advance(by: 1.0 / 60) }
    let player = ShowPlayer()
    player.seek(to: 4)
    player.seek(to: 1)  // back: a fresh show played to 1 s
    player.seek(to: 2.5)
    #expect(player.time == 2.5 && abs(played.time - 2.5) < 1e-12)
    played.seek(to: 2.5)
    #expect(
      player.showcase.nodes.map { NodeSnapshot($0) }
        == played.showcase.nodes.map { NodeSnapshot($0) })
  }

  @Test("The player's keys: pause, reverse to the start, replay, scrub within the show")
  func playerKeys() {
    let player = ShowPlayer()
    player.advance(by: 2)
    player.playPause()
    player.advance(by: 1)
    #expect(player.time == 2 && player.status.contains("paused"))
    player.reverse()
    player.advance(by: 5)
    #expect(player.time == 0 && !player.isPlaying)
    player.replay()
    #expect(player.isPlaying && !player.isReversed && player.time == 0)
    player.scrub(by: -1)
    #expect(player.time == 0 && !player.isPlaying)
    player.scrub(by: 100)
    #expect(player.time == Showcase.duration)
    player.playPause()  // at the end: from the start again
    #expect(player.isPlaying && player.time == 0)
    #expect(
      LiveTerminal.keys(in: Array(" r0q".utf8) + [0x1B, 0x5B, 0x43, 3])
        == [.playPause, .reverse, .replay, .quit, .scrub(0.25), .quit])
    #expect(
      LiveTerminal.keys(in: Array("tp[]".utf8)) == [
        .reverseTimeline, .restartTimeline, .seekTimeline(-0.25), .seekTimeline(0.25),
      ])
  }

  @Test("p replays the showcase's timeline from its start, forward, from any state")
  func replayTimelineKey() {
    let player = ShowPlayer()
    let deal = player.showcase.deal!
    player.advance(by: Showcase.duration)  // the show, and with it the timeline, has ended
    #expect(deal.state == .inactive)
    player.reverseTimeline()  // it plays from its end back
    #expect(deal.isReversed && deal.isRunning)
    player.restartTimeline()
    #expect(deal.time == 0 && deal.isRunning && !deal.isReversed)
  }

  @Test("The moving drawings of the showcase never cover one another or a label")
  func nothingOverlaps() {
    let showcase = Showcase()
    let recording = Recording(showcase)
    let nodes = showcase.nodes
    let movers = [showcase.chain, showcase.ball, showcase.walker, showcase.puck, showcase.glider]
    let indices = movers.map { mover in nodes.firstIndex { $0 === mover }! }
    // A label's box: its baseline at `at.y`, 12 px type (9 px above, 3 below), at most 7 px
    // a character.
    let labels = showcase.labels.map { label in
      Rect(x: label.at.x, y: label.at.y - 9, width: 7 * Double(label.text.count), height: 12)
    }
    /// The box that holds the node as drawn: its bounds scaled and rotated about its centre.
    func box(_ snapshot: NodeSnapshot) -> Rect {
      let halfWidth = snapshot.bounds.size.width / 2 * abs(snapshot.scale.x)
      let halfHeight = snapshot.bounds.size.height / 2 * abs(snapshot.scale.y)
      let (c, s) = (abs(cos(snapshot.angle)), abs(sin(snapshot.angle)))
      let (x, y) = (c * halfWidth + s * halfHeight, s * halfWidth + c * halfHeight)
      return Rect(x: snapshot.center.x - x, y: snapshot.center.y - y, width: 2 * x, height: 2 * y)
    }
    func overlap(_ a: Rect, _ b: Rect) -> Bool {
      a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
    var problems: [String] = []
    for (frame, snapshots) in recording.frames.enumerated() {
      let boxes = indices.map { box(snapshots[$0]) }
      for i in boxes.indices {
        for j in boxes.indices where j > i && overlap(boxes[i], boxes[j]) {
          problems.append("frame \(frame): mover \(i) covers mover \(j)")
        }
        for (k, label) in labels.enumerated() where overlap(boxes[i], label) {
          problems.append("frame \(frame): mover \(i) covers label \(k)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(12))")
  }
}
