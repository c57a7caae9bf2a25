#!/usr/bin/env bash
# Rewrites the README's bench report (between <!-- bench --> and <!-- /bench -->) from a real
# `conform bench` run on this machine, so every figure the README shows is one the bench printed.
# Options go to conform bench (none: the full scale, about 4 minutes; --quick: about 1.5).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release
if [ -x harness/kotlin/build.sh ]; then harness/kotlin/build.sh; fi
report=$(mktemp)
trap 'rm -f "$report" "$report.readme"' EXIT
.build/release/conform bench "$@" --out "$report"
grep -q '^<!-- bench -->$' README.md && grep -q '^<!-- /bench -->$' README.md \
  || { echo "readme.sh: README.md has no <!-- bench --> ... <!-- /bench --> block" >&2; exit 2; }
# The report without its title, its headings a level down, and this folder's path left out.
root="$PWD/"
awk -v report="$report" -v root="$root" '
  /^<!-- \/bench -->$/ { skipping = 0 }
  !skipping { print }
  /^<!-- bench -->$/ {
    skipping = 1
    while ((getline line < report) > 0) {
      if (line ~ /^# /) continue
      if (line ~ /^## /) line = "#" line
      while ((at = index(line, root)) > 0) line = substr(line, 1, at - 1) substr(line, at + length(root))
      print line
    }
  }
' README.md > "$report.readme"
cat "$report.readme" > README.md
git diff --stat -- README.md 2>/dev/null || echo "readme.sh: README.md rewritten"
