#!/usr/bin/env bash
# One SQLite instance under load: starts `lamsa serve` on a fresh data directory, creates the
# users, runs the harness and stops the server. Extra arguments go to the harness.
#   loadtest/run-sqlite.sh SOCKETS RATE DURATION [harness options…]
# Env: TARGET (cargo target dir, default ./target), LT_DIR (default /tmp/lt-sqlite), LT_PORT.
set -euo pipefail
sockets=${1:?sockets}; rate=${2:?rate}; duration=${3:?duration}; shift 3
target=${TARGET:-${CARGO_TARGET_DIR:-target}}/release
d=${LT_DIR:-/tmp/lt-sqlite}
port=${LT_PORT:-28412}
ulimit -n 20000
rm -rf "$d" && mkdir -p "$d"
export LAMSA_DATA_DIR=$d DATABASE_URL=sqlite://$d/lamsa.db LAMSA_ADDR=127.0.0.1:$port \
  LAMSA_JWT_SECRET=loadtest-secret-0123456789abcdefghijklmnopqrstuv RUST_LOG=${RUST_LOG:-warn}
"$target/lamsa" migrate >/dev/null
"$target/lamsa" loadtest-users --count "$sockets" > "$d/users.jsonl"
"$target/lamsa" serve > "$d/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
"$target/loadtest" --url "http://127.0.0.1:$port" --server-pid "$pid" --users-file "$d/users.jsonl" \
  --sockets "$sockets" --rate "$rate" --duration-secs "$duration" --settle-secs 3 --connect-rate 1000 \
  --drain-secs 15 --no-json-stdout "$@"
