#!/usr/bin/env python3
"""The model of suite flag-vectors; it lists the decisions that gave each answer."""
import json
import sys

ANONYMOUS = ("", "None", "null")


def decide(case, anonymous=ANONYMOUS):
    flag, user = case["flag"], case["user"]
    if flag["kind"] == "boolean":
        return {"on": flag["on"]}, ["D1"]
    if user in anonymous:
        return {"on": False}, ["D3"]
    return {"on": sum(ord(c) for c in user) % 100 < flag["percent"]}, ["D2"]


def main(anonymous=ANONYMOUS, listing=True):
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "flag-vectors-model", "language": "python",
                      "version": "1.0.0", "suites": ["flag-vectors"]}
        else:
            output, decisions = decide(request["input"], anonymous)
            answer = {"type": "result", "seq": request["seq"], "id": request["id"], "output": output}
            if listing:
                answer["decisions"] = decisions
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
