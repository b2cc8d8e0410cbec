import Dance
import SceneSupport
import TestSupport
import Testing

/// SwiftUI's keyframe rules at the joins, explicit velocities, and `KeyframeTimeline` as a
/// pure value that matches what a timeline shows. The expected values are the cubic
/// Hermite's closed form: p(u) = h00·p0 + h10·d·v0 + h01·p1 + h11·d·v1 with h00 = 2u³ − 3u² + 1,
/// h10 = u³ − 2u² + u, h01 = −2u³ + 3u², h11 = u³ − u².
@Suite struct KeyframeRulesTests {
  /// The Hermite from `p0` to `p1` over `d` seconds with end velocities `v0`, `v1`, at u.
  static func hermite(_ p0: Double, _ p1: Double, _ v0: Double, _ v1: Double, d: Double, u: Double)
    -> Double
  {
    let (u2, u3) = (u * u, u * u * u)
    return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * d * v0 + (-2 * u3 + 3 * u2) * p1
      + (u3 - u2) * d * v1
  }

  @Test("A cubic keyframe after a linear one starts with the linear one's slope")
  func cubicAfterLinear() {
    let track = KeyframeTimeline(initialValue: 0.0) {
      LinearKeyframe(100.0, duration: 1)
      CubicKeyframe(400.0, duration: 1)
    }
    // Not the Catmull-Rom (400 − 0) / 2 = 200: the linear slope, 100 per second.
    #expect(track.velocity(time: 1) == 100)
    let expected = Self.hermite(100, 400, 100, 0, d: 1, u: 0.5)
    #expect(expected == 262.5)
    #expect(abs(track.value(time: 1.5) - expected) < 1e-12)
  }

  @Test("A cubic keyframe before a linear one ends with the linear one's start slope")
  func cubicBeforeLinear() {
    let track = KeyframeTimeline(initialValue: 0.0) {
      CubicKeyframe(100.0, duration: 1)
      LinearKeyframe(300.0, duration: 1)
    }
    #expect(abs(track.value(time: 0.5) - Self.hermite(0, 100, 0, 200, d: 1, u: 0.5)) < 1e-12)
    #expect(abs(track.velocity(time: 0.999_999) - 200) < 1e-3)
  }

  @Test("A spring keyframe after a linear one starts with its slope, not from rest")
  func springAfterLinear() {
    let spring = SpringParameters(duration: 0.5, bounce: 0)
    let track = KeyframeTimeline(initialValue: 0.0) {
      LinearKeyframe(100.0, duration: 1)
      SpringKeyframe(100.0, duration: 1, spring: spring)
    }
    #expect(abs(track.velocity(time: 1) - 100) < 1e-9)
    #expect(track.value(time: 1.05) > 100)  // carried past the target it starts at
    // A given start velocity wins.
    let given = KeyframeTimeline(initialValue: 0.0) {
      LinearKeyframe(100.0, duration: 1)
      SpringKeyframe(100.0, duration: 1, spring: spring, startVelocity: -50)
    }
    #expect(abs(given.velocity(time: 1) + 50) < 1e-9 && given.value(time: 1.05) < 100)
  }

  @Test("Given start and end velocities shape a cubic keyframe")
  func explicitVelocities() {
    let track = KeyframeTimeline(initialValue: 0.0) {
      CubicKeyframe(100.0, duration: 2, startVelocity: 50, endVelocity: -20)
    }
    #expect(track.duration == 2)
    #expect(abs(track.value(time: 1) - Self.hermite(0, 100, 50, -20, d: 2, u: 0.5)) < 1e-12)
    #expect(abs(track.velocity(time: 0) - 50) < 1e-12)
    #expect(abs(track.value(progress: 0.25) - track.value(time: 0.5)) == 0)
    #expect(track.value(time: 5) == 100 && track.velocity(time: 5) == 0)
    let (value, errors) = collectingErrors { track.value(time: .nan) }
    #expect(value == 0 && errors.count == 1)
  }

  @Test("KeyframeTimeline gives, bit for bit, what a timeline's keyframe track shows")
  func matchesTimeline() {
    let fixture = SceneFixture.centred
    let (scene, node) = (fixture.scene, fixture.node)
    let spring = SpringParameters(duration: 0.4, bounce: 0.3)
    @KeyframeTrackBuilder<Point> var keyframes: [Keyframe<Point>] {
      LinearKeyframe(Point(x: 50, y: 10), duration: 0.3, curve: .easeIn)
      CubicKeyframe(Point(x: 80, y: 30), duration: 0.4)
      CubicKeyframe(Point(x: 60, y: 60), duration: 0.3, endVelocity: Point(x: 10, y: 0))
      SpringKeyframe(Point(x: 120, y: 0), duration: 0.5, spring: spring)
      MoveKeyframe(Point(x: 0, y: 0))
      LinearKeyframe(Point(x: 20, y: 20), duration: 0.2)
    }
    let track = KeyframeTimeline(initialValue: Point.zero) { keyframes }
    let timeline = Timeline(scene: scene).keyframes(node, \.center) { keyframes }
    #expect(timeline.duration == track.duration)
    for step in 0...100 {
      let time = track.duration * Double(step) / 100
      timeline.seek(to: time)
      // (At the own time the seek reached: time / length × length may round an ulp off.)
      #expect(abs(timeline.time - time) < 1e-15)
      #expect(node.center == track.value(time: timeline.time), "at \(time)")
    }
  }
}
