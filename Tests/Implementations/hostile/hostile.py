#!/usr/bin/env python3
"""A catalogue of hostile implementations in one script: correct on every case but one, where it
misbehaves the way it is told (harness/README.md, "The harness under fire", lists them).

    hostile.py BEHAVIOUR [--on ID] [--fixtures DIR] [--seconds S] [--bytes N] [--status N]
                         [--version N] [--shape SHAPE] [--log FILE] [--escape FILE]
                         [--pid-file FILE] [--child FILE]

--log FILE appends "answer PID ID" for every correct answer it writes and "fault PID ID" when it
misbehaves, so a test can tell which answers came before the fault and from which process;
hang-before-hello appends "hello-read PID -" once it has read conform's hello.

--pid-file FILE appends its pid to FILE as it starts; --child FILE leaves a child in its process
group (sleep 60) holding the pipes open, and appends the child's pid to FILE.

--escape FILE leaves a child in a new session (setsid sleep 60), out of reach of a kill of the
process group, holding the pipes open; its pid is appended to FILE so the test can end it.

Behaviours that act at the start, before any case:
    exit-before-hello   says why on stderr and exits with --status (default 1), reading nothing
    hang-before-hello   reads the hello and never answers it
    version             answers the hello with protocol --version, then stays alive
    hello-twice         answers the hello twice
    never-read          answers the hello without reading it, then never reads stdin again
    hang-all            answers the hello, reads every request, answers none
    crlf                ends every line it writes (hello included) with \\r\\n
    correct             answers every case correctly (with --escape: the escape on its own)
    ignore-term-at-end  ignores SIGTERM and does not exit at the end of its input
    slow                sleeps --seconds (default 0.2) before every answer

Behaviours that act on case --on ID (answered in order before it, flushed, so they are kept):
    exit                exits with --status (default 0); with --once FILE, only if FILE does not
                        exist yet (it creates it), so the fault never recurs
    exit-leaving-answer exits with --status, leaving a child that writes the case's correct answer
                        into the same stdout 0.8 s after the exit
    signal              kills itself with --signal NAME (default ABRT)
    sleep               sleeps --seconds, then answers correctly
    hang-ignoring-term  ignores SIGTERM (before logging its fault) and never answers
    close-stdout        closes its stdout and keeps running (reading stdin, answering nothing)
    half-line           writes half an answer, no newline, and exits 0
    no-newline          writes its whole answer but no newline, and waits
    non-utf8            answers with bytes that are not UTF-8 in its output string
    nul                 answers with a NUL byte in its output string
    huge-line           writes one line of --bytes (default 100 MB), through head -c
    stderr-flood        writes --bytes (default 1 GiB) on stderr, through yes | head -c, then answers
    blank-flood         writes blank lines on stdout without end (through yes), never answering
    unknown-seq         answers with a seq that was never sent
    wrong-id            answers with another case's id
    kelvin-id           answers with its id's K written as U+212A KELVIN SIGN (canonically equivalent)
    twice               answers correctly, twice
    error-crlf          answers an error whose message has CRLF line breaks
    shape               answers with a broken shape: --shape seq-string, id-number, output-missing,
                        extra-field, type-unknown, reason-number, not-an-object
"""
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from conformlib import expected_outputs, handshake, log, option, requests, result, send  # noqa: E402

NAME = "hostile-py"
SUITES = ["eligibility", "version-compare"]
HELLO = {"type": "hello", "protocol": 1, "name": NAME, "language": "python", "version": "1.0.0",
         "suites": SUITES}

behaviour = sys.argv[1] if len(sys.argv) > 1 else ""
culprit = option("--on")
seconds = float(option("--seconds", "3600"))  # for sleep
status = int(option("--status", "0" if behaviour == "exit" else "1"))
out = sys.stdout.buffer
log_path = option("--log")


def note(event, case):
    if log_path:
        with open(log_path, "a") as events:
            events.write("%s %d %s\n" % (event, os.getpid(), case))


def answer_correctly(request, expected):
    send(result(request, expected[request["id"]]))
    note("answer", request["id"])


def write_raw(data):
    out.write(data)
    out.flush()


def forever():
    while True:
        time.sleep(3600)


def shell(command):
    """Runs `command` with this process's stdout and stderr (flushed first)."""
    sys.stdout.flush()
    sys.stderr.flush()
    subprocess.run(["sh", "-c", command], check=False)


