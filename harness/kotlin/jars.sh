#!/usr/bin/env bash
# Builds the kit's two Kotlin jars with Maven from Debian's /usr/share/maven-repo (no network) and
# copies them into OUT_DIR:
#   conform-kotlin-adapter-VERSION.jar  the adapter library (src/adapter, package conform.adapter)
#   conform-junit5-VERSION.jar          the JUnit 5 bundle test library (src/junit5, package conform.junit5)
# Maven's test phase runs the JUnit 5 library's own tests (src/junit5-test) first: a failing one
# fails the build, and nothing is copied.
#
#   jars.sh OUT_DIR [VERSION]   VERSION defaults to the one in pom.xml
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: jars.sh OUT_DIR [VERSION]" >&2; exit 2; fi
out_dir="$1"
pom_version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$here/pom.xml" | head -n 1)"
version="${2:-$pom_version}"

if ! command -v mvn >/dev/null 2>&1; then
  echo "jars.sh: mvn not found. Run harness/install-deps.sh from the conform checkout (Debian's maven package), then jars.sh again." >&2
  exit 1
fi
for artifact in org/jetbrains/kotlin/kotlin-maven-plugin/1.3.31 org/jetbrains/kotlin/kotlin-stdlib/1.3.31 \
  org/junit/jupiter/junit-jupiter-api/5.9.2 org/opentest4j/opentest4j/1.2.0; do
  if [ ! -d "/usr/share/maven-repo/$artifact" ]; then
    echo "jars.sh: /usr/share/maven-repo/$artifact is missing. Run harness/install-deps.sh (Debian's kotlin, junit5 and maven packages), then jars.sh again." >&2
    exit 1
  fi
done

# The settings mirror every repository to file:///usr/share/maven-repo, so nothing is downloaded;
# -o is not used because Maven's offline mode refuses even a file:// repository it has not copied yet.
# Maven's JVM (and the Kotlin compiler in it) with the client compiler and the serial collector:
# a clean build takes half the CPU so (18 s → 9 s). A MAVEN_OPTS of the caller's wins.
export MAVEN_OPTS="${MAVEN_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
rm -rf "$here/build/maven/junit5/surefire-reports"
mvn -q -B -Dstyle.color=never -f "$here/pom.xml" -s "$here/maven-settings.xml" -Dmaven.repo.local="$here/build/maven/repo" package
awk -F '[:,] *' '/^Tests run:/ { run += $2; failed += $4 + $6; skipped += $8 }
  END { printf "jars.sh: the JUnit 5 library'"'"'s own tests: %d run, %d failed, %d skipped\n", run, failed, skipped }' \
  "$here"/build/maven/junit5/surefire-reports/*.txt
mkdir -p "$out_dir"
cp "$here/build/maven/adapter/conform-kotlin-adapter-$pom_version.jar" "$out_dir/conform-kotlin-adapter-$version.jar"
cp "$here/build/maven/junit5/conform-junit5-$pom_version.jar" "$out_dir/conform-junit5-$version.jar"
echo "jars.sh: wrote conform-kotlin-adapter-$version.jar and conform-junit5-$version.jar into $out_dir"
