import Dance
import SceneSupport
import TestSupport
import Testing

@Suite struct KeyframeTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 20, height: 20))
  var scene: Scene { fixture.scene }
  var label: Node { fixture.node }

  func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  @Test("The UIKit book's example: to the middle over 60 %, then to a random corner")
  func bookExample() {
    var generator = SplitMix64(seed: 2024)
    let middle = Point(x: 160, y: 240)
    let corners = [
      Point(x: 0, y: 0), Point(x: 320, y: 0), Point(x: 0, y: 480), Point(x: 320, y: 480),
    ]
    let corner = corners.randomElement(using: &generator)!
    let start = label.center
    var results: [Bool] = []
    Node.animateKeyframes(
      withDuration: 5, delay: 0, options: [],
      animations: {
        Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.6) {
          self.label.center = middle
        }
        Node.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.4) {
          self.label.center = corner
        }
      }, completion: { results.append($0) })
    scene.clock.advance(to: 1.5)  // 30 %: halfway to the middle
    #expect(label.center == Point(x: (start.x + middle.x) / 2, y: (start.y + middle.y) / 2))
    scene.clock.advance(to: 3)  // 60 %: at the middle
    #expect(label.center == middle)
    scene.clock.advance(to: 4)  // 80 %: halfway to the corner
    #expect(
      distance(label.center, Point(x: (middle.x + corner.x) / 2, y: (middle.y + corner.y) / 2))
        < 1e-9)
    scene.clock.advance(to: 5)
    #expect(label.center == corner && results == [true])
  }

  func run(_ options: KeyframeAnimationOptions) {
    label.center = Point(x: 0, y: 0)
    Node.animateKeyframes(
      withDuration: 1, delay: 0, options: options,
      animations: {
        Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          self.label.center = Point(x: 100, y: 0)
        }
        Node.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
          self.label.center = Point(x: 100, y: 300)
        }
      }, completion: nil)
  }

  @Test("Linear: each keyframe runs linearly in its own slice, then holds")
  func linear() {
    run([])
    scene.clock.advance(to: 0.25)
    #expect(label.center == Point(x: 50, y: 0))
    scene.clock.advance(to: 0.625)
    #expect(label.center == Point(x: 100, y: 150))
    scene.clock.advance(to: 0.9)
    #expect(label.center == Point(x: 100, y: 300))
  }

  @Test("Discrete: each value is taken at the end of its slice")
  func discrete() {
    run(.calculationModeDiscrete)
    scene.clock.advance(to: 0.49)
    #expect(label.center == Point(x: 0, y: 0))
    scene.clock.advance(to: 0.5)
    #expect(label.center == Point(x: 100, y: 0))
    scene.clock.advance(to: 0.74)
    #expect(label.center == Point(x: 100, y: 0))
    scene.clock.advance(to: 0.75)
    #expect(label.center == Point(x: 100, y: 300))
  }

  @Test("Paced: constant speed over the whole duration; slices ignored")
  func paced() {
    run(.calculationModePaced)
    // Path length 100 + 300 = 400, covered in 1 s: 25 % is x = 100, 62.5 % is y = 150.
    scene.clock.advance(to: 0.125)
    #expect(abs(label.center.x - 50) < 1e-9 && label.center.y == 0)
    scene.clock.advance(to: 0.625)
    #expect(abs(label.center.x - 100) < 1e-9 && abs(label.center.y - 150) < 1e-9)
    scene.clock.advance(to: 1)
    #expect(label.center == Point(x: 100, y: 300))
  }

  @Test("Cubic: a Catmull-Rom curve through the values, in the keyframes' slices")
  func cubic() {
    run(.calculationModeCubic)
    scene.clock.advance(to: 0.5)
    #expect(label.center == Point(x: 100, y: 0))
    // Midpoint of the first segment with P0 = P1 = (0, 0), P2 = (100, 0), P3 = (100, 300):
    // (−P0 + 9·P1 + 9·P2 − P3) / 16.
    let other = SceneFixture(frame: .zero)
    let (fresh, node) = (other.scene, other.node)
    Node.animateKeyframes(
      withDuration: 1, delay: 0, options: .calculationModeCubic,
      animations: {
        Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
          node.center = Point(x: 100, y: 0)
        }
        Node.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
          node.center = Point(x: 100, y: 300)
        }
      }, completion: nil)
    fresh.clock.advance(to: 0.25)
    #expect(distance(node.center, Point(x: (900 - 100) / 16, y: -300 / 16)) < 1e-9)
    fresh.clock.advance(to: 1)
    #expect(node.center == Point(x: 100, y: 300))
  }

  @Test("Cubic paced: the curve at constant speed")
  func cubicPaced() {
    run(.calculationModeCubicPaced)
    var previous = label.center
    var steps: [Double] = []
    for step in 1...200 {
      scene.clock.advance(to: Double(step) / 200)
      steps.append(distance(label.center, previous))
      previous = label.center
    }
    let mean = steps.reduce(0, +) / Double(steps.count)
    // Chords of short steps approximate the arc: every step covers the same length to 1 %.
    #expect(steps.allSatisfy { abs($0 - mean) < 0.01 * mean }, "\(steps)")
    #expect(label.center == Point(x: 100, y: 300))
  }

  @Test("Keyframe boundaries crossed in one big step land exactly where small steps do")
  func bigSteps() {
    func run(_ stepping: Stepping) -> [Point] {
      let fresh = SceneFixture(frame: .zero)
      let (scene, node) = (fresh.scene, fresh.node)
      Node.animateKeyframes(
        withDuration: 10, delay: 0, options: [.repeat, .calculationModeCubic],
        animations: {
          for index in 0..<5 {
            Node.addKeyframe(withRelativeStartTime: Double(index) / 5, relativeDuration: 0.2) {
              node.center = Point(x: Double(index * 37 % 11), y: Double(index * index))
            }
          }
        }, completion: nil)
      var samples: [Point] = []
      for checkpoint in [3.3, 10, 27.77] {
        stepping.advance(scene.clock, to: checkpoint)
        samples.append(node.center)
      }
      return samples
    }
    let reference = run(.oneStep)
    for stepping in Stepping.allCases {
      #expect(run(stepping) == reference, "\(stepping)")
    }
  }

  @Test("addKeyframe outside animateKeyframes applies at once and reports an error")
  func strayKeyframe() {
    let (_, errors) = collectingErrors {
      Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { self.label.alpha = 0.3 }
      Node.animateKeyframes(
        withDuration: 1, delay: 0, options: [],
        animations: {
          Node.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 2) {
            self.label.center = Point(x: 30, y: 10)
          }
        }, completion: nil)
    }
    #expect(label.alpha == 0.3)
    #expect(errors.count == 3)
    scene.clock.advance(to: 0.5)
    #expect(label.center == Point(x: 20, y: 10))
  }
}
