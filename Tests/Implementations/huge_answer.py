#!/usr/bin/env python3
"""Correct, except that it answers some cases wrong with huge values, within the line limit:
each array of the expected output (a timeline's `effects`) with 200,000 elements instead
(--array-on ID), a string of 15 MiB (--string-on ID, repeatable), an array of 5,000,000 empty
objects (--empty-objects-on ID: a 15 MB line) or an object of 1,000,000 keys in reverse order
(--keys-on ID: a 16 MB line).

    huge_answer.py [--fixtures DIR] [--array-on ID] [--string-on ID]... [--empty-objects-on ID]
                   [--keys-on ID]
"""
from conformlib import expected_outputs, option, options, result, serve

array_on = option("--array-on")
string_on = set(options("--string-on"))
empty_objects_on = option("--empty-objects-on")
keys_on = option("--keys-on")
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
    if request["id"] == empty_objects_on:
        return result(request, [{}] * 5000000)
    if request["id"] == keys_on:
        return result(request, {"k%07d" % n: 0 for n in reversed(range(1000000))})
    return result(request, expected[request["id"]])


serve("huge-answer-py", suites, answer)
