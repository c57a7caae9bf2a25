#!/usr/bin/env bash
# Installs what the kit's tests and the Kotlin adapter need from Debian, when it is missing:
# kotlin (kotlinc 1.3.31) and xmllint (to validate JUnit output). Idempotent and quiet.
set -euo pipefail

missing=()
command -v kotlinc >/dev/null 2>&1 || missing+=(kotlin)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
