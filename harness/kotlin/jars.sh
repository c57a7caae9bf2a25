#!/usr/bin/env bash
# Builds the kit's two Kotlin jars with Kotlin 2 (bin/kotlinc2) and copies them into OUT_DIR:
#   conform-kotlin-adapter-VERSION.jar  the adapter library (src/adapter, package conform.adapter),
#                                       with its own main: conform.adapter.ConformMain
#   conform-junit5-VERSION.jar          the JUnit 5 bundle test library (src/junit5, package conform.junit5)
# Neither holds the Kotlin standard library: an app compiles against them with its own Kotlin.
# They are compiled at language and API version 2.1, so a team's Kotlin 2.0 or later reads them
# (a compiler reads class metadata up to one version ahead), for JVM 1.8 class files (Android).
# The JUnit 5 library's own tests (src/junit5-test) run first, with JUnit's console launcher
# (Debian's junit5): a failing one fails the build, and nothing is copied. A warning fails it too.
# The jars are the same bytes for the same sources (the compiler writes sorted entries dated 1980).
#
#   jars.sh OUT_DIR [VERSION]   VERSION defaults to the one in build.gradle.kts
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: jars.sh OUT_DIR [VERSION]" >&2; exit 2; fi
out_dir="$1"
version="${2:-$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/build.gradle.kts")}"
[ -n "$version" ] || { echo "jars.sh: no VERSION given and none found in build.gradle.kts (a line version = \"X.Y.Z\")" >&2; exit 2; }

junit=/usr/share/java
for jar in junit-jupiter-api opentest4j apiguardian-api junit-platform-console-standalone; do
  if [ ! -f "$junit/$jar.jar" ]; then
    echo "jars.sh: $junit/$jar.jar is missing: run harness/install-deps.sh --android (Debian's junit5 package), then jars.sh again" >&2
    exit 1
  fi
done
"$here/install-kotlin.sh"
kotlinc2="$here/bin/kotlinc2"
work="$here/build/jars"
rm -rf "$work"
mkdir -p "$work"

# compile NAME CLASSPATH SOURCE...: build/jars/NAME.jar, whose Kotlin module is conform-NAME (its
# META-INF/conform-NAME.kotlin_module: a name no other jar on an app's class path has).
compile() {
  local jar="$1.jar" module="conform-$1" classpath="$2"; shift 2
  local files=()
  mapfile -t files < <(find "$@" -name '*.kt' | LC_ALL=C sort)
  "$kotlinc2" -Werror -language-version 2.1 -api-version 2.1 -module-name "$module" ${classpath:+-cp "$classpath"} "${files[@]}" -d "$work/$jar" \
    || { echo "jars.sh: compiling $jar failed" >&2; exit 1; }
}
api="$junit/junit-jupiter-api.jar:$junit/opentest4j.jar:$junit/apiguardian-api.jar"
compile adapter "" "$here/src/adapter"
compile junit5 "$work/adapter.jar:$api" "$here/src/junit5"
compile junit5-test "$work/junit5.jar:$work/adapter.jar:$api" "$here/src/junit5-test"

# The library's own tests run without a bundle (CONFORM_FIXTURES empty), as an app's would not.
stdlib="$("$kotlinc2" --home)/lib/kotlin-stdlib.jar"
log="$work/junit5-test.log"
set +e
CONFORM_FIXTURES="" java -jar "$junit/junit-platform-console-standalone.jar" --disable-banner --disable-ansi-colors \
  --details=summary --fail-if-no-tests --include-engine=junit-jupiter \
  --class-path "$work/junit5-test.jar:$work/junit5.jar:$work/adapter.jar:$stdlib" --scan-class-path "$work/junit5-test.jar" \
  >"$log" 2>&1
status=$?
set -e
count() { sed -n "s/^\[ *\([0-9]*\) tests $1 *\]$/\1/p" "$log"; }
echo "jars.sh: the JUnit 5 library's own tests: $(count found) run, $(count failed) failed, $(count skipped) skipped, $(count aborted) aborted"
if [ $status -ne 0 ]; then
  cat "$log" >&2
  echo "jars.sh: the JUnit 5 library's own tests failed (exit $status): nothing was copied" >&2
  exit 1
fi
mkdir -p "$out_dir"
cp "$work/adapter.jar" "$out_dir/conform-kotlin-adapter-$version.jar"
cp "$work/junit5.jar" "$out_dir/conform-junit5-$version.jar"
echo "jars.sh: wrote conform-kotlin-adapter-$version.jar and conform-junit5-$version.jar into $out_dir"
