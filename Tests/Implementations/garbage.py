#!/usr/bin/env python3
"""Correct, except for one case: answers it with a line that is not JSON (--on ID), or with a
JSON answer that names its seq but lacks its output (--shapeless-on ID).

    garbage.py [--fixtures DIR] [--on ID] [--shapeless-on ID]
"""
import sys

from conformlib import expected_outputs, option, result, serve

garbage_on = option("--on")
shapeless_on = option("--shapeless-on")
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    if request["id"] == garbage_on:
        sys.stdout.write("Exception in thread main: oops, this is not an answer\n")
        sys.stdout.flush()
        return None
    if request["id"] == shapeless_on:
        return {"type": "result", "seq": request["seq"], "id": request["id"]}
    return result(request, expected[request["id"]])


serve("garbage-py", suites, answer)
