#!/usr/bin/env bash
# The server and unit tests with the wall clock moved by Debian's faketime to dates spread over a year that matter
# to this product: the weekly delivery Friday a minute either side of 08:00 UTC, quarter rolls and the day after
# one, month and year ends, the UTC+8 midnight. Nothing a test asserts may depend on the date it runs:
#   bash scripts/faketime-dates.sh            (apt-get install faketime)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install faketime" >&2; exit 1; }
DATES=(
  '2026-12-04 07:59:30' '2026-12-04 08:00:30' '2026-12-25 08:00:30' '2026-12-26 12:00:00' '2026-12-31 23:59:30'
  '2027-02-28 23:59:30' '2027-03-26 07:59:30' '2027-06-30 16:00:00' '2027-09-24 08:00:30' '2027-11-01 00:00:30'
)
# the unit tests that run in jsdom (vitest.config.ts BROWSER_UNIT_TESTS) beside every node project file
failed=()
for date in "${DATES[@]}"; do
  echo "==== $date UTC"
  if ! TZ=UTC faketime "$date" npx vitest run --project node tests/unit tests/server --reporter=dot \
    || ! TZ=UTC faketime "$date" npx vitest run --project jsdom tests/unit --reporter=dot; then
    failed+=("$date")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'FAILED at: %s\n' "${failed[@]}"
  exit 1
fi
echo "passed at all ${#DATES[@]} dates"
