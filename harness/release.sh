#!/usr/bin/env bash
# Makes a release of conform: the annotated tag vVERSION on HEAD, and a release folder with a Linux
# conform that needs no Swift toolchain (stripped, its debug symbols beside it), the fixture bundle
# of the same version (checked by the versioning rule against the previous release's), the Kotlin
# jars, SHA256SUMS and the release notes.
#
#   harness/release.sh VERSION [--out DIR] [--previous-bundle FILE] [--preflight] [--no-tag]
#                              [--no-resolve-check] [--no-changelog-edit] [--no-check]
#
# VERSION is semver: X.Y.Z, or a pre-release X.Y.Z-PRE (1.2.0-rc.1, which comes before 1.2.0).
# Build metadata (+build) is refused: semver orders 1.2.0+a and 1.2.0+b alike, so two tags and
# two bundles would share one version. VERSION must be the source's own, ConformVersion.current in
# Sources/ConformFixtures/Support/ConformVersion.swift, which every output of conform names (--version, --help,
# results, manifests); this script never edits it. To release another version:
#   1. set it in Sources/ConformFixtures/Support/ConformVersion.swift, regenerate fixtures/ (swift run conform
#      generate --out fixtures: its manifest names the version), commit;
#   2. harness/release.sh VERSION: with no `## [VERSION]` section in CHANGELOG.md, it moves the body
#      of `## [Unreleased]` to a new `## [VERSION] - DATE` section (DATE from SOURCE_DATE_EPOCH, else
#      today, UTC) and stops: commit that, so that the tag holds it;
#   3. harness/release.sh VERSION again: it checks, builds, packs and tags; push the tag
#      (git push origin vVERSION) and publish the folder's files as the release vVERSION.
#
# Everything that can be checked before the build (several minutes) is, and a failure stops the
# script before it builds or edits anything: VERSION's form and that it is the source's; DIR; the
# jars script and the static Swift libraries; CHANGELOG.md; unless --no-tag, a working tree with
# changes (git status shows any) and a tag vVERSION on another commit than HEAD (on HEAD it is
# kept); the previous bundle (below) and that its version comes before VERSION; and, unless
# --no-resolve-check, that SwiftPM resolves `.package(url: "file://…", from: "VERSION")` to HEAD
# tagged vVERSION (a throwaway package and a copy of HEAD's history, in a temporary folder).
# --preflight stops there, with exit 0 when every check passed.
#
# DIR defaults to reports/release/VERSION and must be empty or missing. The folder then holds:
#   conform-VERSION-linux-ARCH.tar.gz        one file, conform, built with the Swift standard
#                                            library and Foundation linked statically
#                                            (--static-swift-stdlib), stripped (strip --strip-all)
#   conform-VERSION-linux-ARCH.debug.tar.gz  one file, conform.debug: its symbols and debug
#                                            information (objcopy --only-keep-debug), which conform
#                                            names (--add-gnu-debuglink): unpack it beside conform
#                                            for a debugger or a symbolicated backtrace
#   conform-fixtures-VERSION.tar.gz          the fixture bundle (`conform bundle create`, with its
#                                            .sha256), versioned VERSION
#   conform-kotlin-adapter-VERSION.jar, conform-junit5-VERSION.jar   from harness/kotlin/jars.sh
#   RELEASE-NOTES.md                         CHANGELOG.md's section for VERSION
#   SHA256SUMS                               every other file, `sha256sum -c SHA256SUMS` format, sorted
# The script prints conform's size before and after stripping, and gzipped.
#
# The bundle's version is VERSION, and `conform bundle create --previous` checks it by the
# versioning rule (a case removed or changed needs a major version, cases added a minor one,
# anything else a patch; from a pre-release, the step counts from the release it leads to) against
# the previous release's bundle: --previous-bundle FILE (the conform-fixtures-X.Y.Z.tar.gz that
# release published, for example from its reports/release/X.Y.Z/), else the newest tag vX.Y.Z
# before VERSION that HEAD holds, whose bundle is made again from that tag's fixtures/ and
# harness/ (offline: git alone; its cases and specs are the published ones, which is all the rule
# reads). With neither, the release is the first one: the script says so and checks no step. A
# VERSION too small for the changes is refused right after the build, before anything is packed,
# and so is a fixtures/ that is not what the built conform generates (the tag must hold the
# published tables).
#
# The tag, after every other step: `git tag -a vVERSION -m "conform VERSION"` on HEAD (the one
# tag scheme: the templates' `ref: v…`, the download URL and a team's `from: "X.Y.Z"` read it; the
# bundle is an asset of that release). --no-tag makes none and allows a working tree with changes
# (a dry run), and then a missing CHANGELOG section is made and the run goes on (commit the edit
# with the release); --no-changelog-edit refuses instead of editing.
#
# The check (skip with --no-check): `ldd conform` is printed and must name nothing under the
# toolchain (no libswiftCore.so), and the packed conform runs `conform run` on the built-in tables
# against a statically linked swift-reference with `env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH=`,
# so no Swift toolchain is reachable by PATH or the loader's search path.
#
# Deterministic: the tar.gz around a given binary (sorted names, mtime 0, owner 0, gzip -n), the
# stripped binary and its debug file from a given build (strip and objcopy), the fixture bundle
# (conform's own packer), SHA256SUMS and the notes. The binary itself, built twice from a clean
# build folder on this machine with Swift 6.3.1, came out byte-identical; a different toolchain,
# machine or build path can give other bytes. The jars are as deterministic as
# harness/kotlin/jars.sh makes them.
#
# Environment: CONFORM_KOTLIN_JARS names another jars script (default harness/kotlin/jars.sh).
# The build goes to .build/release-static, apart from the ordinary .build/release.
# Exit status: 0 released (or, with --preflight, every check passed), 1 refused or failed.
set -euo pipefail

