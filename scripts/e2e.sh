#!/usr/bin/env bash
# Browser tests: builds the web app when needed, starts the real server on a free port with a
# fresh data directory and SQLite database, waits for /api/health, runs the Playwright journeys
# and axe scans (web/e2e, Debian's chromium), and stops the server on exit.
#   LAMSA_E2E_KEEP=1  keeps the temporary data directory (e-mails, database, server log).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
bin="$CARGO_TARGET_DIR/debug/lamsa"
chromium="${LAMSA_CHROMIUM:-/usr/bin/chromium}"

if [[ ! -x "$chromium" ]]; then
  echo "e2e: $chromium not found; install Debian's chromium (apt-get install -y chromium)" >&2
  exit 1
fi
# cargo does nothing when the binary is current; LAMSA_E2E_NO_BUILD=1 uses it as it is.
if [[ -z "${LAMSA_E2E_NO_BUILD:-}" || ! -x "$bin" ]]; then
  echo "e2e: building the server ($bin)"
  (cd "$repo" && cargo build --bin lamsa)
fi

cd "$repo/web"
[[ -d node_modules ]] || npm ci --no-audit --no-fund
# LAMSA_E2E_DIST builds into another directory, so two runs at once do not share web/dist.
dist="${LAMSA_E2E_DIST:-$repo/web/dist}"
# Rebuild when dist is missing or older than any source file.
if [[ ! -f "$dist/index.html" ]] || [[ -n "$(find src index.html public package.json vite.config.ts -newer "$dist/index.html" -print -quit)" ]]; then
  echo "e2e: building the web app into $dist"
  npx tsc --noEmit
  npx vite build --outDir "$dist" --emptyOutDir
fi

data="$(mktemp -d -t lamsa-e2e.XXXXXX)"
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
server_pid=""

cleanup() {
  local rc=$?
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -f "$data/server.log" ]]; then
    echo "e2e: last lines of the server log:" >&2
    tail -n 30 "$data/server.log" >&2 || true
  fi
  if [[ -n "${LAMSA_E2E_KEEP:-}" ]]; then echo "e2e: kept $data"; else rm -rf "$data"; fi
  exit $rc
}
trap cleanup EXIT INT TERM

export LAMSA_DATA_DIR="$data"
export DATABASE_URL="sqlite://$data/lamsa.db"
export LAMSA_WEB_DIR="$dist"
export LAMSA_PUBLIC_URL="$base"
export LAMSA_ADDR="127.0.0.1:$port"
export LAMSA_ACCESS_TTL_SECS="${LAMSA_ACCESS_TTL_SECS:-8}"
export RUST_LOG="${RUST_LOG:-info,sqlx=warn}"
unset REDIS_URL SMTP_URL
# The suite's own accounts each come from an address of their own (e2e/support.ts createAccount).
export LAMSA_TRUSTED_PROXIES=127.0.0.1

"$bin" serve >"$data/server.log" 2>&1 &
server_pid=$!

for _ in $(seq 1 120); do
  if curl -fsS "$base/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then echo "e2e: the server exited" >&2; exit 1; fi
  sleep 0.5
done
curl -fsS "$base/api/health" >/dev/null

# A supervisor can only be made from the command line.
export LAMSA_E2E_SUPERVISOR_EMAIL="sup@example.com"
export LAMSA_E2E_SUPERVISOR_PASSWORD="Sup#pass2026"
printf '%s\n' "$LAMSA_E2E_SUPERVISOR_PASSWORD" |
  "$bin" create-user --type supervisor --email "$LAMSA_E2E_SUPERVISOR_EMAIL" --name "Sup" >>"$data/server.log" 2>&1

export NO_COLOR=1 # plain test output for logs and scripts/test.sh counting
export LAMSA_BASE_URL="$base"
export LAMSA_CHROMIUM="$chromium"
echo "e2e: server on $base, data in $data"
npm run --silent test:e2e -- "$@"
