#!/usr/bin/env python3
"""Mutation analysis of the Kotlin reference's timeline app code, in one kotlinc build.

    harness/mutants/kotlin-mutants.py [--conform BIN] [--work DIR] [--json FILE] [--limit N] [--jobs N] [--reuse]

Mutates the Kotlin reference's timeline app code (harness/kotlin/src/reference/TimelineSuite.kt
and ReviewPromptScheduler.kt: the files whose Swift counterparts `conform mutants --generated`
mutates; TimelineWorld.kt, the fake around the scheduler, is scaffolding as the Swift
SimulatedDevice is) with textual operators: relational boundaries, == and !=, && and ||, + and -,
in and !in, a negation dropped, an integer constant +1/-1/0, true and false swapped, a statement
deleted. Each mutant is a copy of the three timeline files in its own package
(conform.mutant.mN, importing conform.reference.* for the rest), so every mutant goes into one
jar with one kotlinc run (schemata by package); CONFORM_MUTANT=N picks the mutant at run time,
0 being the unmutated copy. A mutant that does not compile is dropped and the build repeated.
Each mutant then runs the published timeline table with `conform run --stop-after 3`; a mutant is
killed when the run fails. Prints the score and every survivor with its line, operator and the
changed line; --json writes one line per mutant.

Needs java and harness/kotlin/bin/kotlinc2 (harness/kotlin/install-kotlin.sh), and a built conform
(--conform, default .build/debug/conform). Exit status: 0 when it ran (survivors are reported,
not failed on: no equivalents file is kept for the Kotlin side yet), 2 when it could not run.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
KOTLIN = os.path.join(ROOT, "harness", "kotlin")
REFERENCE = os.path.join(KOTLIN, "src", "reference")
MUTATED = ["TimelineSuite.kt", "ReviewPromptScheduler.kt"]
COPIED = MUTATED + ["TimelineWorld.kt"]

# (operator, pattern, replacement): every match of pattern on a line's code is one mutant.
SWAPS = [
    ("relational", r"(?<=\s)<(?=\s)", "<="),
    ("relational", r"(?<=\s)<=(?=\s)", "<"),
    ("relational", r"(?<=\s)>(?=\s)", ">="),
    ("relational", r"(?<=\s)>=(?=\s)", ">"),
    ("equality", r"(?<=\s)==(?=\s)", "!="),
    ("equality", r"(?<=\s)!=(?=\s)", "=="),
    ("logical", r"(?<=\s)&&(?=\s)", "||"),
    ("logical", r"(?<=\s)\|\|(?=\s)", "&&"),
    ("arithmetic", r"(?<=\s)\+(?=\s)", "-"),
    ("arithmetic", r"(?<=\s)-(?=\s)", "+"),
    ("arithmetic", r"(?<=\s)\+=(?=\s)", "-="),
    ("membership", r"(?<=\s)!in(?=\s)", "in"),
    ("negation", r"!(?=[A-Za-z(])", ""),
    ("boolean", r"\btrue\b", "false"),
    ("boolean", r"\bfalse\b", "true"),
]
INTEGER = re.compile(r"(?<![\w.])(\d+)(L?)\b")
STATEMENT = re.compile(r"^(\s*)([\w.?]+(\(.*\))?(\s*[+-]?=\s*.+)?)\s*$")
BRANCH = re.compile(r"^(\s*(?:\"[^\"]*\"|is [\w.]+) -> )(.+)$")


def code_span(line):
    """The part of `line` that is code: not a comment line, without a trailing // comment, with
    string literals blanked so that no operator inside one is mutated."""
    stripped = line.strip()
    if not stripped or stripped.startswith(("*", "/*", "//", "import ", "package ")):
        return None
    masked = re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', line)
    cut = masked.find("//")
    return masked if cut < 0 else masked[:cut]


def sites(name, lines):
    """Every mutant of one file: (line number, operator, original line, mutated line)."""
    found = []
    in_doc = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("/**") or stripped.startswith("/*"):
            in_doc = not stripped.endswith("*/")
            continue
        if in_doc:
            in_doc = not stripped.endswith("*/")
            continue
        code = code_span(line)
        if code is None:
            continue
        for operator, pattern, replacement in SWAPS:
            for match in re.finditer(pattern, code):
                found.append((number, operator, line, line[: match.start()] + replacement + line[match.end():]))
        for match in INTEGER.finditer(code):
            value, suffix = int(match.group(1)), match.group(2)
            for changed in sorted({value + 1, value - 1, 0} - {value, -1}):
                text = f"{changed}{suffix}"
                found.append((number, "constant", line, line[: match.start()] + text + line[match.end():]))
        branch = BRANCH.match(line)
        if branch and not branch.group(2).strip().endswith("{"):
            found.append((number, "delete", line, branch.group(1) + "{}"))
        elif STATEMENT.match(code.rstrip()) and not stripped.startswith(("val ", "var ", "return", "}", "fun ", "else")):
            if not stripped.endswith(("{", "(", ",", "->")) and stripped not in ("}", ")"):
                found.append((number, "delete", line, re.match(r"^\s*", line).group(0) + "Unit"))
    return [(name, *site) for site in found]


def write_sources(work, mutants):
    """The three timeline files once per mutant, each in its own package, and the main."""
    source = os.path.join(work, "src")
    shutil.rmtree(source, ignore_errors=True)
    os.makedirs(source)
    originals = {name: open(os.path.join(REFERENCE, name), encoding="utf-8").read().split("\n") for name in COPIED}
    for index, mutant in [(0, None)] + list(enumerate(mutants, 1)):
        folder = os.path.join(source, f"m{index}")
        os.makedirs(folder)
        for name in COPIED:
            lines = list(originals[name])
            if mutant and mutant["file"] == name:
                lines[mutant["line"] - 1] = mutant["mutated"]
            text = "\n".join(lines)
            text = text.replace("package conform.reference\n", f"package conform.mutant.m{index}\n\nimport conform.reference.*\n", 1)
            if name == "TimelineSuite.kt":
                text += (
                    "\n/** This mutant's timeline: the default eligibility rules and this package's scheduler. */\n"
                    "fun runMutant(input: JsonFields): Json = runTimeline(input, ReviewPromptRules, ::ReviewPromptScheduler)\n"
                )
            with open(os.path.join(folder, name), "w", encoding="utf-8") as out:
                out.write(text)
    cases = "\n".join(f"            {i} -> conform.mutant.m{i}.runMutant(input)" for i in range(len(mutants) + 1))
    with open(os.path.join(source, "MutantMain.kt"), "w", encoding="utf-8") as out:
        out.write(
            "package conform.mutantmain\n\n"
            "import conform.adapter.ConformAdapter\n\n"
            "fun main() {\n"
            '    val mutant = System.getenv("CONFORM_MUTANT")?.toIntOrNull() ?: 0\n'
            '    ConformAdapter("kotlin-mutant-$mutant", "0.1.0").suite("timeline") { input ->\n'
            "        when (mutant) {\n"
            f"{cases}\n"
            '            else -> throw IllegalArgumentException("no mutant $mutant")\n'
            "        }\n"
            "    }.run()\n"
            "}\n"
        )
    return source


def build(work, mutants):
    """Compiles every mutant into one jar, dropping mutants that do not compile; the jar, the
    mutants kept, the dropped count, the builds and their seconds."""
    kotlinc = os.path.join(KOTLIN, "bin", "kotlinc2")
    jar = os.path.join(work, "mutants.jar")
    builds, seconds, dropped = 0, 0.0, 0
    reference = sorted(
        os.path.join(REFERENCE, name) for name in os.listdir(REFERENCE) if name.endswith(".kt")
    )
    adapter_dir = os.path.join(KOTLIN, "src", "adapter")
    adapter = sorted(os.path.join(adapter_dir, name) for name in os.listdir(adapter_dir) if name.endswith(".kt"))
    while True:
        source = write_sources(work, mutants)
        files = [os.path.join(dp, f) for dp, _, fs in os.walk(source) for f in fs if f.endswith(".kt")]
        started = time.time()
        result = subprocess.run(
            [kotlinc, "-nowarn", *adapter, *reference, *sorted(files), "-include-runtime", "-d", jar],
            capture_output=True, text=True)
        builds += 1
        seconds += time.time() - started
        if result.returncode == 0:
            return jar, mutants, dropped, builds, seconds
        broken = {int(m) for m in re.findall(r"/src/m(\d+)/[\w.]+\.kt:\d+:\d+: error", result.stderr)}
        broken.discard(0)
        if not broken or builds >= 6:
            sys.stderr.write(result.stderr[-4000:])
            sys.exit("kotlin-mutants: the build failed outside the mutants' copies (above)")
        dropped += len(broken)
        mutants = [m for i, m in enumerate(mutants, 1) if i not in broken]


def failures(results):
    """How many cases a run's results file records as failed or answered with an error (the run
    stops after three)."""
    if not os.path.exists(results):
        return 0
    with open(results, encoding="utf-8") as lines:
        return sum(1 for line in lines if '"status":"fail"' in line or '"status":"error"' in line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conform", default=os.path.join(ROOT, ".build", "debug", "conform"))
    parser.add_argument("--work", default="/tmp/conform-kotlin-mutants")
    parser.add_argument("--json")
    parser.add_argument("--limit", type=int, default=0, help="only the first N mutants (0: all)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    parser.add_argument("--reuse", action="store_true", help="run the jar and mutants.json a previous build left in --work")
    options = parser.parse_args()
    if not shutil.which("java"):
        sys.exit("kotlin-mutants: java is not on PATH (harness/install-deps.sh --android)")
    os.makedirs(options.work, exist_ok=True)

    mutants = []
    for name in MUTATED:
        lines = open(os.path.join(REFERENCE, name), encoding="utf-8").read().split("\n")
        for file, line, operator, original, mutated in sites(name, lines):
            mutants.append({"file": name, "line": line, "operator": operator, "original": original, "mutated": mutated})
    if options.limit:
        mutants = mutants[: options.limit]
    generated = len(mutants)
    kept = os.path.join(options.work, "mutants.json")
    if options.reuse:
        jar = os.path.join(options.work, "mutants.jar")
        with open(kept, encoding="utf-8") as saved:
            mutants = json.load(saved)
        print(f"kotlin-mutants: reusing {jar} ({len(mutants)} mutants)")
    else:
        jar, mutants, dropped, builds, build_seconds = build(options.work, mutants)
        with open(kept, "w", encoding="utf-8") as out:
            json.dump(mutants, out)
        print(f"kotlin-mutants: {generated} mutants, {dropped} did not compile; {builds} kotlinc build(s), {build_seconds:.0f} s")

    def run(index):
        results = os.path.join(options.work, f"m{index}.jsonl")
        command = [
            options.conform, "run", "--impl", "java", "--results", results, "--timeout", "5",
            "--suite", "timeline", "--require-suite", "timeline", "--env", f"CONFORM_MUTANT={index}",
        ]
        if index:
            command += ["--stop-after", "3"]
        command += ["--", "-cp", jar, "conform.mutantmain.MutantMainKt"]
        return subprocess.run(command, capture_output=True, text=True)

    started = time.time()
    baseline = run(0)
    if baseline.returncode != 0:
        sys.stderr.write(baseline.stdout[-3000:] + baseline.stderr[-3000:])
        sys.exit("kotlin-mutants: the unmutated copy does not pass the timeline table (above)")
    survivors, rows = [], []
    few = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(options.jobs, 1)) as pool:
        outcomes = list(pool.map(run, range(1, len(mutants) + 1)))
    for index, (mutant, outcome) in enumerate(zip(mutants, outcomes), 1):
        killed = outcome.returncode != 0
        failing = failures(os.path.join(options.work, f"m{index}.jsonl"))
        rows.append(dict(mutant, killed=killed, status=outcome.returncode, failing=failing))
        if not killed:
            survivors.append(mutant)
        elif failing < 3:
            few.append(dict(mutant, failing=failing))
    run_seconds = time.time() - started
    killed = len(mutants) - len(survivors)
    print(f"kotlin-mutants: timeline: {len(mutants)} mutants ran, {killed} killed, {len(survivors)} survived "
          f"({100 * killed / max(len(mutants), 1):.0f}%); runs {run_seconds:.0f} s")
    for mutant in survivors:
        print(f"  survived {mutant['file']}:{mutant['line']} {mutant['operator']}: {mutant['mutated'].strip()}")
    for mutant in few:
        print(f"  killed by {mutant['failing']} case(s) only: {mutant['file']}:{mutant['line']} {mutant['operator']}: "
              f"{mutant['mutated'].strip()}")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
