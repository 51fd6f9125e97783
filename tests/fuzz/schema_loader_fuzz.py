#!/usr/bin/env python3
"""Fuzzes the schema front end (`pakt describe`, the C++ loader) with mutated YAML, and the back end
(pakt_gen, in process) with what it describes. Every input must either be described (exit 0, a
descriptor the back end reads and renders, or rejects with clean diagnostics) or be refused (exit
1) with only clean `file:line:col: error: ...` lines, each pointing at a line within its file, and
an "N error(s)" summary. A crash (signal), another exit code, a traceback or abort message, a
malformed diagnostic or an input taking more than --input-timeout seconds of CPU time is a finding:
the input is written to --findings DIR and the run fails.

Seeds: the project's schemas (schemas/, tests/schemas/, tests/schemas/bad/, tests/compat/) and the
regression inputs in tests/fuzz/corpus/schema_loader/.

  schema_loader_fuzz.py --pakt build/pakt --replay                     the regression inputs only
  schema_loader_fuzz.py --pakt build/pakt --iterations 2000 --seed 1   deterministic (ctest)
  schema_loader_fuzz.py --pakt build/pakt --seconds 60                 random seed, bounded time (scripts/fuzz.sh)
"""
import argparse
import glob
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGRESSIONS = os.path.join(ROOT, "tests", "fuzz", "corpus", "schema_loader")
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen import cpp  # noqa: E402
from pakt_gen.backend import BackEndError  # noqa: E402
from pakt_gen.descriptor import read_descriptor  # noqa: E402

DIAGNOSTIC = re.compile(r"^(?P<file>.+?):(?P<line>[0-9]+):(?P<col>[0-9]+): error: (?P<message>.+)$")
SUMMARY = re.compile(r"^([0-9]+) errors?$")
CRASH_TEXT = ("Traceback", "terminate called", "Assertion", "AddressSanitizer", "runtime error:", "Segmentation")

# Replacement tokens: values at and past every limit, types, keys and YAML features.
TOKENS = [
    "0", "-1", "1", "2", "255", "256", "65535", "65536", "2147483647", "2147483648", "-2147483649",
    "18446744073709551615", "18446744073709551616", "1e309", "-1e309", ".nan", ".inf", "0x41", "0xFFFFFFFF", "1.5",
    "true", "false", "null", "~", "[]", "{}", "''", '""', "[1, 2]", "{a: 1}", "'\\u0000'", "é", "😀",
    "int32", "uint64", "bool", "string", "bytes", "float", "Vector3", "Color", "Inner", "Small", "Nested",
    '"int32[]"', '"int32[0]"', '"int32[4294967296]"', '"Inner[]"', '"Inner[3]"', '"Empty[]"', '"string[][]"',
    '"[]"', '"Small[]"', "name", "type", "since", "default", "optional", "required", "deprecated", "max_length",
    "max_count", "final", "extensible", "code", "godot", "array", "dict", "imports", "package", "version",
    "messages", "enums", "fields", "values", "example", "doc", "class", "int", "namespace", "operator",
    "&anchor", "*anchor", "<<: *anchor", "!!binary aGVsbG8=", "!!python/object/apply:os.system ['true']",
    "!!set {a}", "? complex key", "- item", "|", ">", "---", "...", "%YAML 1.2", "#", ":", "- {", "}", "[", "]",
]


def seeds():
    paths = []
    for pattern in ("schemas/*.yaml", "tests/schemas/*.yaml", "tests/schemas/bad/*.yaml", "tests/compat/*/*.yaml"):
        paths += sorted(glob.glob(os.path.join(ROOT, pattern)))
    texts = []
    for path in paths:
        with open(path, "rb") as f:
            texts.append(f.read())
    return texts


def regression_inputs():
    return sorted(glob.glob(os.path.join(REGRESSIONS, "*")))


def mutate(data: bytes, rng: random.Random, pool) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(9)
        i = rng.randrange(len(lines)) if lines else 0
        if not lines:
            lines = [b""]
        if choice == 0:  # delete a line
            del lines[i]
        elif choice == 1:  # duplicate a line
            lines.insert(i, lines[i])
        elif choice == 2:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif choice == 3:  # replace a word or number with a token
            words = lines[i].split(b" ")
            k = rng.randrange(len(words))
            words[k] = rng.choice(TOKENS).encode("utf-8") + (b"," if words[k].endswith(b",") else b"")
            lines[i] = b" ".join(words)
        elif choice == 4:  # insert a token
            pos = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:pos] + rng.choice(TOKENS).encode("utf-8") + lines[i][pos:]
        elif choice == 5:  # change the indentation
            lines[i] = b" " * rng.choice((0, 1, 2, 3, 4, 6, 8)) + lines[i].lstrip(b" ")
        elif choice == 6:  # random bytes (invalid UTF-8, control characters, tabs)
            pos = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:pos] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 3))) + lines[i][pos:]
        elif choice == 7:  # splice in a line of another seed
            other = rng.choice(pool).split(b"\n")
            lines.insert(i, rng.choice(other))
        else:  # truncate
            lines = lines[:i] + [lines[i][: rng.randint(0, len(lines[i]))]] if lines else lines
    return b"\n".join(lines)


def lines_in(path: str) -> int:
    with open(path, "rb") as f:
        return f.read().count(b"\n") + 1


