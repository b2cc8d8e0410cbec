/// Drives one value through timed animations and physics simulations on an
/// ``AnimationClock``.
///
/// ```swift
/// let sizeAnimator = Animator(initialValue: SIMD2<Double>(100, 100), clock: clock)
/// sizeAnimator.onChange = { size in node.size = size }
/// sizeAnimator.animate(to: SIMD2(123, 456), duration: 0.25, timingFunction: .easeInOut)
/// // … later, mid-flight: a spring takes over with the exact velocity of the curve.
/// sizeAnimator.simulate(using: SpringFunction(target: SIMD2(300, 300)))
/// // … and a decay brings it to rest, again keeping the velocity.
/// sizeAnimator.simulate(using: DecayFunction(drag: 2))
/// ```
///
/// Every motion is a function of clock time: timed curves, springs and decay are evaluated in
/// closed form, so reading ``value`` at a clock time gives the same answer however the clock
/// got there. Reading ``value`` or ``velocity`` at any moment — even in a callback in the
/// middle of an advance — gives the state at ``AnimationClock/now``.
///
/// Each call to `animate` or `simulate` starts a *run*; ``onCompletion`` is called exactly
/// once per run, with `.finished` or `.interrupted`. ``onChange`` is called with the new value
/// once per clock advance while a run is in progress, when a run finishes, and when
/// ``value`` is set.
///
/// The clock does not keep an animator alive: release it and its run stops (reported as
/// `.interrupted`). A non-finite target is ignored with a ``DanceError``; a NaN, infinite or
/// negative duration counts as 0 (the one policy of every Dance API).
public final class Animator<Value: VectorConvertible> {
  // What a frame reads and writes comes first, right after the object's header: the frame,
  // whose first 96 bytes are all a timed frame touches (two cache lines of the object, or
  // three for one in four objects, against two or three for half of them when the clock
  // and the flags came first). A frame takes the clock's time from its store.

  // Unchecked: an animator is confined to its clock's thread, and no access to `frame` is
  // held across a call out (each is one read or one write; `onChange` runs after the frame
  // is stored), so the runtime check could never fire — and it cost a quarter of a frame.
  // `Frame` holds plain values and the curve's shared solver (a custom simulation, the other
  // reference, lives outside it).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var frame: Frame

  /// The clock that drives this animator.
  public let clock: AnimationClock

  /// Whether `onChange` is set: a plain flag that a frame reads without the run-time
  /// exclusivity check that reading the closure costs (kept in `frame`, in the padding
  /// after its own flag, so that a frame reads it on the lines it reads anyway).
  @inlinable var hasOnChange: Bool {
    get { frame.hasOnChange }
    set { frame.hasOnChange = newValue }
  }

  /// Whether `onChange` is being called (and so is not called again from inside itself).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var isCallingOnChange = false

  /// Called with the new value whenever it changes.
  ///
  /// A ``value`` set from inside `onChange` takes effect without calling `onChange` again, so
  /// a handler that clamps or snaps the value cannot recurse without end.
  public var onChange: ((Value) -> Void)? {
    didSet { hasOnChange = onChange != nil }
  }

  /// Called once when each run ends, with how it ended.
  ///
  /// A released animator still reports its run as `.interrupted`, from its `deinit`: capture
  /// the animator weakly (not `unowned`) in its own completion.
  public var onCompletion: ((AnimationCompletion) -> Void)?

  @usableFromInline typealias Vector = Value.VectorType

  @usableFromInline
  enum Motion {
    case idle
    /// A timed run, paced by the frame's `curve`.
    case timed(from: Vector, to: Vector, start: Double, duration: Double)
    /// A spring or a decay, the frame's `oscillator`, released at `start`.
    case oscillator(start: Double, restsAtTarget: Bool)
    /// A user's function, integrated by `customSimulation` (kept out of the enum so that the
    /// enum holds plain values and is copied without reference counting each frame).
    case custom
  }

  @usableFromInline var customSimulation: CustomSimulation<Value>?

