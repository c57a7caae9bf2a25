"""Protocol plumbing shared by the test implementations (harness/PROTOCOL.md, version 1).

Each implementation is a tiny script: it declares its suites and how it answers a case; this
module does the handshake, reads requests line by line and writes answers, flushing each one.
"""
import json
import os
import sys

PROTOCOL = 1
HERE = os.path.dirname(os.path.abspath(__file__))


def option(name, default=None):
    """The value after `name` on the command line (`--fixtures DIR`), or `default`."""
    args = sys.argv[1:]
    if name in args and args.index(name) + 1 < len(args):
        return args[args.index(name) + 1]
    return default


def options(name):
    """Every value given after `name` (repeatable options)."""
    args = sys.argv[1:]
    return [args[i + 1] for i, arg in enumerate(args[:-1]) if arg == name]


def fixtures_folder():
    """The fixtures folder this implementation is given (`--fixtures DIR`, else the repository's fixtures/)."""
    return option("--fixtures", os.path.join(HERE, "..", "..", "fixtures"))


def fixture_suites():
    """Every suite of the fixtures folder, by its table's name."""
    return sorted(name[: -len(".jsonl")] for name in os.listdir(fixtures_folder()) if name.endswith(".jsonl"))


def expected_outputs(suites):
    """Case id -> expected output, read from the fixtures folder (see `fixtures_folder`)."""
    folder = fixtures_folder()
    table = {}
    for suite in suites:
        with open(os.path.join(folder, suite + ".jsonl"), encoding="utf-8") as lines:
            for line in lines:
                case = json.loads(line)
                table[case["id"]] = case["expected"]
    return table


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def result(request, output):
    return {"type": "result", "seq": request["seq"], "id": request["id"], "output": output}


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def handshake(name, suites, protocol=PROTOCOL, version="1.0.0"):
    """Reads the harness's hello and answers it."""
    hello = json.loads(sys.stdin.readline())
    assert hello["type"] == "hello", hello
    send({"type": "hello", "protocol": protocol, "name": name, "language": "python",
          "version": version, "suites": suites})
    return hello


def requests():
    """Every request after the hello, until the end of input."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        yield json.loads(line)


def serve(name, suites, answer, version="1.0.0"):
    """The usual loop: `answer(request)` returns the answer to send, or None to send nothing."""
    handshake(name, suites, version=version)
    for request in requests():
        message = answer(request)
        if message is not None:
            send(message)
