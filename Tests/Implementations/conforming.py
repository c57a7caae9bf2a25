#!/usr/bin/env python3
"""A correct implementation: answers every case with the fixture's expected output.

    conforming.py [--fixtures DIR] [--suites a,b]   (default: every suite)
"""
from conformlib import expected_outputs, fixture_suites, option, result, serve

given = option("--suites")
suites = given.split(",") if given else fixture_suites()
expected = expected_outputs(suites)
serve("conforming-py", suites, lambda request: result(request, expected[request["id"]]))
