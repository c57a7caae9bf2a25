#!/usr/bin/env python3
"""version-compare computed from its spec (fixtures/version-compare.md), except that a version is
read into four fields, as a (major, minor, patch, build) struct holds it: a fifth part is dropped.
Every table case passes (none has five parts); conform fuzz finds it.

    four_field_versions.py
"""
import re

from conformlib import result, serve

NUMBER = re.compile(r"[+-]?[0-9]+\Z")
INT64 = range(-(2**63), 2**63)


def parts(version):
    """D2, D3, D5, D6, D7, D11: split on U+002E, empty pieces dropped, a part that is not an
    optional sign and ASCII digits within 64 bits reads 0. Then the drift: four fields at most."""
    numbers = []
    for piece in version.split("."):
        if piece == "":
            continue
        value = int(piece) if NUMBER.match(piece) else 0
        numbers.append(value if value in INT64 else 0)
    return numbers[:4]


def is_newer(remote, local):
    """D8, D9, D10, D12: padded with zeros, the first differing part decides."""
    a, b = parts(remote), parts(local)
    if not a or not b:
        return False
    length = max(len(a), len(b))
    a, b = a + [0] * (length - len(a)), b + [0] * (length - len(b))
    return a > b


serve("four-field-versions-py", ["version-compare"],
      lambda request: result(request, {"newer": is_newer(request["input"]["remote"], request["input"]["local"])}))
