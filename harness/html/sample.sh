#!/usr/bin/env bash
# Makes reports/sample/: a real two-implementation HTML report and a screenshot of it in headless
# Chromium, as README.md shows them. The Swift reference against the Kotlin port that lost its
# cancellation check after the delay (no-ensure-active), over the built-in fixtures:
#   reports/sample/report.html   conform report --html, from the two runs' results files
#   reports/sample/report.png    harness/html/check-report.py's screenshot (after its checks pass)
# Needs the Kotlin jars (harness/kotlin/build.sh, run here) and chromium, chromium-driver and
# selenium (harness/install-deps.sh). The results files stay in reports/ and are not committed.
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build -c release >/dev/null
harness/kotlin/build.sh >/dev/null
conform=.build/release/conform
a=reports/swift-reference.jsonl
b=reports/kotlin-no-ensure-active.jsonl
mkdir -p reports/sample

# Exit 1 is a run or a page with failures, which is what the sample shows; anything else stops here.
expect_one() { local status=0; "$@" || status=$?; [ "$status" -le 1 ] || exit "$status"; }

"$conform" run --impl .build/release/swift-reference --results "$a" >/dev/null
expect_one "$conform" run --impl harness/kotlin/bin/kotlin-port --impl-arg no-ensure-active --results "$b" >/dev/null
expect_one "$conform" report --html reports/sample/report.html "$a" "$b"
python3 harness/html/check-report.py reports/sample/report.html --results "$a" --results "$b" \
  --search cancel-after-sleep --screenshot reports/sample/report.png --open 1 --width 1400 --height 1400
ls -l reports/sample/report.html reports/sample/report.png
