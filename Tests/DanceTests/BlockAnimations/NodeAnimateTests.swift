import Dance
import SceneSupport
import TestSupport
import Testing

@Suite struct NodeAnimateTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 20, height: 20))
  var scene: Scene { fixture.scene }
  var label: Node { fixture.node }

  init() {
    label.alpha = 0
  }

  @Test("animate(withDuration:animations:) eases in and out; the completion runs once")
  func basic() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 2, animations: { self.label.alpha = 1 }, completion: { results.append($0) })
    scene.clock.advance(by: 0.5)
    #expect(label.alpha == TimingFunction.easeInOut.value(at: 0.25))
    scene.clock.advance(by: 0.5)
    #expect(abs(label.alpha - 0.5) < 1e-12)
    scene.clock.advance(by: 1)
    #expect(label.alpha == 1 && results == [true])
    scene.clock.advance(by: 1)
    #expect(results == [true])
  }

  @Test(
    "Each curve option selects its curve",
    arguments: zip(
      [
        AnimationOptions.curveEaseIn, .curveEaseOut, .curveLinear, .curveEaseInOut,
        [.curveLinear, .beginFromCurrentState, .allowUserInteraction],
      ],
      [TimingFunction.easeIn, .easeOut, .linear, .easeInOut, .linear]))
  func curves(options: AnimationOptions, curve: TimingFunction) {
    Node.animate(
      withDuration: 1, delay: 0, options: options, animations: { self.label.alpha = 1 },
      completion: nil)
    for step in 1...9 {
      scene.clock.advance(to: Double(step) / 10)
      #expect(label.alpha == curve.value(at: Double(step) / 10))
    }
  }

  @Test("A delay waits on the clock before the animation starts")
  func delay() {
    Node.animate(
      withDuration: 1, delay: 2, options: .curveLinear, animations: { self.label.alpha = 1 },
      completion: nil)
    scene.clock.advance(by: 1.9)
    #expect(label.alpha == 0)
    scene.clock.advance(by: 0.6)
    #expect(label.alpha == 0.5)
  }

  @Test("repeat + autoreverse stays exact over many cycles and big steps")
  func repeatAutoreverse() {
    func run(_ stepping: Stepping) -> [Double] {
      let fresh = SceneFixture(frame: .zero)
      let (scene, node) = (fresh.scene, fresh.node)
      node.alpha = 0
      Node.animate(
        withDuration: 0.4, delay: 0, options: [.curveLinear, .repeat, .autoreverse],
        animations: { node.alpha = 1 }, completion: nil)
      var samples: [Double] = []
      for checkpoint in [0.1, 0.5, 10.3, 100.02] {
        stepping.advance(scene.clock, to: checkpoint)
        samples.append(node.alpha)
      }
      return samples
    }
    let reference = run(.oneStep)
    // 0.1 → 0.25 up; 0.5 → 0.25 back down (0.4 up, 0.1 down); 10.3 = 12 × 0.8 + 0.7 → down,
    // 0.1 from the bottom; 100.02 = 125 × 0.8 + 0.02 → up, 0.05.
    let expected = [0.25, 0.75, 0.25, 0.05]
    for (value, wanted) in zip(reference, expected) {
      #expect(abs(value - wanted) < 1e-9)
    }
    for stepping in Stepping.allCases {
      #expect(run(stepping) == reference, "\(stepping)")
    }
  }

  @Test(
    "repeat without autoreverse jumps back to the start each cycle; completion only on interruption"
  )
  func repeatOnly() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 1, delay: 0, options: [.curveLinear, .repeat],
      animations: { self.label.alpha = 1 }, completion: { results.append($0) })
    scene.clock.advance(by: 2.25)
    #expect(label.alpha == 0.25)
    scene.clock.advance(by: 100)
    #expect(results.isEmpty)
    label.alpha = 0.5  // another writer takes the property
    #expect(results == [false])
  }

  @Test("autoreverse alone ends back at the start values, finished")
  func autoreverseOnce() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 1, delay: 0, options: [.curveLinear, .autoreverse],
      animations: { self.label.alpha = 1 }, completion: { results.append($0) })
    scene.clock.advance(by: 1.5)
    #expect(label.alpha == 0.5)
    scene.clock.advance(by: 0.5)
    #expect(label.alpha == 0 && results == [true])
  }

  @Test("Nested blocks inherit the outer duration and curve unless told otherwise")
  func nesting() {
    let other = Node()
    let third = Node()
    scene.root.addChild(other)
    scene.root.addChild(third)
    Node.animate(
      withDuration: 2, delay: 0, options: .curveLinear,
      animations: {
        self.label.alpha = 1
        Node.animate(
          withDuration: 10, delay: 0, options: .curveEaseIn,
          animations: { other.center = Point(x: 100, y: 0) }, completion: nil)
        Node.animate(
          withDuration: 4, delay: 0,
          options: [.curveEaseIn, .overrideInheritedDuration, .overrideInheritedCurve],
          animations: { third.center = Point(x: 100, y: 0) }, completion: nil)
      }, completion: nil)
    scene.clock.advance(by: 1)
    #expect(label.alpha == 0.5)
    #expect(other.center.x == 50)  // 2 s and linear, inherited
    #expect(third.center.x == 100 * TimingFunction.easeIn.value(at: 0.25))
  }

  // A node's `node.dance` animator is reused for its next animation; one made with a
  // spring's timing keeps it apart (`AnimatorExtras`), which a reuse with a curve must drop.
  @Test("A node.dance animation's nested blocks inherit its curve after a spring on the node")
  func nestingAfterReuse() {
    let other = Node()
    scene.root.addChild(other)
    label.dance.animate(duration: 1, dampingRatio: 0.5) { $0.alpha = 1 }.start()
    scene.clock.advance(by: 0.25)
    label.dance.finish(at: .end)
    label.dance.animate(duration: 2, curve: .linear) { _ in
      Node.animate(withDuration: 9, animations: { other.center = Point(x: 100, y: 0) })
    }.start()
    scene.clock.advance(by: 1)
    #expect(other.center.x == 50)  // 2 s and linear, inherited; not the earlier spring
    scene.clock.advance(by: 1)
    #expect(other.center.x == 100 && !label.dance.hasAnimation)
    // And back to a spring: the reused animator takes the spring again, as a fresh one does.
    let third = Node()
    scene.root.addChild(third)
    third.center = other.center
    label.dance.animate(duration: 2, dampingRatio: 1) { _ in
      Node.animate(withDuration: 9, animations: { other.center = Point(x: 0, y: 0) })
    }.start()
    PropertyAnimator(duration: 2, dampingRatio: 1) { third.center = Point(x: 0, y: 0) }
      .startAnimation()
    scene.clock.advance(by: 1)
    #expect(other.center.x > 0 && other.center.x < 50)  // a spring, past linear's halfway
    #expect(other.center == third.center)
  }

  @Test("Spring animations settle in their duration and start at the given velocity")
  func spring() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 3,
      options: [], animations: { self.label.center = Point(x: 110, y: 10) },
      completion: { results.append($0) })
    let h = 1e-7
    scene.clock.advance(by: h)
    // 3 distances of 100 per second at the start.
    #expect(abs((label.center.x - 10) / h - 300) < 0.01)
    scene.clock.advance(to: 1 - 1e-9)
    #expect(abs(label.center.x - 110) <= 0.1 + 1e-9)
    scene.clock.advance(to: 1)
    #expect(label.center.x == 110 && results == [true])
  }

  @Test("A duration ≤ 0 applies the values at once and completes on the next advance")
  func zeroDuration() {
    var results: [Bool] = []
    let (_, errors) = collectingErrors {
      Node.animate(
        withDuration: 0, animations: { self.label.alpha = 0.5 },
        completion: { results.append($0) })
      Node.animate(
        withDuration: -1, animations: { self.label.center = .zero },
        completion: { results.append($0) })
    }
    #expect(errors.count == 1)  // the negative duration
    #expect(label.alpha == 0.5 && label.center == .zero && results.isEmpty)
    scene.clock.advance(by: 0)
    #expect(results == [true, true])
  }

  @Test("Removing the node interrupts: the completion gets false")
  func interruption() {
    var results: [Bool] = []
    Node.animate(
      withDuration: 1, animations: { self.label.alpha = 1 }, completion: { results.append($0) })
    scene.clock.advance(by: 0.5)
    label.removeFromParent()
    #expect(results == [false])
    scene.clock.advance(by: 1)
    #expect(results == [false])
  }

  @Test("performWithoutAnimation applies changes at once inside a block")
  func withoutAnimation() {
    Node.animate(withDuration: 1) {
      self.label.alpha = 1
      Node.performWithoutAnimation { self.label.center = Point(x: 3, y: 4) }
    }
    #expect(label.center == Point(x: 3, y: 4) && label.alpha == 0)
  }
}

