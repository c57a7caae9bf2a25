#!/usr/bin/env bash
# The flow a team runs on its own suites (README.md here):
#
#   1. the suites:  build the Kotlin model of rollout-bucket; conform suite check each suite;
#   2. release:     conform generate both suites' fixtures, conform bundle create a bundle of them,
#                   whose digest is the pin;
#   3. iOS:         build ios-rollout's rollout-adapter; conform run it against the pinned bundle
#                   (every rollout-bucket case passes; greeting's are unsupported by it);
#   4. drift:       conform run the Kotlin model against the bundle too; conform diff of the two runs;
#   5. fuzz:        conform fuzz the iOS adapter over rollout-bucket's domain, the model answering;
#   6. the ports:   each drifting copy of the iOS code (rollout-adapter --port NAME) is run against
#                   the bundle, where it must fail on cases exercising its decision (utf16: D1,
#                   signed-modulo: D3), and fuzzed, where conform fuzz must find it;
#   7. mutants:     conform mutants over the team's own catalogue of ports (mutants.jsonl): the
#                   iOS code passes, each port is caught, with the kill rate of each family.
#
# Every step runs even when an earlier one fails, so one run shows everything; the table at the
# end gives each step's exit status beside the one expected (a drifting port caught is exit 1,
# expected). Exit status: 0 when every step ended as expected; 1 when one did not (a case that
# does not conform, a drift, a port not caught, or caught on another decision); 2 when a step
# could not run (a build failed, a tool is missing, a suite is not sound).
#
# Usage: gate.sh
# Environment:
#   CONFORM               the conform binary (default: conform, on PATH)
#   OUT                   where the fixtures, the bundle, results and reports go
#                         (default: reports/team-suites, in the current folder)
#   CONFORM_PACKAGE_PATH  the conform checkout ios-rollout's package depends on and the Kotlin
#                         model's build compiles the adapter of (default: the checkout holding
#                         this folder; set it for a copy of this folder kept elsewhere)
#   FUZZ_CASES            cases per fuzz search (default 20000; about a second each)
# Needs: the Swift toolchain, python3, java and Kotlin 2 (harness/kotlin/install-kotlin.sh).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "${1:-}" in
  "") ;;
  -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "gate.sh: unknown argument \"$1\" (see --help)" >&2; exit 2 ;;
esac

