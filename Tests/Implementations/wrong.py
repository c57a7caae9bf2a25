#!/usr/bin/env python3
"""Gets the cases it is told wrong, answers others correctly.

    wrong.py [--fixtures DIR] --wrong ID... --error ID... --skip ID...
"""
from conformlib import expected_outputs, options, result, serve

wrong, errors, skips = set(options("--wrong")), set(options("--error")), set(options("--skip"))
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    case = request["id"]
    if case in errors:
        return {"type": "error", "seq": request["seq"], "id": case, "message": "NumberFormatException: boom"}
    if case in skips:
        return {"type": "skipped", "seq": request["seq"], "id": case, "reason": "not implemented yet"}
    if case in wrong:
        return result(request, {"wrong": True})
    return result(request, expected[case])


serve("wrong-py", suites, answer)
