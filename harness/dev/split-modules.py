#!/usr/bin/env python3
"""Splits Sources/ConformKit into the modules of Sources/MODULES.md, and converges when run again.

Run from anywhere in the checkout (harness/dev/split-modules.sh is the same): it

1. moves (`git mv`) every Swift file and suite resource still under Sources/ConformKit to its
   module by the RULES below (the longest matching rule wins; a file no rule matches stops the
   script, naming it), leaving Sources/ConformKit/ConformKit.swift, the umbrella that re-exports
   every module for the code that imports ConformKit (harness/examples, the adapter docs);
2. gives every Swift file of the package the imports it needs: `import M` in a library,
   `@testable import M` in a test, for each module whose top-level names it uses, and drops
   the umbrella's import where a file can name its modules;
3. rewrites the generated part of Package.swift: each target depends on what its files import;
4. builds (`swift build --build-tests`) and, until the build passes, reads the compiler's
   diagnostics: "cannot find 'X' in scope" adds the import of the module declaring X, "'X' is
   inaccessible due to 'internal' protection level" makes the declaration the note points at
   `package`, "has no member 'x'" imports the module whose extension declares x; it stops when a
   build fixes nothing more, and prints what is left for a person;
5. writes Sources/MODULES.md: each module, what it holds, its dependencies and line count
   (ModuleMapTests checks it against Package.swift).

Options: --no-build (steps 1-3 and 5 only), --rounds N (at most N builds, default 12),
--imports-only (step 2 alone, on any layout).
Nothing here is committed: read `git status`, build, test, commit.
"""

import collections
import os
import re
import subprocess
import sys

ROOT = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip()
KIT = "Sources/ConformKit"

# The modules cut from ConformKit, from the bottom up: (name, what it holds).
MODULES = [
    ("ConformFixtures", "The case model every module shares: fixture cases, tables, manifests and sets, the `Suite` "
     "protocol with its options, parameters, decisions and `SuiteCatalogue`, tiers, shards, the seeded generator, "
     "the JSON shrinker, `ConformError`, exit statuses, file output, terminal text."),
    ("ConformResults", "Results records and files, the run summary, known failures, pinned digests, shard merging, "
     "a rerun's selection."),
    ("ConformBundle", "Bundles: manifest, archive reading and unpacking, digests, limits, the semantic-version rule, "
     "bundle diff; where fixtures come from (`FixtureSource`)."),
    ("ConformHarness", "The harness: rules, pump, workers and sessions, the results writer, case sources and "
     "selection, the live progress bar; the stop handle the executable signals. Looks suites up through the "
     "`SuiteCatalogue` it is given, never the registry."),
    ("ConformSuites", "The built-in suites (spec, model, generator, fuzzer, drifts; their specs embedded), the "
     "registry and its catalogue, the team-suite mechanism (suite.json, JSON Schema subset, domains, model runs)."),
    ("ConformReport", "Reports of a run: terminal, Markdown, JUnit, JSON, HTML, annotations, decision profiles, "
     "drift attribution."),
    ("ConformFuzz", "`conform fuzz`: case supply, the executor over one harness run, judging, shrinking, findings."),
]

