#!/usr/bin/env bash
# Builds the DocC catalogs of Advance and Dance with the toolchain's docc, warnings as
# errors, into .build/docs/<Module>. Symbol graphs come from `swift package
# dump-symbol-graph`, so no package plugin (and no dependency) is needed.
#
#   scripts/build-docs.sh            DocC archives (for Xcode or `docc preview`)
#   scripts/build-docs.sh --static   static websites under .build/docs-static/<Module>, for
#                                    any web server (scripts/preview-docs.sh serves them)
set -euo pipefail
cd "$(dirname "$0")/.."
output=.build/docs
hosting=()
if [ "${1:-}" = "--static" ]; then
  output=.build/docs-static
fi
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find .build -path '*symbolgraph*' -name 'Advance.symbols.json' -print -quit | xargs dirname)
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
for module in Advance Dance; do
  mkdir -p "$output"
  dir=.build/docs/symbol-graphs/$module
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$graphs/$module".symbols.json "$dir/"
  cp "$graphs/$module"@*.symbols.json "$dir/" 2>/dev/null || true
  if [ "$output" = .build/docs-static ]; then
    # Opened as a file, a DocC archive is a blank page: it needs a server, and a site
    # served from a folder needs to know that folder's name.
    hosting=(--transform-for-static-hosting --hosting-base-path "$module")
  fi
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.dance.$module" \
    --output-path "$output/$module" --warnings-as-errors ${hosting[@]+"${hosting[@]}"} >/dev/null
  echo "docs: $module built in $output/$module"
done
