#!/usr/bin/env bash
# Uses a fixture bundle the way a consuming codebase does, without conform:
#   1. checks the archive's SHA-256 against the digest published beside it (BUNDLE.sha256),
#   2. unpacks it with tar xzf,
#   3. runs the Kotlin and the Swift example on the unpacked folder (every file against
#      manifest.json, every suite's case count, every version-compare case against the app's code),
#   4. and checks that both fail loudly on a copy with one byte changed.
#
# Usage: harness/examples/run-examples.sh [BUNDLE.tar.gz]
# Without a bundle, one is made with `conform bundle create` ($CONFORM, default .build/debug/conform).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

bundle="${1:-}"
if [ -z "$bundle" ]; then
  conform="${CONFORM:-$root/.build/debug/conform}"
  (cd "$root" && "$conform" bundle create --out "$work" >/dev/null)
  bundle="$(ls "$work"/conform-fixtures-*.tar.gz)"
fi

# 1. The pin: the archive's digest. In a real project it is a constant next to the download URL.
# The .sha256 file holds "HEX  NAME" (sha256sum -c checks it); earlier conform wrote "sha256:HEX  NAME".
if [ -f "$bundle.sha256" ]; then
  hex="$(cut -d' ' -f1 "$bundle.sha256")"
  expected="sha256:${hex#sha256:}"
  actual="sha256:$(sha256sum "$bundle" | cut -d' ' -f1)"
  if [ "$actual" != "$expected" ]; then
    echo "run-examples: $bundle has $actual, not $expected from $bundle.sha256" >&2
    exit 1
  fi
  echo "archive: $actual matches $(basename "$bundle").sha256"
else
  echo "run-examples: no $bundle.sha256 beside the bundle: its digest is not checked" >&2
fi

# 2. Unpack: everything is under one folder, conform-fixtures-<version>/.
mkdir "$work/unpacked"
tar xzf "$bundle" -C "$work/unpacked"
folder="$(ls -d "$work"/unpacked/conform-fixtures-*)"
manifest_digest="sha256:$(sha256sum "$folder/manifest.json" | cut -d' ' -f1)"

# 3. Build and run both examples.
echo "building the Kotlin example (kotlinc is slow to start)..."
mapfile -t sources < <(find "$root/harness/kotlin/src/adapter" -name '*.kt' | sort)
kotlinc "${sources[@]}" "$root/harness/kotlin/src/reference/VersionCheck.kt" "$here/kotlin/BundleFixturesCheck.kt" \
  -include-runtime -d "$work/bundle-check.jar" 2>&1 | grep -v -e noverify -e '^warning' >&2 || true
echo "building the Swift example..."
swiftc -O "$here/swift/BundleFixturesCheck.swift" -o "$work/bundle-check-swift"

java -jar "$work/bundle-check.jar" "$folder" "$manifest_digest"
"$work/bundle-check-swift" "$folder" "$manifest_digest"

# 4. One byte changed in a table: both must fail.
cp -R "$folder" "$work/tampered"
printf 'X' | dd of="$work/tampered/eligibility.jsonl" bs=1 seek=100 conv=notrunc status=none
for example in "java -jar $work/bundle-check.jar" "$work/bundle-check-swift"; do
  if $example "$work/tampered" >/dev/null 2>"$work/stderr"; then
    echo "run-examples: $example accepted a tampered bundle" >&2
    exit 1
  fi
  grep -q "eligibility.jsonl does not match manifest.json" "$work/stderr" || {
    echo "run-examples: $example did not name the tampered file:" >&2
    cat "$work/stderr" >&2
    exit 1
  }
done
echo "tampered copy: both examples refuse it, naming eligibility.jsonl"
