#!/usr/bin/env python3
"""The model of suite flag-vectors; it lists the decisions that gave each answer, and answers
as a drifting SDK would when a request names a decision's drift ("drift": "D2")."""
import json
import sys

ANONYMOUS = ("", "None", "null")


def code_points(user):
    return sum(ord(c) for c in user)


def utf16_units(user):
    data = user.encode("utf-16-le")
    return sum(int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2))


def decide(case, anonymous=ANONYMOUS, bucket_boolean=False, weigh=code_points):
    flag, user = case["flag"], case["user"]
    if flag["kind"] == "boolean" and not bucket_boolean:
        return {"on": flag["on"]}, ["D1"]
    percent = (100 if flag["on"] else 0) if flag["kind"] == "boolean" else flag["percent"]
    if user in anonymous:
        return {"on": False}, ["D3"]
    return {"on": weigh(user) % 100 < percent}, ["D2"]


# Each decision's documented drift (suite.json's "drift"), as the options of `decide`.
DRIFTS = {
    "D1": {"bucket_boolean": True},
    "D2": {"weigh": utf16_units},
    "D3": {"anonymous": ("", "null")},
}


def main(listing=True, **port):
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "flag-vectors-model", "language": "python",
                      "version": "1.0.0", "suites": ["flag-vectors"]}
        elif "drift" in request and request["drift"] not in DRIFTS:
            answer = {"type": "error", "seq": request["seq"], "id": request["id"],
                      "message": "no drift " + request["drift"] + " is modelled"}
        else:
            options = dict(port, **DRIFTS.get(request.get("drift"), {}))
            output, decisions = decide(request["input"], **options)
            answer = {"type": "result", "seq": request["seq"], "id": request["id"], "output": output}
            if listing:
                answer["decisions"] = decisions
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
