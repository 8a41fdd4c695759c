#!/usr/bin/env bash
# The web app's size budget (issue 22): builds web/ (with its prerendered pages) into a temporary
# directory and fails when the HTML of `/` with its inline CSS exceeds 30 kB gzipped, when all
# the JavaScript `/` loads (the entry, the home page's lazy modules, their static imports; React
# included) exceeds 150 kB gzipped, or when any chunk exceeds 150 kB gzipped. Prints every
# chunk's size. kB here are 1,000 bytes, as Vite prints them.
#   WEB_BUDGET_DIST=dir  checks an existing build instead of building.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo/web"
[[ -d node_modules ]] || npm ci --no-audit --no-fund
dist="${WEB_BUDGET_DIST:-}"
if [[ -z "$dist" ]]; then
  dist="$(mktemp -d -t lamsa-web-budget.XXXXXX)"
  trap 'rm -rf "$dist"' EXIT
  npx vite build --outDir "$dist" --emptyOutDir --logLevel warn
fi
node "$repo/scripts/web-budget.mjs" "$dist"
