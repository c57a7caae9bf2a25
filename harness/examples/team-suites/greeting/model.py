#!/usr/bin/env python3
"""The reference model of suite greeting: conform's requests on stdin, its answers on stdout."""
import json
import sys

SUITE = "greeting"


def text(count):
    if count == 0:
        return "No new messages"  # D1
    if count == 1:
        return "1 new message"  # D2: only exactly one is singular
    return "%d new messages" % count  # D3: ASCII digits, no grouping


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": SUITE + "-model", "language": "python",
                      "version": "1.0.0", "suites": [SUITE]}
        else:
            count = request["input"]["count"]
            if type(count) is not int:  # json reads 3.0 as a float: the protocol wants an integer
                answer = {"type": "error", "seq": request["seq"], "id": request["id"],
                          "message": "field \"input.count\": expected an integer, found %r" % count}
            else:
                answer = {"type": "result", "seq": request["seq"], "id": request["id"],
                          "output": {"text": text(count)}}
        sys.stdout.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