# Where each file of Sources/ConformKit goes: (path under Sources/ConformKit, module, folder under
# the module). A path ending in "/" is a folder; the longest match wins.
RULES = [
    ("Fixtures/", "ConformFixtures", ""),
    ("Support/", "ConformFixtures", "Support/"),
    ("ConformVersion.swift", "ConformFixtures", "Support/"),
    ("Suites/Suite.swift", "ConformFixtures", "Suite/"),
    ("Suites/SpecDecisions.swift", "ConformFixtures", "Suite/"),
    ("Suites/SuiteParameter.swift", "ConformFixtures", "Suite/"),
    ("Harness/SeededGenerator.swift", "ConformFixtures", ""),
    ("Fuzz/SeededGenerator+Fuzz.swift", "ConformFixtures", ""),
    ("Harness/CaseTable.swift", "ConformFixtures", ""),
    ("Harness/Shard.swift", "ConformFixtures", ""),
    ("Harness/Glob.swift", "ConformFixtures", "Support/"),
    ("Fuzz/JSONShrinker.swift", "ConformFixtures", ""),
    ("Report/TextStyle.swift", "ConformFixtures", "Support/"),
    ("Results/", "ConformResults", ""),
    ("Fixtures/FixtureSet+Rerun.swift", "ConformResults", ""),
    ("Bundle/", "ConformBundle", ""),
    ("Harness/", "ConformHarness", ""),
    ("Report/ProgressBar.swift", "ConformHarness", ""),
    ("Suites/", "ConformSuites", ""),
    ("Report/", "ConformReport", ""),
    ("Fuzz/", "ConformFuzz", ""),
]

UMBRELLA = "ConformKit"
UMBRELLA_FILE = f"{KIT}/ConformKit.swift"
# Modules a file may be given an import of (the split ones and the platform layer below them).
LOCAL = [name for name, _ in MODULES]
IMPORTABLE = ["ConformPlatform", "ConformJSON", "ConformArchive", "ConformProtocol", "ConformDocuments"] + LOCAL
# Targets whose dependencies Package.swift's generated part states (beside the modules).
GENERATED_OTHERS = [
    "ConformCLI", "conform", "ConformTestSupport", "ConformSampleRuns", "ConformRulesTests", "ConformReportTests",
    "ConformKitTests", "ConformSlowTests", "ConformArchiveTests", "ConformTestingTests",
]
# What the other generated targets are, as Package.swift says it above each.
COMMENTS = {
    "ConformCLI": "The command-line layer: each command's options declared once, parsed, documented in --help "
    "and recorded; the bench and mutants commands.",
    "conform": "The executable: installs the signal handling and owns the process (its exit), then ConformCLI.",
    "ConformTestSupport": "Shared assertions, the golden-file helper, the path of the built binaries, the "
    "decision lists' checks: nothing of the reports or the command line, so that the rules tier builds without "
    "them.",
    "ConformSampleRuns": "Sample runs built from the Results model, as the harness would write them, for the "
    "reporter's tests in every tier.",
    "ConformRulesTests": "The tests come in four tiers, one target each (README, \"Test it\"), by cost. Rules and "
    "models: the suites' models, decisions and generators, the harness's rules; no process, seconds (the working "
    "loop: `swift test --filter ConformRulesTests`).",
    "ConformReportTests": "Report and golden: the reports against their golden files, bundles, JSON, the wire format, "
    "fuzzing's pieces, the checks over the sources and the committed fixtures; no process.",
    "ConformKitTests": "End to end: the built binaries on small tables, hostile implementations.",
    "ConformSlowTests": "Slow: the example apps, the README's transcripts, a browser, the bench, every port and the "
    "generator over the full tables.",
    "ConformTestingTests": "Runs the built conform binary to make real bundles (build it first: `swift build`).",
}
# Text files whose mentions of a moved file's path follow it (CHANGELOG.md keeps its history).
REWRITTEN = ("README.md", "harness/", "Tests/", "Sources/", ".ci/")
BEGIN = "// BEGIN generated by harness/dev/split-modules.sh"
END = "// END generated by harness/dev/split-modules.sh"


def run(args, **kwargs):
    return subprocess.run(args, cwd=ROOT, text=True, **kwargs)


def say(text):
    print(f"split-modules: {text}", flush=True)


def rule_for(relative):
    best = None
    for prefix, module, folder in RULES:
        matches = relative.startswith(prefix) if prefix.endswith("/") else relative == prefix
        if matches and (best is None or len(prefix) > len(best[0])):
            best = (prefix, module, folder)
    return best


