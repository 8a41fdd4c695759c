#!/usr/bin/env bash
# The topology of docker-compose.yml, run natively: Debian's nginx with deploy/nginx.conf (only
# its listen address and upstream addresses rewritten) in front of two Lamsa instances on one
# PostgreSQL database and one Redis, sharing a data directory (compose's `uploads` volume) and
# a JWT secret. Then the journey of scripts/deploy-smoke.mjs through nginx: register, activate,
# sign in, a live note across instances through the WebSocket upgrade, one instance killed
# (kill -9) and its socket resumed on the other.
#   LAMSA_TEST_DATABASE_URL, LAMSA_TEST_REDIS_URL   required (a fresh database is created on
#                                                    the server and dropped afterwards)
#   LAMSA_DEPLOY_PROFILE=release   use release binaries (default: debug, already built by the
#                                  other tests; a release build takes ~20 min on 2 cores)
#   LAMSA_DEPLOY_KEEP=1            keep the directory with the logs and configuration
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
admin_url="${LAMSA_TEST_DATABASE_URL:?deploy-smoke: set LAMSA_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)}"
redis_url="${LAMSA_TEST_REDIS_URL:?deploy-smoke: set LAMSA_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)}"
profile="${LAMSA_DEPLOY_PROFILE:-debug}"
bin="$CARGO_TARGET_DIR/$profile/lamsa"
nginx="$(command -v nginx || true)"
[[ -z "$nginx" && -x /usr/sbin/nginx ]] && nginx=/usr/sbin/nginx
if [[ -z "$nginx" ]]; then
  echo "deploy-smoke: nginx not found; run: bash scripts/system-deps.sh (installs Debian's nginx-light)" >&2
  exit 1
fi
command -v psql >/dev/null || { echo "deploy-smoke: psql not found; apt-get install -y postgresql-client" >&2; exit 1; }

if [[ -z "${LAMSA_E2E_NO_BUILD:-}" || ! -x "$bin" ]]; then
  echo "deploy-smoke: building the server ($profile)"
  if [[ $profile == release ]]; then (cd "$repo" && cargo build --release --bin lamsa); else (cd "$repo" && cargo build --bin lamsa); fi
fi

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
dir="$(mktemp -d -t lamsa-deploy.XXXXXX)"
chmod 755 "$dir"
db="lamsa_deploy_$$_$RANDOM"
database_url="${admin_url%/*}/$db"
pids=()
nginx_pid=""

cleanup() {
  local rc=$?
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  done
  if [[ $rc -ne 0 ]]; then
    for f in app1.log app2.log nginx-error.log; do
      [[ -f "$dir/$f" ]] && { echo "deploy-smoke: last lines of $f:" >&2; tail -n 15 "$dir/$f" >&2; }
    done
  fi
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [[ -n "${LAMSA_DEPLOY_KEEP:-}" ]]; then echo "deploy-smoke: kept $dir"; else rm -rf "$dir"; fi
  exit $rc
}
trap cleanup EXIT INT TERM

psql -q "$admin_url" -c "CREATE DATABASE $db" >/dev/null
port="$(free_port)"
p1="$(free_port)"
p2="$(free_port)"
while [[ $p2 == "$p1" || $p2 == "$port" ]]; do p2="$(free_port)"; done
while [[ $p1 == "$port" ]]; do p1="$(free_port)"; done
base="http://127.0.0.1:$port"

# compose's app1/app2 environment, with addresses on loopback.
export DATABASE_URL="$database_url"
export REDIS_URL="$redis_url"
export LAMSA_JWT_SECRET="deploy-smoke-secret-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export LAMSA_PUBLIC_URL="$base"
export LAMSA_DATA_DIR="$dir/data"
export LAMSA_WEB_DIR="$dir/no-web-app"
export LAMSA_TRUSTED_PROXIES=127.0.0.1
export RUST_LOG="${RUST_LOG:-info,sqlx=warn}"
unset SMTP_URL LAMSA_ACCESS_TTL_SECS

# Both at once, as compose starts them: they migrate the same empty database concurrently.
for i in 1 2; do
  p_var="p$i"
  LAMSA_ADDR="127.0.0.1:${!p_var}" "$bin" serve >"$dir/app$i.log" 2>&1 &
  pids+=($!)
done

# deploy/nginx.conf as compose mounts it (conf.d/default.conf), inside a main configuration
# that keeps nginx's files in $dir. One worker, so round robin alternates strictly; the journey
# reads which instance served what from deploy/nginx.conf's access log.
mkdir -p "$dir/tmp"
chmod 777 "$dir/tmp"
sed -e "s/server app1:8080;/server 127.0.0.1:$p1;/" -e "s/server app2:8080;/server 127.0.0.1:$p2;/" \
  -e "s/listen 80;/listen 127.0.0.1:$port;/" -e "s|access_log /var/log/nginx/access.log lamsa;|access_log $dir/nginx-access.log lamsa;|" \
  "$repo/deploy/nginx.conf" >"$dir/default.conf"
for want in "127.0.0.1:$p1;" "127.0.0.1:$p2;" "listen 127.0.0.1:$port;" "access_log $dir/nginx-access.log lamsa;"; do
  grep -qF "$want" "$dir/default.conf" || { echo "deploy-smoke: deploy/nginx.conf no longer has the lines this script rewrites" >&2; exit 1; }
done
cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    include $dir/default.conf;
}
EOF
"$nginx" -t -q -p "$dir" -c "$dir/nginx.conf" -e "$dir/nginx-error.log" 2>/dev/null ||
  "$nginx" -t -p "$dir" -c "$dir/nginx.conf"
"$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/nginx-error.log" -g 'daemon off;' 2>>"$dir/nginx-error.log" &
nginx_pid=$!

for i in 1 2; do
  p_var="p$i"
  for _ in $(seq 1 240); do
    curl -fsS "http://127.0.0.1:${!p_var}/api/health" >/dev/null 2>&1 && break
    kill -0 "${pids[$((i - 1))]}" 2>/dev/null || { echo "deploy-smoke: instance $i exited" >&2; exit 1; }
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:${!p_var}/api/health" >/dev/null || { echo "deploy-smoke: instance $i is not healthy" >&2; exit 1; }
done
for _ in $(seq 1 40); do curl -fsS "$base/api/health" >/dev/null 2>&1 && break; sleep 0.25; done
echo "deploy-smoke: nginx on $base in front of 127.0.0.1:$p1 (pid ${pids[0]}) and 127.0.0.1:$p2 (pid ${pids[1]}), PostgreSQL database $db, Redis $redis_url"

# Node 22 has WebSocket built in; Node 20 behind a flag.
ws_flag=""
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null || ws_flag="--experimental-websocket --no-warnings"
export SMOKE_SUP_EMAIL="deploy-sup@example.com"
export SMOKE_SUP_PASSWORD="Sup#pass2026"
printf '%s\n' "$SMOKE_SUP_PASSWORD" | "$bin" create-user --type supervisor --email "$SMOKE_SUP_EMAIL" --name "Smoke Supervisor" >>"$dir/cli.log" 2>&1

SMOKE_BASE="$base" SMOKE_OUTBOX="$LAMSA_DATA_DIR/outbox" SMOKE_ACCESS_LOG="$dir/nginx-access.log" \
  SMOKE_KILL_PID="${pids[0]}" node $ws_flag "$repo/scripts/deploy-smoke.mjs"