fail() {
  echo "release: $1" >&2
  exit 1
}
say() { echo "release: $1" >&2; }

usage="usage: harness/release.sh VERSION [--out DIR] [--previous-bundle FILE] [--preflight] [--no-tag] [--no-resolve-check] [--no-changelog-edit] [--no-check]"
version=""
out=""
previous_bundle=""
preflight=0
tag=1
resolve_check=1
edit_changelog=1
check=1
while [ $# -gt 0 ]; do
  case $1 in
    --out | --previous-bundle)
      [ $# -ge 2 ] || fail "$1 needs a value; $usage"
      if [ "$1" = --out ]; then out=$2; else previous_bundle=$2; fi
      shift 2
      ;;
    --preflight) preflight=1; shift ;;
    --no-tag) tag=0; shift ;;
    --no-resolve-check) resolve_check=0; shift ;;
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
identifier='(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)'
build='[0-9A-Za-z-]+'
semver="^$number\\.$number\\.$number(-$identifier(\\.$identifier)*)?(\\+$build(\\.$build)*)?\$"
[[ $version =~ $semver ]] || fail "VERSION \"$version\" is not semver: give X.Y.Z, like 0.1.0 or 1.2.0-rc.1"
[[ $version != *+* ]] || fail "VERSION \"$version\" has build metadata (+${version#*+}): semver orders it like ${version%%+*}, so the tag and the bundle would not name one release; give ${version%%+*}, or a pre-release (${version%%+*}-rc.1)"