/// `Node.modifyAnimations(withRepeatCount:autoreverses:animations:)`.
@Suite struct ModifyAnimationsTests {
  let fixture = SceneFixture(frame: Rect(x: 0, y: 0, width: 10, height: 10))
  var scene: Scene { fixture.scene }
  var node: Node { fixture.node }

  @Test("A finite count plays the block's changes again; the completion waits for all plays")
  func repeatCount() {
    let node = node
    var finished: [Bool] = []
    Node.animate(
      withDuration: 1, delay: 0, options: [.curveLinear],
      animations: {
        Node.modifyAnimations(withRepeatCount: 2, autoreverses: false) { node.alpha = 0 }
        node.center = Point(x: 100, y: 0)
      }, completion: { finished.append($0) })
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0.5 && node.center.x == 52.5)
    scene.clock.advance(by: 1)  // the second play, half-way; the move is done
    #expect(node.alpha == 0.5 && node.center.x == 100 && finished.isEmpty)
    scene.clock.advance(by: 0.5)
    #expect(node.alpha == 0 && finished == [true])
  }

  @Test("Timeline's counting: 1.5 autoreversing plays end at the end values")
  func fractionalAutoreversing() {
    let node = node
    var finished: [Bool] = []
    Node.animate(
      withDuration: 1, delay: 0, options: [.curveLinear],
      animations: {
        Node.modifyAnimations(withRepeatCount: 1.5, autoreverses: true) { node.alpha = 0 }
      }, completion: { finished.append($0) })
    var alphas: [Double] = []
    for time in [0.5, 1.5, 2.5] {
      scene.clock.advance(to: time)
      alphas.append(node.alpha)
    }
    #expect(alphas == [0.5, 0.5, 0.5])
    scene.clock.advance(to: 3)
    #expect(node.alpha == 0 && finished == [true])
  }

  @Test("Outside a block, or with a bad count, it reports an error and still works")
  func badUse() {
    let node = node
    let (_, outside) = collectingErrors {
      Node.modifyAnimations(withRepeatCount: 2, autoreverses: true) { node.alpha = 0.3 }
    }
    #expect(outside.count == 1 && node.alpha == 0.3)
    let (_, counts) = collectingErrors {
      Node.animate(withDuration: 1) {
        Node.modifyAnimations(withRepeatCount: .nan, autoreverses: false) { node.alpha = 1 }
        Node.modifyAnimations(withRepeatCount: .infinity, autoreverses: false) {
          node.center = Point(x: 10, y: 10)
        }
      }
    }
    #expect(counts.count == 2)
    scene.clock.advance(by: 1)
    #expect(node.alpha == 1 && node.center == Point(x: 10, y: 10))
  }
}
