#!/bin/sh
# Leaves a mark that it was started (the file named by its first argument), then exits.
# Used to check that conform stops before starting an implementation.
touch "$1"
exit 1
