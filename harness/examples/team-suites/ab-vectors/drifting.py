#!/usr/bin/env python3
"""An SDK with two drifts, and random picks of its own.

- D1: it buckets a named user of a stopped experiment as if the experiment still ran (an
  anonymous user of it still gets the winner).
- D2: it sums the UTF-8 bytes of name + ":" + user instead of its code points, so a user with a
  character outside ASCII may land in another arm.

Every other answer is the model's, an anonymous user's arm drawn at random as the spec allows.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402


def decide(case):
    experiment, user = case["experiment"], case.get("user")
    arms = experiment["arms"]
    if user not in model.ANONYMOUS:
        index = sum((experiment["name"] + ":" + user).encode("utf-8")) % len(arms)
        return {"arm": arms[index], "why": "bucketed"}, [], None
    return model.decide(case)


model.main(decide=decide, port=True)