def misbehave(request, expected):
    """What to do with the culprit's request; returns True when it was answered here."""
    seq, case = request["seq"], request["id"]
    if behaviour == "exit" and option("--once"):
        if os.path.exists(option("--once")):
            return False  # the fault never recurs: answered as usual
        open(option("--once"), "w").close()
    if behaviour == "hang-ignoring-term":
        # Before the fault is logged: a test that waits for the log line can then send SIGTERM.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    log("hostile.py: %s on %s" % (behaviour, case))
    note("fault", case)
    if behaviour == "exit":
        sys.exit(status)
    if behaviour == "exit-leaving-answer":
        out.flush()
        if os.fork() == 0:
            parent = os.getppid()
            while os.getppid() == parent:  # until the parent has exited
                time.sleep(0.01)
            time.sleep(0.8)
            send(result(request, expected[case]))
            os._exit(0)
        sys.exit(status)
    if behaviour == "signal":
        os.kill(os.getpid(), getattr(signal, "SIG" + option("--signal", "ABRT")))
    if behaviour == "sleep":
        time.sleep(seconds)
        return False
    if behaviour == "hang-ignoring-term":
        forever()
    if behaviour == "close-stdout":
        sys.stdout.flush()
        os.close(1)
        for _ in requests():
            pass
        forever()
    if behaviour == "half-line":
        write_raw(b'{"type":"result","seq":%d,"id":"%s","out' % (seq, case.encode()))
        os._exit(0)
    if behaviour == "no-newline":
        write_raw(json_line(result(request, expected[case])))
        forever()
    if behaviour == "non-utf8":
        write_raw(b'{"type":"result","seq":%d,"id":"%s","output":"caf\xe9 \xff\xfe"}\n' % (seq, case.encode()))
        return True
    if behaviour == "nul":
        write_raw(b'{"type":"result","seq":%d,"id":"%s","output":"a\x00b"}\n' % (seq, case.encode()))
        return True
    if behaviour == "huge-line":
        size = int(option("--bytes", str(100 * 1000 * 1000)))
        write_raw(b'{"type":"result","seq":%d,"id":"%s","output":"' % (seq, case.encode()))
        shell("head -c %d /dev/zero | tr '\\0' x; printf '\"}\\n'" % size)
        return True
    if behaviour == "stderr-flood":
        size = int(option("--bytes", str(1 << 30)))
        shell("yes 'hostile.py: chatty log line' | head -c %d >&2" % size)
        log("hostile.py: flooded stderr with %d bytes" % size)
        return False
    if behaviour == "blank-flood":
        out.flush()
        shell("yes ''")
        forever()
    if behaviour == "unknown-seq":
        send(result(dict(request, seq=seq + 1000000), expected[case]))
        return True
    if behaviour == "wrong-id":
        other = next(key for key in sorted(expected) if key != case)
        send(result(dict(request, id=other), expected[other]))
        return True
    if behaviour == "error-crlf":
        send({"type": "error", "seq": seq, "id": case, "message": "first line\r\nsecond line\r\n"})
        return True
    if behaviour == "kelvin-id":
        send(result(dict(request, id=case.replace("K", "\u212a")), expected[case]))
        return True
    if behaviour == "twice":
        send(result(request, expected[case]))
        send(result(request, expected[case]))
        return True
    if behaviour == "shape":
        shape = option("--shape")
        answer = result(request, expected[case])
        if shape == "seq-string":
            answer["seq"] = str(seq)
        elif shape == "id-number":
            answer["id"] = 7
        elif shape == "output-missing":
            del answer["output"]
        elif shape == "extra-field":
            answer["elapsed"] = 12
        elif shape == "type-unknown":
            answer["type"] = "done"
        elif shape == "reason-number":
            answer = {"type": "skipped", "seq": seq, "id": case, "reason": 7}
        elif shape == "not-an-object":
            answer = [seq, case]
        send(answer)
        return True
    raise SystemExit("hostile.py: unknown behaviour " + behaviour)


def append_pid(path, pid):
    with open(path, "a") as pid_file:
        pid_file.write("%d\n" % pid)


def main():
    if option("--pid-file"):
        append_pid(option("--pid-file"), os.getpid())
    if option("--child"):
        append_pid(option("--child"), subprocess.Popen(["sleep", "60"]).pid)
    if behaviour == "exit-before-hello":
        log("hostile.py: missing configuration, giving up before the hello")
        sys.exit(status)
    if behaviour == "never-read":
        send(HELLO)
        forever()
    expected = expected_outputs(SUITES)
    if behaviour == "hang-before-hello":
        sys.stdin.readline()
        # Logged once conform's hello is read: conform is then waiting for the answer.
        note("hello-read", "-")
        forever()
    if behaviour == "version":
        hello = json_hello(protocol=int(option("--version", "2")))
        sys.stdin.readline()
        send(hello)
        log("hostile.py: speaks protocol %d and will not exit" % hello["protocol"])
        forever()
    if behaviour == "crlf":
        sys.stdin.readline()
        write_raw(json_line(HELLO) + b"\r\n")
        for request in requests():
            write_raw(json_line(result(request, expected[request["id"]])) + b"\r\n")
            note("answer", request["id"])
        return
    handshake(NAME, SUITES)
    if behaviour == "hello-twice":
        send(HELLO)
    if behaviour == "ignore-term-at-end":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if option("--escape"):
        append_pid(option("--escape"), subprocess.Popen(["setsid", "sleep", "60"]).pid)
    for request in requests():
        if behaviour == "hang-all":
            continue
        if behaviour == "slow":
            time.sleep(float(option("--seconds", "0.2")))
        if request["id"] == culprit and misbehave(request, expected):
            continue
        answer_correctly(request, expected)
    if behaviour == "ignore-term-at-end":
        log("hostile.py: end of input, staying alive")
        forever()


def json_hello(protocol):
    return dict(HELLO, protocol=protocol)


def json_line(message):
    import json
    return json.dumps(message, separators=(",", ":")).encode()


main()
