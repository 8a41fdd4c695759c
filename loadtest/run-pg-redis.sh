#!/usr/bin/env bash
# Two instances on PostgreSQL + Redis under load: creates a fresh database, starts a Redis of its
# own (port 16401) and two `lamsa serve`, creates the users, runs the harness, then stops and
# drops everything it started. Extra arguments go to the harness, for example
#   --restart-redis-at 5 --redis-restart-cmd "$(loadtest/run-pg-redis.sh --restart-cmd)"
#   loadtest/run-pg-redis.sh SOCKETS RATE DURATION [harness options…]
# Env: TARGET (cargo target dir, default ./target), LT_DIR (default /tmp/lt-pg), PG_URL
# (default postgres://postgres@127.0.0.1:5432), REDIS_SHARDS (default 1: how many Redis servers
# the bus is sharded over, on ports 16401, 16402, …; --restart-cmd restarts the first).
set -euo pipefail
redis_port=16401
shards=${REDIS_SHARDS:-1}
[[ $shards =~ ^[1-9][0-9]?$ ]] && (( shards <= 64 )) || { echo "REDIS_SHARDS must be a number from 1 to 64" >&2; exit 1; }
redis_ports=$(seq $redis_port $((redis_port + shards - 1)))
d=${LT_DIR:-/tmp/lt-pg}
start_redis_on() { # port
  echo "redis-server --port $1 --bind 127.0.0.1 --save '' --appendonly no --daemonize yes --pidfile $d/redis-$1.pid"
}
start_redis=$(start_redis_on $redis_port)
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
redis_url=""
for port in $redis_ports; do
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  eval "$(start_redis_on "$port")"
  redis_url+="${redis_url:+,}redis://127.0.0.1:$port"
done
export LAMSA_DATA_DIR=$d DATABASE_URL=$pg/$db REDIS_URL=$redis_url \
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
  for port in $redis_ports; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for port in 28421 28422; do
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
done
"$target/loadtest" --url http://127.0.0.1:28421 --url http://127.0.0.1:28422 --server-pid $pid1 --server-pid $pid2 \
  --users-file "$d/users.jsonl" --sockets "$sockets" --rate "$rate" --duration-secs "$duration" --settle-secs 3 \
  --connect-rate 1000 --drain-secs 15 --no-json-stdout "$@"
