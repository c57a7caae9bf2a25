#!/bin/sh
# Builds the libFuzzer target for the strict JSON layer (ConformJSON's sources and
# harness/json-fuzz/JSONFuzzTarget.swift, with AddressSanitizer) and runs it for a number of seconds over the
# committed corpus Tests/Corpus/json/, which it only reads. New inputs it finds go to
# .build/json-fuzz/corpus/, crashes to .build/json-fuzz/crash-*: to keep a crash as a regression
# test, fix it, then copy the input into Tests/Corpus/json/ as valid-*.json or invalid-*.json.
#
# Usage: harness/json-fuzz/run.sh [seconds, default 60] [more libFuzzer flags, e.g. -jobs=2 -seed=1]
# FUZZ_OPT=-Onone builds without optimisation, so that the standard library's debug checks (unsafe
# buffer bounds among them) stay on, at about a third of the speed.
# Reproduce a crash: .build/json-fuzz/json-fuzzer .build/json-fuzz/crash-<hash>
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
out="$root/.build/json-fuzz"
mkdir -p "$out/corpus"

swiftc -sanitize=fuzzer,address -parse-as-library "${FUZZ_OPT:--O}" -module-name ConformJSON -use-ld=lld \
  "$root"/Sources/ConformJSON/*.swift "$root/harness/json-fuzz/JSONFuzzTarget.swift" -o "$out/json-fuzzer"

exec "$out/json-fuzzer" -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=1024 \
  -dict="$root/harness/json-fuzz/json.dict" -artifact_prefix="$out/" -print_final_stats=1 "$@" \
  "$out/corpus" "$root/Tests/Corpus/json"
