#!/usr/bin/env bash
# Builds the DocC catalogs of Advance and Dance with the toolchain's docc, warnings as
# errors, into .build/docs/<Module>. Symbol graphs come from `swift package
# dump-symbol-graph`, so no package plugin (and no dependency) is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -path '*symbolgraph*' -name 'Advance.symbols.json' -print -quit | xargs dirname)
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
for module in Advance Dance; do
  dir=.build/docs/symbol-graphs/$module
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$graphs/$module".symbols.json "$dir/"
  cp "$graphs/$module"@*.symbols.json "$dir/" 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.dance.$module" \
    --output-path ".build/docs/$module" --warnings-as-errors >/dev/null
  echo "docs: $module built in .build/docs/$module"
done
