#!/usr/bin/env bash
# Two instances on PostgreSQL + Redis under load: creates a fresh database, starts a Redis of its
# own (port 16401) and two `lamsa serve`, creates the users, runs the harness, then stops and
# drops everything it started. Extra arguments go to the harness, for example
#   --restart-redis-at 5 --redis-restart-cmd "$(loadtest/run-pg-redis.sh --restart-cmd)"
#   loadtest/run-pg-redis.sh SOCKETS RATE DURATION [harness options…]
# Env: TARGET (cargo target dir, default ./target), LT_DIR (default /tmp/lt-pg), PG_URL
# (default postgres://postgres@127.0.0.1:5432).
set -euo pipefail
redis_port=16401
d=${LT_DIR:-/tmp/lt-pg}
start_redis="redis-server --port $redis_port --bind 127.0.0.1 --save '' --appendonly no --daemonize yes --pidfile $d/redis.pid"
if [[ ${1:-} == --restart-cmd ]]; then
  echo "redis-cli -p $redis_port shutdown nosave; $start_redis"
  exit 0
fi
sockets=${1:?sockets}; rate=${2:?rate}; duration=${3:?duration}; shift 3
target=${TARGET:-${CARGO_TARGET_DIR:-target}}/release
pg=${PG_URL:-postgres://postgres@127.0.0.1:5432}
db=lamsa_loadtest_run
ulimit -n 20000
rm -rf "$d" && mkdir -p "$d"
psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
redis-cli -p $redis_port shutdown nosave >/dev/null 2>&1 || true
eval "$start_redis"
export LAMSA_DATA_DIR=$d DATABASE_URL=$pg/$db REDIS_URL=redis://127.0.0.1:$redis_port \
  LAMSA_JWT_SECRET=loadtest-secret-0123456789abcdefghijklmnopqrstuv RUST_LOG=${RUST_LOG:-warn}
"$target/lamsa" migrate >/dev/null
"$target/lamsa" loadtest-users --count "$sockets" > "$d/users.jsonl"
LAMSA_ADDR=127.0.0.1:28421 "$target/lamsa" serve > "$d/server1.log" 2>&1 &
pid1=$!
LAMSA_ADDR=127.0.0.1:28422 "$target/lamsa" serve > "$d/server2.log" 2>&1 &
pid2=$!
cleanup() {
  kill $pid1 $pid2 2>/dev/null || true
  wait $pid1 $pid2 2>/dev/null || true
  redis-cli -p $redis_port shutdown nosave >/dev/null 2>&1 || true
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for port in 28421 28422; do
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
done
"$target/loadtest" --url http://127.0.0.1:28421 --url http://127.0.0.1:28422 --server-pid $pid1 --server-pid $pid2 \
  --users-file "$d/users.jsonl" --sockets "$sockets" --rate "$rate" --duration-secs "$duration" --settle-secs 3 \
  --connect-rate 1000 --drain-secs 15 --no-json-stdout "$@"