conform="${CONFORM:-conform}"
if [[ "$conform" == */* ]]; then
  conform="$(cd "$(dirname "$conform")" && pwd)/$(basename "$conform")"
fi
out="${OUT:-reports/team-suites}"
mkdir -p "$out" && out="$(cd "$out" && pwd)" || { echo "gate.sh: cannot make the folder $out" >&2; exit 2; }
fuzz_cases="${FUZZ_CASES:-20000}"
if [ -z "${CONFORM_PACKAGE_PATH:-}" ]; then
  CONFORM_PACKAGE_PATH="$(cd "$here/../../.." && pwd)"
fi
export CONFORM_PACKAGE_PATH
if [ ! -f "$CONFORM_PACKAGE_PATH/Sources/ConformAdapter/Adapter.swift" ]; then
  echo "gate.sh: $CONFORM_PACKAGE_PATH is not a conform checkout: set CONFORM_PACKAGE_PATH to one" >&2
  exit 2
fi
command -v "$conform" >/dev/null 2>&1 || { echo "gate.sh: $conform not found: set CONFORM to a conform binary" >&2; exit 2; }

rollout="$here/rollout-bucket"
greeting="$here/greeting"
ios="$here/ios-rollout"
# What an earlier run wrote here, and nothing else (OUT may be a folder of the caller's).
rm -rf "$out/fixtures" "$out"/acme-rollout-fixtures-1.0.0.tar.gz* "$out/drift.md" \
  "$out"/{ios,kotlin-model,port-utf16,port-signed-modulo}.{jsonl,junit.xml,md,txt,fuzz.jsonl,fuzz.txt}

steps=()
worst=0
started_all=$SECONDS

# step NAME EXPECTED COMMAND...: runs the command and records its exit status beside EXPECTED.
# An unexpected 0 or 1 is a difference (the gate's 1); an unexpected 2 or more, a step that
# could not run (the gate's 2). A command may also set `mismatch` to say why its expected status
# still is not the outcome expected (a port caught on another decision): a difference too.
mismatch=""
step() {
  local name="$1" expected="$2"
  shift 2
  echo "== team-suites: $name" >&2
  local started=$SECONDS
  mismatch=""
  "$@"
  local code=$?
  local verdict="ok"
  if [ "$code" -ne "$expected" ]; then
    verdict="UNEXPECTED"
    if [ "$code" -ge 2 ]; then worst=2; elif [ $worst -eq 0 ]; then worst=1; fi
  elif [ -n "$mismatch" ]; then
    verdict="UNEXPECTED: $mismatch"
    if [ $worst -eq 0 ]; then worst=1; fi
  elif [ "$expected" -eq 1 ]; then
    verdict="ok, drift caught"
  fi
  steps+=("$(printf '%-44s %4d s   exit %d   expected %d   %s' "$name" "$((SECONDS - started))" "$code" "$expected" "$verdict")")
  return $code
}

finish() {
  echo "== team-suites: summary ($((SECONDS - started_all)) s; outputs in $out)" >&2
  printf '  %s\n' "${steps[@]}" >&2
  case $worst in
    0) echo "team-suites: every step ended as expected: both suites are sound, ios-rollout conforms to bundle $digest and agrees with the Kotlin model, and each drifting port is caught" >&2 ;;
    1) echo "team-suites: a step did not end as expected (UNEXPECTED above)" >&2 ;;
    *) echo "team-suites: a step could not run (UNEXPECTED above)" >&2 ;;
  esac
  exit $worst
}

# 1. The suites: the Kotlin model is built first, since suite check runs it over every case.
step "rollout-bucket: build the Kotlin model" 0 "$rollout/build.sh" >&2
step "conform suite check rollout-bucket" 0 "$conform" suite check "$rollout"
step "conform suite check greeting" 0 "$conform" suite check "$greeting"

# 2. Release: the fixtures, then the bundle and its digest, the pin.
digest=""
publish() {
  local line
  line="$("$conform" bundle create --fixtures "$out/fixtures" --version 1.0.0 --name acme-rollout-fixtures --out "$out")" || return
  echo "$line"
  digest="${line%% *}"
}
step "conform generate" 0 "$conform" generate --suite "$rollout" --suite "$greeting" --out "$out/fixtures" --decisions
step "conform bundle create" 0 publish
bundle="$out/acme-rollout-fixtures-1.0.0.tar.gz"
if [ -z "$digest" ] || [ ! -f "$bundle" ]; then finish; fi

# gate_run NAME IMPL [ARG...]: conform run against the pinned bundle, IMPL started with each ARG;
# its reports (what it prints too, as NAME.txt) under $out/NAME.*
gate_run() {
  local name="$1" impl="$2"
  shift 2
  local arguments=()
  for argument in "$@"; do arguments+=(--impl-arg "$argument"); done
  "$conform" run --impl "$impl" ${arguments[@]+"${arguments[@]}"} --fixtures "$bundle" --expect-digest "$digest" \
    --require-suite rollout-bucket --results "$out/$name.jsonl" --junit "$out/$name.junit.xml" --markdown "$out/$name.md" \
    | tee "$out/$name.txt"
  return "${PIPESTATUS[0]}"
}

# 3. iOS: the app's adapter, built from ios-rollout against CONFORM_PACKAGE_PATH's ConformAdapter.
adapter=""
build_ios() {
  swift build --package-path "$ios" --product rollout-adapter || return 2
  adapter="$(swift build --package-path "$ios" --show-bin-path)/rollout-adapter"
}
step "ios-rollout: swift build rollout-adapter" 0 build_ios >&2
if [ -n "$adapter" ]; then
  step "ios-rollout: conform run" 0 gate_run ios "$adapter"
fi

# 4. Drift: the Kotlin model against the same bundle, and the two runs compared case by case.
step "rollout-bucket model (Kotlin): conform run" 0 gate_run kotlin-model "$rollout/model"
if [ -f "$out/ios.jsonl" ] && [ -f "$out/kotlin-model.jsonl" ]; then
  step "conform diff ios kotlin-model" 0 "$conform" diff "$out/ios.jsonl" "$out/kotlin-model.jsonl" --markdown "$out/drift.md"
fi

# gate_fuzz NAME [ARG...]: conform fuzz of the iOS adapter, started with each ARG, over
# rollout-bucket's domain, the Kotlin model answering: what it prints goes to $out/NAME.fuzz.txt
# too, a finding's fixture line to $out/NAME.fuzz.jsonl.
gate_fuzz() {
  local name="$1"
  shift
  local arguments=()
  for argument in "$@"; do arguments+=(--impl-arg "$argument"); done
  "$conform" fuzz --suite "$rollout" --impl "$adapter" ${arguments[@]+"${arguments[@]}"} --seed 1 --cases "$fuzz_cases" \
    --out "$out/$name.fuzz.jsonl" | tee "$out/$name.fuzz.txt"
  return "${PIPESTATUS[0]}"
}

# gate_port NAME DECISION: the drifting copy NAME against the bundle. It must fail (exit 1), its
# failures exercising DECISION first: a bundle holds no model to ask for a decision's drift, so
# conform files a team suite's failures as exercised, never as broken (TEAM-SUITES.md,
# "Decisions from the model"); failing on cases that exercise another decision first is a mismatch.
gate_port() {
  local name="$1" decision="$2"
  gate_run "port-$name" "$adapter" --port "$name"
  local code=$?
  if [ "$code" -eq 1 ] && ! grep -qE "^  rollout-bucket/exercised .*\(exercised: rollout-bucket/$decision[,)]" "$out/port-$name.txt"; then
    mismatch="its failures do not exercise rollout-bucket/$decision first"
  fi
  return "$code"
}

# 5. Fuzz: the app's adapter over the whole domain: nothing to find.
# 6. The ports: each one caught by the table's named cases, then by the fuzzer.
if [ -n "$adapter" ]; then
  step "ios-rollout: conform fuzz" 0 gate_fuzz ios
  step "port utf16: conform run" 1 gate_port utf16 D1
  step "port signed-modulo: conform run" 1 gate_port signed-modulo D3
  step "port utf16: conform fuzz" 1 gate_fuzz port-utf16 --port utf16
  step "port signed-modulo: conform fuzz" 1 gate_fuzz port-signed-modulo --port signed-modulo
fi

# 7. The team's catalogue of ports, measured over the generated tables: its impl paths are
# relative to mutants.jsonl's folder (the debug build of ios-rollout).
gate_mutants() {
  "$conform" mutants --catalogue "$here/mutants.jsonl" --fixtures "$out/fixtures" --results-dir "$out/mutants" \
    --markdown "$out/mutants.md" | tee "$out/mutants.txt"
  return "${PIPESTATUS[0]}"
}
if [ -n "$adapter" ]; then
  step "conform mutants (mutants.jsonl)" 0 gate_mutants
fi
finish
