#!/usr/bin/env bash
# Runs the harness's tests under a sanitizer, in a build folder of its own so the ordinary debug
# build is left alone. The end-to-end tests run the conform binary built with the same sanitizer,
# and every report (from the test runner or from any conform it starts) is written to a log
# folder: the script fails if one appears, even when the test that caused it passed.
#
#   harness/sanitize.sh                       AddressSanitizer, the harness tests
#   harness/sanitize.sh thread                ThreadSanitizer, the same tests
#   harness/sanitize.sh address 'Hostile'     another --filter
#
# A first run builds everything with the sanitizer (about 6 minutes on 2 cores); the tests then
# take a few minutes. Findings and their triage: harness/README.md, "The harness under fire".
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:-address}
filter=${2:-'Hostile|BadInput|ProtocolDecoderFuzz|RunEndToEnd|RunInterrupt|RunOptions|HarnessProtocol|HarnessUnit'}
case $sanitizer in
  address | thread) ;;
  *)
    echo "usage: harness/sanitize.sh [address|thread] [FILTER]" >&2
    exit 2
    ;;
esac

scratch=.build/sanitize-$sanitizer
logs=$scratch/reports
rm -rf "$logs"
mkdir -p "$logs"
logs=$(cd "$logs" && pwd)

# Sanitized code is slower and bigger: fewer fuzz inputs, and no memory cap (shadow memory is the
# sanitizer's, not the harness's; the cap is checked by the ordinary test run).
export CONFORM_FUZZ_INPUTS=${CONFORM_FUZZ_INPUTS:-12000}
export CONFORM_MEMORY_CAP_MB=${CONFORM_MEMORY_CAP_MB:-100000}
# Leak checking is off: the Swift runtime's caches and metadata read as leaks at exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:log_path=$logs/asan:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-log_path=$logs/tsan:halt_on_error=0:report_signal_unsafe=0}

swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
status=0
swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$filter" || status=$?

reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
  echo "== $(echo "$reports" | wc -l) $sanitizer sanitizer report(s) in $logs:" >&2
  for report in $reports; do
    echo "-- $report" >&2
    grep -m 3 -E "^(ERROR|WARNING|SUMMARY):" "$report" >&2 || true
  done
  if [ "$status" -eq 0 ]; then status=1; fi
else
  echo "== no $sanitizer sanitizer report" >&2
fi
exit "$status"
