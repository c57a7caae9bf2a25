#!/usr/bin/env bash
# Builds the example into build/:
#   conform-adapter.jar  app-logic/ + conform/ + the kit's adapter library, with the Kotlin runtime
#                        (run it with ./conform-adapter, under `conform run --impl`)
#   app-tests.jar        test/: the JUnit 5 unit tests and the bundle @TestFactory (./test.sh runs them)
# A jar is rebuilt only when one of its sources (or this script) is newer than it.
#
#   build.sh                 both jars
#   build.sh --adapter-only  conform-adapter.jar only (no JUnit needed)
#
# Environment: CONFORM_KOTLIN_ADAPTER, the adapter library's folder (default: the conform
# checkout's harness/kotlin/src/adapter); JUNIT_JAR_DIR, where junit-jupiter-api.jar,
# opentest4j.jar and apiguardian-api.jar are (default: /usr/share/java, Debian's junit5).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/build"
adapter_src="${CONFORM_KOTLIN_ADAPTER:-$here/../../kotlin/src/adapter}"
junit5_src="$adapter_src/../junit5" # the kit's JUnit 5 bundle library (conform.junit5), beside the adapter
junit_dir="${JUNIT_JAR_DIR:-/usr/share/java}"

adapter_only=false
case "${1:-}" in
  "") ;;
  --adapter-only) adapter_only=true ;;
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "build.sh: unknown argument '$1' (usage: build.sh [--adapter-only])" >&2; exit 2 ;;
esac

if [ ! -f "$adapter_src/ConformAdapter.kt" ]; then
  echo "build.sh: the conform adapter library is not at $adapter_src" >&2
  echo "          run this from a conform checkout, or set CONFORM_KOTLIN_ADAPTER to its harness/kotlin/src/adapter" >&2
  exit 1
fi

# build JAR CLASSPATH SOURCE...: compiles the .kt files under each SOURCE (a folder or a file)
# into JAR, unless JAR is newer than all of them and than this script. CLASSPATH may be empty;
# without one the Kotlin runtime goes into the jar.
build() {
  local jar="$1" classpath="$2"; shift 2
  local name="${jar#"$here"/}"
  if [ -f "$jar" ] && [ -z "$(find "$@" "$here/build.sh" -newer "$jar" -print -quit)" ]; then
    echo "build.sh: $name is up to date"
    return
  fi
  if ! command -v kotlinc >/dev/null 2>&1; then
    echo "build.sh: kotlinc not found, and $name needs compiling. Install it with harness/install-deps.sh" >&2
    echo "          from the conform checkout (Debian's kotlin package, kotlinc 1.3.31), then run build.sh again." >&2
    exit 1
  fi
  local files=() file
  while IFS= read -r file; do files+=("$file"); done < <(find "$@" -name '*.kt' | LC_ALL=C sort)
  echo "build.sh: compiling $name (${#files[@]} files)"
  mkdir -p "$out"
  # kotlinc writes a folder unless -d ends in .jar; a unique name lets two builds run side by side.
  local partial="$out/.partial-$$-$(basename "$jar")" log="$out/.kotlinc-$$.log"
  local options=(-d "$partial")
  if [ -n "$classpath" ]; then options+=(-cp "$classpath"); else options+=(-include-runtime); fi
  # kotlinc warns on every run that -noverify is deprecated since JDK 13: that line is noise.
  if ! kotlinc "${files[@]}" "${options[@]}" >"$log" 2>&1; then
    grep -v -e 'noverify' "$log" >&2 || true
    rm -f "$partial" "$log"
    echo "build.sh: compiling $name failed" >&2
    exit 1
  fi
  grep -v -e 'noverify' "$log" >&2 || true
  rm -f "$log"
  mv "$partial" "$jar"
}

adapter_jar="$out/conform-adapter.jar"
build "$adapter_jar" "" "$here/app-logic" "$here/conform" "$adapter_src"
$adapter_only && exit 0

junit_jars=("$junit_dir/junit-jupiter-api.jar" "$junit_dir/opentest4j.jar" "$junit_dir/apiguardian-api.jar")
for jar in "${junit_jars[@]}"; do
  if [ ! -f "$jar" ]; then
    echo "build.sh: $jar not found: the tests need JUnit 5. Install Debian's junit5 package" >&2
    echo "          (apt-get install junit5), or set JUNIT_JAR_DIR to a folder with junit-jupiter-api.jar, opentest4j.jar, apiguardian-api.jar" >&2
    exit 1
  fi
done
test_classpath="$adapter_jar"
for jar in "${junit_jars[@]}"; do test_classpath="$test_classpath:$jar"; done
build "$out/app-tests.jar" "$test_classpath" "$here/test" "$junit5_src" "$adapter_jar"
