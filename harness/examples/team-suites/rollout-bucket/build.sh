#!/usr/bin/env bash
# Builds the suite's reference model, build/rollout-bucket-model.jar, with Kotlin 2 (the conform
# checkout's harness/kotlin/bin/kotlinc2, or KOTLINC; a warning fails the build): src/ and the
# conform Kotlin adapter's sources (the protocol loop and a strict JSON codec, package
# conform.adapter), with the Kotlin runtime, so that ./model runs it with `java -jar` alone.
# Skipped when the jar is newer than every source and this script.
#
# Environment: CONFORM_PACKAGE_PATH, the conform checkout whose harness/kotlin/src/adapter is
# compiled in (default: the checkout holding this folder).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
conform="${CONFORM_PACKAGE_PATH:-$here/../../../..}"
adapter="$conform/harness/kotlin/src/adapter"
jar="$here/build/rollout-bucket-model.jar"

case "${1:-}" in
  "") ;;
  -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "build.sh: unknown argument '$1' (usage: build.sh)" >&2; exit 2 ;;
esac
if [ ! -d "$adapter" ]; then
  echo "build.sh: $adapter not found: set CONFORM_PACKAGE_PATH to a conform checkout" >&2
  exit 2
fi
if [ -f "$jar" ] && [ -z "$(find "$here/src" "$adapter" "${BASH_SOURCE[0]}" -newer "$jar" -print -quit)" ]; then
  echo "build.sh: build/rollout-bucket-model.jar is up to date"
  exit 0
fi
kotlinc="${KOTLINC:-$conform/harness/kotlin/bin/kotlinc2}"
command -v "$kotlinc" >/dev/null 2>&1 || { echo "build.sh: $kotlinc not found: set KOTLINC to a Kotlin 2 kotlinc, or CONFORM_PACKAGE_PATH to a conform checkout" >&2; exit 2; }
files=()
mapfile -t files < <(find "$here/src" "$adapter" -name '*.kt' | LC_ALL=C sort)
mkdir -p "$here/build"
partial="$here/build/.partial-$$.jar"
log="$here/build/.kotlinc-$$.log"
trap 'rm -f "$partial" "$log"' EXIT
echo "build.sh: compiling build/rollout-bucket-model.jar (${#files[@]} files)"
# kotlinc2 prints its errors; nothing else is noise to hide.
if ! "$kotlinc" -Werror "${files[@]}" -include-runtime -d "$partial" 2>"$log"; then
  cat "$log" >&2
  echo "build.sh: compiling build/rollout-bucket-model.jar failed" >&2
  exit 1
fi
cat "$log" >&2
mv "$partial" "$jar"
