#!/usr/bin/env python3
"""Runs a workflow's jobs here, as a GitHub runner would run them, for the tests of harness/ci.

    run-job.py WORKFLOW --workspace DIR --artifacts DIR [--input NAME=VALUE]... [--secret NAME=VALUE]...
               [--event push|pull_request] [--repository OWNER/NAME] [--other OWNER/NAME=DIR]... [--dry-run]

WORKFLOW is a path inside DIR, the repository's checkout (.github/workflows/conform.yml). Every
job runs in `needs` order with its `if:`, a job that calls a reusable workflow (uses: ./..., or
OWNER/NAME/PATH@REF of a repository given with --other) runs that workflow's jobs with the caller's
`with:` (then each --input over it), and every step's `run:`
goes to `bash -eo pipefail` in its working directory with the runner's variables (GITHUB_WORKSPACE,
GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, ...) and `${{ }}`
expressions substituted. Actions are replaced by offline stand-ins: a local composite action
(uses: ./...) runs its own steps; checkout of this repository, setup-swift and the cache do
nothing; checkout of a repository given with --other copies its folder (less .build, .git and
reports) into the workspace at `path`, whatever the ref; upload-artifact and download-artifact copy into and out of the --artifacts folder (one
folder per artifact); any other action, and checking out another repository, is an error.
--dry-run prints which steps would run, and runs none.

It prints one line per step and one per job (`run-job: JOB RESULT`) on stderr. Exit status: 0 every
job succeeded or was skipped, 1 one failed, 2 the workflow uses what this runner cannot stand in for.
"""

import argparse
import glob
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    from ruamel.yaml import YAML

    def load_yaml(path):
        with open(path, encoding="utf-8") as f:
            return YAML(typ="safe", pure=True).load(f)
except ImportError:  # PyYAML
    import yaml

    def load_yaml(path):
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f)


class Unsupported(Exception):
    """What the workflow asks for that this runner has no stand-in for."""


# MARK: expressions

TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||<=|>=|[!()<>,\[\]])"
                   r"|(?P<name>[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z_*][A-Za-z0-9_\-]*)*))")


