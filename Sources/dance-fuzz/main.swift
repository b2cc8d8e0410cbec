// dance-fuzz: runs seeded random sequences of Dance API calls against its invariants.
//
//   dance-fuzz --seconds S [--seed N]   run sequences N, N+1, … for S seconds
//   dance-fuzz --seed N                 replay sequence N, printing every call
//   dance-fuzz --long-runs              10 million frames of a repeating animation, a clock
//                                       stepped 1e7 times by 1e-9 s then by 1e9 s, and a
//                                       million additive and replacing retargets
//
// The last line is `fuzz: K sequences, M operations, 0 violations` when nothing failed;
// otherwise it prints the failing seed and the shortest sequence it could reduce the failure
// to, and exits 1. See FuzzWorld for the invariants.

import Advance
import CHeapStatistics
import DanceFuzzing
import Glibc
import Synchronization

let usage = """
  usage: dance-fuzz --seconds S [--seed N]
         dance-fuzz --seed N
         dance-fuzz --long-runs

  Runs seeded random sequences of Dance API calls (node.dance, PropertyAnimator,
  Node.animate, Advance animators, tree edits, releases, clock steps from 0 to 1e9 s) and
  checks Dance's invariants after every call.

    --seconds S   run sequences for S seconds, from seed N (default: from the time)
    --seed N      the first seed; alone, replay sequence N and print every call
    --long-runs   look for drift instead: a repeating, autoreversing animation over 10
                  million frames, a clock stepped 1e7 times by 1e-9 s, then by 1e9 s, and
                  a million retargets, additive and replacing
    --help        show this help

  """

func fail(_ message: String) -> Never {
  writeToStandardError("dance-fuzz: \(message)\n\n" + usage)
  exit(2)
}

var seconds: Double?
var firstSeed: UInt64?
var trapSeed: UInt64?
var longRuns = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--seconds":
    guard let value = arguments.popFirst().flatMap(Double.init), value.isFinite, value >= 0
    else { fail("--seconds needs a number of seconds") }
    seconds = value
  case "--seed":
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else {
      fail("--seed needs a whole number")
    }
    firstSeed = value
  case "--long-runs":
    longRuns = true
  case "--reduce-trap":
    // Internal: the trap handler re-executes the program with this.
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else {
      fail("--reduce-trap needs a seed")
    }
    trapSeed = value
  default:
    fail("unknown option '\(argument)'")
  }
}

// Bad input is part of every sequence: count the errors instead of printing them.
let errorCount = Atomic<Int>(0)
DanceError.handler = { _ in errorCount.add(1, ordering: .relaxed) }

/// Prints a failing sequence the way a person can replay it, and exits 1.
func report(seed: UInt64, problem: String, original: Int, reduced: [FuzzOperation]) -> Never {
  print("dance-fuzz: VIOLATION in sequence \(seed): \(problem)")
  print("replay it with: swift run dance-fuzz --seed \(seed)")
  print("shortest failing sequence (\(reduced.count) of \(original) calls):")
  for (index, operation) in reduced.enumerated() {
    print("  [\(index)] \(operation)")
  }
  print("fuzz: 1 sequences, \(reduced.count) operations, 1 violations")
  // Flushed before `exit`: under the address sanitizer, a leak check at exit (the sequences
  // a reduction keeps are still referenced) ends the process before standard output's
  // buffer is written, and a redirected report was lost that way.
  fflush(nil)
  exit(1)
}

if longRuns {
  let results = [
    LongRuns.periodicity(frames: 10_000_000), LongRuns.tinyThenHugeSteps(steps: 10_000_000),
    LongRuns.additiveRetargets(count: 1_000_000),
  ]
  for result in results { print("dance-fuzz: \(result)") }
  let failed = results.filter { !$0.problems.isEmpty }.count
  print("long runs: \(results.count) runs, \(failed) violations")
  exit(failed == 0 ? 0 : 1)
}

if let trapSeed {
  let operations = FuzzGenerator.sequence(seed: trapSeed)
  let reduced = FuzzReducer.reduce(operations, budget: 1_000) { candidate in
    TrapGuard.diesBySignal { _ = FuzzWorld.run(candidate) }
  }
  // Once more with the trap's own report visible, for the reduced sequence.
  print("dance-fuzz: the reduced sequence, run once more to show the trap:")
  fflush(nil)
  if TrapGuard.diesBySignal(showingOutput: true, { _ = FuzzWorld.run(reduced) }) == false {
    print("dance-fuzz: (it did not trap when run alone this time)")
  }
  report(
    seed: trapSeed, problem: "the process trapped or hung", original: operations.count,
    reduced: reduced)
}

guard let seconds else {
  guard let firstSeed else { fail("give --seconds, --seed, or both") }
  // Replay one sequence, printing every call.
  let outcome = FuzzWorld.run(FuzzGenerator.sequence(seed: firstSeed), trace: true)
  if let violation = outcome.violation {
    print("VIOLATION \(violation)")
    exit(1)
  }
  print("sequence \(firstSeed): \(outcome.operations) operations, no violation")
  exit(0)
}

TrapGuard.install()
let start = monotonicSeconds()
let base = firstSeed ?? UInt64(truncatingIfNeeded: Int(start * 1e9)) ^ UInt64(getpid())
print("dance-fuzz: seeds from \(base), for \(seconds) s")
// Flushed now: a trap re-executes the program, which drops what is buffered.
fflush(nil)

var sequences = 0
var operations = 0
var warmHeap: Int?
var seed = base
while monotonicSeconds() - start < seconds || sequences == 0 {
  TrapGuard.begin(seed: seed)
  let sequence = FuzzGenerator.sequence(seed: seed)
  let outcome = FuzzWorld.run(sequence)
  TrapGuard.end()
  if let violation = outcome.violation {
    let reduced = FuzzReducer.reduce(sequence) { candidate in
      FuzzWorld.run(candidate).violation?.message == violation.message
    }
    report(seed: seed, problem: "\(violation)", original: sequence.count, reduced: reduced)
  }
  sequences += 1
  operations += outcome.operations
  seed &+= 1
  if warmHeap == nil && monotonicSeconds() - start >= seconds / 10 {
    warmHeap = Int(heap_bytes_in_use())
  }
}

// Every sequence releases all it made, so the heap in use must not grow with the run (the
// first tenth warms up the runtime's caches). Under valgrind the count is 0: valgrind checks.
let endHeap = Int(heap_bytes_in_use())
let warm = warmHeap ?? endHeap
print(
  "dance-fuzz: \(errorCount.load(ordering: .relaxed)) DanceErrors reported; heap in use "
    + "\(warm / 1024) KiB after a tenth of the run, \(endHeap / 1024) KiB at the end")
let heapGrowthLimit = 256 << 10
if endHeap - warm > heapGrowthLimit {
  print("dance-fuzz: VIOLATION: the heap in use grew by \((endHeap - warm) / 1024) KiB")
  print("fuzz: \(sequences) sequences, \(operations) operations, 1 violations")
  exit(1)
}
print("fuzz: \(sequences) sequences, \(operations) operations, 0 violations")
