#!/bin/sh
# Checks and measures Sources/ConformKit/Support/SHA256.swift in release, compiled on its own.
# Usage: harness/json-fuzz/sha256.sh [megabytes, default 64]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/sha256-bench"
mkdir -p "$out"
swiftc -O -wmo "$root/Sources/ConformKit/Support/SHA256.swift" "$root/harness/json-fuzz/sha256/main.swift" -o "$out/sha256-bench"
exec "$out/sha256-bench" "$@"