def tokens(text):
    position, found = 0, []
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = TOKEN.match(text, position)
        if not match:
            raise Unsupported(f"cannot read the expression {text!r} at {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        found.append((kind, match.group(kind)))
    return found


def truthy(value):
    return value not in (None, False, "", 0)


def text_of(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def equal(a, b):
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    return a == b


class Expression:
    """A recursive-descent reader of GitHub's expression language, the parts the templates use."""

    def __init__(self, text, contexts, status):
        self.items = tokens(text)
        self.position = 0
        self.contexts = contexts
        self.status = status  # "success", "failure" or "cancelled": the job so far

    def value(self):
        result = self.either()
        if self.position != len(self.items):
            raise Unsupported(f"unexpected {self.items[self.position][1]!r} in an expression")
        return result

    def peek(self):
        return self.items[self.position][1] if self.position < len(self.items) else None

    def take(self, expected=None):
        kind, text = self.items[self.position]
        if expected is not None and text != expected:
            raise Unsupported(f"expected {expected!r}, found {text!r}")
        self.position += 1
        return kind, text

    def either(self):
        left = self.both()
        while self.peek() == "||":
            self.take()
            right = self.both()
            left = left if truthy(left) else right
        return left

    def both(self):
        left = self.comparison()
        while self.peek() == "&&":
            self.take()
            right = self.comparison()
            left = right if truthy(left) else left
        return left

    def comparison(self):
        left = self.unary()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            _, op = self.take()
            right = self.unary()
            if op == "==":
                left = equal(left, right)
            elif op == "!=":
                left = not equal(left, right)
            else:
                left = {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[op]
        return left

    def unary(self):
        if self.peek() == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if text == "(":
            inner = self.either()
            self.take(")")
            return inner
        if kind == "str":
            return text[1:-1].replace("''", "'")
        if kind == "num":
            return float(text)
        if kind == "name":
            if self.peek() == "(":
                return self.call(text)
            if text in ("true", "false"):
                return text == "true"
            if text == "null":
                return None
            return self.lookup(text)
        raise Unsupported(f"unexpected {text!r} in an expression")

    def call(self, name):
        self.take("(")
        arguments = []
        while self.peek() != ")":
            arguments.append(self.either())
            if self.peek() == ",":
                self.take()
        self.take(")")
        functions = {
            "success": lambda: self.status == "success",
            "failure": lambda: self.status == "failure",
            "cancelled": lambda: self.status == "cancelled",
            "always": lambda: True,
            "contains": lambda haystack, needle: (text_of(needle).lower() in text_of(haystack).lower())
            if isinstance(haystack, str) else any(equal(item, needle) for item in haystack or []),
            "startsWith": lambda a, b: text_of(a).lower().startswith(text_of(b).lower()),
            "endsWith": lambda a, b: text_of(a).lower().endswith(text_of(b).lower()),
            "format": lambda template, *values: re.sub(r"\{(\d+)\}", lambda m: text_of(values[int(m.group(1))]), template),
        }
        if name not in functions:
            raise Unsupported(f"the expression function {name}() has no stand-in here")
        return functions[name](*arguments)

    def lookup(self, path):
        value = self.contexts
        for part in path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        return value


def evaluate(text, contexts, status="success"):
    """The value of an `if:` condition (with or without `${{ }}`)."""
    text = str(text).strip()
    if text.startswith("${{") and text.endswith("}}") and text.count("${{") == 1:
        text = text[3:-2]
    return Expression(text, contexts, status).value()


def substitute(value, contexts):
    """A `with:`, `env:` or `run:` value with its `${{ }}` replaced by their values."""
    if isinstance(value, dict):
        return {key: substitute(item, contexts) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, contexts) for item in value]
    if not isinstance(value, str):
        return text_of(value)
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text_of(Expression(m.group(1), contexts, "success").value()), value)


# MARK: the runner


class DryRunOutputs(dict):
    """A dry run's step outputs: each is the text "dry-run", so that what depends on one still runs."""

    def get(self, key, default=None):
        return "dry-run"


def log(message):
    print(f"run-job: {message}", file=sys.stderr, flush=True)


def read_file_commands(path):
    """NAME=VALUE lines and NAME<<DELIMITER blocks, as GITHUB_ENV and GITHUB_OUTPUT hold them."""
    values = {}
    if not os.path.exists(path):
        return values
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            index += 1
            values[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
    return values


class Runner:
    def __init__(self, options):
        self.options = options
        self.workspace = os.path.abspath(options.workspace)
        self.artifacts = os.path.abspath(options.artifacts)
        self.temp = tempfile.mkdtemp(prefix="run-job-")
        os.makedirs(self.artifacts, exist_ok=True)
        self.failed = False

    # A workflow: its jobs in `needs` order.
    def run_workflow(self, path, inputs, secrets, label, base=None):
        workflow = load_yaml(os.path.join(base or self.workspace, path))
        events = workflow.get("on") or workflow.get(True) or {}
        call = (events.get("workflow_call") or {}) if isinstance(events, dict) else {}
        declared = call.get("inputs") or {}
        values = {name: spec.get("default") for name, spec in declared.items()}
        for name, value in inputs.items():
            if declared and name not in declared:
                raise Unsupported(f"{path} declares no input {name}")
            values[name] = value
        for name, spec in declared.items():
            if spec.get("required") and values.get(name) in (None, ""):
                raise Unsupported(f"{path}: the required input {name} is not given")
            if spec.get("type") == "boolean" and isinstance(values.get(name), str):
                values[name] = values[name] == "true"
        jobs = workflow.get("jobs") or {}
        results = {}
        contexts = self.base_contexts(values, secrets, env=workflow.get("env") or {})
        for name in self.ordered(jobs):
            job = jobs[name]
            needs = job.get("needs") or []
            needs = [needs] if isinstance(needs, str) else needs
            contexts["needs"] = {need: results[need] for need in needs}
            status = "success" if all(results[need]["result"] in ("success", "skipped") for need in needs) else "failure"
            condition = job.get("if", "success()")
            if not truthy(evaluate(condition, contexts, status)):
                results[name] = {"result": "skipped", "outputs": {}}
                log(f"{label}{name} skipped")
                continue
            for matrix in self.matrix(job, contexts):
                contexts["matrix"] = matrix
                suffix = "" if not matrix else " (" + ", ".join(f"{k}={text_of(v)}" for k, v in matrix.items()) + ")"
                results[name] = self.run_job(job, contexts, f"{label}{name}{suffix}")
        outputs = {}
        for name, spec in (call.get("outputs") or {}).items():
            outputs[name] = substitute(spec.get("value", ""), dict(contexts, jobs=results))
        failed = any(result["result"] == "failure" for result in results.values())
        return {"result": "failure" if failed else "success", "outputs": outputs}

    def ordered(self, jobs):
        done, order = set(), []
        while len(order) < len(jobs):
            ready = [name for name, job in jobs.items() if name not in done
                     and all(need in done for need in ([job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs") or []))]
            if not ready:
                raise Unsupported("the jobs' needs form a cycle or name a job that does not exist")
            for name in ready:
                done.add(name)
                order.append(name)
        return order

    def matrix(self, job, contexts):
        spec = (job.get("strategy") or {}).get("matrix")
        if not spec:
            return [{}]
        keys = [key for key in spec if key not in ("include", "exclude")]
        if set(spec) - set(keys):
            raise Unsupported("matrix include and exclude have no stand-in here")
        lists = [substitute(spec[key], contexts) if isinstance(spec[key], str) else spec[key] for key in keys]
        return [dict(zip(keys, combination)) for combination in itertools.product(*lists)]

    def base_contexts(self, inputs, secrets, env):
        event = self.options.event
        repository = self.options.repository
        return {
            "inputs": inputs,
            "secrets": secrets,
            "vars": {},
            "env": dict(env),
            "github": {
                "workspace": self.workspace,
                "server_url": "https://github.com",
                "repository": repository,
                "event_name": event,
                "ref": "refs/heads/main" if event == "push" else "refs/pull/1/merge",
                "event": {"pull_request": {"head": {"repo": {"full_name": repository}}}} if event == "pull_request" else {},
            },
        }

    def run_job(self, job, contexts, label):
        if "uses" in job:
            uses = job["uses"]
            base, path = None, uses[2:]
            if not uses.startswith("./"):
                where, _, ref = uses.partition("@")
                repository, path = "/".join(where.split("/")[:2]), "/".join(where.split("/")[2:])
                base = self.options.others.get(repository)
                if base is None or not ref:
                    raise Unsupported(f"{label} calls {uses}: only a workflow of this repository (./...) or of one given with --other runs here")
                log(f"{label} calls {repository}/{path} at {ref}, from {base}")
            inputs = substitute(job.get("with") or {}, contexts)
            inputs.update(self.options.inputs)
            secrets = substitute(job.get("secrets") or {}, contexts)
            if secrets == "inherit":
                secrets = dict(contexts["secrets"])
            result = self.run_workflow(path, inputs, secrets, f"{label}/", base=base)
            log(f"{label} {result['result']}")
            return result
        runs_on = text_of(substitute(job.get("runs-on", ""), contexts))
        runner_os = "macOS" if runs_on.startswith("macos") else "Windows" if runs_on.startswith("windows") else "Linux"
        folder = tempfile.mkdtemp(prefix="job-", dir=self.temp)
        files = {name: os.path.join(folder, name) for name in ("env", "path", "summary.md")}
        for path in files.values():
            open(path, "w").close()
        contexts = dict(contexts, steps={}, runner={"os": runner_os, "arch": "X64", "temp": folder})
        contexts["env"] = dict(contexts["env"])
        contexts["env"].update(substitute(job.get("env") or {}, contexts))
        state = {"status": "success", "env": {}, "path": [], "files": files, "runs_on": runs_on}
        defaults = ((job.get("defaults") or {}).get("run") or {})
        self.run_steps(job.get("steps") or [], contexts, state, defaults, label, action_path=None)
        outputs = substitute(job.get("outputs") or {}, contexts)
        result = "success" if state["status"] == "success" else "failure"
        if result == "failure":
            self.failed = True
        summary = open(files["summary.md"], encoding="utf-8").read()
        if summary and self.options.summaries:
            os.makedirs(self.options.summaries, exist_ok=True)
            with open(os.path.join(self.options.summaries, label.replace("/", "+").replace(" ", "") + ".md"), "w") as f:
                f.write(summary)
        log(f"{label} {result}")
        return {"result": result, "outputs": outputs}

    def run_steps(self, steps, contexts, state, defaults, label, action_path):
        for index, step in enumerate(steps):
            name = step.get("name") or step.get("uses") or (step.get("run") or "").split("\n")[0]
            name = substitute(name, contexts)
            contexts["env"] = dict(contexts["env"], **state["env"])
            condition = step.get("if", "success()")
            if not truthy(evaluate(condition, contexts, state["status"])):
                log(f"{label}: skip: {name}")
                continue
            step_contexts = dict(contexts)
            step_contexts["env"] = dict(contexts["env"], **substitute(step.get("env") or {}, contexts))
            if self.options.dry_run:
                log(f"{label}: would run: {name}")
                outcome, outputs = "success", DryRunOutputs()
                if step.get("uses", "").startswith("./"):
                    outcome, _ = self.local_action(step, step_contexts, state, label)
                elif step.get("uses", "").startswith("actions/checkout@"):
                    outcome, _ = self.run_action(step, step_contexts, state, label)
            elif "run" in step:
                outcome, outputs = self.run_shell(step, step_contexts, state, defaults, action_path)
            else:
                outcome, outputs = self.run_action(step, step_contexts, state, label)
            if "id" in step:
                contexts["steps"][step["id"]] = {"outcome": outcome, "outputs": outputs}
            log(f"{label}: {outcome}: {name}")
            if outcome != "success" and not step.get("continue-on-error"):
                state["status"] = "failure"

    def run_shell(self, step, contexts, state, defaults, action_path):
        shell = step.get("shell") or defaults.get("shell") or "bash"
        if shell != "bash":
            raise Unsupported(f"shell {shell} has no stand-in here (use bash)")
        script = substitute(step["run"], contexts)
        directory = step.get("working-directory") or defaults.get("working-directory") or "."
        directory = os.path.join(self.workspace, substitute(directory, contexts))
        output = os.path.join(state["files"]["env"] + ".output")
        open(output, "w").close()
        environment = dict(os.environ)
        environment.update({key: text_of(value) for key, value in contexts["env"].items()})
        environment.update({
            "CI": "true",
            "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": self.workspace,
            "GITHUB_REPOSITORY": self.options.repository,
            "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_EVENT_NAME": self.options.event,
            "GITHUB_ENV": state["files"]["env"],
            "GITHUB_PATH": state["files"]["path"],
            "GITHUB_OUTPUT": output,
            "GITHUB_STEP_SUMMARY": state["files"]["summary.md"],
            "RUNNER_OS": contexts["runner"]["os"],
            "RUNNER_ARCH": contexts["runner"]["arch"],
            "RUNNER_TEMP": contexts["runner"]["temp"],
        })
        if action_path:
            environment["GITHUB_ACTION_PATH"] = action_path
        environment["PATH"] = os.pathsep.join(list(reversed(state["path"])) + [os.environ.get("PATH", "")])
        with tempfile.NamedTemporaryFile("w", suffix=".sh", dir=contexts["runner"]["temp"], delete=False) as f:
            f.write(script)
        if not os.path.isdir(directory):
            print(f"run-job: the working directory {directory} does not exist", file=sys.stderr)
            return "failure", {}
        status = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", f.name], cwd=directory, env=environment)
        state["env"].update(read_file_commands(state["files"]["env"]))
        open(state["files"]["env"], "w").close()
        with open(state["files"]["path"], encoding="utf-8") as paths:
            state["path"] = [line for line in paths.read().split("\n") if line]
        return ("success" if status == 0 else "failure"), read_file_commands(output)

    # MARK: actions

    def run_action(self, step, contexts, state, label):
        uses = step["uses"]
        given = substitute(step.get("with") or {}, contexts)
        if uses.startswith("./"):
            return self.local_action(step, contexts, state, label)
        return self.marketplace_action(uses, given, label), {}

    def marketplace_action(self, uses, given, label):
        action, _, ref = uses.partition("@")
        if action == "actions/checkout":
            repository = given.get("repository")
            if repository and repository != self.options.repository:
                source = self.options.others.get(repository)
                if source is None:
                    raise Unsupported(f"checking out {repository} has no offline stand-in (give it with --other)")
                target = os.path.join(self.workspace, given.get("path") or ".")
                shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".build", ".git", "reports"))
                log(f"{label}: checked out {repository} at {given.get('ref') or 'its default branch'} from {source} into {given.get('path') or '.'}")
            return "success"
        if action in ("swift-actions/setup-swift", "actions/cache", "actions/cache/restore", "actions/cache/save"):
            log(f"{label}: {action} stands in as nothing here ({', '.join(f'{k}={v}' for k, v in given.items())})")
            return "success"
        if action == "actions/upload-artifact":
            return self.upload(given, label)
        if action == "actions/download-artifact":
            return self.download(given, label)
        raise Unsupported(f"{uses} has no offline stand-in here")

    def local_action(self, step, contexts, state, label):
        folder = os.path.join(self.workspace, step["uses"][2:])
        action = load_yaml(os.path.join(folder, "action.yml"))
        if (action.get("runs") or {}).get("using") != "composite":
            raise Unsupported(f"{step['uses']} is not a composite action")
        given = substitute(step.get("with") or {}, contexts)
        inputs = {name: text_of(spec.get("default")) for name, spec in (action.get("inputs") or {}).items()}
        for name, value in given.items():
            if name not in inputs:
                raise Unsupported(f"{step['uses']} declares no input {name}")
            inputs[name] = value
        for name, spec in (action.get("inputs") or {}).items():
            if spec.get("required") and inputs[name] == "":
                log(f"{label}: {step['uses']}: the required input {name} is empty")
        inner = dict(contexts, inputs=inputs, steps={})
        inner_state = dict(state, status="success")
        self.run_steps(action["runs"]["steps"], inner, inner_state, {}, f"{label} > {step['uses']}", action_path=folder)
        state["env"], state["path"] = inner_state["env"], inner_state["path"]
        outputs = {name: text_of(substitute(spec.get("value", ""), inner)) for name, spec in (action.get("outputs") or {}).items()}
        return inner_state["status"], outputs

    def upload(self, given, label):
        name = given.get("name") or "artifact"
        target = os.path.join(self.artifacts, name)
        if os.path.exists(target):
            log(f"{label}: an artifact named {name} exists already in this run")
            return "failure"
        files = []
        for pattern in [line.strip() for line in given.get("path", "").split("\n") if line.strip()]:
            pattern = pattern if os.path.isabs(pattern) else os.path.join(self.workspace, pattern)
            for match in glob.glob(pattern, recursive=True):
                if os.path.isdir(match):
                    files += [(os.path.join(root, f), match) for root, _, names in os.walk(match) for f in names]
                else:
                    files.append((match, os.path.dirname(match)))
        if not files:
            log(f"{label}: upload-artifact {name}: no files found at {given.get('path')}")
            return "failure" if given.get("if-no-files-found", "warn") == "error" else "success"
        root = os.path.commonpath([base for _, base in files])
        for path, _ in files:
            destination = os.path.join(target, os.path.relpath(path, root))
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            shutil.copy2(path, destination)
        log(f"{label}: uploaded {len(files)} file(s) as {name}")
        return "success"

    def download(self, given, label):
        if given.get("repository") or given.get("run-id"):
            raise Unsupported("download-artifact from another run or repository has no stand-in here")
        path = os.path.join(self.workspace, given.get("path") or ".")
        names = sorted(os.listdir(self.artifacts))
        if given.get("name"):
            if given["name"] not in names:
                log(f"{label}: download-artifact: no artifact named {given['name']} in this run")
                return "failure"
            shutil.copytree(os.path.join(self.artifacts, given["name"]), path, dirs_exist_ok=True)
            return "success"
        pattern = given.get("pattern") or "*"
        chosen = [name for name in names if glob.fnmatch.fnmatch(name, pattern)]
        for name in chosen:
            into = path if truthy(given.get("merge-multiple") == "true") else os.path.join(path, name)
            shutil.copytree(os.path.join(self.artifacts, name), into, dirs_exist_ok=True)
        log(f"{label}: downloaded {', '.join(chosen) or 'nothing'}")
        return "success"


def pairs(values):
    result = {}
    for item in values or []:
        name, _, value = item.partition("=")
        result[name] = value
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workflow")
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--input", action="append", default=[])
    parser.add_argument("--secret", action="append", default=[])
    parser.add_argument("--event", default="push")
    parser.add_argument("--repository", default="your-org/app")
    parser.add_argument("--summaries", help="a folder for each job's GITHUB_STEP_SUMMARY")
    parser.add_argument("--other", action="append", default=[], help="OWNER/NAME=DIR: another repository's checkout")
    parser.add_argument("--dry-run", action="store_true")
    options = parser.parse_args()
    options.inputs = pairs(options.input)
    options.others = {name: os.path.abspath(folder) for name, folder in pairs(options.other).items()}
    runner = Runner(options)
    try:
        result = runner.run_workflow(options.workflow, {}, pairs(options.secret), "")
    except Unsupported as problem:
        print(f"run-job: {problem}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(runner.temp, ignore_errors=True)
    return 1 if result["result"] == "failure" else 0


if __name__ == "__main__":
    sys.exit(main())
