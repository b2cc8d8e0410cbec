/// A small seedable generator (SplitMix64, Steele, Lea and Flood 2014): the same seed gives
/// the same numbers on every machine. For the package's own uses (DanceTesting's jittered
/// frame pacing, `StaggerOrigin.random(seed:)`, the fuzzer, randomised tests that must
/// replay), not public API.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator that starts from `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
