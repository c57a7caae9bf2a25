#!/usr/bin/env python3
"""Correct, except that it never answers one case (it sleeps forever).

    hang.py [--fixtures DIR] --on ID
"""
import time

from conformlib import expected_outputs, log, option, result, serve

hang_on = option("--on")
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    if request["id"] == hang_on:
        log("hang.py: stuck on " + hang_on)
        time.sleep(3600)
    return result(request, expected[request["id"]])


serve("hang-py", suites, answer)
