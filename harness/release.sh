#!/usr/bin/env bash
# Makes a release folder: a Linux conform that needs no Swift toolchain, the fixture bundle, the
# Kotlin jars, SHA256SUMS and the release notes.
#
#   harness/release.sh VERSION [--out DIR] [--no-changelog-edit] [--no-check]
#
# VERSION is semver (X.Y.Z, with an optional -pre.release and +build). DIR defaults to
# reports/release/VERSION and must be empty or missing. The folder then holds:
#   conform-VERSION-linux-ARCH.tar.gz   one file, conform, built with the Swift standard library
#                                       and Foundation linked statically (--static-swift-stdlib)
#   conform-fixtures-VERSION.tar.gz     the fixture bundle (`conform bundle create`, with its .sha256)
#   conform-kotlin-adapter-VERSION.jar, conform-junit5-VERSION.jar   from harness/kotlin/jars.sh
#   RELEASE-NOTES.md                    CHANGELOG.md's section for VERSION
#   SHA256SUMS                          every other file, `sha256sum -c SHA256SUMS` format, sorted
#
# The CHANGELOG: when it has no `## [VERSION]` section, the body of `## [Unreleased]` moves to a
# new `## [VERSION] - DATE` section below an empty Unreleased (DATE from SOURCE_DATE_EPOCH, else
# today, UTC), and the script says so; commit that edit with the release. --no-changelog-edit
# refuses instead of editing (for a re-run, or a dry run on a checkout you will not commit).
#
# The check (skip with --no-check): `ldd conform` is printed and must name nothing under the
# toolchain (no libswiftCore.so), and the packed conform runs `conform run` on the built-in tables
# against a statically linked swift-reference with `env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH=`,
# so no Swift toolchain is reachable by PATH or the loader's search path.
#
# Deterministic: the tar.gz around a given binary (sorted names, mtime 0, owner 0, gzip -n), the
# fixture bundle (conform's own packer), SHA256SUMS and the notes. The binary itself, built twice
# from a clean build folder on this machine with Swift 6.3.1, came out byte-identical (see the
# release's closing note for the figures); a different toolchain, machine or build path can give
# other bytes. The jars are as deterministic as harness/kotlin/jars.sh makes them.
#
# Environment: CONFORM_KOTLIN_JARS names another jars script (default harness/kotlin/jars.sh).
# The build goes to .build/release-static, apart from the ordinary .build/release.
set -euo pipefail

fail() {
  echo "release: $1" >&2
  exit 1
}

usage="usage: harness/release.sh VERSION [--out DIR] [--no-changelog-edit] [--no-check]"
version=""
out=""
edit_changelog=1
check=1
while [ $# -gt 0 ]; do
  case $1 in
    --out)
      [ $# -ge 2 ] || fail "--out needs a folder; $usage"
      out=$2
      shift 2
      ;;
    --no-changelog-edit) edit_changelog=0; shift ;;
    --no-check) check=0; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) fail "unknown option $1; $usage" ;;
    *)
      [ -z "$version" ] || fail "one VERSION only (got $version and $1); $usage"
      version=$1
      shift
      ;;
  esac
done
[ -n "$version" ] || fail "no VERSION given; $usage"
number='(0|[1-9][0-9]*)'
identifier='[0-9A-Za-z-]+'
semver="^$number\\.$number\\.$number(-$identifier(\\.$identifier)*)?(\\+$identifier(\\.$identifier)*)?\$"
[[ $version =~ $semver ]] || fail "VERSION \"$version\" is not semver: give X.Y.Z, like 0.1.0 or 1.2.0-rc.1"

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${out:-reports/release/$version}
mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -z "$(ls -A "$out")" ] || fail "$out already holds files: remove them or give another --out"

jars=${CONFORM_KOTLIN_JARS:-$root/harness/kotlin/jars.sh}
[ -f "$jars" ] || fail "no $jars: it builds the Kotlin jars (harness/kotlin/jars.sh OUT_DIR VERSION); merge it first or set CONFORM_KOTLIN_JARS"

