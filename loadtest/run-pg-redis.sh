#!/usr/bin/env bash
# Instances (two by default) on PostgreSQL + Redis under load: creates a fresh database, starts a
# Redis of its own (port 16401) and the `lamsa serve`s, creates the users, runs the harness, then
# stops and drops everything it started. Extra arguments go to the harness, for example
#   --restart-redis-at 5 --redis-restart-cmd "$(loadtest/run-pg-redis.sh --restart-cmd)"
#   loadtest/run-pg-redis.sh SOCKETS RATE DURATION [harness options…]
# Env: TARGET (cargo target dir, default ./target), LT_DIR (default /tmp/lt-pg), PG_URL
# (default postgres://postgres@127.0.0.1:5432), REDIS_SHARDS (default 1: how many Redis servers
# the bus is sharded over, on ports 16401, 16402, …; --restart-cmd restarts the first), INSTANCES
# (default 2, on ports 28421, 28422, …), LAMSA_BIN / LOADTEST_BIN (the binaries, default in
# TARGET: to run an older server beside a newer one).
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
lamsa=${LAMSA_BIN:-$target/lamsa}
harness=${LOADTEST_BIN:-$target/loadtest}
instances=${INSTANCES:-2}
[[ $instances =~ ^[1-9]$ ]] || { echo "INSTANCES must be a number from 1 to 9" >&2; exit 1; }
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
"$lamsa" migrate >/dev/null
"$lamsa" loadtest-users --count "$sockets" > "$d/users.jsonl"
pids=() urls=() pid_args=()
for i in $(seq "$instances"); do
  port=$((28420 + i))
  LAMSA_ADDR=127.0.0.1:$port "$lamsa" serve > "$d/server$i.log" 2>&1 &
  pids+=($!) urls+=(--url "http://127.0.0.1:$port") pid_args+=(--server-pid $!)
done
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  for port in $redis_ports; do redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; done
  psql "$pg/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for i in $(seq "$instances"); do
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$((28420 + i))/api/health" >/dev/null && break; sleep 0.1; done
done
"$harness" "${urls[@]}" "${pid_args[@]}" \
  --users-file "$d/users.jsonl" --sockets "$sockets" --rate "$rate" --duration-secs "$duration" --settle-secs 3 \
  --connect-rate 1000 --drain-secs 15 --no-json-stdout "$@"
