#!/usr/bin/env python3
"""Imports the shared vector file assignment-vectors.json (format ab-assign/2) as cases.jsonl.

Each vector becomes one named case: its experiment's entry is put into the input beside the
user (a null user is left out), its group's rule names the decision it tests, and an expected
arm written {"oneOf": [...]} (a random pick the spec allows) is stated as the first of its arms:
the model states the allowed arms of such an answer ("varies"), and conform accepts any of them.
Run it again whenever the vector file changes; the output is the same bytes for the same file.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DECISIONS = {"stopped": "D1", "bucket": "D2", "anonymous": "D3"}


def cases(vectors):
    if vectors.get("vectorFormat") != "ab-assign/2":
        sys.exit("assignment-vectors.json: vectorFormat is %r; this importer reads ab-assign/2" % vectors.get("vectorFormat"))
    for group in vectors["groups"]:
        rule = group["rule"]
        if rule not in DECISIONS:
            sys.exit("assignment-vectors.json: rule %r has no decision of suite.json; add it to DECISIONS" % rule)
        for vector in group["vectors"]:
            experiment = dict(vectors["experiments"][vector["experiment"]], name=vector["experiment"])
            case_input = {"experiment": experiment}
            if vector["user"] is not None:
                case_input["user"] = vector["user"]
            arm = vector["expect"]["arm"]
            if isinstance(arm, dict):
                arm = arm["oneOf"][0]
            yield {
                "name": "vectors/%s/%s" % (rule, vector["id"]),
                "input": case_input,
                "decisions": [DECISIONS[rule]],
                "expected": {"arm": arm, "why": vector["expect"]["why"]},
            }


def main():
    with open(os.path.join(HERE, "assignment-vectors.json"), encoding="utf-8") as file:
        vectors = json.load(file)
    lines = [json.dumps(case, ensure_ascii=False, sort_keys=True, separators=(",", ":")) for case in cases(vectors)]
    with open(os.path.join(HERE, "cases.jsonl"), "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
