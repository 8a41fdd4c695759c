#!/usr/bin/env bash
# The API against its own contract: schemathesis (PyPI, 4.x, in a venv this script creates)
# generates requests from /api/openapi.json and checks every answer (`--checks all`: no server
# error, only declared statuses, content types and schemas, 405 with `Allow` for undeclared
# methods, schema-violating requests refused, …). A fresh server (scripts/lib/throwaway-server.sh:
# debug build, SQLite, its own data directory and port) with the demo accounts; one run per
# identity: anonymous, student, instructor, supervisor (last: it may deactivate the others).
# Fails on any failure.
#   LAMSA_ST_SECONDS=60   time per identity
#   LAMSA_ST_VENV=DIR     where the venv lives (default ~/.cache/lamsa-schemathesis/venv)
#   LAMSA_ST_KEEP=1       keep the data directory and the reports
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/throwaway-server.sh
source "$repo/scripts/lib/throwaway-server.sh"
seconds="${LAMSA_ST_SECONDS:-60}"
version="4.32.5"
venv="${LAMSA_ST_VENV:-$HOME/.cache/lamsa-schemathesis/venv}"

python=""
for p in python3.11 python3.12 python3.13 python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    python="$p"
    break
  fi
done
if [[ -z "$python" ]]; then
  echo "schemathesis: Python 3.10 or later not found; install it (apt-get install -y python3 python3-venv)" >&2
  exit 1
fi
if ! "$venv/bin/st" --version 2>/dev/null | grep -q "$version"; then
  echo "schemathesis: installing schemathesis $version into $venv"
  mkdir -p "$(dirname "$venv")"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

throwaway_server_init schemathesis "${LAMSA_ST_KEEP:-}"
export LAMSA_WEB_DIR="$data/no-web-app"
export RUST_LOG="${RUST_LOG:-warn}"
unset LAMSA_ACCESS_TTL_SECS
password="Lamsa#2026"
LAMSA_DEMO_PASSWORD="$password" "$bin" seed-demo >"$data/seed.log" 2>&1
throwaway_server_start

# Every token first: schemathesis's own sign-in attempts soon meet the per-address limit.
declare -A token
for who in student instructor supervisor; do
  token[$who]="$(curl -fsS -H 'Content-Type: application/json' \
    -d "{\"email\":\"$who@lamsa.local\",\"password\":\"$password\"}" "$base/api/auth/login" |
    "$python" -c 'import json, sys; print(json.load(sys.stdin)["access"])')"
done

# schemathesis keeps a cache in the working directory: the data directory's, not the clone's.
cd "$data"
status=0
total_requests=0
total_failures=0
for who in anonymous student instructor supervisor; do
  auth=()
  [[ $who != anonymous ]] && auth=(-H "Authorization: Bearer ${token[$who]}")
  report="$data/report-$who"
  echo "==> schemathesis as $who, ${seconds}s against $base"
  s=0
  # One worker: with two, Hypothesis sometimes fails inside itself ("AST constructor recursion
  # depth mismatch" while describing a filter), a runtime error of the tool, not of the API.
  "$venv/bin/st" --config-file "$repo/scripts/schemathesis.toml" run "$base/api/openapi.json" --checks all --max-time "$seconds" --workers 1 \
    --request-timeout 10 --report ndjson --report-dir "$report" --output-truncate true "${auth[@]}" \
    >"$data/st-$who.log" 2>&1 || s=$?
  # Requests sent (every interaction in the run's event log) and the unique failures it reports.
  requests="$("$python" - "$report" <<'EOF'
import json, pathlib, sys
n = 0
for f in pathlib.Path(sys.argv[1]).glob("*.ndjson"):
    for line in f.open():
        finished = json.loads(line).get("ScenarioFinished")
        if finished:
            n += len(finished.get("recorder", {}).get("interactions", {}))
print(n)
EOF
  )"
  failures="$(grep -Eo '[0-9]+ failures?' "$data/st-$who.log" | tail -1 | grep -Eo '[0-9]+' || true)"
  failures="${failures:-0}"
  total_requests=$((total_requests + requests))
  total_failures=$((total_failures + failures))
  echo "schemathesis as $who: $requests requests, $failures failures (exit $s)"
  if [[ $s -ne 0 ]]; then
    status=1
    tail -n 80 "$data/st-$who.log"
  fi
done
if ! kill -0 "$server_pid" 2>/dev/null; then
  echo "schemathesis: the server died during the run" >&2
  status=1
fi
echo "schemathesis: $total_requests requests, $total_failures failures in 4 runs of ${seconds}s"
exit $status
