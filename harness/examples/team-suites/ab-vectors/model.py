#!/usr/bin/env python3
"""The model of suite ab-vectors. It lists the decisions that gave each answer and, for a random
arm, the arms it could have picked ("varies"). With --port it answers as an SDK would: the same
outputs, random picks included, and nothing beside them."""
import json
import random
import sys

ANONYMOUS = (None, "", "anonymous")


def bucket(name, user, arms):
    return arms[sum(ord(c) for c in name + ":" + user) % len(arms)]


def decide(case):
    """The output, the decisions that gave it, and the allowed values of a random member."""
    experiment, user = case["experiment"], case.get("user")
    arms = experiment["arms"]
    if experiment["state"] == "stopped":
        return {"arm": experiment["winner"], "why": "stopped"}, ["D1"], None
    if user in ANONYMOUS:
        return {"arm": random.choice(arms), "why": "random"}, ["D3"], {"/arm": arms}
    return {"arm": bucket(experiment["name"], user, arms), "why": "bucketed"}, ["D2"], None


def main(decide=decide, port=False):
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "ab-vectors-model", "language": "python",
                      "version": "1.0.0", "suites": ["ab-vectors"]}
        else:
            output, decisions, varies = decide(request["input"])
            answer = {"type": "result", "seq": request["seq"], "id": request["id"], "output": output}
            if not port:
                answer["decisions"] = decisions
                if varies:
                    answer["varies"] = varies
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main(port="--port" in sys.argv[1:])
