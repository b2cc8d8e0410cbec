#!/usr/bin/env bash
# The unsafe constructs in the library modules, counted per construct and per file: the
# census that issue 24 (memory safety whatever user code does) keeps, printed by CI.
#
#   scripts/unsafe-census.sh [DIR…]   (default: Sources/Advance Sources/Dance)
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(Sources/Advance Sources/Dance)
constructs=(
  'Unmanaged' 'unowned\(unsafe\)' '_withUnsafeGuaranteedRef' 'Unsafe(Mutable)?(Raw)?(Buffer)?Pointer'
  '@exclusivity\(unchecked\)' 'unsafeDowncast' 'unsafelyUnwrapped' 'nonisolated\(unsafe\)'
)
total=0
for construct in "${constructs[@]}"; do
  # Code only: comment lines (///, //) are not counted.
  code=$( (grep -rhE --include='*.swift' "$construct" "${dirs[@]}" || true) | grep -vE '^\s*//' \
    | grep -oE "$construct" | wc -l || true)
  printf '%-42s %4d\n' "$construct" "$code"
  total=$((total + code))
done
printf '%-42s %4d\n' "total" "$total"
