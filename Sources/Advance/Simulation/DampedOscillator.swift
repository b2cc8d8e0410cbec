/// The exact motion of a unit mass on a damped spring, x″ = −stiffness·(x − target) − 2α·x′,
/// from a given state; springs (stiffness > 0) and decay (stiffness 0) alike.
///
/// With offset x₀ = value − target, velocity v₀, ω₀² = stiffness and q = ω₀² − α², the motion
/// is
///
///     x(t) = target + e^(−αt) · (x₀·C(t) + (v₀ + α·x₀)·S(t))
///     v(t) =          e^(−αt) · (v₀·C(t) − (α·v₀ + ω₀²·x₀)·S(t))
///
/// where C = cos(√q·t) and S = sin(√q·t)/√q when under-damped (q > 0), C = cosh(√−q·t) and
/// S = sinh(√−q·t)/√−q when over-damped, and C = 1, S = t when critically damped. The same
/// two formulas cover every regime, so the solution is continuous in the damping ratio;
/// close to critical damping (|q|·t² < 0.1) C and S are summed as power series, and
/// over-damped exponentials are combined so that neither overflows nor cancels.
@usableFromInline
package struct DampedOscillator<Vector: SIMD> where Vector.Scalar == Double {
  @usableFromInline package let target: Vector
  @usableFromInline let offset: Vector
  @usableFromInline let velocity: Vector
  @usableFromInline package let alpha: Double
  @usableFromInline let stiffness: Double
  @usableFromInline package let q: Double
  // v₀ + α·x₀ and α·v₀ + ω₀²·x₀, the coefficients of S.
  @usableFromInline let positionSCoefficient: Vector
  @usableFromInline let velocitySCoefficient: Vector

  /// A spring of `stiffness` (1/s²) and `damping` (1/s) released at `value` with `velocity`.
  ///
  /// Inlinable, so that callers with a concrete vector (Dance's timings) get specialised code.
  @inlinable
  package init(target: Vector, value: Vector, velocity: Vector, stiffness: Double, damping: Double)
  {
    // Physics beyond 10¹² (1/s² or 1/s) is clamped there, so that α² and ω₀² stay finite;
    // such a spring has settled within a microsecond either way.
    let stiffness = min(stiffness, Self.maximumCoefficient)
    let damping = min(damping, Self.maximumCoefficient)
    self.target = target
    offset = value - target
    self.velocity = velocity
    alpha = damping / 2
    self.stiffness = stiffness
    q = stiffness - alpha * alpha
    positionSCoefficient = velocity + alpha * offset
    velocitySCoefficient = alpha * velocity + stiffness * offset
  }

  /// The same motion as `narrow`, lane by lane, in a vector of at least as many lanes (the
  /// extra lanes rest at zero). Every derived field is computed by the same operations on
  /// the same inputs, so each lane evolves exactly as in `narrow`.
  init<Narrow: SIMD>(widening narrow: DampedOscillator<Narrow>) where Narrow.Scalar == Double {
    func widen(_ vector: Narrow) -> Vector {
      var wide = Vector.zero
      for lane in 0..<min(Narrow.scalarCount, Vector.scalarCount) {
        wide[lane] = vector[lane]
      }
      return wide
    }
    target = widen(narrow.target)
    offset = widen(narrow.offset)
    velocity = widen(narrow.velocity)
    alpha = narrow.alpha
    stiffness = narrow.stiffness
    q = narrow.q
    positionSCoefficient = velocity + alpha * offset
    velocitySCoefficient = alpha * velocity + stiffness * offset
  }

  /// The largest stiffness and damping the solution uses; larger ones are clamped to it.
  @usableFromInline package static var maximumCoefficient: Double { 1e12 }

  /// The decay `−damping · velocity` released at `value` with `velocity`.
  @usableFromInline
  init(decayFrom value: Vector, velocity: Vector, drag: Double) {
    self.init(target: .zero, value: value, velocity: velocity, stiffness: 0, damping: drag)
  }

  /// e^(−αt)·C(t) and e^(−αt)·S(t).
  @inlinable @inline(__always)
  package func basis(at t: Double) -> (c: Double, s: Double) {
    Self.basis(alpha: alpha, q: q, at: t)
  }

  /// e^(−αt)·C(t) and e^(−αt)·S(t) for decay rate α and q = ω₀² − α². Static, taking the two
  /// numbers it needs: a call on the oscillator itself made callers that keep oscillators in
  /// flat arrays (Dance's frame store) copy the whole oscillator first.
  @inlinable @inline(__always)
  package static func basis(alpha: Double, q: Double, at t: Double) -> (c: Double, s: Double) {
    let z = -q * t * t
    if abs(z) < 0.1 {
      let decay = cExp(-alpha * t)
      let c = 1 + z / 2 * (1 + z / 12 * (1 + z / 30 * (1 + z / 56 * (1 + z / 90 * (1 + z / 132)))))
      let s = 1 + z / 6 * (1 + z / 20 * (1 + z / 42 * (1 + z / 72 * (1 + z / 110 * (1 + z / 156)))))
      return (decay * c, decay * s * t)
    }
    if q > 0 {
      let omega = q.squareRoot()
      let decay = cExp(-alpha * t)
      // A clock advanced by 10³⁰⁸ s overflows the phase to ∞, whose cos and sin are NaN:
      // held at the largest double (past 2⁵³ radians the phase has no digits left anyway).
      // One `min`, no branch: this is every spring's frame.
      let phase = min(omega * t, .greatestFiniteMagnitude)
      let (sine, cosine) = cSinCos(phase)
      return (decay * cosine, decay * sine / omega)
    }
    // Over-damped: e^(−αt)cosh(βt) = (e^(r₁t) + e^(r₂t))/2 and
    // e^(−αt)sinh(βt)/β = e^(r₁t)·(1 − e^(−2βt))/(2β), with r₁,₂ = −α ± β.
    let beta = (-q).squareRoot()
    let slow = cExp((beta - alpha) * t)
    let fast = cExp((-beta - alpha) * t)
    return ((slow + fast) / 2, slow * -cExpm1(-2 * beta * t) / (2 * beta))
  }

  /// The value alone `t` seconds after release (t ≥ 0): `state(at:).value` without the
  /// work of the velocity, for drawing frames. Always inlined: a frame calls it on a spring
  /// stored in a flat array, and a call would copy the whole oscillator first.
  @inlinable @inline(__always)
  package func value(at t: Double) -> Vector {
    if stiffness == 0 {
      let rate = 2 * alpha
      let travel = rate > 0 ? -cExpm1(-rate * t) / rate : t
      return Self.heldFinite(target + offset + velocity * travel)
    }
    let (c, s) = basis(at: t)
    return target + offset * c + positionSCoefficient * s
  }

  /// `value` with each lane held within ±10¹⁰⁰ (Dance's bound on animated values): a decay
  /// without drag travels without bound, and a clock advanced by 10³⁰⁸ s would carry it past
  /// the largest double, where a spring started from it computes ∞ − ∞.
  @inlinable @inline(__always)
  package static func heldFinite(_ value: Vector) -> Vector {
    value.clamped(lowerBound: Vector(repeating: -1e100), upperBound: Vector(repeating: 1e100))
  }

  /// The value and velocity `t` seconds after release (t ≥ 0).
  @inlinable
  package func state(at t: Double) -> (value: Vector, velocity: Vector) {
    if stiffness == 0 {
      // Decay: x = x₀ + v₀·(1 − e^(−2αt))/(2α), v = v₀·e^(−2αt).
      let rate = 2 * alpha
      let travel = rate > 0 ? -cExpm1(-rate * t) / rate : t
      return (Self.heldFinite(target + offset + velocity * travel), velocity * cExp(-rate * t))
    }
    let (c, s) = basis(at: t)
    return (
      target + offset * c + positionSCoefficient * s,
      velocity * c - velocitySCoefficient * s
    )
  }

  /// The first time on the grid `0, step, 2·step, …` at which every lane is at rest — within
  /// `threshold` of the target and moving slower than `threshold` — or nil if none is within
  /// `horizon` seconds.
  ///
  /// Each lane's energy `v² + ω₀²·x²` never grows, so the grid is first searched by bisection
  /// for where it is small enough for rest to be possible. From there the walk skips the
  /// points where rest is still impossible: energy E bounds how fast a lane can move, |x′| ≤ √E
  /// and |v′| ≤ (ω₀ + 2α)·√E, so a lane that is d outside its bound needs at least d divided by
  /// that speed to get back. The walk evaluates a few dozen points instead of hundreds, and at
  /// most ``maximumRestWalk`` grid points are covered — a bounded cost however unlucky the
  /// parameters (a threshold of 0, say): past that, the spring counts as at rest where the
  /// walk stopped.
  func firstRestTime(step: Double, threshold: Double, horizon: Double = 1e6) -> Double? {
    let energyLimit = threshold * threshold * (1 + stiffness)
    func mayRest(_ index: Int) -> Bool {
      let (value, velocity) = state(at: Double(index) * step)
      let offset = value - target
      let energy = velocity * velocity + stiffness * offset * offset
      return energy.max() <= energyLimit
    }
    // Exponential search for a grid index where rest is possible, then bisection back to the
    // first one (energy only falls, so `mayRest` switches from false to true once).
    let lastIndex = Int(horizon / step)
    var low = 0
    var high = 0
    while !mayRest(high) {
      guard high < lastIndex else { return nil }
      low = high
      high = (high * 2).clamped(to: 1...lastIndex)
    }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if mayRest(middle) { high = middle } else { low = middle }
    }
    let speedFactor = stiffness.squareRoot() + 2 * alpha
    var index = high
    let walkLimit = min(index + Self.maximumRestWalk, lastIndex)
    while index < walkLimit {
      guard
        let wait = timeUntilRestIsPossible(
          at: index, step: step, threshold: threshold,
          speedFactor: speedFactor)
      else { return Double(index) * step }
      // A hair less than the bound, so that rounding never skips the first resting point.
      let skip = min((wait * (1 - 1e-9) / step).rounded(.down), Double(walkLimit - index))
      index += max(1, Int(skip))
    }
    return Double(min(index, walkLimit)) * step
  }

  /// ``firstRestTime(step:threshold:horizon:)`` in code specialised for the standard
  /// library's vectors of two, three, four and eight lanes (three are searched as four; the
  /// extra lane rests from the start): the same result. Called from generic code that is not
  /// specialised (an animator starting a spring), the generic search costs tens of
  /// microseconds in witness-table calls; this costs a few.
  func firstRestTimeSpecialized(step: Double, threshold: Double) -> Double? {
    if Vector.self == SIMD2<Double>.self {
      return unsafeBitCast(self, to: DampedOscillator<SIMD2<Double>>.self).firstRestTime(
        step: step, threshold: threshold)
    }
    if Vector.self == SIMD3<Double>.self {
      let narrow = unsafeBitCast(self, to: DampedOscillator<SIMD3<Double>>.self)
      return DampedOscillator<SIMD4<Double>>(widening: narrow).firstRestTime(
        step: step, threshold: threshold)
    }
    if Vector.self == SIMD4<Double>.self {
      return unsafeBitCast(self, to: DampedOscillator<SIMD4<Double>>.self).firstRestTime(
        step: step, threshold: threshold)
    }
    if Vector.self == SIMD8<Double>.self {
      return unsafeBitCast(self, to: DampedOscillator<SIMD8<Double>>.self).firstRestTime(
        step: step, threshold: threshold)
    }
    return firstRestTime(step: step, threshold: threshold)
  }

  /// How many grid points the rest walk covers at most.
  static var maximumRestWalk: Int { 20_000 }

  /// nil if every lane is at rest at grid point `index`; otherwise the least time before
  /// all of them can be (see `firstRestTime`).
  private func timeUntilRestIsPossible(
    at index: Int, step: Double, threshold: Double, speedFactor: Double
  ) -> Double? {
    let (value, velocity) = state(at: Double(index) * step)
    let offset = value - target
    var resting = true
    var wait = 0.0
    for lane in offset.indices {
      let x = abs(offset[lane])
      let v = abs(velocity[lane])
      // Written so that NaN counts as moving.
      guard !(x <= threshold && v <= threshold) else { continue }
      resting = false
      let root = (v * v + stiffness * x * x).squareRoot()
      guard root > 0, root.isFinite else { continue }
      var laneWait = (x - threshold) / root
      if speedFactor > 0 { laneWait = max(laneWait, (v - threshold) / (root * speedFactor)) }
      if laneWait.isFinite { wait = max(wait, laneWait) }
    }
    return resting ? nil : wait
  }
}