# The release notes come from CHANGELOG.md's section for VERSION, made from Unreleased if needed.
section_body() { # the lines under `## [$1]`, up to the next `## ` heading
  awk -v heading="## [$1]" 'index($0, heading) == 1 { inside = 1; next } /^## / { inside = 0 } inside' CHANGELOG.md
}
has_section() { awk -v heading="## [$1]" 'index($0, heading) == 1 { found = 1 } END { exit !found }' CHANGELOG.md; }
if ! has_section "$version"; then
  [ "$edit_changelog" -eq 1 ] || fail "CHANGELOG.md has no \"## [$version]\" section (run without --no-changelog-edit to make it from Unreleased)"
  grep -qx '## \[Unreleased\]' CHANGELOG.md || fail "CHANGELOG.md has neither \"## [$version]\" nor \"## [Unreleased]\""
  [ -n "$(section_body Unreleased | tr -d '[:space:]')" ] || fail "CHANGELOG.md's Unreleased section is empty: nothing to release"
fi

swift=$(command -v swift) || fail "no swift on PATH: the release is built with the Swift toolchain"
static_lib=$(dirname "$(dirname "$(readlink -f "$swift")")")/lib/swift_static
[ -f "$static_lib/linux/libswiftCore.a" ] && [ -f "$static_lib/linux/libFoundation.a" ] \
  || fail "no static Swift standard library and Foundation under $static_lib: install a toolchain that has swift_static"

if ! has_section "$version"; then
  date=$(date -u ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"} +%Y-%m-%d)
  awk -v version="$version" -v date="$date" '
    $0 == "## [Unreleased]" { print; print ""; print "## [" version "] - " date; next }
    { print }' CHANGELOG.md >CHANGELOG.md.new
  mv CHANGELOG.md.new CHANGELOG.md
  echo "release: moved CHANGELOG.md's Unreleased section to \"## [$version] - $date\" (commit it with the release)" >&2
fi
notes=$(section_body "$version" | sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}')
[ -n "$notes" ] || fail "CHANGELOG.md's section \"## [$version]\" is empty"

echo "release: building conform $version with the Swift standard library linked statically" >&2
scratch=$root/.build/release-static
started=$(date +%s)
swift build -c release --product conform --static-swift-stdlib --scratch-path "$scratch" >&2
echo "release: built in $(($(date +%s) - started)) s" >&2
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
if ldd "$bin/conform" | grep -q libswiftCore; then
  fail "$bin/conform still links libswiftCore dynamically"
fi

arch=$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$bin/conform" "$stage/conform"
chmod 755 "$stage/conform"
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$stage" -cf - conform \
  | gzip -n -9 >"$out/conform-$version-linux-$arch.tar.gz"

echo "release: the fixture bundle" >&2
"$stage/conform" bundle create --version "$version" --out "$out" >&2

echo "release: the Kotlin jars ($jars)" >&2
bash "$jars" "$out" "$version" >&2
for jar in "conform-kotlin-adapter-$version.jar" "conform-junit5-$version.jar"; do
  [ -f "$out/$jar" ] || fail "$jars did not write $out/$jar"
done

{
  echo "# conform $version"
  echo
  echo "$notes"
} >"$out/RELEASE-NOTES.md"
(cd "$out" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort | xargs -d '\n' sha256sum >SHA256SUMS)

if [ "$check" -eq 1 ]; then
  echo "release: checking that conform runs with no Swift toolchain reachable" >&2
  swift build -c release --product swift-reference --static-swift-stdlib --scratch-path "$scratch" >&2
  check_dir=$(mktemp -d)
  tar -xzf "$out/conform-$version-linux-$arch.tar.gz" -C "$check_dir"
  toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")
  for program in "$check_dir/conform" "$bin/swift-reference"; do
    echo "release: ldd $(basename "$program"):" >&2
    ldd "$program" | sed 's/^/  /' >&2
    if ldd "$program" | grep -qF "$toolchain/"; then
      fail "$(basename "$program") loads a library from the toolchain ($toolchain)"
    fi
  done
  (cd "$check_dir" && env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="$check_dir" \
    ./conform run --impl "$bin/swift-reference" --results "$check_dir/results.jsonl" >&2) \
    || fail "the packed conform did not pass on the built-in tables with no Swift toolchain reachable"
  rm -rf "$check_dir"
fi

echo "release: $out" >&2
(cd "$out" && cat SHA256SUMS)