def destination(relative):
    """Sources/<Module>/<folder><rest> for a path under Sources/ConformKit, or None."""
    rule = rule_for(relative)
    if rule is None:
        return None
    prefix, module, folder = rule
    rest = relative[len(prefix):] if prefix.endswith("/") else os.path.basename(relative)
    return f"Sources/{module}/{folder}{rest}"


# Step 1: moves.

def move_files():
    tracked = run(["git", "ls-files", KIT], capture_output=True, check=True).stdout.split()
    untracked = run(["git", "ls-files", "--others", "--exclude-standard", KIT], capture_output=True, check=True).stdout.split()
    unmatched = []
    moved = 0
    renames = {}
    for path in sorted(set(tracked + untracked)):
        if path == UMBRELLA_FILE:
            continue
        relative = path[len(KIT) + 1:]
        target = destination(relative)
        if target is None:
            unmatched.append(path)
            continue
        os.makedirs(os.path.join(ROOT, os.path.dirname(target)), exist_ok=True)
        if path in tracked:
            run(["git", "mv", "-k", path, target], check=True)
        else:
            os.rename(os.path.join(ROOT, path), os.path.join(ROOT, target))
        renames[path] = target
        moved += 1
    if unmatched:
        sys.exit("split-modules: no rule places " + ", ".join(unmatched) + ": add one to RULES in harness/dev/split-modules.py")
    for folder, _, _ in sorted(os.walk(os.path.join(ROOT, KIT)), reverse=True):
        if not os.listdir(folder):
            os.rmdir(folder)
    os.makedirs(os.path.join(ROOT, KIT), exist_ok=True)
    lines = [
        "// The kit as one import, for code that has always imported ConformKit (harness/examples, the",
        "// Swift adapter's docs): every module cut from it, re-exported. Code in this package imports the",
        "// modules it uses (Sources/MODULES.md). Written by harness/dev/split-modules.sh.",
    ] + [f"@_exported import {name}" for name in sorted(LOCAL)]
    with open(os.path.join(ROOT, UMBRELLA_FILE), "w") as file:
        file.write("\n".join(lines) + "\n")
    say(f"moved {moved} file(s) out of {KIT}")
    rewrite_paths(renames)


def rewrite_paths(renames):
    """Points every mention of a moved file's old path (and of the suites' folder) at the new one."""
    if not renames:
        return
    suites = destination("Suites/x")[: -len("x")]
    # The suites' folder by name too (a test reads every suite's files from it).
    pairs = sorted(renames.items(), key=lambda pair: -len(pair[0])) + [(f"{KIT}/Suites", suites.rstrip("/"))]
    files = run(["git", "ls-files"], capture_output=True, check=True).stdout.split()
    changed = 0
    for path in files:
        if not path.startswith(REWRITTEN) or not os.path.isfile(os.path.join(ROOT, path)):
            continue
        try:
            text = read(path)
        except UnicodeDecodeError:
            continue
        new = text
        for old, moved in pairs:
            new = new.replace(old, moved)
        if new != text:
            write(path, new)
            changed += 1
    say(f"pointed the mentions in {changed} file(s) at the new paths")


# Step 2: imports.

DECLARATION = re.compile(
    r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|final|indirect|open|nonisolated(?:\(unsafe\))?)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)", re.M)
MEMBER = re.compile(
    r"^\s+(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|final|mutating|"
    r"nonisolated|override|lazy|convenience|indirect)\s+)*(?:func|var|let|case|struct|enum|class|typealias)\s+`?([A-Za-z_]\w*)", re.M)
IMPORT = re.compile(r"^(@testable )?import (\w+)\s*$")


def swift_files(top):
    for folder, _, files in os.walk(os.path.join(ROOT, top)):
        for name in files:
            if name.endswith(".swift"):
                yield os.path.relpath(os.path.join(folder, name), ROOT)


def target_of(path):
    parts = path.split("/")
    return parts[1] if parts[0] in ("Sources", "Tests") and len(parts) > 2 else None


