#!/usr/bin/env bash
# Instruction counts of Dance's hot paths under callgrind: a figure that a noisy machine
# cannot move (times are dance-bench's job). Each is the difference of two run lengths of
# the same dance-bench probe, divided by the difference in work, so start-up cancels out.
#
#   scripts/instructions.sh      needs valgrind (apt-get install valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed"; exit 1; }
swift build -c release --product dance-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/dance-bench"

# The instructions of `dance-bench PROBE COUNT`.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$1" "$2" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# The last-level data-cache misses of `dance-bench PROBE COUNT` under cachegrind with a
# fixed hierarchy (32 KiB L1, 1 MiB last level): the same figure on every machine.
misses() {
  valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 \
    --LL=1048576,16,64 --cachegrind-out-file=/dev/null "$bench" "$1" "$2" 2>&1 \
    | sed -n 's/.*LLd misses: *\([0-9,]*\).*/\1/p' | tr -d ,
}
# Prints NAME: (misses at 6 frames − at 2) / (4 × NODES) per node-frame, for the engine's
# probe and the loop's, and their ratio (NODES 100 000 if not given).
miss_ratio() {
  local name=$1 engine=$2 loop=$3 nodes=${4:-100000}
  local e2 e6 l2 l6
  e2=$(misses "$engine" 2)
  e6=$(misses "$engine" 6)
  l2=$(misses "$loop" 2)
  l6=$(misses "$loop" 6)
  awk -v n="$name" -v e=$((e6 - e2)) -v l=$((l6 - l2)) -v d=$((4 * nodes)) 'BEGIN {
    printf "%s: engine %.2f, loop %.2f last-level misses per node-frame, ratio %.2f\n",
      n, e / d, l / d, e / l }'
}
# Prints NAME: (instructions at LONG − at SHORT) / ((LONG − SHORT) × EACH) UNIT, EACH being
# the units of work per count (1000 nodes a frame, say; 1 if not given).
per() {
  local name=$1 probe=$2 short=$3 long=$4 unit=$5 each=${6:-1}
  local a b
  a=$(count "$probe" "$short")
  b=$(count "$probe" "$long")
  echo "$name: $(((b - a) / ((long - short) * each))) instructions $unit"
}

per "node-frame, timed (1000 staggered node.dance nodes, centre and alpha)" \
  --timed-frame-probe 20 60 "per node-frame" 1000
per "the hand-written loop's sprite-frame (WebKit's UnitBezier solve, plain objects)" \
  --reference-frame-probe 20 60 "per sprite-frame" 1000
per "node-frame, spring (1000 staggered node.dance nodes)" \
  --spring-frame-probe 20 60 "per node-frame" 1000
per "the hand-written spring loop's sprite-frame" \
  --spring-reference-frame-probe 20 60 "per sprite-frame" 1000
per "a whole frame of one timed node.dance node" --single-frame-probe 20 60 "per frame"
per "a whole frame of one spring node.dance node" --single-spring-frame-probe 20 60 "per frame"
per "Advance.Animator value-frame, timed (1000 staggered animators)" \
  --animator-frame-probe 20 60 "per value-frame" 1000
per "TimingFunction.easeInOut.value(at:), spread over 0…1" --curve-probe 20 60 "per call" 1000
per "WebKit's UnitBezier solve to 1e-9, spread the same way" --unit-bezier-probe 20 60 \
  "per call" 1000
per "frame of 200 node.dance nodes (100 timed, 100 spring) + 100 Animators" \
  --allocation-probe 50 550 "per frame"
per "start + one frame + finish of a two-property node.dance animation" \
  --start-probe 1000 3000 "per animation"
per "the same with a completion on each animation" --start-completion-probe 1000 3000 \
  "per animation"
per "the same, each animation paused before its frame" --paused-start-probe 1000 3000 \
  "per animation"
per "the same with a completion, each animation ending on its own in the frame" \
  --natural-end-probe 1000 3000 "per animation"
per "the same, a spring (animate(duration:dampingRatio:))" --spring-start-probe 1000 3000 \
  "per animation"
per "the same through two control points" --curve-start-probe 1000 3000 "per animation"
per "the same, six kinds in turn (two springs, two custom curves, a delay)" \
  --mixed-start-probe 1000 3000 "per animation"
per "the same, a spring whose damping ratio no start used before" \
  --fresh-spring-start-probe 1000 3000 "per animation"
per "the same, through control points no start used before" \
  --fresh-curve-start-probe 1000 3000 "per animation"
per "the same as a user writes it (each block captures its own target)" --user-start-probe \
  1000 3000 "per animation"
per "a start on a node that is already animating (its run ends where it is)" \
  --retarget-probe 1000 3000 "per start"
per "read center + alpha of an animated node" --read-probe 1000 101000 "per node"
per "frame + read of 1600 additive offsets, one per node" --additive-probe 20 120 \
  "per offset-frame" 1600
per "frame + read of 1600 additive offsets, 16 per node" --additive-probe-16 20 120 \
  "per offset-frame" 1600
per "frame of a timeline staggering 1000 children (centre and alpha each)" --timeline-probe 100 300 \
  "per child-frame" 1000
per "seek of a running timeline of 10 children, then a read" --timeline-seek-probe 1000 3000 \
  "per seek"
per "point at a distance along a path (a line, a quadratic, a cubic)" --path-point-probe 1000 \
  3000 "per point"
per "layout transition of 1000 cards (capture, changes, start, a frame)" \
  --layout-transition-probe 2 6 "per card" 1000
per "replacing one Node.animate over N nodes by another (alpha), N = 2000 vs 8000" \
  --replace-all-probe 2000 8000 "per node"
miss_ratio "cache misses, frame of 100 000 timed nodes (cachegrind: 32 KiB L1, 1 MiB LL)" \
  --large-frame-probe --large-reference-frame-probe
miss_ratio "cache misses, host frame + read of centre and alpha, 100 000 nodes" \
  --host-frame-probe --host-reference-frame-probe
miss_ratio "cache misses, 20 000 nodes moving along paths, .auto (no target of its own)" \
  --large-path-frame-probe --large-path-reference-frame-probe 20000
miss_ratio "cache misses, timeline staggering 10 000 children (no target of its own)" \
  --large-timeline-frame-probe --large-timeline-reference-frame-probe 10000
miss_ratio "cache misses, 10 000 timed Advance.Animator values (no target of its own)" \
  --large-animator-frame-probe --large-animator-reference-frame-probe 10000
# The heap an animated property takes (the allocator's own count; no valgrind needed).
echo "memory of an animated property (100 000 nodes, centre and alpha):" \
  "$("$bench" --memory-probe 100000) bytes"
