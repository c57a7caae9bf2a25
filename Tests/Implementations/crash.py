#!/usr/bin/env python3
"""Correct, except that it dies on the cases named by --on (repeatable): exit status 3, or a
signal with --signal NAME.

    crash.py [--fixtures DIR] --on ID [--on ID ...] [--signal SEGV]
"""
import os
import signal
import sys

from conformlib import expected_outputs, log, option, options, result, serve

crash_on = set(options("--on"))
signal_name = option("--signal")
suites = ["eligibility", "version-compare"]
expected = expected_outputs(suites)


def answer(request):
    if request["id"] in crash_on:
        log("crash.py: cannot handle " + request["id"] + ": giving up")
        if signal_name:
            os.kill(os.getpid(), getattr(signal, "SIG" + signal_name))
        sys.exit(3)
    return result(request, expected[request["id"]])


serve("crash-py", suites, answer)
