#!/usr/bin/env bash
# Builds the API reference as static websites and serves them on http://localhost:PORT
# (default 8000) until Ctrl-C. Needs only the Swift toolchain and python3.
#
#   scripts/preview-docs.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8000}
bash scripts/build-docs.sh --static
echo "Advance: http://localhost:$port/Advance/documentation/advance/"
echo "Dance:   http://localhost:$port/Dance/documentation/dance/"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory .build/docs-static
