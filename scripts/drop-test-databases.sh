#!/usr/bin/env bash
# Drops the per-test PostgreSQL databases (lamsa_test_*) that the API tests left behind.
# Without FORCE: a database another run's test is still connected to is refused and kept, so
# two test runs on one PostgreSQL never pull a database from under each other.
set -euo pipefail
url="${LAMSA_TEST_DATABASE_URL:?}"
command -v psql >/dev/null || exit 0
psql "$url" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'lamsa_test_%'" | while read -r db; do
  [[ -n $db ]] && psql "$url" -qc "DROP DATABASE IF EXISTS \"$db\"" 2>/dev/null || true
done