  /// Everything a frame reads and writes, in one stored property whose fields a frame reads
  /// and writes in place (see `frame` for why its accesses are not checked at run time).
  @usableFromInline
  struct Frame {
    // In the order a frame reads and writes them: the value and its time, then the motion.
    @usableFromInline var value: Value
    /// The clock time `value` (and `velocity`, unless stale) belong to.
    @usableFromInline var evaluatedAt: Double
    /// Whether `velocity` is out of date: frames compute the value alone, and the velocity
    /// is derived from the motion when it is asked for.
    @usableFromInline var velocityIsStale = false
    /// Whether the animator's `onChange` is set (see ``Animator/hasOnChange``).
    @usableFromInline var hasOnChange = false
    @usableFromInline var motion = Motion.idle
    /// The curve of a timed run and the motion of a spring or decay. Kept out of `motion`,
    /// whose payload a frame copies: these are read in place.
    @usableFromInline var curve = TimingFunction.linear
    @usableFromInline var oscillator: DampedOscillator<Vector>
    @usableFromInline var velocity: Vector = .zero

    @inlinable
    init(value: Value, evaluatedAt: Double) {
      self.value = value
      self.evaluatedAt = evaluatedAt
      oscillator = DampedOscillator(
        target: .zero, value: .zero, velocity: .zero, stiffness: 0, damping: 0)
    }
  }

  @inlinable var motion: Motion {
    get { frame.motion }
    set { frame.motion = newValue }
  }
  @inlinable var storedValue: Value {
    get { frame.value }
    set { frame.value = newValue }
  }
  /// The velocity at `evaluatedAt`, derived from the motion if a frame left it stale;
  /// setting it makes it current.
  @inlinable var storedVelocity: Vector {
    get {
      if frame.velocityIsStale { kernel(self, .velocity) }
      return frame.velocity
    }
    set {
      frame.velocity = newValue
      frame.velocityIsStale = false
    }
  }
  @inlinable var evaluatedAt: Double {
    get { frame.evaluatedAt }
    set { frame.evaluatedAt = newValue }
  }

  /// The clock's bookkeeping for this animator's deadline.
  package var registration = ClockRegistration()

  /// The clock's animators of this value type, which advance this one's frames while it
  /// runs, and its index among them (-1 when not running).
  @usableFromInline let store: AnimatorStore<Value>
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  @usableFromInline var storeIndex = -1

  /// Creates an animator at rest at `initialValue`, driven by `clock`.
  ///
  /// A non-finite `initialValue` is replaced by the zero vector, with a ``DanceError``.
  @inlinable
  public init(initialValue: Value, clock: AnimationClock) {
    self.clock = clock
    store = AnimatorStore<Value>.on(clock)
    frame = Frame(value: initialValue, evaluatedAt: clock.now)
    // Created here, where a client's concrete `Value` is known, so that the per-frame math
    // runs specialised instead of through generic witness tables.
    kernel = { animator, request in
      switch request {
      case .value: animator.evaluate()
      case .velocity: animator.deriveVelocity()
      }
    }
    if !Validation.requireFinite(
      initialValue.vector, "initialValue", in: "Animator.init", outcome: "using zero")
    {
      storedValue = Value(vector: .zero)
    }
  }

  /// Computes what a `KernelRequest` asks for — the value at the clock's time (reported to
  /// `onChange` for a frame) or a stale velocity — specialised for `Value` (see `init`).
  @usableFromInline let kernel: (Animator<Value>, KernelRequest) -> Void

  /// What `kernel` computes.
  @usableFromInline
  enum KernelRequest {
    /// The value at the clock's time, for a read.
    case value
    /// The velocity at the time of the stored value, when a frame left it stale.
    case velocity
  }

  deinit {
    store.remove(self)
    clock.unschedule(self)
    if case .idle = motion { return }
    // Released inside an engine operation, the completion waits for its end (and must not
    // capture `self`, which is going).
    if let onCompletion { CallbackQueue.runOrEnqueue { onCompletion(.interrupted) } }
  }

