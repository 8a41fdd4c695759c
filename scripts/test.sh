#!/usr/bin/env bash
# Runs the test suites and prints one count line per suite and a total. With an argument
# (rust | contract | deploy | web | e2e) runs only that part.
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
only="${1:-all}"
passed=0
failed=0
summary=()

# Adds the counts of a cargo test log ("test result: ok. N passed; M failed").
count_cargo() {
  local p f
  p=$(grep -Eo 'test result: .* ([0-9]+) passed' "$1" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -Eo '[0-9]+ failed' "$1" | awk '{s+=$1} END {print s+0}')
  echo "$p $f"
}

run_stage() { # name, log, command...
  local name=$1 log=$2
  shift 2
  echo "==> $name"
  "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

logs=$(mktemp -d)
status=0

# A fresh machine: the Debian packages the tests use (chromium, pdftotext, lou_translate,
# pg_dump), installed here, or one line saying which command to run. LAMSA_SKIP_SYSTEM_DEPS=1
# skips the check (the tests then fail, with a message, on whatever is missing).
if [[ -z "${LAMSA_SKIP_SYSTEM_DEPS:-}" ]]; then
  bash scripts/system-deps.sh || { echo "make test: stopped: install the packages named above first" >&2; exit 1; }
fi

if [[ $only == all || $only == rust ]]; then
  # The SQLite half never sees the PostgreSQL/Redis variables.
  if ! run_stage "Rust tests on SQLite + in-process bus" "$logs/sqlite.log" \
      env -u LAMSA_TEST_DATABASE_URL -u LAMSA_TEST_REDIS_URL cargo test --workspace --no-fail-fast; then status=1; fi
  read -r p f < <(count_cargo "$logs/sqlite.log"); [[ $status -ne 0 && $f -eq 0 ]] && f=1
  passed=$((passed + p)); failed=$((failed + f)); summary+=("rust (SQLite): $p passed, $f failed")
  if [[ -n "${LAMSA_TEST_DATABASE_URL:-}" && -n "${LAMSA_TEST_REDIS_URL:-}" ]]; then
    s=0
    run_stage "API tests on PostgreSQL + Redis" "$logs/pg.log" cargo test -p lamsa --test '*' --no-fail-fast || s=1
    read -r p f < <(count_cargo "$logs/pg.log"); [[ $s -ne 0 && $f -eq 0 ]] && f=1
    [[ $s -ne 0 ]] && status=1
    passed=$((passed + p)); failed=$((failed + f)); summary+=("rust (PostgreSQL + Redis): $p passed, $f failed")
    bash scripts/drop-test-databases.sh || true
  else
    summary+=("rust (PostgreSQL + Redis): not run (LAMSA_TEST_DATABASE_URL / LAMSA_TEST_REDIS_URL unset)")
  fi
fi

if [[ $only == all || $only == contract ]]; then
  # schemathesis against a fresh server, 60 s for each of four identities (issue 16).
  if run_stage "API contract (schemathesis, ${LAMSA_ST_SECONDS:-60} s per identity)" "$logs/st.log" bash scripts/schemathesis.sh; then
    passed=$((passed + 1)); summary+=("contract: $(grep -Eo '[0-9]+ requests, [0-9]+ failures in' "$logs/st.log" | tail -1 | sed 's/ in$//'), ok")
  else
    status=1; failed=$((failed + 1)); summary+=("contract: FAILED (see above)")
  fi
fi

if [[ $only == all || $only == deploy ]]; then
  if [[ -n "${LAMSA_TEST_DATABASE_URL:-}" && -n "${LAMSA_TEST_REDIS_URL:-}" ]]; then
    if run_stage "Deployment smoke (nginx + two instances on PostgreSQL + Redis)" "$logs/deploy.log" bash scripts/deploy-smoke.sh; then
      passed=$((passed + 1)); summary+=("deploy smoke: journey passed")
    else
      status=1; failed=$((failed + 1)); summary+=("deploy smoke: FAILED (see above)")
    fi
  else
    summary+=("deploy smoke: not run (LAMSA_TEST_DATABASE_URL / LAMSA_TEST_REDIS_URL unset)")
  fi
fi

if [[ $only == all || $only == web ]]; then
  s=0
  (cd web && { [[ -d node_modules ]] || npm ci --no-audit --no-fund; }) || s=1
  # The generated API types must match what the server publishes (issue 24).
  run_stage "Web API types against the server's OpenAPI document" "$logs/api-types.log" bash scripts/api-types.sh --check || s=1
  run_stage "Web typecheck and lint" "$logs/lint.log" bash -c 'cd web && npm run typecheck && npm run lint' || s=1
  run_stage "Web unit tests (Vitest)" "$logs/vitest.log" bash -c 'cd web && NO_COLOR=1 FORCE_COLOR=0 npx vitest run' || s=1
  p=$(grep -Eo 'Tests +[0-9]+ passed' "$logs/vitest.log" | grep -Eo '[0-9]+' | tail -1); p=${p:-0}
  f=$(grep -Eo 'Tests +.*[0-9]+ failed' "$logs/vitest.log" | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' | tail -1); f=${f:-0}
  [[ $s -ne 0 && $f -eq 0 ]] && f=1
  [[ $s -ne 0 ]] && status=1
  passed=$((passed + p)); failed=$((failed + f)); summary+=("web unit: $p passed, $f failed")
  # The size budget (issue 22): the HTML of /, all the JavaScript / loads, and each chunk.
  if run_stage "Web size budget" "$logs/budget.log" bash scripts/web-budget.sh; then
    summary+=("web budget: HTML $(grep -Eo 'HTML of / with its inline CSS: [0-9.]+ kB' "$logs/budget.log" | grep -Eo '[0-9.]+ kB'), JS $(grep -Eo 'JavaScript / loads: [0-9.]+ kB' "$logs/budget.log" | grep -Eo '[0-9.]+ kB'), ok")
  else
    status=1; failed=$((failed + 1)); summary+=("web budget: FAILED (see above)")
  fi
fi

if [[ $only == all || $only == e2e ]]; then
  s=0
  run_stage "Browser tests (Playwright + Debian chromium)" "$logs/e2e.log" bash scripts/e2e.sh || s=1
  # Playwright's summary lines: "  154 passed (14.2m)", "  2 skipped", "  1 failed". Skipped
  # tests are not failures; tests a failure stopped ("did not run") are.
  p=$(grep -Eo '^ +[0-9]+ passed' "$logs/e2e.log" | grep -Eo '[0-9]+' | tail -1); p=${p:-0}
  f=$(grep -Eo '^ +[0-9]+ (failed|did not run)' "$logs/e2e.log" | grep -Eo '[0-9]+' | awk '{s+=$1} END {print s+0}')
  [[ $s -ne 0 && $f -eq 0 ]] && f=1
  [[ $s -ne 0 ]] && status=1
  passed=$((passed + p)); failed=$((failed + f)); summary+=("browser: $p passed, $f failed")
fi

echo
echo "==> Summary"
for line in "${summary[@]}"; do echo "  $line"; done
echo "total: $passed passed, $failed failed"
exit $status
