#!/usr/bin/env bash
# The web app's API types (web/src/lib/api-schema.d.ts) come from the server's OpenAPI document,
# the one `GET /api/openapi.json` serves, printed by `lamsa openapi` (no server needs to run).
#   bash scripts/api-types.sh          regenerates the file
#   bash scripts/api-types.sh --check  fails when the committed file differs from the document
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
target="web/src/lib/api-schema.d.ts"
tmp="$(mktemp -d -t lamsa-api-types.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT

cargo run --quiet --bin lamsa -- openapi >"$tmp/openapi.json"
(cd web && { [[ -d node_modules ]] || npm ci --no-audit --no-fund; } && npx openapi-typescript "$tmp/openapi.json" --output "$tmp/api-schema.d.ts" >/dev/null 2>&1)

if [[ "${1:-}" == "--check" ]]; then
  if ! diff -u "$target" "$tmp/api-schema.d.ts" >"$tmp/diff"; then
    head -40 "$tmp/diff" >&2
    echo "api types: $target differs from the server's OpenAPI document; run bash scripts/api-types.sh and commit the result" >&2
    exit 1
  fi
  echo "api types: $target matches the server's OpenAPI document"
else
  cp "$tmp/api-schema.d.ts" "$target"
  echo "api types: wrote $target"
fi
