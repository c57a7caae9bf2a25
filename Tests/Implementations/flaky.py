#!/usr/bin/env python3
"""Right the first time it sees a case, wrong every time after: with --repeat 2, flaky.

    flaky.py [--fixtures DIR] [--only ID]   (--only: only that case turns wrong)
"""
from conformlib import expected_outputs, option, result, serve

only = option("--only")
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)
seen = set()


def answer(request):
    case = request["id"]
    again = case in seen
    seen.add(case)
    if again and (only is None or only == case):
        return result(request, {"newer": "maybe"})
    return result(request, expected[case])


serve("flaky-py", suites, answer)
