#!/usr/bin/env bash
# Browser tests: builds the web app when needed, starts the real server on a free port with a
# fresh data directory and SQLite database (scripts/lib/throwaway-server.sh), runs the
# Playwright Test journeys and axe scans (web/e2e, web/playwright.config.ts, Debian's chromium),
# and stops the server on exit. Arguments go to `playwright test`: a file (e2e/public.e2e.ts),
# `-g "title"` for one test, `--project en-dark` for one language × theme.
#   LAMSA_E2E_KEEP=1  keeps the temporary data directory (e-mails, database, server log).
# A failed test leaves its trace in web/test-results/ (`npx playwright show-trace <trace.zip>`).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/throwaway-server.sh
source "$repo/scripts/lib/throwaway-server.sh"
chromium="${LAMSA_CHROMIUM:-/usr/bin/chromium}"

if [[ ! -x "$chromium" ]]; then
  echo "e2e: $chromium not found; install Debian's chromium (apt-get install -y chromium)" >&2
  exit 1
fi
throwaway_server_init e2e "${LAMSA_E2E_KEEP:-}"

cd "$repo/web"
[[ -d node_modules ]] || npm ci --no-audit --no-fund
# LAMSA_E2E_DIST builds into another directory, so two runs at once do not share web/dist.
dist="${LAMSA_E2E_DIST:-$repo/web/dist}"
# Rebuild when dist is missing or older than any source file.
if [[ ! -f "$dist/index.html" ]] || [[ -n "$(find src build index.html public package.json vite.config.ts -newer "$dist/index.html" -print -quit)" ]]; then
  echo "e2e: building the web app into $dist"
  npx tsc --noEmit
  npx vite build --outDir "$dist" --emptyOutDir
fi

export LAMSA_WEB_DIR="$dist"
export LAMSA_ACCESS_TTL_SECS="${LAMSA_ACCESS_TTL_SECS:-8}"
export RUST_LOG="${RUST_LOG:-info,sqlx=warn}"
# The suite's own accounts each come from an address of their own (e2e/support.ts createAccount).
export LAMSA_TRUSTED_PROXIES=127.0.0.1
throwaway_server_start

# The demo data (accounts, three active courses with coded categories and levels), as `make run`
# has it: e2e/catalogue.e2e.ts filters the demo catalogue. Other tests find their own courses by
# a unique search, so the demo courses beside them change nothing. Seeded before
# the suite's supervisor exists, so the demo courses' accreditation notices are not in its bell.
LAMSA_DEMO_PASSWORD="Demo#pass2026" "$bin" seed-demo >>"$data/server.log" 2>&1

# A supervisor can only be made from the command line.
export LAMSA_E2E_SUPERVISOR_EMAIL="sup@example.com"
export LAMSA_E2E_SUPERVISOR_PASSWORD="Sup#pass2026"
printf '%s\n' "$LAMSA_E2E_SUPERVISOR_PASSWORD" |
  "$bin" create-user --type supervisor --email "$LAMSA_E2E_SUPERVISOR_EMAIL" --name "Sup" >>"$data/server.log" 2>&1

export NO_COLOR=1 FORCE_COLOR=0 # plain test output for logs and scripts/test.sh counting
export LAMSA_BASE_URL="$base"
export LAMSA_CHROMIUM="$chromium"
# Playwright never downloads a browser here: the config launches $LAMSA_CHROMIUM.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
echo "e2e: server on $base, data in $data"
npx playwright test "$@"
