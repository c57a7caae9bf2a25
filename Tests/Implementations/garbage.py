#!/usr/bin/env python3
"""Correct, except for one case: answers it with a line that is not JSON (--on ID), with a
JSON answer that names its seq but lacks its output (--shapeless-on ID), or with a line of
17 MiB (--huge-on ID), longer than the harness accepts.

    garbage.py [--fixtures DIR] [--on ID] [--shapeless-on ID] [--huge-on ID]
"""
import sys

from conformlib import expected_outputs, option, result, serve

garbage_on = option("--on")
shapeless_on = option("--shapeless-on")
huge_on = option("--huge-on")
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    if request["id"] == garbage_on:
        sys.stdout.write("Exception in thread main: oops, this is not an answer\n")
        sys.stdout.flush()
        return None
    if request["id"] == huge_on:
        sys.stdout.write('{"type":"result","seq":%d,"id":"%s","output":"' % (request["seq"], request["id"]))
        sys.stdout.write("x" * (17 << 20) + '"}\n')
        sys.stdout.flush()
        return None
    if request["id"] == shapeless_on:
        return {"type": "result", "seq": request["seq"], "id": request["id"]}
    return result(request, expected[request["id"]])


serve("garbage-py", suites, answer)