  /// The current value; setting it stops any run (reported as `.interrupted`) and leaves the
  /// value at rest there. A non-finite value is ignored with a ``DanceError``.
  public var value: Value {
    get {
      synchronize()
      return storedValue
    }
    set {
      guard Validation.requireFinite(newValue.vector, "the value", in: "Animator.value")
      else { return }
      let wasRunning = endRun()
      storedValue = newValue
      storedVelocity = .zero
      evaluatedAt = clock.now
      notifyChange(newValue)
      if wasRunning { complete(.interrupted) }
    }
  }

  /// The current velocity, in value units per second; zero when at rest.
  ///
  /// It is exact: the derivative of the closed-form motion (for a timed animation, the
  /// curve's slope times distance over duration), never a finite difference.
  public var velocity: Value {
    synchronize()
    return Value(vector: storedVelocity)
  }

  /// Whether a run is in progress.
  public var isAnimating: Bool {
    if case .idle = motion { return false }
    return true
  }

  /// Animates from the current value to `to` over `duration` seconds, paced by
  /// `timingFunction`.
  ///
  /// Interrupts any run in progress. A duration of 0 moves the value at the next clock
  /// advance; a NaN, infinite or negative one counts as 0 and a non-finite target is
  /// ignored, each with a ``DanceError``.
  public func animate(to: Value, duration: Double, timingFunction: TimingFunction = .swiftOut) {
    let call = "Animator.animate(to:duration:timingFunction:)"
    guard Validation.requireFinite(to.vector, "the target", in: call) else { return }
    let duration = Validation.seconds(duration, "duration", in: call)
    synchronize()
    let start = clock.now
    install(
      .timed(from: storedValue.vector, to: to.vector, start: start, duration: duration),
      curve: timingFunction, restTime: start + duration)
  }

  /// Runs the simulation `function` from the current value, keeping the current velocity.
  ///
  /// Interrupts any run in progress; a timed animation hands over the exact slope of its
  /// curve, so the motion has no kink.
  public func simulate<F: SimulationFunction>(using function: F) where F.Value == Value {
    synchronize()
    simulate(function, velocity: storedVelocity)
  }

  /// Runs the simulation `function` from the current value, starting at `initialVelocity`
  /// (value units per second).
  ///
  /// A non-finite velocity is ignored with a ``DanceError``.
  public func simulate<F: SimulationFunction>(using function: F, initialVelocity: Value)
  where F.Value == Value {
    synchronize()
    simulate(function, velocity: initialVelocity.vector)
  }

  /// Stops the run in progress where it is, at rest, and reports it as `.interrupted`.
  ///
  /// Does nothing when no run is in progress.
  public func cancelRunningAnimation() {
    synchronize()
    guard endRun() else { return }
    storedVelocity = .zero
    complete(.interrupted)
  }

  // MARK: - Runs

  private func simulate<F: SimulationFunction>(_ function: F, velocity: Vector)
  where F.Value == Value {
    let call = "Animator.simulate(using:)"
    guard Validation.requireFinite(velocity, "the velocity", in: call) else { return }
    let value = storedValue.vector
    let start = clock.now
    let step = simulationGridStep
    if let spring = function as? SpringFunction<Value> {
      guard Validation.requireFinite(spring.target.vector, "the spring's target", in: call)
      else { return }
      let tension = SpringFunction<Value>.sanitize(
        spring.tension, "tension", call: call, default: 120)
      let damping = SpringFunction<Value>.sanitize(
        spring.damping, "damping", call: call, default: 12)
      let threshold = SpringFunction<Value>.sanitize(
        spring.threshold, "threshold", call: call, default: 0.1)
      // The rest test is SpringFunction.convergence's: every lane within `threshold` of the
      // target and slower than `threshold`.
      let oscillator = DampedOscillator(
        target: spring.target.vector, value: value, velocity: velocity, stiffness: tension,
        damping: damping)
      let rest = oscillator.firstRestTimeSpecialized(step: step, threshold: threshold)
      install(
        .oscillator(start: start, restsAtTarget: true), oscillator: oscillator,
        restTime: rest.map { start + $0 })
    } else if let decay = function as? DecayFunction<Value> {
      let drag = SpringFunction<Value>.sanitize(decay.drag, "drag", call: call, default: 3)
      let threshold = SpringFunction<Value>.sanitize(
        decay.threshold, "threshold", call: call, default: 0.1)
      let oscillator = DampedOscillator(decayFrom: value, velocity: velocity, drag: drag)
      let rest = Self.decayRestTime(
        velocity: velocity, drag: drag, threshold: threshold, step: step)
      install(
        .oscillator(start: start, restsAtTarget: false), oscillator: oscillator,
        restTime: rest.map { start + $0 })
    } else {
      let simulation = CustomSimulation(
        function: function, start: start, value: value, velocity: velocity)
      install(.custom, restTime: nil)
      customSimulation = simulation
    }
  }

