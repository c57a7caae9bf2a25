#!/usr/bin/env bash
# The release-to-gate flow across two codebases, on the two example app repositories:
#
#   1. release: `conform bundle create` publishes the fixtures as a bundle, and its digest is the pin;
#   2. iOS:     harness/examples/ios-app's conform-adapter runs against the pinned bundle
#               (conform run --expect-digest, with JUnit, Markdown and a results file);
#   3. Android: harness/examples/android-app's jar, served by conform's adapter main, the same way;
#   4. drift:   conform diff of the two runs;
#   5. fuzz:    conform fuzz of each app's adapter against conform's models, with a fixed seed and
#               case budget (the same search on every run), for what the tables do not hold;
#   6. both apps' own tests, reading the pinned .tar.gz directly (Swift Testing, JUnit 5).
#
# Every step runs even when an earlier one fails, so one run shows everything; the table at the end
# names each step's exit status. Exit status: 0 when every step passed, 1 when any step found a
# difference (a case that does not conform, a drift, a failing test), 2 when a step could not run
# (a build failed, a tool is missing).
#
# Usage: harness/examples/gate.sh [--out DIR] [--fixtures DIR] [--ios-app DIR] [--android-app DIR]
#                                 [--fuzz-seed N] [--fuzz-cases N]
#   --out DIR          where the bundle, results and reports go (default: reports/gate)
#   --fixtures DIR     publish this fixtures folder instead of the tables conform generates
#   --ios-app DIR      the iOS app package (default: harness/examples/ios-app)
#   --android-app DIR  the Android app (default: harness/examples/android-app)
#   --fuzz-seed N      the fuzz step's seed (default: CONFORM_FUZZ_SEED, else 1)
#   --fuzz-cases N     the fuzz step's cases per app (default: CONFORM_FUZZ_CASES, else 200000:
#                      about 12 s for the iOS app's debug adapter, 4 s for the Android app's, on
#                      2 cores; 0 skips the step)
# Environment: CONFORM, a conform binary to use instead of building one (release) here;
# CONFORM_JARS, conform's two Kotlin jars for the Android app (default: harness/kotlin/jars.sh
# builds them into OUT/jars). An iOS app folder outside this checkout finds conform's package
# through CONFORM_PACKAGE_PATH, which this script sets to this checkout when it is unset.
# Needs: the Swift toolchain, java, Kotlin 2 and Debian's junit5 (harness/install-deps.sh, or
# harness/install-deps.sh --android for the Android half alone).
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/reports/gate"
fixtures=()
ios="$here/ios-app"
android="$here/android-app"
fuzz_seed="${CONFORM_FUZZ_SEED:-1}"
fuzz_cases="${CONFORM_FUZZ_CASES:-200000}"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
    --fixtures) fixtures=(--fixtures "$(cd "$2" && pwd)"); shift 2 ;;
    --ios-app) ios="$(cd "$2" && pwd)"; shift 2 ;;
    --android-app) android="$(cd "$2" && pwd)"; shift 2 ;;
    --fuzz-seed) fuzz_seed="$2"; shift 2 ;;
    --fuzz-cases) fuzz_cases="$2"; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gate: unknown argument \"$1\" (see --help)" >&2; exit 2 ;;
  esac
done
export CONFORM_PACKAGE_PATH="${CONFORM_PACKAGE_PATH:-$root}"
# kotlinc2, the Kotlin 2 compiler the Android app's build line names (harness/kotlin/install-kotlin.sh).
export PATH="$root/harness/kotlin/bin:$PATH"
junit="${JUNIT_JAR_DIR:-/usr/share/java}"
# The Android app's commands, as its README gives them: each one line, run in the app's folder,
# with conform's two jars in its libs/.
android_build=(kotlinc2 -Werror app-logic conform test
  -cp "libs/*:$junit/junit-jupiter-api.jar:$junit/opentest4j.jar:$junit/apiguardian-api.jar" -include-runtime -d build/app.jar)
android_run=(java -cp "build/app.jar:resources:libs/*" conform.adapter.ConformMain)
android_test=(java -cp "build/app.jar:resources:libs/*:$junit/junit-platform-console-standalone.jar"
  org.junit.platform.console.ConsoleLauncher --disable-banner --disable-ansi-colors --details=summary --fail-if-no-tests
  --scan-class-path build/app.jar)
steps=()
worst=0

# step NAME COMMAND...: runs the command, records its exit status under NAME: 1 is a difference
# found, anything else a step that could not run.
step() {
  local name="$1"; shift
  echo "== gate: $name" >&2
  local started=$SECONDS
  "$@"
  local code=$?
  steps+=("$(printf '%-34s %4d s  exit %d' "$name" "$((SECONDS - started))" "$code")")
  if [ $code -eq 1 ] && [ $worst -eq 0 ]; then worst=1; fi
  if [ $code -gt 1 ]; then worst=2; fi
  return $code
}

