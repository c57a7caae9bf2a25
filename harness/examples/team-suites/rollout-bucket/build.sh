#!/usr/bin/env bash
# Builds the suite's reference model, build/rollout-bucket-model.jar, with kotlinc: src/ and the
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
command -v kotlinc >/dev/null 2>&1 || { echo "build.sh: kotlinc not found: install Debian's kotlin package (kotlinc 1.3.31)" >&2; exit 2; }
files=()
mapfile -t files < <(find "$here/src" "$adapter" -name '*.kt' | LC_ALL=C sort)
mkdir -p "$here/build"
partial="$here/build/.partial-$$.jar"
log="$here/build/.kotlinc-$$.log"
trap 'rm -f "$partial" "$log"' EXIT
echo "build.sh: compiling build/rollout-bucket-model.jar (${#files[@]} files)"
# kotlinc's JVM with the client compiler and the serial collector: a compile this short takes
# about half the CPU so. A JAVA_OPTS of the caller's wins.
export JAVA_OPTS="${JAVA_OPTS:--Xmx256M -Xms32M -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
# kotlinc warns on every run that -noverify is deprecated since JDK 13: that line is noise.
if ! kotlinc "${files[@]}" -include-runtime -d "$partial" >"$log" 2>&1; then
  grep -v noverify "$log" >&2 || true
  echo "build.sh: compiling build/rollout-bucket-model.jar failed" >&2
  exit 1
fi
grep -v noverify "$log" >&2 || true
mv "$partial" "$jar"
