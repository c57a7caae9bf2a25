#!/usr/bin/env python3
"""A correct implementation that answers out of order: each batch of requests it reads, last
request first.

It never waits for more input than is there: os.read returns what is available, and every
complete request in it is answered before the next read.
"""
import json
import os

from conformlib import expected_outputs, result, send

suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def batches():
    """Lists of requests, as they arrive."""
    pending = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        complete, _, pending = (pending + chunk).rpartition(b"\n")
        if complete:
            yield [json.loads(line) for line in complete.split(b"\n") if line.strip()]


for batch in batches():
    for message in reversed(batch):
        if message["type"] == "hello":
            send({"type": "hello", "protocol": 1, "name": "out-of-order-py", "language": "python",
                  "version": "1.0.0", "suites": suites})
        else:
            send(result(message, expected[message["id"]]))
