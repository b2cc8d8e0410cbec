/// What a frame's second pass reads: per slot, the progress of its sample, the rest of it
/// (written only when the store has lanes or plans that need it), its core and the progress
/// of its timeline children's samples (or nil; all nil when no slot has a plan).
struct FrameSamples {
  let progress: FlatAddress<SIMD2<Double>>
  let details: FlatAddress<SampleDetails>
  let cores: FlatAddress<AnimatorCore>
  let children: FlatAddress<FlatAddress<SIMD2<Double>>?>?
  /// The store, when it has not sampled its slots yet and samples them as plain lanes ask
  /// (``FrameStore/sampleSlots(through:)``); nil when every slot is sampled.
  let sampler: Unretained<FrameStore>?
  /// The slots' paces, when the store has not sampled its slots and has one table of plain
  /// lanes, which samples each slot itself and stores no sample (``SlotPace``); nil
  /// otherwise.
  let paces: FlatAddress<SlotPace>?
  /// The clock time of the frame.
  let now: Double
}

/// The part of a slot's sample beyond its progress: its fraction complete and the spring's
/// impulse response.
struct SampleDetails {
  var fraction: Double
  var impulse: Double

  /// What a frame's scratch holds before the frame writes it.
  static var zero: SampleDetails { SampleDetails(fraction: 0, impulse: 0) }
}

extension FrameStore {
  /// No: a frame samples and blends, and runs no user code (SPEC principle 8).
  static var framesRunUserCode: Bool { false }

  /// The frame, the store lent to it unretained by the clock.
  static func lentFrame(_ observer: Unretained<AnyObject>, _ clock: AnimationClock) {
    observer.with(as: FrameStore.self) { $0.clockDidAdvance(clock) }
  }

  /// Appends entries to a frame's scratch (`progress`, `details`, which grow together)
  /// until it holds `count` entries: out of the frame's line, as it runs only when the
  /// store has more slots than it ever had while it needed the scratch. (Each scratch holds
  /// at least one entry from the start, so that the frame's address of it exists when
  /// nothing reads it; debug builds check every index read through that address against
  /// the entries there are.)
  @inline(never)
  func growScratch(to count: Int) {
    while progress.count < count { progress.append(.zero) }
    while details.count < count { details.append(.zero) }
  }
}

/// One slot's timing at the last frame: its fraction complete and the timing sampled there.
struct SlotSample {
  // The timing first: it is 16-byte aligned, and the fraction fills its padding (32 bytes,
  // not 48).
  var timing: TimingSample
  var fraction: Double

  init(fraction: Double, timing: TimingSample) {
    self.timing = timing
    self.fraction = fraction
  }
}
