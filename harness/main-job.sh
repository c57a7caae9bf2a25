#!/usr/bin/env bash
# The main job, end to end, on a fresh machine: build conform and the Swift reference, run the
# Swift reference through the harness, then the Kotlin reference when Java is present (building
# its jar, and installing kotlin from Debian if missing), then compare the two runs.
#
# Each reference is then fuzzed against conform's models with a fixed seed and case budget, so the
# search is the same on every run: CONFORM_FUZZ_SEED (default 1) and CONFORM_FUZZ_CASES (default
# 500000, about 10 s per reference here; 0 skips the step). A finding is printed as a minimal case
# with its replay and promote lines, and its fixture line goes to reports/<impl>.fuzz.jsonl.
#
# Writes reports/<impl>.jsonl (results), .junit.xml and .md. Exit status: 0 when both references
# conform, agree and the fuzz step finds nothing, otherwise the first non-zero status of a step.
set -uo pipefail
cd "$(dirname "$0")/.."

# CONFORM_BIN: a folder holding conform and swift-reference already built from these sources
# (.ci/run's, built by swift test -c release), used instead of building them here.
if [ -n "${CONFORM_BIN:-}" ]; then
  bin=$CONFORM_BIN
else
  echo "== building conform and the Swift reference (release)" >&2
  swift build -c release >&2 || exit 2
  bin=$(swift build -c release --show-bin-path)
fi
mkdir -p reports
status=0

fuzz_seed="${CONFORM_FUZZ_SEED:-1}"
fuzz_cases="${CONFORM_FUZZ_CASES:-500000}"

# record CODE: keeps the first non-zero status of a step.
record() {
  if [ "$1" -ne 0 ] && [ $status -eq 0 ]; then status=$1; fi
}

run_reference() {
  local name=$1
  shift
  echo "== conform run --impl $name" >&2
  "$bin/conform" run --impl "$@" --results "reports/$name.jsonl" \
    --junit "reports/$name.junit.xml" --markdown "reports/$name.md"
  record $?
  if [ "$fuzz_cases" != 0 ]; then
    echo "== conform fuzz --impl $name --seed $fuzz_seed --cases $fuzz_cases" >&2
    "$bin/conform" fuzz --impl "$@" --seed "$fuzz_seed" --cases "$fuzz_cases" --out "reports/$name.fuzz.jsonl"
    record $?
  fi
}

run_reference swift-reference "$bin/swift-reference"

if command -v java >/dev/null 2>&1; then
  echo "== building the Kotlin reference" >&2
  if harness/kotlin/build.sh >&2; then
    run_reference kotlin-reference harness/kotlin/bin/kotlin-reference
    echo "== conform diff swift-reference kotlin-reference" >&2
    "$bin/conform" diff reports/swift-reference.jsonl reports/kotlin-reference.jsonl \
      --markdown reports/drift.md
    record $?
  else
    echo "main-job: the Kotlin reference could not be built; skipping it" >&2
    [ $status -eq 0 ] && status=2
  fi
else
  echo "main-job: no java on this machine: the Kotlin reference is skipped" >&2
fi
exit $status
