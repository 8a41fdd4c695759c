#!/usr/bin/env bash
# The web app's size budget (issue 14): builds web/ into a temporary directory and fails when the
# JavaScript `/` loads before first paint (the entry script, its static imports and module
# preloads, gzipped, React included) exceeds 150 kB, or when any lazily loaded chunk exceeds
# 150 kB gzipped.
# Prints every chunk's size. kB here are 1,000 bytes, as Vite prints them.
#   WEB_BUDGET_DIST=dir  checks an existing build instead of building.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo/web"
[[ -d node_modules ]] || npm ci --no-audit --no-fund
dist="${WEB_BUDGET_DIST:-}"
if [[ -z "$dist" ]]; then
  dist="$(mktemp -d -t lamsa-web-budget.XXXXXX)"
  trap 'rm -rf "$dist"' EXIT
  npx vite build --outDir "$dist" --emptyOutDir --manifest --logLevel warn
fi
node "$repo/scripts/web-budget.mjs" "$dist"