  /// The first grid time at which every component of a decaying velocity,
  /// v(t) = v₀·e^(−drag·t), is below `threshold`; nil if it never is (no drag, or a
  /// threshold of 0). Solved analytically, then checked on the grid around the crossing.
  private static func decayRestTime(
    velocity: Vector, drag: Double, threshold: Double, step: Double
  ) -> Double? {
    func rests(_ t: Double) -> Bool {
      let v = velocity * cExp(-drag * t)
      let limit = Vector(repeating: threshold)
      return all((v .< limit) .& (v .> -limit))
    }
    if rests(0) { return 0 }
    guard drag > 0, threshold > 0 else { return nil }
    var fastest = 0.0
    for lane in velocity.indices { fastest = max(fastest, abs(velocity[lane])) }
    let crossing = cLog(fastest / threshold) / drag
    guard crossing.isFinite, crossing < 1e6 else { return nil }
    var index = max(0, (crossing / step).rounded(.down) - 1)
    while !rests(index * step) { index += 1 }
    return index * step
  }

  /// Makes `newMotion` (with its curve or oscillator) the current run, ending at `restTime`
  /// if that is known in advance, and reports the run it replaces as interrupted.
  private func install(
    _ newMotion: Motion, curve: TimingFunction = .linear,
    oscillator: DampedOscillator<Vector>? = nil, restTime: Double?
  ) {
    let wasRunning = endRun()
    motion = newMotion
    frame.curve = curve
    if let oscillator { frame.oscillator = oscillator }
    evaluatedAt = .nan  // the next read evaluates the new motion
    if storeIndex < 0 { store.add(self) }
    if let restTime {
      clock.schedule(self, at: restTime)
    }
    if wasRunning { complete(.interrupted) }
  }

  /// Ends the current run without callbacks; returns whether there was one.
  private func endRun() -> Bool {
    if case .idle = motion { return false }
    motion = .idle
    customSimulation = nil
    store.remove(self)
    clock.unschedule(self)
    return true
  }

  /// Finishes the current run at rest at `vector`, then calls back.
  func finish(at vector: Vector) {
    _ = endRun()
    storedValue = Value(vector: vector)
    storedVelocity = .zero
    evaluatedAt = clock.now
    notifyChange(storedValue)
    complete(.finished)
  }

  private var completionDepth = 0

  private func complete(_ completion: AnimationCompletion) {
    guard let onCompletion else { return }
    // Inside an engine operation (a call from an animation block or a simulation function)
    // the completion runs when the operation ends.
    if CallbackQueue.isInsideOperation {
      CallbackQueue.enqueue(.closure { onCompletion(completion) })
      return
    }
    guard completionDepth < 64 else {
      DanceError.report(
        .illegalState,
        "Animator.onCompletion: completion handlers interrupted each other more than 64 "
          + "levels deep; this completion was dropped")
      return
    }
    completionDepth += 1
    defer { completionDepth -= 1 }
    CallbackQueue.checkUserCodeMayRun()
    onCompletion(completion)
  }
}
