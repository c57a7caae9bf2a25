#!/usr/bin/env bash
# The sharded gate of harness/ci/shards.yml, simulated on one machine: the N shards of one run
# (conform run --shard K/N) as N processes side by side, each writing into a results folder of
# its own as each matrix job does on its own machine, then the merge job: conform report given
# the N results files, which checks they are the whole of one run and reports it as one.
#
#   harness/ci/shards.sh N [conform run options, such as --fixtures DIR or --generate timeline]
#
# Builds nothing: conform and swift-reference are taken from CONFORM_BIN (default: the debug
# build's folder, swift build --show-bin-path). CONFORM_IMPL is the implementation (default:
# the Swift reference); OUT the folder for the shards' results and the merged report (default
# reports/shards). Exit status: conform report's on the merged results.
set -euo pipefail
cd "$(dirname "$0")/../.."

count=${1:?usage: harness/ci/shards.sh N [conform run options]}
shift
bin=${CONFORM_BIN:-$(swift build --show-bin-path)}
impl=${CONFORM_IMPL:-$bin/swift-reference}
out=${OUT:-reports/shards}
rm -rf "$out"
mkdir -p "$out"

started=$(date +%s)
pids=()
for shard in $(seq 1 "$count"); do
  mkdir -p "$out/shard-$shard"
  "$bin/conform" run --impl "$impl" --shard "$shard/$count" "$@" \
    --results "$out/shard-$shard/results.jsonl" >"$out/shard-$shard/stdout.txt" 2>"$out/shard-$shard/stderr.txt" &
  pids+=($!)
done
for shard in $(seq 1 "$count"); do
  # A shard with failing cases exits 1: the merged report says which; its results still count.
  status=0
  wait "${pids[$((shard - 1))]}" || status=$?
  echo "shards: shard $shard/$count exited $status: $(tail -1 "$out/shard-$shard/stdout.txt")" >&2
done

files=()
for shard in $(seq 1 "$count"); do files+=("$out/shard-$shard/results.jsonl"); done
status=0
"$bin/conform" report "${files[@]}" --json "$out/merged.json" --junit "$out/merged.junit.xml" || status=$?
echo "shards: $count shards and their merge in $(( $(date +%s) - started )) s (exit $status)" >&2
exit "$status"
