// Code as users write it from habit. Each line is something a UIKit, Dance or Advance user
// types without looking anything up; it must compile in Swift 6 mode without warnings.
import Dance

let scene = Scene()
let card = Node(frame: Rect(x: 0, y: 0, width: 80, height: 120))
scene.root.addChild(card)

// UIKit: the completion is optional everywhere, and so are the options.
Node.animate(withDuration: 0.3) { card.alpha = 0.5 }
Node.animate(withDuration: 0.3, animations: { card.alpha = 0.6 })
Node.animate(
  withDuration: 0.3, delay: 0.1, options: [.curveEaseOut], animations: { card.alpha = 0.7 })
Node.animate(withDuration: 0.3, delay: 0, animations: { card.alpha = 0.8 })
Node.animate(
  withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
  animations: { card.center = Point(x: 200, y: 100) })
Node.animateKeyframes(
  withDuration: 1, delay: 0,
  animations: {
    Node.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { card.alpha = 0.2 }
  })
let running = PropertyAnimator.runningPropertyAnimator(
  withDuration: 0.4, delay: 0, options: [.curveEaseInOut],
  animations: { card.backgroundColor = .blue })
let tilt = Transform.identity.rotated(by: .pi / 8).scaledBy(x: 1.2, y: 1.2)
  .translatedBy(x: 4, y: 0)
card.transform = tilt.concatenating(Transform(translationX: 1, y: 1)).inverted()
print("identity:", card.transform.isIdentity)

// Dance: scrub with a slider's Float; tag an animation.
card.dance.animate(duration: 1, curve: .easeInOut) { $0.center = Point(x: 10, y: 10) }
let slider: Float = 0.25
card.dance.setProgress(to: slider)
card.dance.tag = 42

// Advance: the curve by its Advance name, Advance 2's vector names, the solver's name.
let value = Animator(initialValue: 0.0, clock: scene.clock)
value.animate(to: 1, duration: 0.5, timingFunction: .easeInEaseOut)
let position = Animator(initialValue: Vector2.zero, clock: scene.clock)
position.animate(to: Vector2(3, 4), duration: 0.5)
print("eased:", TimingFunction.easeInOut.solve(at: 0.5, epsilon: 1e-3))

// UIKit blends retargets: the same, opted in; and the model value of a property.
let nudge = PropertyAnimator(duration: 0.3, dampingRatio: 1) { card.center.x += 40 }
nudge.composition = .additive
nudge.startAnimation()
Node.animate(withDuration: 0.3, delay: 0, options: [.additive, .curveEaseIn]) {
  card.center.y += 10
}
print("heading to:", card.targetValue(of: \.center))

// Errors, caught without locks.
let errors = DanceError.collecting { scene.clock.advance(by: -1) }
print("caught:", errors.map(\.kind))

scene.clock.advance(by: 1)
print("running animator state:", running.state, "alpha:", card.alpha)
