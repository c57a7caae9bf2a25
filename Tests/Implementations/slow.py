#!/usr/bin/env python3
"""Correct but slow: sleeps before each answer (--delay SECONDS, default 0.02).
Writes its pid to --pid-file FILE, so a test can check it was stopped."""
import os
import time

from conformlib import expected_outputs, option, result, serve

delay = float(option("--delay", "0.02"))
pid_file = option("--pid-file")
if pid_file:
    with open(pid_file, "w") as out:
        out.write(str(os.getpid()))
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    time.sleep(delay)
    return result(request, expected[request["id"]])


serve("slow-py", suites, answer)
