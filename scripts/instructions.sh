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
# Prints NAME: (instructions at LONG − at SHORT) / (LONG − SHORT) UNIT.
per() {
  local name=$1 probe=$2 short=$3 long=$4 unit=$5
  local a b
  a=$(count "$probe" "$short")
  b=$(count "$probe" "$long")
  echo "$name: $(((b - a) / (long - short))) instructions $unit"
}

per "frame of 200 node.dance nodes (100 timed, 100 spring) + 100 Animators" \
  --allocation-probe 50 550 "per frame"
per "start + one frame + finish of a two-property node.dance animation" \
  --start-probe 1000 3000 "per animation"
per "read center + alpha of an animated node" --read-probe 1000 101000 "per node"
per "frame + read of 1600 additive offsets, one per node" --additive-probe 20 120 "per frame"
per "frame + read of 1600 additive offsets, 16 per node" --additive-probe-16 20 120 "per frame"
per "frame of a timeline staggering 1000 children (centre and alpha each)" --timeline-probe 100 300 \
  "per frame"
