#!/usr/bin/env bash
# Runs the example's JUnit 5 tests, the unit tests and every case of the pinned fixture bundle,
# with JUnit's console launcher (README.md's test line), after building what is out of date
# (./build.sh), and names bundle cases by their ids in the XML report. (Kept for harness/ci's
# workflow templates, which call it.)
#
#   test.sh [--reports-dir DIR]     DIR: where the JUnit XML report goes (TEST-junit-jupiter.xml)
#
# Environment:
#   CONFORM_FIXTURES         the pinned bundle: conform-fixtures-X.Y.Z.tar.gz, or its unpacked folder
#   CONFORM_FIXTURES_DIGEST  its pin: sha256:<64 hex> of the .tar.gz (of manifest.json for a folder)
#   CONFORM_JARS             conform's two Kotlin jars, for ./build.sh to copy into libs/ (default: libs/ as it is)
#   JUNIT_CONSOLE_JAR        the console launcher (default /usr/share/java/junit-platform-console-standalone.jar)
#   SHOW_FAILURES            how many failures to print in full (default 50; 0: all). Every one is
#                            in build/test-output.txt and in the XML report.
# Without CONFORM_FIXTURES the bundle test fails and says how to get a bundle: it never passes empty.
#
# Exit status: 0 when every test passed, 1 when a test failed, 2 when the tests could not be built or run.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }

reports=""
while [ $# -gt 0 ]; do
  case "$1" in
    --reports-dir) [ $# -ge 2 ] || { echo "test.sh: --reports-dir needs a folder" >&2; exit 2; }; reports="$2"; shift 2 ;;
    --reports-dir=*) reports="${1#--reports-dir=}"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "test.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
show="${SHOW_FAILURES:-50}"
case "$show" in ''|*[!0-9]*) echo "test.sh: SHOW_FAILURES must be a number, not '$show'" >&2; exit 2 ;; esac

console="${JUNIT_CONSOLE_JAR:-/usr/share/java/junit-platform-console-standalone.jar}"
if [ ! -f "$console" ]; then
  echo "test.sh: JUnit's console launcher is not at $console: install Debian's junit5 package" >&2
  echo "         (harness/install-deps.sh does), or set JUNIT_CONSOLE_JAR to a junit-platform-console-standalone jar" >&2
  exit 2
fi
"$here/build.sh" || { echo "test.sh: the build failed" >&2; exit 2; }

# README.md's test line: JUnit's console launcher with the app's jar, its resources (the suite
# mapping's service file) and conform's jars on the class path, scanning the app's jar.
log="$here/build/test-output.txt"
options=(
  -cp "$here/build/app.jar:$here/resources:$here/libs/*:$console" org.junit.platform.console.ConsoleLauncher
  --disable-banner --disable-ansi-colors --details=summary --fail-if-no-tests --scan-class-path "$here/build/app.jar"
)
if [ -n "$reports" ]; then
  mkdir -p "$reports"
  options+=(--reports-dir "$reports")
fi

# The launcher lists every failure at the end. Past SHOW_FAILURES of them (a drift can fail
# thousands of cases) only the count is printed; the whole output stays in $log.
set +e
java "${options[@]}" 2>&1 | tee "$log" | awk -v limit="$show" -v logfile="${log#"$PWD"/}" '
  /^Failures \([0-9]+\):$/ { failures = 1; print; next }
  failures && /^Test run finished after / {
    if (hidden > 0) printf "  ... and %d more failures, not shown (SHOW_FAILURES=%d): all of them are in %s\n\n", hidden, limit, logfile
    failures = 0
  }
  failures && /^  JUnit Jupiter:/ { skipping = (limit > 0 && shown >= limit); if (skipping) hidden++; else shown++ }
  failures && skipping { next }
  { print; fflush() }'
status=${PIPESTATUS[0]}
set -e

# JUnit's XML names a dynamic test by its index (cases()[7453]); its display name, the case id, is
# only in its system-out. Name each bundle case by its id, so CI reports show which case failed.
if [ -n "$reports" ] && [ -f "$reports/TEST-junit-jupiter.xml" ]; then
  xml="$reports/TEST-junit-jupiter.xml"
  awk '
    function flush(   i) {
      if (bundle && id ~ /^[A-Za-z0-9._~+\/-]+$/) sub(/ name="cases\(\)\[[0-9]+\]"/, " name=\"" id "\"", buffer[1])
      for (i = 1; i <= n; i++) print buffer[i]
      n = 0; open = 0; bundle = 0; id = ""
    }
    /^<testcase / { open = 1; n = 0; id = ""; bundle = ($0 ~ / name="cases\(\)\[[0-9]+\]" /) }
    open {
      buffer[++n] = $0
      if ($0 ~ /^display-name: /) id = substr($0, 15)
      if ($0 ~ /<\/testcase>/) flush()
      next
    }
    { print }
    END { if (n > 0) flush() }' "$xml" > "$xml.named" && mv "$xml.named" "$xml"
fi

case $status in
  0|1) exit $status ;;
  *) echo "test.sh: the JUnit console launcher exited with status $status" >&2; exit 2 ;;
esac