def read(path):
    with open(os.path.join(ROOT, path)) as file:
        return file.read()


def write(path, text):
    with open(os.path.join(ROOT, path), "w") as file:
        file.write(text)


def interpolations(literal):
    """The code inside a string literal's `\\(...)` interpolations, the text left out."""
    pieces = []
    start = literal.find("\\(")
    while start >= 0:
        depth, index = 0, start + 1
        while index < len(literal):
            depth += {"(": 1, ")": -1}.get(literal[index], 0)
            if depth == 0:
                break
            index += 1
        pieces.append(literal[start + 2:index])
        start = literal.find("\\(", index)
    return " ".join(pieces)


def strip_comments_and_strings(text):
    """The code alone, each line where it was: comments and the text of string literals left out."""
    text = re.sub(r"^[ \t]*//[^\n]*", "", text, flags=re.M)
    text = re.sub(
        r'"""[\s\S]*?"""', lambda match: interpolations(match.group(0)) + "\n" * match.group(0).count("\n"), text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', lambda match: interpolations(match.group(0)), text)
    return re.sub(r"//[^\n]*", "", text)


LOCATIONS = collections.defaultdict(list)


def index_declarations():
    """Top-level names to the targets declaring them, and every name declared (at any depth) per target."""
    LOCATIONS.clear()
    owners = collections.defaultdict(set)
    declared = collections.defaultdict(set)
    members = collections.defaultdict(set)
    for path in list(swift_files("Sources")) + list(swift_files("Tests")):
        target = target_of(path)
        text = strip_comments_and_strings(read(path))
        for match in DECLARATION.finditer(text):
            if path.startswith("Sources/"):
                owners[match.group(1)].add(target)
                LOCATIONS[match.group(1)].append((path, text.count("\n", 0, match.start()) + 1))
            declared[target].add(match.group(1))
        extended = set(re.findall(r"^(?:\w+\s+)*extension\s+([\w.]+)", text, re.M))
        extended |= set(re.findall(r"^(?:@\w+\s+)*(?:\w+\s+)*(?:struct|enum|class|protocol|actor)\s+(\w+)", text, re.M))
        for match in MEMBER.finditer(text):
            for owner in extended:
                members[(owner, match.group(1))].add(target)
            declared[target].add(match.group(1))
    return owners, declared, members


def imports_of(text):
    found = []
    for line in text.split("\n"):
        match = IMPORT.match(line)
        if match:
            found.append(match.group(2))
    return found


def add_import(path, module):
    """Adds `import module` (`@testable` in a test) among the file's imports, in name order."""
    text = read(path)
    if module in imports_of(text) or module == target_of(path):
        return False
    testable = path.startswith("Tests/") and module in LOCAL
    line = f"{'@testable ' if testable else ''}import {module}"
    lines = text.split("\n")
    positions = [index for index, each in enumerate(lines) if IMPORT.match(each)]
    if not positions:
        lines.insert(0, line)
        if lines[1].strip():
            lines.insert(1, "")
    else:
        at = positions[-1] + 1
        for index in positions:
            if IMPORT.match(lines[index]).group(2) > module:
                at = index
                break
        lines.insert(at, line)
        # swift format's OrderedImports: in a run of imports, the regular ones first, then the
        # @testable ones, each in name order.
        start, end = at, at + 1
        while start > 0 and IMPORT.match(lines[start - 1]):
            start -= 1
        while end < len(lines) and IMPORT.match(lines[end]):
            end += 1
        run = sorted(lines[start:end], key=lambda each: (each.startswith("@testable"), IMPORT.match(each).group(2)))
        lines[start:end] = run
    write(path, "\n".join(lines))
    return True


def remove_import(path, module):
    """Drops `import module`, and the blank line that set it apart from the others."""
    lines = read(path).split("\n")
    for index, line in enumerate(lines):
        match = IMPORT.match(line)
        if match and match.group(2) == module:
            del lines[index]
            if 0 < index < len(lines) and not lines[index - 1].strip() and not lines[index].strip():
                del lines[index]
            break
    write(path, "\n".join(lines))


def fix_imports():
    """Gives each file the imports of the modules whose top-level names it uses."""
    owners, declared, _ = index_declarations()
    split = os.path.isdir(os.path.join(ROOT, "Sources", LOCAL[0]))
    added = 0
    for top in ("Sources", "Tests"):
        for path in swift_files(top):
            target = target_of(path)
            if path == UMBRELLA_FILE or target in ("ConformAdapter", "ConformTesting", "swift-reference", "swift-ports"):
                continue
            text = read(path)
            # A name after a dot is a member (`VersionComparison.Drift`), not the top-level one.
            used = set(re.findall(r"(?<![.\w])[A-Z]\w*\b", strip_comments_and_strings(text)))
            for name in sorted(used):
                owner = owners.get(name, set())
                if len(owner) != 1 or name in declared[target]:
                    continue
                (module,) = owner
                if module in IMPORTABLE and module != target and add_import(path, module):
                    added += 1
            if split and UMBRELLA in imports_of(read(path)):
                remove_import(path, UMBRELLA)
    say(f"added {added} import(s)")


# Step 3: Package.swift.

def dependencies():
    """Each target's local dependencies: the targets its files import."""
    result = collections.defaultdict(set)
    for top in ("Sources", "Tests"):
        for path in swift_files(top):
            target = target_of(path)
            for module in imports_of(read(path)):
                if module != target and (os.path.isdir(os.path.join(ROOT, "Sources", module)) or module == "ConformDocuments"):
                    result[target].add(module)
    return result


def check_acyclic(graph):
    state = {}

    def visit(node, trail):
        if state.get(node) == "done":
            return
        if state.get(node) == "open":
            cycle = trail[trail.index(node):] + [node]
            sys.exit("split-modules: the modules import each other in a cycle: " + " -> ".join(cycle)
                     + "; move a file (RULES) or inject what the lower one needs")
        state[node] = "open"
        for each in sorted(graph.get(node, ())):
            visit(each, trail + [node])
        state[node] = "done"

    for node in sorted(graph):
        visit(node, [])


def wrap(text, indent, width=110):
    """`text` as `//` comment lines of at most `width` characters."""
    lines, line = [], ""
    for word in text.split():
        if line and len(indent) + 3 + len(line) + 1 + len(word) > width:
            lines.append(f"{indent}// {line}")
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [f"{indent}// {line}"] if line else lines


def write_package():
    graph = dependencies()
    graph[UMBRELLA] = set(LOCAL)
    check_acyclic(graph)
    text = read("Package.swift")
    if BEGIN not in text:
        sys.exit("split-modules: Package.swift has no generated part (" + BEGIN + ")")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    indent = "    "

    def listed(target):
        return "[" + ", ".join(f'"{name}"' for name in sorted(graph.get(target, ()))) + "]"

    def declaration(kind, name, extra=""):
        line = f'{indent}.{kind}(name: "{name}", dependencies: {listed(name)}{extra}),'
        if len(line) <= 130:
            return [line]
        names = [f'"{each}"' for each in sorted(graph.get(name, ()))]
        rows, row = [], ""
        for each in names:
            if row and len(indent) + 4 + len(row) + 2 + len(each) > 129:
                rows.append(row + ",")
                row = each
            else:
                row = f"{row}, {each}" if row else each
        rows.append(row + ",")
        return ([f"{indent}.{kind}(", f'{indent}  name: "{name}",', f"{indent}  dependencies: ["]
                + [f"{indent}    {each}" for each in rows] + [f"{indent}  ]{extra}),"])

    lines = [BEGIN + ": each target depends on what its files import."]
    for name, holds in MODULES:
        lines += wrap(holds, indent)
        extra = ", resources: suiteSpecs" if name == "ConformSuites" else ""
        lines += declaration("target", name, extra)
    lines.append(f"{indent}// Every module above, re-exported: what harness/examples and the adapter docs import.")
    lines += declaration("target", UMBRELLA)
    for name in GENERATED_OTHERS:
        if name in COMMENTS:
            lines += wrap(COMMENTS[name], indent)
        kind = {"conform": "executableTarget"}.get(name, "testTarget" if name.endswith("Tests") else "target")
        lines += declaration(kind, name)
    lines.append(f"{indent}{END}")
    write("Package.swift", head + "\n".join(lines) + tail)
    say("wrote Package.swift's generated targets")
    return graph


# Step 4: the build loop.

DIAGNOSTIC = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): (error|note): (.*)$")
ACCESS_KEYWORD = re.compile(
    r"^(\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*)((?:(?:static|class|final|override|mutating|nonmutating|convenience|required|lazy|"
    r"nonisolated(?:\(unsafe\))?|indirect|dynamic|weak|unowned)\s+)*)(func|var|let|init|subscript|struct|enum|class|protocol|"
    r"actor|typealias)\b")


