#!/usr/bin/env bash
# Lighthouse 12 (mobile profile: simulated slow 4G, 4x CPU slowdown) against a RELEASE server, in
# Arabic, as a new visitor: /, /braille-translator, /courses, /login, and /student signed in as
# the demo student. Prints performance, accessibility, first contentful paint and bytes per page
# (web/README.md keeps the figures). Lighthouse is installed into ~/.cache/lamsa-lighthouse-tools, not
# into web/package.json.
#   LAMSA_LIGHTHOUSE_URL=http://host:port  measures a server already running (with seed-demo run)
#   LAMSA_LIGHTHOUSE_JSON=dir              also keeps each page's full JSON report there
#   LAMSA_LIGHTHOUSE_PAGES=/,/login        measures only these pages
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
tools="${LAMSA_LIGHTHOUSE_TOOLS:-$HOME/.cache/lamsa-lighthouse-tools}"
if [[ ! -f "$tools/node_modules/lighthouse/package.json" ]]; then
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --no-save lighthouse@12 >/dev/null
fi

base="${LAMSA_LIGHTHOUSE_URL:-}"
server_pid=""
data=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [[ -n "$data" ]]; then rm -rf "$data"; fi
}
trap cleanup EXIT INT TERM

if [[ -z "$base" ]]; then
  bin="$CARGO_TARGET_DIR/release/lamsa"
  (cd "$repo" && cargo build --release --bin lamsa)
  data="$(mktemp -d -t lamsa-lighthouse.XXXXXX)"
  (cd "$repo/web" && { [[ -d node_modules ]] || npm ci --no-audit --no-fund; } && npx vite build --outDir "$data/dist" --emptyOutDir --logLevel warn)
  port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  base="http://127.0.0.1:$port"
  export LAMSA_DATA_DIR="$data" DATABASE_URL="sqlite://$data/lamsa.db" LAMSA_WEB_DIR="$data/dist" \
    LAMSA_PUBLIC_URL="$base" LAMSA_ADDR="127.0.0.1:$port" RUST_LOG="${RUST_LOG:-warn}"
  unset REDIS_URL SMTP_URL
  "$bin" seed-demo >"$data/seed.log" 2>&1
  "$bin" serve >"$data/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { echo "lighthouse: the server exited" >&2; cat "$data/server.log" >&2; exit 1; }
    sleep 0.5
  done
fi

LAMSA_LIGHTHOUSE_TOOLS="$tools" node "$repo/scripts/lighthouse.mjs" "$base"
