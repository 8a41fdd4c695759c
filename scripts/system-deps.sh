#!/usr/bin/env bash
# Debian packages the tests need: chromium (browser tests), liblouis (Braille reference
# checks), poppler-utils (reading generated PDFs), the PostgreSQL client tools (the backup
# test's pg_dump/pg_restore), nginx (the deployment smoke test), redis-server (the Redis restart
# and shard tests start their own) and Python's venv (schemathesis).
# Installs only what is missing; `make test` and .ci/run run it first. Where it cannot install
# (not root and no sudo, or no apt-get), it stops with one line naming the command to run. (The
# certificate font ships in assets/fonts/.)
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v lou_translate >/dev/null || need+=(liblouis-bin liblouis-data)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v pg_dump >/dev/null || need+=(postgresql-client)
command -v redis-server >/dev/null || need+=(redis-server)
# nginx for scripts/deploy-smoke.sh (docker-compose.yml's load balancer, run natively);
# a Python with venv for scripts/schemathesis.sh.
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || need+=(nginx-light)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
[[ ${#need[@]} -eq 0 ]] && exit 0
cmd="apt-get install -y --no-install-recommends ${need[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO="sudo"
  else
    echo "system-deps: missing ${need[*]}; run: sudo apt-get update && sudo $cmd" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null; then
  echo "system-deps: missing ${need[*]} (Debian package names); install them with your system's package manager" >&2
  exit 1
fi
echo "Installing ${need[*]} from Debian's packages"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO $cmd -qq
