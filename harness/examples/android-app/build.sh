#!/usr/bin/env bash
# Builds the app's two jars into build/ with kotlinc, against conform's released Kotlin jars:
#   conform-adapter.jar  app-logic/ + conform/, with the Kotlin runtime (./conform-adapter runs it)
#   app-tests.jar        test/: the unit tests and the bundle test (./test.sh runs them)
# and copies conform's jars into build/lib/. A jar is rebuilt only when a source is newer than it.
#
#   build.sh [--adapter-only]    --adapter-only: conform-adapter.jar alone (no JUnit needed)
#
# Environment: CONFORM_JARS, the folder with conform-kotlin-adapter-VERSION.jar and
# conform-junit5-VERSION.jar (default: libs/, where the app keeps the two jars of the conform
# release it pins; harness/kotlin/jars.sh DIR builds them in a conform checkout); JUNIT_JAR_DIR,
# where junit-jupiter-api.jar, opentest4j.jar and apiguardian-api.jar are (default: /usr/share/java).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/build"
adapter_sources=("$here/app-logic" "$here/conform")
test_sources=("$here/test")
jars="${CONFORM_JARS:-$here/libs}"
junit_dir="${JUNIT_JAR_DIR:-/usr/share/java}"

case "${1:-}" in
  "" | --adapter-only) ;;
  -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "build.sh: unknown argument '$1' (usage: build.sh [--adapter-only])" >&2; exit 2 ;;
esac

# library NAME: the one NAME-VERSION.jar in $jars.
library() {
  local found=() jar
  # Without a match the pattern stays as it is: only files count.
  for jar in "$jars/$1"-[0-9]*.jar; do [ -f "$jar" ] && found+=("$jar"); done
  if [ ${#found[@]} -ne 1 ]; then
    echo "build.sh: want one $1-VERSION.jar in $jars, found ${#found[@]}: copy the two jars of the conform release you pin" >&2
    echo "          into libs/ (check them with its SHA256SUMS), or set CONFORM_JARS to that folder" >&2
    exit 1
  fi
  echo "${found[0]}"
}

# build JAR SOURCE...: compiles the .kt files under each SOURCE into JAR against the jars in the
# array `classpath` (with the Kotlin runtime when `runtime` is -include-runtime), unless JAR is
# newer than every SOURCE and every jar it is compiled against.
build() {
  local jar="$1"; shift
  if [ -f "$jar" ] && [ -z "$(find "$@" "${classpath[@]}" "${BASH_SOURCE[0]}" -newer "$jar" -print -quit)" ]; then
    echo "build.sh: ${jar#"$here"/} is up to date"
    return
  fi
  command -v kotlinc >/dev/null 2>&1 || { echo "build.sh: kotlinc not found: install Debian's kotlin package (kotlinc 1.3.31)" >&2; exit 1; }
  local files=() options=(-d "$out/.partial-$$-$(basename "$jar")")
  mapfile -t files < <(find "$@" -name '*.kt' | LC_ALL=C sort)
  options+=(-cp "$(IFS=:; echo "${classpath[*]}")" $runtime)
  echo "build.sh: compiling ${jar#"$here"/} (${#files[@]} files)"
  mkdir -p "$out"
  local log="$out/.kotlinc-$$.log"
  # kotlinc's JVM with the client compiler and the serial collector: a compile this short takes
  # half the CPU so (conform's two jars: 25 s → 11.5 s). A JAVA_OPTS of the caller's wins.
  local JAVA_OPTS="${JAVA_OPTS:--Xmx256M -Xms32M -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
  export JAVA_OPTS
  # kotlinc warns on every run that -noverify is deprecated since JDK 13: that line is noise.
  if ! kotlinc "${files[@]}" "${options[@]}" >"$log" 2>&1; then
    grep -v noverify "$log" >&2 || true
    rm -f "${options[1]}" "$log"
    echo "build.sh: compiling ${jar#"$here"/} failed" >&2
    exit 1
  fi
  grep -v noverify "$log" >&2 || true
  rm -f "$log"
  mv "${options[1]}" "$jar"
}

adapter_library="$(library conform-kotlin-adapter)"
mkdir -p "$out/lib"
rm -f "$out"/lib/conform-*.jar
cp "$adapter_library" "$out/lib/"
classpath=("$adapter_library") runtime=-include-runtime
build "$out/conform-adapter.jar" "${adapter_sources[@]}"
[ "${1:-}" = --adapter-only ] && exit 0

junit5_library="$(library conform-junit5)"
cp "$junit5_library" "$out/lib/"
classpath=("$out/conform-adapter.jar" "$adapter_library" "$junit5_library") runtime=""
for jar in junit-jupiter-api opentest4j apiguardian-api; do
  [ -f "$junit_dir/$jar.jar" ] || { echo "build.sh: $junit_dir/$jar.jar not found: install Debian's junit5 package, or set JUNIT_JAR_DIR" >&2; exit 1; }
  classpath+=("$junit_dir/$jar.jar")
done
build "$out/app-tests.jar" "${test_sources[@]}"
