#!/usr/bin/env bash
# Builds build/app.jar (the app's code, its conform suite mapping and its tests, with the Kotlin
# runtime) with README.md's one build line, run in this folder:
#
#   kotlinc2 -Werror app-logic conform test -cp 'libs/*:JUNIT/junit-jupiter-api.jar:JUNIT/opentest4j.jar:JUNIT/apiguardian-api.jar' -include-runtime -d build/app.jar
#
# after checking what it needs, saying what to do when something is missing. Skipped when the jar
# is newer than every source and jar. (Kept for harness/ci's workflow templates, which call it.)
#
# Environment: CONFORM_JARS, a folder with conform-kotlin-adapter-VERSION.jar and
# conform-junit5-VERSION.jar to copy into libs/ first (default: libs/ as it is, where the app keeps
# the two jars of the conform release it pins; harness/kotlin/jars.sh DIR builds them in a conform
# checkout); JUNIT_JAR_DIR, where Debian's junit5 put its jars (JUNIT, default /usr/share/java);
# KOTLINC, the Kotlin 2 compiler (default kotlinc2, on PATH: a conform checkout's harness/kotlin/bin).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jars="${CONFORM_JARS:-$here/libs}"
junit="${JUNIT_JAR_DIR:-/usr/share/java}"
kotlinc="${KOTLINC:-kotlinc2}"

case "${1:-}" in
  "") ;;
  -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "build.sh: unknown argument '$1' (usage: build.sh)" >&2; exit 2 ;;
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
adapter="$(library conform-kotlin-adapter)"
junit5="$(library conform-junit5)"
if [ "$jars" != "$here/libs" ]; then
  mkdir -p "$here/libs"
  rm -f "$here"/libs/conform-*.jar
  cp "$adapter" "$junit5" "$here/libs/"
fi
for jar in junit-jupiter-api opentest4j apiguardian-api; do
  [ -f "$junit/$jar.jar" ] || { echo "build.sh: $junit/$jar.jar not found: install Debian's junit5 package (harness/install-deps.sh --android), or set JUNIT_JAR_DIR" >&2; exit 1; }
done
command -v "$kotlinc" >/dev/null 2>&1 || {
  echo "build.sh: $kotlinc not found: put a conform checkout's harness/kotlin/bin on PATH (harness/install-deps.sh --android installs" >&2
  echo "          its Kotlin 2), or set KOTLINC to a Kotlin 2 kotlinc" >&2
  exit 1
}

cd "$here"
if [ -f build/app.jar ] && [ -z "$(find app-logic conform test libs "${BASH_SOURCE[0]}" -newer build/app.jar -print -quit)" ]; then
  echo "build.sh: build/app.jar is up to date"
  exit 0
fi
echo "build.sh: compiling build/app.jar"
"$kotlinc" -Werror app-logic conform test -cp "libs/*:$junit/junit-jupiter-api.jar:$junit/opentest4j.jar:$junit/apiguardian-api.jar" \
  -include-runtime -d build/app.jar
