import Dance
import SceneSupport
import TestSupport
import Testing

/// Every cell of the state table: a linear one-second animator of `alpha` from 1 to 0 is
/// put in each state at fraction 0.25 (alpha 0.75; an inactive one is at alpha 1), then sent
/// each call. Each row gives the state, alpha and completions right after the call, and
/// again after a further 0.25 s of clock time.
@Suite struct StateTableTests {
  enum Start: String, CustomStringConvertible, CaseIterable, Sendable {
    case inactive, running, paused, stopped
    var description: String { rawValue }
  }

  enum Call: CustomStringConvertible, Sendable {
    case start, startAfterDelay, pause, stopWithoutFinishing, stopFinishing
    case finish(AnimatingPosition)
    case continueAnimation, scrub, reverse, addAnimations, wait

    var description: String {
      switch self {
      case .start: "startAnimation()"
      case .startAfterDelay: "startAnimation(afterDelay: 0.5)"
      case .pause: "pauseAnimation()"
      case .stopWithoutFinishing: "stopAnimation(true)"
      case .stopFinishing: "stopAnimation(false)"
      case .finish(let position): "finishAnimation(at: .\(position))"
      case .continueAnimation: "continueAnimation(nil, 1)"
      case .scrub: "fractionComplete = 0.5"
      case .reverse: "isReversed.toggle()"
      case .addAnimations: "addAnimations"
      case .wait: "advance 2 s"
      }
    }
  }

  enum Phase: Equatable, Sendable {
    case inactive, running, paused, stopped
  }

  struct Row: CustomStringConvertible, Sendable {
    var from: Start
    var call: Call
    var phase: Phase
    var errors: Int
    var alpha: Double
    var completions: [AnimatingPosition]
    var laterPhase: Phase
    var laterAlpha: Double
    var laterCompletions: [AnimatingPosition]

    var description: String { "\(from) + \(call)" }

    init(
      _ from: Start, _ call: Call, _ phase: Phase, errors: Int = 0, alpha: Double,
      _ completions: [AnimatingPosition] = [], then laterPhase: Phase? = nil,
      _ laterAlpha: Double? = nil, _ laterCompletions: [AnimatingPosition]? = nil
    ) {
      self.from = from
      self.call = call
      self.phase = phase
      self.errors = errors
      self.alpha = alpha
      self.completions = completions
      self.laterPhase = laterPhase ?? phase
      self.laterAlpha = laterAlpha ?? alpha
      self.laterCompletions = laterCompletions ?? completions
    }
  }

  static let rows: [Row] = [
    Row(.inactive, .start, .running, alpha: 1, then: .running, 0.75),
    Row(.inactive, .startAfterDelay, .running, alpha: 1),
    Row(.inactive, .pause, .paused, alpha: 1),
    Row(.inactive, .stopFinishing, .inactive, errors: 1, alpha: 1),
    Row(.inactive, .stopWithoutFinishing, .inactive, errors: 1, alpha: 1),
    Row(.inactive, .finish(.end), .inactive, errors: 1, alpha: 1),
    Row(.inactive, .continueAnimation, .inactive, errors: 1, alpha: 1),
    Row(.inactive, .scrub, .paused, alpha: 0.5),
    Row(.inactive, .reverse, .inactive, alpha: 1),
    Row(.inactive, .addAnimations, .inactive, alpha: 1),
    Row(.inactive, .wait, .inactive, alpha: 1),

    Row(.running, .start, .running, alpha: 0.75, then: .running, 0.5),
    Row(.running, .startAfterDelay, .running, errors: 1, alpha: 0.75, then: .running, 0.5),
    Row(.running, .pause, .paused, alpha: 0.75),
    Row(.running, .stopFinishing, .stopped, alpha: 0.75),
    Row(.running, .stopWithoutFinishing, .inactive, alpha: 0.75, [.current]),
    Row(.running, .finish(.end), .running, errors: 1, alpha: 0.75, then: .running, 0.5),
    Row(.running, .continueAnimation, .running, alpha: 0.75, then: .running, 0.5),
    Row(.running, .scrub, .paused, alpha: 0.5),
    Row(.running, .reverse, .running, alpha: 0.75, then: .inactive, 1, [.start]),
    Row(.running, .addAnimations, .running, alpha: 0.75, then: .running, 0.5),
    Row(.running, .wait, .inactive, alpha: 0, [.end]),

    Row(.paused, .start, .running, alpha: 0.75, then: .running, 0.5),
    Row(.paused, .startAfterDelay, .running, alpha: 0.75),
    Row(.paused, .pause, .paused, alpha: 0.75),
    Row(.paused, .stopFinishing, .stopped, alpha: 0.75),
    Row(.paused, .stopWithoutFinishing, .inactive, alpha: 0.75, [.current]),
    Row(.paused, .finish(.end), .paused, errors: 1, alpha: 0.75),
    Row(.paused, .continueAnimation, .running, alpha: 0.75, then: .running, 0.5),
    Row(.paused, .scrub, .paused, alpha: 0.5),
    Row(.paused, .reverse, .paused, alpha: 0.75),
    Row(.paused, .addAnimations, .paused, alpha: 0.75),
    Row(.paused, .wait, .paused, alpha: 0.75),

    Row(.stopped, .start, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .startAfterDelay, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .pause, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .stopFinishing, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .stopWithoutFinishing, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .finish(.end), .inactive, alpha: 0, [.end]),
    Row(.stopped, .finish(.start), .inactive, alpha: 1, [.start]),
    Row(.stopped, .finish(.current), .inactive, alpha: 0.75, [.current]),
    Row(.stopped, .continueAnimation, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .scrub, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .reverse, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .addAnimations, .stopped, errors: 1, alpha: 0.75),
    Row(.stopped, .wait, .stopped, alpha: 0.75),
  ]

