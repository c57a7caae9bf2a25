#!/usr/bin/env bash
# The main job, end to end, on a fresh machine: build conform and the Swift reference, run the
# Swift reference through the harness, then the Kotlin reference when Java is present (building
# its jar, and installing kotlin from Debian if missing), then compare the two runs.
#
# Writes reports/<impl>.jsonl (results), .junit.xml and .md. Exit status: 0 when both references
# conform and agree, otherwise the first non-zero status of a step.
set -uo pipefail
cd "$(dirname "$0")/.."

echo "== building conform and the Swift reference (release)" >&2
swift build -c release >&2 || exit 2
bin=$(swift build -c release --show-bin-path)
mkdir -p reports
status=0

run_reference() {
  local name=$1
  shift
  echo "== conform run --impl $name" >&2
  "$bin/conform" run --impl "$@" --results "reports/$name.jsonl" \
    --junit "reports/$name.junit.xml" --markdown "reports/$name.md"
  local code=$?
  if [ $code -ne 0 ] && [ $status -eq 0 ]; then status=$code; fi
}

run_reference swift-reference "$bin/swift-reference"

if command -v java >/dev/null 2>&1; then
  echo "== building the Kotlin reference" >&2
  if harness/kotlin/build.sh >&2; then
    run_reference kotlin-reference harness/kotlin/bin/kotlin-reference
    echo "== conform diff swift-reference kotlin-reference" >&2
    "$bin/conform" diff reports/swift-reference.jsonl reports/kotlin-reference.jsonl \
      --markdown reports/drift.md
    code=$?
    if [ $code -ne 0 ] && [ $status -eq 0 ]; then status=$code; fi
  else
    echo "main-job: the Kotlin reference could not be built; skipping it" >&2
    [ $status -eq 0 ] && status=2
  fi
else
  echo "main-job: no java on this machine: the Kotlin reference is skipped" >&2
fi
exit $status
