"""`pakt compat` (the C++ tool, PAKT_TOOL in the environment) against the same expected reports as
`pakt-gen compat`: every pair of tests/compat/<rule>/, schema errors, usage errors. Run from the
project root (paths in the reports are relative)."""
import contextlib
import io
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("PAKT_TOOL", "")
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen import compat  # noqa: E402

RULES = sorted(d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "old.yaml")))


def pakt(*args):
    assert os.path.isfile(TOOL), "PAKT_TOOL must name the built pakt executable"
    return subprocess.run([TOOL, "compat", *args], cwd=ROOT, capture_output=True, text=True)


def pair(rule):
    return [os.path.join("tests", "compat", rule, "old.yaml"), os.path.join("tests", "compat", rule, "new.yaml")]


@pytest.mark.parametrize("rule", RULES)
def test_report_matches_the_expected_one(rule):
    with open(os.path.join(HERE, rule, "expected.txt"), encoding="utf-8") as f:
        expected = f.read()
    run = pakt(*pair(rule))
    assert (run.stdout, run.stderr) == (expected, "")
    assert run.returncode == (0 if rule.startswith("compatible") else 1)


@pytest.mark.parametrize("rule", RULES)
def test_reversed_pairs_agree_with_pakt_gen(rule):
    # NEW -> OLD is usually incompatible in other ways: the two implementations must still agree.
    old, new = pair(rule)
    gen = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "generator", "pakt-gen"), "compat", new, old],
                         cwd=ROOT, capture_output=True, text=True)
    run = pakt(new, old)
    assert (run.returncode, run.stdout) == (gen.returncode, gen.stdout)


def pakt_gen_compat(old, new):
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = compat.main([old, new])
    finally:
        os.chdir(cwd)
    return status, out.getvalue()


@pytest.mark.parametrize("old_rule", RULES)
def test_every_cross_pair_agrees_with_pakt_gen(old_rule):
    # The old schema of one rule against the new schema of every other: unrelated changes mixed.
    old = pair(old_rule)[0]
    for new_rule in RULES:
        new = pair(new_rule)[1]
        run = pakt(old, new)
        assert (run.returncode, run.stdout) == pakt_gen_compat(old, new), f"{old} -> {new}"


def test_a_schema_compared_with_itself_is_compatible():
    rich = os.path.join("tests", "schemas", "rich.yaml")
    run = pakt(rich, rich)
    assert (run.returncode, run.stdout) == (0, "compatible\n")


def test_schema_errors_exit_2_with_the_diagnostics():
    bad = os.path.join("tests", "schemas", "bad", "unknown_type.yaml")
    run = pakt(bad, os.path.join("tests", "schemas", "rich.yaml"))
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.startswith(bad + ":") and ": error: " in run.stderr


@pytest.mark.parametrize("args", [[], ["only-one.yaml"], ["a.yaml", "b.yaml", "c.yaml"], ["--bogus", "a", "b"]])
def test_usage_errors_exit_2(args):
    run = pakt(*args)
    assert run.returncode == 2
    assert "usage: pakt compat OLD.yaml NEW.yaml" in run.stderr