def make_package(path, line_number):
    """Makes the declaration at `line_number` (1-based) `package`; False when it cannot."""
    lines = read(path).split("\n")
    line = lines[line_number - 1]
    if re.search(r"\b(public|package|open)\b", line):
        return False
    if re.search(r"\b(private|fileprivate)\b(?!\(set\))", line):
        return False
    match = ACCESS_KEYWORD.match(line)
    if not match:
        return False
    lines[line_number - 1] = line[: match.end(1)] + "package " + line[match.end(1):]
    write(path, "\n".join(lines))
    return True


def publish_default(path, message):
    """Makes `package` the protocol extension's default that meets the requirement `message` names."""
    found = re.search(r"(?:property|method|initializer|subscript) '(\w+)[^']*'.*protocol '(\w+)'", message)
    if not found:
        return False
    name, protocol = found.groups()
    done = False
    for each in swift_files(f"Sources/{target_of(path)}"):
        lines = read(each).split("\n")
        inside = False
        for index, line in enumerate(lines):
            if line.startswith("extension "):
                inside = re.match(rf"extension {protocol}\b", line) is not None
            elif line.startswith("}"):
                inside = False
            elif inside and re.search(rf"\b(?:var|let|func) {name}\b", line) and make_package(each, index + 1):
                done = True
    return done


