#!/usr/bin/env python3
"""Speaks protocol version 2: answers the hello with its own version, says why on stderr, and
exits with status 2, as harness/PROTOCOL.md asks."""
import sys

from conformlib import handshake, log

hello = handshake("future-py", ["version-compare"], protocol=2)
log("future-py: the harness speaks protocol %d, this adapter speaks protocol 2" % hello["protocol"])
sys.exit(2)