# build NAME COMMAND...: a step whose failure means the gate could not run (exit 2).
build() {
  local name="$1"; shift
  step "$name" "$@" >&2 && return
  worst=2
  return 1
}

finish() {
  echo "== gate: summary (outputs in ${out#$root/})" >&2
  printf '  %s\n' "${steps[@]}" >&2
  if [ $worst -eq 0 ]; then echo "gate: both apps conform to bundle $digest and agree" >&2; fi
  exit $worst
}

conform="${CONFORM:-}"
if [ -z "$conform" ]; then
  build "build conform" swift build -c release --package-path "$root" --product conform || finish
  conform="$(swift build -c release --package-path "$root" --show-bin-path)/conform"
fi
rm -rf "$out"
mkdir -p "$out/bundle"
digest=""
if [ -z "${CONFORM_JARS:-}" ]; then
  build "build conform's Kotlin jars" "$root/harness/kotlin/jars.sh" "$out/jars" || finish
  export CONFORM_JARS="$out/jars"
fi

# 1. Release: the bundle, and its digest as the published pin.

publish() {
  local line
  line="$(cd "$root" && "$conform" bundle create --out "$out/bundle" "${fixtures[@]}")" || return
  echo "$line"
  digest="${line%% *}"
}
step "publish the bundle" publish || { worst=2; finish; }
bundle="$(ls "$out"/bundle/conform-fixtures-*.tar.gz)"
export CONFORM_FIXTURES="$bundle" CONFORM_FIXTURES_DIGEST="$digest"

# gate_run NAME IMPL [ARG...]: conform run against the pinned bundle, reports under $out/NAME.*
gate_run() {
  "$conform" run --impl "$2" --fixtures "$bundle" --expect-digest "$digest" \
    --results "$out/$1.jsonl" --junit "$out/$1.junit.xml" --markdown "$out/$1.md" -- "${@:3}"
}

# in_android COMMAND...: runs COMMAND in the Android app's folder.
in_android() { (cd "$android" && "$@"); }

# The Android app's build: conform's jars into its libs/, then its build line.
android_build() {
  mkdir -p "$android/libs" && rm -f "$android"/libs/conform-*.jar && cp "$CONFORM_JARS"/conform-*.jar "$android/libs/" \
    && in_android "${android_build[@]}"
}

# 2. iOS: build the app's adapter, run it against the bundle.
ios_ok=0
build "ios-app: build conform-adapter" swift build --package-path "$ios" --product conform-adapter && ios_ok=1
if [ $ios_ok -eq 1 ]; then
  step "ios-app: conform run" gate_run ios "$ios/.build/debug/conform-adapter"
fi

# 3. Android: the same with the app's jar, served by conform's adapter main.
android_ok=0
build "android-app: build" android_build && android_ok=1
if [ $android_ok -eq 1 ]; then
  step "android-app: conform run" in_android gate_run android "${android_run[@]}"
fi

# 4. Drift between the two codebases.
if [ -f "$out/ios.jsonl" ] && [ -f "$out/android.jsonl" ]; then
  step "conform diff ios android" "$conform" diff "$out/ios.jsonl" "$out/android.jsonl" --markdown "$out/drift.md"
fi

# 5. Fuzz: each adapter against conform's models; a finding prints its minimal case, replay and
# promote lines, and its fixture line goes to OUT/NAME.fuzz.jsonl.
gate_fuzz() {
  local name="$1" program="$2" arguments=() argument
  shift 2
  for argument in "$@"; do arguments+=(--impl-arg "$argument"); done
  "$conform" fuzz --impl "$program" ${arguments[@]+"${arguments[@]}"} --seed "$fuzz_seed" --cases "$fuzz_cases" --out "$out/$name.fuzz.jsonl"
}
if [ "$fuzz_cases" != 0 ]; then
  if [ $ios_ok -eq 1 ]; then
    step "ios-app: conform fuzz" gate_fuzz ios "$ios/.build/debug/conform-adapter"
  fi
  if [ $android_ok -eq 1 ]; then
    step "android-app: conform fuzz" in_android gate_fuzz android "${android_run[@]}"
  fi
fi

# 6. Each app's own tests, reading the pinned bundle directly. Swift Testing prints two lines
# per fixture case; the ones that passed are left out of the log.
ios_tests() {
  swift test --package-path "$ios" --xunit-output "$out/ios-tests.xml" 2>&1 \
    | grep -vE '^(◇ Test case .* started\.|✔ Test case .* passed after .*|◇ Test .* started\.)$'
  return "${PIPESTATUS[0]}"
}
if [ $ios_ok -eq 1 ]; then
  step "ios-app: swift test" ios_tests
fi
if [ $android_ok -eq 1 ]; then
  step "android-app: JUnit 5 tests" in_android "${android_test[@]}" --reports-dir "$out/android-tests"
fi
finish