  static func phase(of animator: PropertyAnimator) -> Phase {
    switch animator.state {
    case .inactive: .inactive
    case .stopped: .stopped
    case .active: animator.isRunning ? .running : .paused
    }
  }

  @Test("The table covers every state with every call")
  func coverage() {
    for start in Start.allCases {
      #expect(Self.rows.filter { $0.from == start }.count == 11 + (start == .stopped ? 2 : 0))
    }
  }

  @Test("State × call → state, values and completion position", arguments: rows)
  func cell(row: Row) {
    let fixture = SceneFixture(frame: .zero)
    let (scene, node) = (fixture.scene, fixture.node)
    let animator = PropertyAnimator(duration: 1, curve: .linear) { node.alpha = 0 }
    var completions: [AnimatingPosition] = []
    animator.addCompletion { completions.append($0) }
    switch row.from {
    case .inactive:
      break
    case .running, .paused, .stopped:
      animator.startAnimation()
      scene.clock.advance(by: 0.25)
      if row.from == .paused { animator.pauseAnimation() }
      if row.from == .stopped { animator.stopAnimation(false) }
    }
    #expect(Self.phase(of: animator) == Phase(row.from))

    let (_, errors) = collectingErrors {
      switch row.call {
      case .start: animator.startAnimation()
      case .startAfterDelay: animator.startAnimation(afterDelay: 0.5)
      case .pause: animator.pauseAnimation()
      case .stopWithoutFinishing: animator.stopAnimation(true)
      case .stopFinishing: animator.stopAnimation(false)
      case .finish(let position): animator.finishAnimation(at: position)
      case .continueAnimation:
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
      case .scrub: animator.fractionComplete = 0.5
      case .reverse: animator.isReversed.toggle()
      case .addAnimations: animator.addAnimations { node.center = Point(x: 5, y: 5) }
      case .wait: scene.clock.advance(by: 2)
      }
    }
    #expect(errors.count == row.errors, "\(errors)")
    #expect(Self.phase(of: animator) == row.phase)
    #expect(abs(node.alpha - row.alpha) < 1e-12, "alpha \(node.alpha)")
    #expect(completions == row.completions)

    scene.clock.advance(by: 0.25)
    #expect(Self.phase(of: animator) == row.laterPhase, "later")
    #expect(abs(node.alpha - row.laterAlpha) < 1e-12, "later alpha \(node.alpha)")
    #expect(completions == row.laterCompletions, "later")
  }
}

extension StateTableTests.Phase {
  init(_ start: StateTableTests.Start) {
    switch start {
    case .inactive: self = .inactive
    case .running: self = .running
    case .paused: self = .paused
    case .stopped: self = .stopped
    }
  }
}