def publish_types_of(path, number):
    """Makes `package` the internal types of its own module that the declaration at `number` names."""
    names = set(re.findall(r"\b[A-Z]\w*", read(path).split("\n")[number - 1]))
    done = False
    target = target_of(path)
    for each in swift_files(f"Sources/{target}"):
        lines = read(each).split("\n")
        for index, line in enumerate(lines):
            found = re.match(r"^\s*(?:final |indirect )*(?:struct|enum|class|typealias|protocol|actor) (\w+)", line)
            if found and found.group(1) in names and make_package(each, index + 1):
                done = True
    return done


def build():
    say("building (swift build --build-tests)")
    result = run(["swift", "build", "--build-tests"], capture_output=True)
    return result.returncode == 0, result.stdout + result.stderr


def reaches(graph, start, goal):
    """Whether `start` depends on `goal`, directly or through others."""
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo += list(graph.get(node, ()))
    return False


def fix_from_diagnostics(output):
    owners, _, members = index_declarations()
    graph = dependencies()

    def importable(path, module):
        target = target_of(path)
        return module in IMPORTABLE and module != target and not reaches(graph, module, target)

    fixed = 0
    left = []
    entries = []
    for line in output.split("\n"):
        match = DIAGNOSTIC.match(line)
        if match:
            path, number, _, kind, message = match.groups()
            entries.append((os.path.relpath(path, ROOT), int(number), kind, message))
    for index, (path, number, kind, message) in enumerate(entries):
        if kind != "error":
            continue
        notes = []
        for later in entries[index + 1:]:
            if later[2] != "note":
                break
            notes.append(later)
        found = re.match(r"cannot find (?:type )?'(\w+)' in scope", message)
        if found:
            modules = [each for each in owners.get(found.group(1), ()) if importable(path, each)]
            if len(modules) == 1 and add_import(path, modules[0]):
                fixed += 1
                continue
            # Imported already, so internal there: the declaration becomes `package`.
            places = [place for place in LOCATIONS.get(found.group(1), ()) if target_of(place[0]) in graph.get(target_of(path), ())]
            if len(places) == 1 and make_package(*places[0]):
                fixed += 1
                continue
        found = re.match(r"binary operator '\S+' cannot be applied to two '(\w+)' operands", message)
        if found:
            # An operator is found only through the module of its type.
            modules = [each for each in owners.get(found.group(1), ()) if importable(path, each)]
            if len(modules) == 1 and add_import(path, modules[0]):
                fixed += 1
                continue
        found = re.match(r"(?:value of type|type) '([\w.<>]+)' has no member '(\w+)'", message)
        if found:
            owner = found.group(1).split("<")[0].split(".")[-1]
            modules = [
                each for each in members.get((owner, found.group(2)), ()) if importable(path, each)
            ]
            if modules and any(add_import(path, each) for each in modules):
                fixed += 1
                continue
        if "must be declared package because it matches a requirement" in message:
            if make_package(path, number) or publish_default(path, message):
                fixed += 1
                continue
        if "is inaccessible due to 'internal' protection level" in message or "because its" in message and "internal" in message:
            done = False
            for note_path, note_line, _, note in notes:
                if "declared here" in note and make_package(note_path, note_line):
                    done = True
            if not done and "uses an internal type" in message:
                done = publish_types_of(path, number)
            if done:
                fixed += 1
                continue
        left.append(f"{path}:{number}: {message}")
    return fixed, sorted(set(left))


