#!/usr/bin/env bash
# The two-codebase gate, as CI runs it against our own two references: both conform, they agree
# with each other, a fuzz search with a fixed seed finds nothing in either (main-job.sh), and every
# drifting port is caught: conform mutants runs those harness/mutants.jsonl lists, each ports
# binary's own (swift-ports --catalogue, kotlin-port --catalogue, so the Kotlin jars must be built).
set -euo pipefail
cd "$(dirname "$0")/.."

harness/main-job.sh
bin=$(swift build -c release --show-bin-path)
echo "== conform mutants" >&2
"$bin/conform" mutants --markdown reports/mutants.md
