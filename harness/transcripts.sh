#!/usr/bin/env bash
# Rewrites every command output the READMEs quote (the ```console blocks marked <!-- transcript -->)
# from real runs of this build, so no document shows an output the commands no longer print.
# `swift test` checks them (ReadmeTranscriptTests); run this after a change that alters one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
CONFORM_RECORD=1 swift test --skip-build --filter ReadmeTranscriptTests
git diff --stat -- README.md harness/swift/README.md
