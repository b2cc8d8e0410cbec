#!/usr/bin/env bash
# The unsafe constructs of the library modules, counted per construct (code lines only, not
# comments): inside the small checked types that exist to hold them (Sources/Advance/Storage:
# FlatArray, CompactList, FlatAddress, Unretained, Retained, UnretainedObserver, SlotList;
# and Dance's LaneCell and ParkedCore, whose checks need Dance's types) and everywhere else. `@_effects` promises the optimiser
# what a function does (readonly, releasenone): it is counted with them.
# Printed by CI; issue 24 keeps it.
#
#   scripts/unsafe-census.sh [ROOT]   (default: this checkout)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
boxes="$root/Sources/Advance/Storage"
constructs=(
  'Unmanaged' 'unowned\(unsafe\)' '_withUnsafeGuaranteedRef' 'Unsafe(Mutable)?(Raw)?(Buffer)?Pointer'
  '@exclusivity\(unchecked\)' 'unsafeDowncast' 'unsafelyUnwrapped' 'nonisolated\(unsafe\)'
  '@_effects'
)
count() {  # count CONSTRUCT FILES…
  local construct=$1
  shift
  { grep -hE "$construct" "$@" 2>/dev/null || true; } | { grep -vE '^\s*//' || true; } \
    | { grep -oE "$construct" || true; } | wc -l
}
cell="$root/Sources/Dance/PropertyAnimator/LaneCell.swift"
parked="$root/Sources/Dance/PropertyAnimator/ParkedCore.swift"
mapfile -t inside < <({ find "$boxes" -name '*.swift'; echo "$cell"; echo "$parked"; } | sort)
mapfile -t outside < <(find "$root/Sources/Advance" "$root/Sources/Dance" -name '*.swift' \
  -not -path "$boxes/*" -not -path "$cell" -not -path "$parked" | sort)
printf '%-42s %8s %8s\n' "construct" "boxes" "elsewhere"
total_in=0
total_out=0
for construct in "${constructs[@]}"; do
  a=$(count "$construct" "${inside[@]}")
  b=$(count "$construct" "${outside[@]}")
  printf '%-42s %8d %8d\n' "$construct" "$a" "$b"
  total_in=$((total_in + a))
  total_out=$((total_out + b))
done
printf '%-42s %8d %8d\n' "total" "$total_in" "$total_out"
# Unchecked exclusivity is written `#if !DEBUG @exclusivity(unchecked) #endif`: debug builds
# keep the run-time checks.
release_only=$({ grep -hA1 -E '^\s*#if !DEBUG\s*$' "${outside[@]}" || true; } \
  | { grep -cE '^\s*@exclusivity\(unchecked\)\s*$' || true; })
echo "of the @exclusivity(unchecked) elsewhere, release builds only (checked in debug): $release_only"
