#!/usr/bin/env bash
# Installs the Kotlin 2 compiler that conform builds with (the version kotlin.pin names) into
# ${CONFORM_KOTLIN_HOME:-~/.cache/conform/kotlin-VERSION}, outside the checkout, for bin/kotlinc2.
# Idempotent and quiet when it is there already.
#
# It comes from PyPI: `pip download` fetches the kotlin-jupyter-kernel wheel of the pinned
# version (about 80 MB), its SHA-256 must be the pinned one, and only three jars are taken out of
# it (the compiler, kotlin-stdlib, kotlin-script-runtime) into lib/. Needs java and python3 with pip.
#
#   install-kotlin.sh [--wheel FILE]   --wheel: use this wheel file instead of downloading it
#                                      (it is checked against the pin all the same)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=kotlin.pin
. "$here/kotlin.pin"
home="${CONFORM_KOTLIN_HOME:-$KOTLIN_HOME_DEFAULT}"
wheel=""
case "${1:-}" in
  "") ;;
  --wheel) [ $# -eq 2 ] || { echo "install-kotlin: --wheel needs a file" >&2; exit 2; }; wheel="$2" ;;
  -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "install-kotlin: unknown argument '$1' (usage: install-kotlin.sh [--wheel FILE])" >&2; exit 2 ;;
esac
fail() { echo "install-kotlin: $*" >&2; exit 1; }

if [ -f "$home/lib/kotlin-compiler.jar" ] && [ -f "$home/lib/kotlin-stdlib.jar" ] && [ -f "$home/lib/kotlin-script-runtime.jar" ]; then
  exit 0
fi
command -v python3 >/dev/null 2>&1 || fail "python3 is needed to fetch and unpack the wheel: apt-get install python3 python3-pip"
mkdir -p "$(dirname "$home")"
work="$(mktemp -d "$(dirname "$home")/.install-kotlin.XXXXXX")"
trap 'rm -rf "$work"' EXIT

source="the wheel you passed"
if [ -z "$wheel" ]; then
  source="the wheel PyPI served"
  echo "install-kotlin: downloading $KOTLIN_WHEEL==$KOTLIN_WHEEL_VERSION from PyPI (about 80 MB) for Kotlin $KOTLIN_VERSION" >&2
  if ! python3 -m pip download --quiet --no-deps --disable-pip-version-check --dest "$work/download" \
    "$KOTLIN_WHEEL==$KOTLIN_WHEEL_VERSION" >"$work/pip.log" 2>&1; then
    cat "$work/pip.log" >&2
    fail "pip could not download $KOTLIN_WHEEL==$KOTLIN_WHEEL_VERSION: check that PyPI is reachable (and python3 -m pip works), or pass a copy of the wheel with --wheel FILE"
  fi
  wheel="$(find "$work/download" -name '*.whl' | head -n 1)"
  [ -n "$wheel" ] || fail "pip downloaded no wheel for $KOTLIN_WHEEL==$KOTLIN_WHEEL_VERSION (see the log above)"
fi
[ -f "$wheel" ] || fail "no wheel at $wheel: pass the $KOTLIN_WHEEL $KOTLIN_WHEEL_VERSION wheel, or leave --wheel out to download it"
actual="$(sha256sum "$wheel" | cut -d ' ' -f 1)"
if [ "$actual" != "$KOTLIN_WHEEL_SHA256" ]; then
  fail "$source ($wheel) has SHA-256 $actual, not the pinned $KOTLIN_WHEEL_SHA256 ($KOTLIN_WHEEL $KOTLIN_WHEEL_VERSION, harness/kotlin/kotlin.pin): refusing it. Pass the right file with --wheel FILE, or leave --wheel out to download it; change the pin only for a wheel you have checked"
fi

# Take the three jars out under the names -kotlin-home looks for, then move the whole folder into
# place at once: an interrupted install leaves nothing that looks installed.
python3 - "$wheel" "$work/home/lib" "$KOTLIN_WHEEL_COMPILER" "$KOTLIN_WHEEL_STDLIB" "$KOTLIN_WHEEL_SCRIPT_RUNTIME" <<'PY' \
  || fail "could not unpack $wheel (see the error above)"
import os, shutil, sys, zipfile
wheel, lib, compiler, stdlib, script = sys.argv[1:]
os.makedirs(lib)
with zipfile.ZipFile(wheel) as archive:
    for member, name in ((compiler, "kotlin-compiler.jar"), (stdlib, "kotlin-stdlib.jar"), (script, "kotlin-script-runtime.jar")):
        with archive.open("run_kotlin_kernel/jars/" + member) as source, open(os.path.join(lib, name), "wb") as target:
            shutil.copyfileobj(source, target)
PY
echo "$KOTLIN_VERSION (from $KOTLIN_WHEEL $KOTLIN_WHEEL_VERSION, sha256 $KOTLIN_WHEEL_SHA256)" >"$work/home/build.txt"
rm -rf "$home"
mv "$work/home" "$home"
echo "install-kotlin: Kotlin $KOTLIN_VERSION installed in $home" >&2
