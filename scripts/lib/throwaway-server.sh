# Sourced by scripts/e2e.sh and scripts/schemathesis.sh: a throwaway server for one test run.
# The debug build of the server, SQLite in a fresh data directory, a free loopback port; stopped
# (and the directory removed) when the calling script exits.
#
#   throwaway_server_init NAME KEEP   sets $bin, $data, $port and $base and the exit trap. NAME
#                                     prefixes messages; KEEP non-empty keeps the directory.
#   throwaway_server_start            serves in the background ($server_pid) with the caller's
#                                     environment and waits for /api/health.
# The caller exports whatever else the server needs (LAMSA_WEB_DIR, RUST_LOG …) before starting.

throwaway_server_init() {
  _ts_name="$1"
  _ts_keep="$2"
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
  bin="$CARGO_TARGET_DIR/debug/lamsa"
  # cargo does nothing when the binary is current; LAMSA_E2E_NO_BUILD=1 uses it as it is.
  if [[ -z "${LAMSA_E2E_NO_BUILD:-}" || ! -x "$bin" ]]; then
    echo "$_ts_name: building the server ($bin)"
    (cd "$repo" && cargo build --bin lamsa)
  fi
  data="$(mktemp -d -t "lamsa-$_ts_name.XXXXXX")"
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  base="http://127.0.0.1:$port"
  server_pid=""
  trap _throwaway_server_cleanup EXIT INT TERM

  export LAMSA_DATA_DIR="$data"
  export DATABASE_URL="sqlite://$data/lamsa.db"
  export LAMSA_PUBLIC_URL="$base"
  export LAMSA_ADDR="127.0.0.1:$port"
  unset REDIS_URL SMTP_URL
}

_throwaway_server_cleanup() {
  local rc=$?
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -f "$data/server.log" ]]; then
    echo "$_ts_name: last lines of the server log:" >&2
    tail -n 30 "$data/server.log" >&2 || true
  fi
  if [[ -n "$_ts_keep" ]]; then echo "$_ts_name: kept $data"; else rm -rf "$data"; fi
  exit $rc
}

throwaway_server_start() {
  "$bin" serve >"$data/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
      echo "$_ts_name: the server exited" >&2
      exit 1
    fi
    sleep 0.5
  done
  curl -fsS "$base/api/health" >/dev/null
}
