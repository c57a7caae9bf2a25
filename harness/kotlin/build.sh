#!/usr/bin/env bash
# Builds the Kotlin side of conform into harness/kotlin/build/ with Kotlin 2 (bin/kotlinc2):
#   kotlin-reference.jar  the conformant reference      (launcher: bin/kotlin-reference)
#   kotlin-port.jar       the drifting ports (mutants)  (launcher: bin/kotlin-port MUTANT)
# Each jar holds the Kotlin standard library, so `java -cp JAR MAIN_CLASS` runs it alone (the
# launchers name the main class: the adapter's own main, conform.adapter.ConformMain, is in every
# jar too, so the compiler writes no Main-Class). A jar is rebuilt only
# when a source it is made of is newer, so reruns are fast. A warning fails the build (-Werror).
# The compiler is installed first when it is missing (install-kotlin.sh: quiet when present).
# `build.sh --test` also builds and runs the adapter's self-test.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
src="$here/src"
out="$here/build"
kotlinc2="$here/bin/kotlinc2"
# The first compile prints the compiler's version ("info: kotlinc-jvm 2.4.0-..."), so a CI log
# shows which Kotlin built the jars.
version=-version

# build JAR SOURCE...: compiles the .kt files under each SOURCE (a folder or a file) into JAR,
# unless JAR is newer than all of them and than this script.
build() {
  local jar="$1"; shift
  if [ -f "$jar" ] && [ -z "$(find "$@" "$here/build.sh" -newer "$jar" -print -quit)" ]; then
    echo "build.sh: ${jar#"$here"/} is up to date"
    return
  fi
  "$here/install-kotlin.sh"
  local files
  mapfile -t files < <(find "$@" -name '*.kt' | LC_ALL=C sort)
  echo "build.sh: compiling ${jar#"$here"/} (${#files[@]} files)"
  mkdir -p "$out"
  local partial="$out/.partial-$$-$(basename "$jar")" # must end in .jar, or the compiler writes a folder
  if ! "$kotlinc2" $version -Werror "${files[@]}" -include-runtime -d "$partial"; then
    rm -f "$partial"
    echo "build.sh: compiling ${jar#"$here"/} failed" >&2
    exit 1
  fi
  mv "$partial" "$jar"
  version=""
}

build "$out/kotlin-reference.jar" "$src/adapter" "$src/reference" "$src/main/ReferenceMain.kt"
build "$out/kotlin-port.jar" "$src/adapter" "$src/reference" "$src/port" "$src/main/PortMain.kt"

if [ "${1:-}" = "--test" ]; then
  build "$out/adapter-test.jar" "$src/adapter" "$src/test"
  java -cp "$out/adapter-test.jar" conform.test.AdapterSelfTestKt
fi
