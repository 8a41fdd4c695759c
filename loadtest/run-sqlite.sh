#!/usr/bin/env bash
# One SQLite instance under load: starts `lamsa serve` on a fresh data directory, creates the
# users, runs the harness and stops the server. Extra arguments go to the harness.
#   loadtest/run-sqlite.sh SOCKETS RATE DURATION [harness options…]
# Env: TARGET (cargo target dir, default ./target), PROFILE (its profile directory, default
# release), LAMSA_BIN / LOADTEST_BIN (the binaries, default in that directory: to run an older
# server beside a newer one), LT_DIR (default /tmp/lt-sqlite), LT_PORT.
set -euo pipefail
sockets=${1:?sockets}; rate=${2:?rate}; duration=${3:?duration}; shift 3
target=${TARGET:-${CARGO_TARGET_DIR:-target}}/${PROFILE:-release}
lamsa=${LAMSA_BIN:-$target/lamsa}
harness=${LOADTEST_BIN:-$target/loadtest}
d=${LT_DIR:-/tmp/lt-sqlite}
port=${LT_PORT:-28412}
ulimit -n 20000
rm -rf "$d" && mkdir -p "$d"
export LAMSA_DATA_DIR=$d DATABASE_URL=sqlite://$d/lamsa.db LAMSA_ADDR=127.0.0.1:$port \
  LAMSA_JWT_SECRET=loadtest-secret-0123456789abcdefghijklmnopqrstuv RUST_LOG=${RUST_LOG:-warn}
"$lamsa" migrate >/dev/null
"$lamsa" loadtest-users --count "$sockets" > "$d/users.jsonl"
"$lamsa" serve > "$d/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
"$harness" --url "http://127.0.0.1:$port" --server-pid "$pid" --users-file "$d/users.jsonl" \
  --sockets "$sockets" --rate "$rate" --duration-secs "$duration" --settle-secs 3 --connect-rate 1000 \
  --drain-secs 15 --no-json-stdout "$@"