def diagnostics_problem(stderr: str, cwd: str):
    """None when stderr holds clean diagnostics and their summary, else what is wrong."""
    # Lines end at \n only: a message may quote a schema's carriage return.
    lines = stderr[:-1].split("\n") if stderr.endswith("\n") else stderr.split("\n")
    if len(lines) < 2:
        return f"exit 1 without diagnostics and a summary:\n{stderr}"
    m = SUMMARY.match(lines[-1])
    if m is None or int(m.group(1)) != len(lines) - 1:
        return f"the last line is not the error count of the {len(lines) - 1} lines before it: {lines[-1]!r}"
    for line in lines[:-1]:
        d = DIAGNOSTIC.match(line)
        if d is None:
            return f"malformed diagnostic: {line!r}"
        path = os.path.join(cwd, d["file"])
        line_no, col = int(d["line"]), int(d["col"])
        if line_no < 1 or col < 1:
            return f"diagnostic outside its file: {line!r}"
        if os.path.isfile(path) and line_no > lines_in(path):
            return f"diagnostic past the end of {d['file']} ({lines_in(path)} lines): {line!r}"
    return None


def problem_with(pakt: str, path: str, input_timeout: int):
    """None when the front end (and then the back end) handled the file cleanly, else the finding."""
    cwd, name = os.path.split(path)

    def limit_cpu():  # CPU time, not wall time: a loaded machine must not make a finding
        resource.setrlimit(resource.RLIMIT_CPU, (input_timeout, input_timeout + 1))

    try:
        run = subprocess.run([pakt, "describe", name], cwd=cwd, capture_output=True, preexec_fn=limit_cpu,
                             timeout=input_timeout * 20)
    except subprocess.TimeoutExpired:
        return f"took more than {input_timeout * 20} s of wall time"
    stderr = run.stderr.decode("utf-8", "replace")
    if run.returncode in (-9, -24):  # SIGKILL / SIGXCPU from the CPU limit
        return f"took more than {input_timeout} s of CPU time"
    if run.returncode < 0:
        return f"killed by signal {-run.returncode}:\n{stderr}"
    if any(text in stderr for text in CRASH_TEXT):
        return f"exit {run.returncode} with a crash message:\n{stderr}"
    if run.returncode == 1:
        if run.stdout:
            return f"exit 1 with output on stdout:\n{run.stdout[:200]!r}"
        return diagnostics_problem(stderr, cwd)
    if run.returncode != 0:
        return f"exit {run.returncode} (0 or 1 expected):\n{stderr}"
    if stderr:
        return f"exit 0 with output on stderr:\n{stderr}"
    try:  # the back end, in process: reads and renders the descriptor or names the bad identifiers
        descriptor = read_descriptor(json.loads(run.stdout.decode("utf-8")))
        try:
            cpp.generate(descriptor)
        except BackEndError as e:
            n = len(e.lines)
            return diagnostics_problem("\n".join(e.lines + [f"{n} error{'s' if n != 1 else ''}"]), cwd)
    except Exception:  # noqa: BLE001 - any exception of the back end is the finding
        return "the back end failed on the descriptor:\n" + traceback.format_exc()
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pakt", required=True, metavar="PATH", help="the pakt executable (the front end)")
    parser.add_argument("--seconds", type=float, help="fuzz for this long")
    parser.add_argument("--iterations", type=int, help="fuzz this many mutated inputs")
    parser.add_argument("--seed", type=int, help="random seed (default: from the clock, printed)")
    parser.add_argument("--replay", action="store_true", help="only check the regression inputs")
    parser.add_argument("--input-timeout", type=int, default=10, metavar="SECONDS")
    parser.add_argument("--findings", default=os.path.join(tempfile.gettempdir(), "pakt-schema-loader-findings"),
                        metavar="DIR", help="where failing inputs are written")
    args = parser.parse_args()
    if not args.replay and args.seconds is None and args.iterations is None:
        parser.error("give --replay, --seconds or --iterations")

    work = tempfile.mkdtemp(prefix="pakt-loader-fuzz-")
    # The seeds' imports resolve next to the input.
    for path in glob.glob(os.path.join(ROOT, "schemas", "*.yaml")):
        shutil.copy(path, work)
    findings = 0

    def check(data: bytes, label: str) -> None:
        nonlocal findings
        path = os.path.join(work, "input.yaml")
        with open(path, "wb") as f:
            f.write(data)
        problem = problem_with(args.pakt, path, args.input_timeout)
        if problem is not None:
            findings += 1
            os.makedirs(args.findings, exist_ok=True)
            saved = os.path.join(args.findings, f"finding-{findings}.yaml")
            shutil.copy(path, saved)
            print(f"FINDING ({label}) saved as {saved}:\n{problem}", file=sys.stderr)

    try:
        regressions = regression_inputs()
        for path in regressions:
            with open(path, "rb") as f:
                check(f.read(), os.path.relpath(path, ROOT))
        if args.replay:
            if not regressions:
                print(f"no regression inputs in {REGRESSIONS}", file=sys.stderr)
                return 1
            print(f"replayed {len(regressions)} inputs, {findings} findings")
            return 1 if findings else 0

        seed = args.seed if args.seed is not None else int(time.time())
        rng = random.Random(seed)
        pool = seeds()
        deadline = time.monotonic() + args.seconds if args.seconds is not None else None
        done = 0
        while (args.iterations is None or done < args.iterations) and (deadline is None or time.monotonic() < deadline):
            check(mutate(rng.choice(pool), rng, pool), f"seed {seed}, input {done}")
            done += 1
        print(f"schema_loader: {done} inputs (seed {seed}), {findings} findings")
        return 1 if findings else 0
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
