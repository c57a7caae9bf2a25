#!/usr/bin/env python3
"""Correct, except that it answers some cases wrong with huge values, within the line limit:
each array of the expected output (a timeline's `effects`) with 200,000 elements instead
(--array-on ID), or a string of 15 MiB (--string-on ID, repeatable).

    huge_answer.py [--fixtures DIR] [--array-on ID] [--string-on ID]...
"""
from conformlib import expected_outputs, option, options, result, serve

array_on = option("--array-on")
string_on = set(options("--string-on"))
suites = ["eligibility", "version-compare", "timeline"]
expected = expected_outputs(suites)


def answer(request):
    if request["id"] == array_on:
        output = dict(expected[request["id"]])
        for key, value in output.items():
            if isinstance(value, list):
                output[key] = value + [{"at": n, "effect": "requestReview"} for n in range(200000)]
        return result(request, output)
    if request["id"] in string_on:
        return result(request, "x" * (15 << 20))
    return result(request, expected[request["id"]])


serve("huge-answer-py", suites, answer)
