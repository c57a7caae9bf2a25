#!/bin/sh
# Splits Sources/ConformKit into the modules of Sources/MODULES.md and converges when run again:
# moves the files by the rules in split-modules.py, gives each file its imports, writes the
# generated targets of Package.swift, then builds and fixes imports and `package` access from the
# compiler's diagnostics until the build passes. Run it after merging a branch that added files
# under Sources/ConformKit or new uses across modules; read `git status`, test, commit.
#
#   harness/dev/split-modules.sh [--no-build] [--rounds N] [--imports-only]
exec python3 "$(dirname "$0")/split-modules.py" "$@"
