#!/bin/sh
# Leaves a background child that inherits stdin, stdout and stderr and would outlive the
# implementation, then becomes the implementation named by its first argument (the rest are its
# arguments). The harness must not wait on the pipes this child holds: it kills the whole group.
sleep 300 &
implementation="$(dirname "$0")/$1"
shift
exec "$implementation" "$@"
