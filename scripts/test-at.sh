#!/usr/bin/env bash
# Runs a test command with the clock of every process it starts set to a moment in store time
# (America/New_York), through libfaketime (Debian's `faketime`), so that a test depending on the
# hour of the day shows it on any machine at any hour. The clock runs on from that moment;
# monotonic clocks (timers) are left alone. PostgreSQL runs outside the fake clock, so only the
# SQLite halves run (TEST_DATABASE_URL is unset).
#   scripts/test-at.sh "2026-12-05 23:30" npx vitest run tests/integration/scheduling
set -euo pipefail
if [ $# -lt 2 ]; then echo "usage: scripts/test-at.sh 'YYYY-MM-DD HH:MM' command..." >&2; exit 2; fi
command -v faketime >/dev/null || { echo "scripts/test-at.sh needs faketime (apt-get install -y faketime)" >&2; exit 2; }
moment=$1; shift
utc=$(date -u -d "@$(TZ=America/New_York date -d "$moment" +%s)" '+%Y-%m-%d %H:%M:%S')
echo "store time $moment = $utc UTC: $*"
unset TEST_DATABASE_URL
export FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_NO_CACHE=1
exec env TZ=UTC faketime -f "@$utc" "$@"
