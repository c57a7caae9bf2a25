#!/usr/bin/env python3
"""Reports part of its environment in its hello's version field, so a test can see what the
harness gave it: "TZ=… LC_ALL=… CONFORM_PROBE=…" ("-" when unset). Answers every case correctly."""
import os

from conformlib import expected_outputs, result, serve

suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)
version = " ".join("%s=%s" % (key, os.environ.get(key, "-")) for key in ("TZ", "LC_ALL", "CONFORM_PROBE"))
serve("env-py", suites, lambda request: result(request, expected[request["id"]]), version=version)