# semver_before A B: whether version A comes before B by semver's precedence (both checked above).
semver_before() {
  local a=$1 b=$2 IFS=. LC_ALL=C i
  local -a x y p=() q=()
  read -r -a x <<<"${a%%-*}"
  read -r -a y <<<"${b%%-*}"
  for i in 0 1 2; do
    ((x[i] < y[i])) && return 0
    ((x[i] > y[i])) && return 1
  done
  [[ $a == *-* ]] || return 1 # a release comes after its pre-releases
  [[ $b == *-* ]] || return 0
  read -r -a p <<<"${a#*-}"
  read -r -a q <<<"${b#*-}"
  for ((i = 0; i < ${#p[@]} && i < ${#q[@]}; i++)); do
    [ "${p[i]}" != "${q[i]}" ] || continue
    if [[ ${p[i]} =~ ^[0-9]+$ && ${q[i]} =~ ^[0-9]+$ ]]; then
      ((p[i] < q[i]))
      return
    fi
    [[ ! ${p[i]} =~ ^[0-9]+$ ]] || return 0 # numeric identifiers come first
    [[ ! ${q[i]} =~ ^[0-9]+$ ]] || return 1
    [[ ${p[i]} < ${q[i]} ]]
    return
  done
  ((${#p[@]} < ${#q[@]}))
}

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The source's version: the one line of ConformVersion.swift that sets it.
version_file=Sources/ConformFixtures/Support/ConformVersion.swift
source_version=$(sed -n 's/^  public static let current = "\(.*\)"$/\1/p' "$version_file" 2>/dev/null || true)
[ -n "$source_version" ] && [ "$(echo "$source_version" | wc -l)" -eq 1 ] \
  || fail "no line \`  public static let current = \"X.Y.Z\"\` in $version_file: it holds conform's version, which this script reads"
[ "$version" = "$source_version" ] \
  || fail "VERSION $version is not the source's version, $source_version (ConformVersion.current in $version_file): set it there, regenerate fixtures/ (swift run conform generate --out fixtures), commit, and run again"

out=${out:-reports/release/$version}
if [ -e "$out" ]; then
  [ -d "$out" ] && [ -z "$(ls -A "$out")" ] || fail "$out already holds files: remove them or give another --out"
fi

jars=${CONFORM_KOTLIN_JARS:-$root/harness/kotlin/jars.sh}
[ -f "$jars" ] || fail "no $jars: it builds the Kotlin jars (harness/kotlin/jars.sh OUT_DIR VERSION); merge it first or set CONFORM_KOTLIN_JARS"

swift=$(command -v swift) || fail "no swift on PATH: the release is built with the Swift toolchain"
static_lib=$(dirname "$(dirname "$(readlink -f "$swift")")")/lib/swift_static
[ -f "$static_lib/linux/libswiftCore.a" ] && [ -f "$static_lib/linux/libFoundation.a" ] \
  || fail "no static Swift standard library and Foundation under $static_lib: install a toolchain that has swift_static"
for tool in strip objcopy; do
  command -v "$tool" >/dev/null || fail "no $tool on PATH: the release strips conform and keeps its debug symbols apart (binutils)"
done

# The tag: on HEAD or nowhere yet, and a working tree with nothing uncommitted for it to miss.
head=$(git rev-parse --verify -q HEAD) || fail "$root is not a git checkout with a commit: the release is tagged v$version on HEAD"
tag_name=v$version
tag_commit=$(git rev-parse --verify -q "refs/tags/$tag_name^{commit}" || true)
if [ "$tag" -eq 1 ]; then
  changes=$(git status --porcelain --untracked-files=normal)
  [ -z "$changes" ] || fail "the working tree has changes the tag $tag_name would not hold (commit or remove them, or give --no-tag for a dry run):
$changes"
  if [ -n "$tag_commit" ] && [ "$tag_commit" != "$head" ]; then
    fail "the tag $tag_name is on $tag_commit, not on HEAD ($head): release from that commit, or choose another version"
  fi
  [ -n "$tag_commit" ] || git var GIT_COMMITTER_IDENT >/dev/null 2>&1 \
    || fail "git has no name and email to make the tag $tag_name with: set user.name and user.email (git config)"
fi

# The release notes come from CHANGELOG.md's section for VERSION, made from Unreleased if needed.
section_body() { # the lines under `## [$1]`, up to the next `## ` heading
  awk -v heading="## [$1]" 'index($0, heading) == 1 { inside = 1; next } /^## / { inside = 0 } inside' CHANGELOG.md
}
has_section() { awk -v heading="## [$1]" 'index($0, heading) == 1 { found = 1 } END { exit !found }' CHANGELOG.md; }
if ! has_section "$version"; then
  [ "$edit_changelog" -eq 1 ] || fail "CHANGELOG.md has no \"## [$version]\" section (run without --no-changelog-edit to make it from Unreleased)"
  grep -qx '## \[Unreleased\]' CHANGELOG.md || fail "CHANGELOG.md has neither \"## [$version]\" nor \"## [Unreleased]\""
  [ -n "$(section_body Unreleased | tr -d '[:space:]')" ] || fail "CHANGELOG.md's Unreleased section is empty: nothing to release"
  if [ "$tag" -eq 1 ]; then
    say "CHANGELOG.md has no \"## [$version]\" section: the run will make it from Unreleased and stop for you to commit it"
  fi
fi

# The previous release's bundle: the one given, else the newest earlier tag's, made after the build.
previous_tag=""
previous_version=""
if [ -n "$previous_bundle" ]; then
  [ -f "$previous_bundle" ] || fail "--previous-bundle $previous_bundle: no such file (give the conform-fixtures-X.Y.Z.tar.gz of the previous release)"
  previous_bundle=$(cd "$(dirname "$previous_bundle")" && pwd)/$(basename "$previous_bundle")
  top=$(tar -tzf "$previous_bundle" 2>/dev/null | head -n 1 || true)
  top=${top%%/*}
  previous_version=${top#conform-fixtures-}
  [[ $top == conform-fixtures-* && $previous_version =~ $semver ]] \
    || fail "--previous-bundle $previous_bundle is not a conform bundle (no conform-fixtures-X.Y.Z/ folder in it)"
  semver_before "$previous_version" "$version" \
    || fail "the previous bundle's version, $previous_version ($previous_bundle), does not come before $version"
  say "the previous bundle: $previous_bundle ($previous_version)"
else
  while read -r name; do
    candidate=${name#v}
    [[ $candidate =~ $semver && $candidate != *+* ]] || continue
    semver_before "$candidate" "$version" || continue
    if [ -z "$previous_version" ] || semver_before "$previous_version" "$candidate"; then
      previous_version=$candidate
      previous_tag=$name
    fi
  done < <(git tag --list 'v*' --merged HEAD)
  if [ -n "$previous_tag" ]; then
    git cat-file -e "$previous_tag:fixtures/manifest.json" 2>/dev/null \
      || fail "the previous release's tag $previous_tag has no fixtures/manifest.json to make its bundle from: give --previous-bundle the conform-fixtures-$previous_version.tar.gz it published"
    say "the previous bundle: $previous_tag's, made from its fixtures/ after the build"
  else
    say "no previous bundle: no tag vX.Y.Z before $version on HEAD and no --previous-bundle, so this is the first release and its bundle's version is checked against none"
  fi
fi

# Temporary folders, and the release folder's files when the run fails.
resolve=""
stage=""
made_out=0
finished=0
cleanup() {
  [ -z "$resolve" ] || rm -rf "$resolve"
  [ -z "$stage" ] || rm -rf "$stage"
  if [ "$made_out" -eq 1 ] && [ "$finished" -eq 0 ]; then
    find "$out" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  fi
}
trap cleanup EXIT

# SwiftPM resolves `from: "VERSION"` to this commit, from a repository holding HEAD's history with
# the tag vVERSION on it (a bare one, in a temporary folder: the real tag comes last).
if [ "$resolve_check" -eq 1 ]; then
  resolve=$(mktemp -d)
  git init -q --bare "$resolve/conform.git"
  git push -q --no-verify "$resolve/conform.git" "$head:refs/tags/$tag_name" 2>/dev/null || fail "could not copy HEAD to $resolve for the resolve check"
  mkdir -p "$resolve/check/Sources/Check"
  echo 'import ConformAdapter' >"$resolve/check/Sources/Check/Check.swift"
  cat >"$resolve/check/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "check",
  platforms: [.macOS(.v15)],
  dependencies: [.package(url: "file://$resolve/conform.git", from: "$version")],
  targets: [.target(name: "Check", dependencies: [.product(name: "ConformAdapter", package: "conform")])]
)
EOF
  resolve_log=$(cd "$resolve/check" && swift package resolve --disable-dependency-cache --scratch-path "$resolve/check/.build" 2>&1) \
    || fail "SwiftPM could not resolve from: \"$version\" against HEAD tagged $tag_name:
$resolve_log"
  resolved=$(tr -d ' \n' <"$resolve/check/Package.resolved")
  [[ $resolved == *"\"revision\":\"$head\",\"version\":\"$version\""* ]] \
    || fail "SwiftPM resolved from: \"$version\" to something else than $tag_name on HEAD: $(cat "$resolve/check/Package.resolved")"
  say "SwiftPM resolves .package(url:, from: \"$version\") to $tag_name on HEAD"
fi

if [ "$preflight" -eq 1 ]; then
  say "$version: every check before the build passed (--preflight: nothing built, edited or tagged)"
  exit 0
fi

if ! has_section "$version"; then
  date=$(date -u ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"} +%Y-%m-%d)
  awk -v version="$version" -v date="$date" '
    $0 == "## [Unreleased]" { print; print ""; print "## [" version "] - " date; next }
    { print }' CHANGELOG.md >CHANGELOG.md.new
  mv CHANGELOG.md.new CHANGELOG.md
  if [ "$tag" -eq 1 ]; then
    fail "moved CHANGELOG.md's Unreleased section to \"## [$version] - $date\": commit it (the tag $tag_name must hold it), then run again"
  fi
  say "moved CHANGELOG.md's Unreleased section to \"## [$version] - $date\" (commit it with the release)"
fi
notes=$(section_body "$version" | sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}')
[ -n "$notes" ] || fail "CHANGELOG.md's section \"## [$version]\" is empty"

mkdir -p "$out"
out=$(cd "$out" && pwd)
made_out=1
stage=$(mktemp -d)

echo "release: the Kotlin jars ($jars)" >&2
bash "$jars" "$out" "$version" >&2
for jar in "conform-kotlin-adapter-$version.jar" "conform-junit5-$version.jar"; do
  [ -f "$out/$jar" ] || fail "$jars did not write $out/$jar"
done

echo "release: building conform $version with the Swift standard library linked statically" >&2
scratch=$root/.build/release-static
started=$(date +%s)
swift build -c release --product conform --static-swift-stdlib --scratch-path "$scratch" >&2
say "built in $(($(date +%s) - started)) s"
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
if ldd "$bin/conform" | grep -q libswiftCore; then
  fail "$bin/conform still links libswiftCore dynamically"
fi

# Stripped, with its symbols and debug information in conform.debug, which it names.
arch=$(uname -m)
mb() { awk -v bytes="$1" 'BEGIN { printf "%.1f MB", bytes / 1000000 }'; }
mkdir "$stage/bin" "$stage/debug"
cp "$bin/conform" "$stage/bin/conform"
chmod 755 "$stage/bin/conform"
objcopy --only-keep-debug "$stage/bin/conform" "$stage/debug/conform.debug"
chmod 644 "$stage/debug/conform.debug"
strip --strip-all "$stage/bin/conform"
(cd "$stage/debug" && objcopy --add-gnu-debuglink=conform.debug "$stage/bin/conform")
pack() { # pack FOLDER NAME ARCHIVE: FOLDER/NAME alone, deterministically
  tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$1" -cf - "$2" | gzip -n -9 >"$3"
}
pack "$stage/bin" conform "$out/conform-$version-linux-$arch.tar.gz"
pack "$stage/debug" conform.debug "$out/conform-$version-linux-$arch.debug.tar.gz"
say "conform: $(mb "$(stat -c %s "$bin/conform")") unstripped, $(mb "$(stat -c %s "$stage/bin/conform")") stripped, $(mb "$(stat -c %s "$out/conform-$version-linux-$arch.tar.gz")") gzipped; conform.debug $(mb "$(stat -c %s "$stage/debug/conform.debug")"), $(mb "$(stat -c %s "$out/conform-$version-linux-$arch.debug.tar.gz")") gzipped"

# fixtures/ is what this conform generates, so that the tag holds the tables it publishes (and a
# later release can make this one's bundle again from them).
"$stage/bin/conform" generate --out "$stage/generated" >/dev/null 2>&1 || fail "conform generate failed: run it to see why"
diff -r -q fixtures "$stage/generated" >&2 \
  || fail "fixtures/ is not what conform $version generates (above): run conform generate --out fixtures, commit, and run again"

echo "release: the fixture bundle" >&2
if [ -n "$previous_tag" ]; then
  mkdir "$stage/previous" "$stage/previous-bundle"
  paths=(fixtures)
  harness=()
  if git cat-file -e "$previous_tag:harness/PROTOCOL.md" 2>/dev/null; then
    paths+=(harness/PROTOCOL.md)
    harness=(--harness "$stage/previous/harness")
    ! git cat-file -e "$previous_tag:harness/schema" 2>/dev/null || paths+=(harness/schema)
  fi
  git archive "$previous_tag" "${paths[@]}" | tar -x -C "$stage/previous" || fail "could not read fixtures/ at $previous_tag"
  "$stage/bin/conform" bundle create --fixtures "$stage/previous/fixtures" "${harness[@]}" \
    --version "$previous_version" --out "$stage/previous-bundle" >/dev/null \
    || fail "could not make $previous_tag's bundle from its fixtures/ (see above): give --previous-bundle the conform-fixtures-$previous_version.tar.gz it published"
  previous_bundle=$stage/previous-bundle/conform-fixtures-$previous_version.tar.gz
fi
"$stage/bin/conform" bundle create --version "$version" ${previous_bundle:+--previous "$previous_bundle"} --out "$out" >&2 \
  || fail "the fixture bundle could not be versioned $version${previous_bundle:+ after $previous_version}: the line above says why (a bigger step: set that version in $version_file, regenerate fixtures/, commit, release it)"

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

if [ "$tag" -eq 1 ]; then
  [ "$(git rev-parse HEAD)" = "$head" ] || fail "HEAD moved during the release (was $head): run again"
  if [ -z "$tag_commit" ]; then
    git tag -a "$tag_name" -m "conform $version" "$head"
    say "tagged $head $tag_name (push it: git push origin $tag_name)"
  else
    say "the tag $tag_name is already on HEAD ($head): kept"
  fi
fi

finished=1
say "$out"
(cd "$out" && cat SHA256SUMS)