# Step 5: the module map.

def write_module_map(graph):
    rows = []
    for name, holds in MODULES:
        count = sum(read(path).count("\n") for path in swift_files(f"Sources/{name}"))
        uses = ", ".join(sorted(graph.get(name, ()))) or "nothing local"
        rows.append(f"| {name} | {count} | {uses} | {holds} |")
    text = "\n".join([
        "# The kit's modules",
        "",
        "Written by `harness/dev/split-modules.sh` from its RULES and the imports; `ModuleMapTests` checks",
        "each module's line here against Package.swift (its dependencies) and the sources (its line count,",
        "within 10%, so that an edit elsewhere need not rewrite this file). From the bottom up; a module uses",
        "only those above it in this table, and the platform layer (`ConformPlatform`), the only one that calls",
        "the C library, is below them all.",
        "",
        "| module | lines | depends on | holds |",
        "|---|---:|---|---|",
    ] + rows + [""])
    write("Sources/MODULES.md", text)
    say("wrote Sources/MODULES.md")


def main(arguments):
    rounds = 12
    if "--rounds" in arguments:
        rounds = int(arguments[arguments.index("--rounds") + 1])
    if "--imports-only" in arguments:
        fix_imports()
        return
    move_files()
    fix_imports()
    graph = write_package()
    if "--no-build" not in arguments:
        for round in range(1, rounds + 1):
            passed, output = build()
            if passed:
                say(f"the build passes (round {round})")
                break
            fixed, left = fix_from_diagnostics(output)
            say(f"round {round}: fixed {fixed}, {len(left)} left")
            print("\n".join(left[:60]), flush=True)
            graph = write_package()
            if fixed == 0:
                print("\n".join(left[:200]))
                sys.exit("split-modules: the build fails and nothing more can be fixed here: see the errors above")
        else:
            sys.exit(f"split-modules: the build still fails after {rounds} rounds: run again")
    write_module_map(write_package())


if __name__ == "__main__":
    main(sys.argv[1:])
