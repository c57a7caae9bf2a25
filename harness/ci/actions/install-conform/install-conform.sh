#!/usr/bin/env bash
# Installs conform from its release asset, checked against the pinned SHA-256 before it is opened:
#
#   install-conform.sh VERSION SHA256 DEST
#
# downloads conform-VERSION-linux-x86_64.tar.gz (which holds one file, `conform`, the static Linux
# binary) from CONFORM_RELEASE_URL (default: https://github.com/$CONFORM_REPOSITORY/releases/download/vVERSION;
# a file:// URL reads a local release folder, as harness/release.sh writes it), checks it with
# `sha256sum -c`, and puts `conform` into DEST. SHA256 is the asset's hex digest (a `sha256:` prefix
# is allowed), as its line in the release's SHA256SUMS gives it.
# Exit status: 0 installed, 1 the download or the digest check failed, 2 usage.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: install-conform.sh VERSION SHA256 DEST" >&2
  exit 2
fi
version=$1 digest=${2#sha256:} dest=$3
if ! [[ $digest =~ ^[0-9a-f]{64}$ ]]; then
  echo "install-conform: '$2' is not a SHA-256 (64 lower-case hex digits): copy the asset's line from the release's SHA256SUMS" >&2
  exit 2
fi
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "install-conform: the release has a binary for Linux x86_64 only, not $(uname -sm): build conform from source instead (give no asset digest)" >&2
  exit 2
fi
asset="conform-$version-linux-x86_64.tar.gz"
base=${CONFORM_RELEASE_URL:-https://github.com/${CONFORM_REPOSITORY:?set CONFORM_REPOSITORY (owner/conform) or CONFORM_RELEASE_URL}/releases/download/v$version}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! curl -fsSL --retry 3 -o "$work/$asset" "$base/$asset"; then
  echo "install-conform: could not download $base/$asset: check the version and the release URL" >&2
  exit 1
fi
if ! (cd "$work" && echo "$digest  $asset" | sha256sum -c --quiet - >&2); then
  echo "install-conform: $asset is not the pinned one: its SHA-256 is $(sha256sum "$work/$asset" | cut -d' ' -f1), the pin is $digest" >&2
  exit 1
fi
contents=$(tar -tzf "$work/$asset")
if [ "$contents" != "conform" ]; then
  echo "install-conform: $asset should hold one file, conform; it holds: $(echo "$contents" | tr '\n' ' ')" >&2
  exit 1
fi
mkdir -p "$dest"
tar -xzf "$work/$asset" -C "$dest" conform
chmod +x "$dest/conform"
echo "install-conform: conform $version (sha256:$digest) in $dest" >&2
