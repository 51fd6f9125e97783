"""`pakt compat` (the C++ tool, PAKT_TOOL in the environment): one pair of schemas per rule in
tests/compat/<rule>/ (old.yaml, new.yaml) with its hand-written report in expected.txt; every
cross pair is well-formed; schema and usage errors. Run from the project root (paths in the
reports are relative)."""
import os
import re
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.environ.get("PAKT_TOOL", "")

RULES = sorted(d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "old.yaml")))
FINDING = re.compile(r"^(?P<file>[^:]+\.yaml):(?P<line>[0-9]+):(?P<col>[0-9]+): (?P<kind>error|note): .+$")


def pakt(*args):
    assert os.path.isfile(TOOL), "PAKT_TOOL must name the built pakt executable"
    return subprocess.run([TOOL, "compat", *args], cwd=ROOT, capture_output=True, text=True)


def pair(rule):
    return [os.path.join("tests", "compat", rule, "old.yaml"), os.path.join("tests", "compat", rule, "new.yaml")]


def expected(rule):
    with open(os.path.join(HERE, rule, "expected.txt"), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("rule", RULES)
def test_report_matches_the_expected_one(rule):
    run = pakt(*pair(rule))
    assert (run.stdout, run.stderr) == (expected(rule), "")
    assert run.returncode == (0 if rule.startswith("compatible") else 1)


@pytest.mark.parametrize("rule", [r for r in RULES if not r.startswith("compatible")])
def test_every_incompatible_pair_points_at_both_files(rule):
    lines = expected(rule).splitlines()
    findings = [line for line in lines if ": error: " in line]
    notes = [line for line in lines if ": note: previous version" in line]
    assert findings and len(findings) == len(notes)
    # The new version's files are new*.yaml (new.yaml and what it imports), the old ones old*.yaml.
    assert all(line.startswith(os.path.join("tests", "compat", rule, "new")) for line in findings)
    assert all(line.startswith(os.path.join("tests", "compat", rule, "old")) for line in notes)


def check_report(run, old, new):
    """A report is `compatible` (exit 0), after notes in the new files (fields appended: packed peers
    must share the schema version), or error lines in the new files, each followed by notes in the
    old ones (exit 1); nothing on stderr."""
    assert run.stderr == ""
    if run.returncode == 0:
        lines = run.stdout.splitlines()
        assert lines[-1:] == ["compatible"], run.stdout
        for line in lines[:-1]:
            m = FINDING.match(line)
            assert m and m["kind"] == "note" and m["file"].startswith(os.path.dirname(new)), line
            assert "packed peers must share the schema version" in line, line
        return
    assert run.returncode == 1, run.stdout
    lines = run.stdout.splitlines()
    assert lines and ": error: " in lines[0], run.stdout
    old_dir, new_dir = os.path.dirname(old), os.path.dirname(new)
    for line in lines:
        m = FINDING.match(line)
        if m is None:  # a summary line such as "3 incompatible changes"
            assert re.match(r"^[0-9]+ incompatible changes?$", line), line
            continue
        assert int(m["line"]) >= 1 and int(m["col"]) >= 1
        side = new_dir if m["kind"] == "error" else old_dir
        assert m["file"].startswith(side), line


@pytest.mark.parametrize("rule", RULES)
def test_reversed_pairs_are_well_formed(rule):
    # NEW -> OLD is usually incompatible in other ways.
    old, new = pair(rule)
    check_report(pakt(new, old), new, old)


@pytest.mark.parametrize("old_rule", RULES)
def test_every_cross_pair_is_well_formed(old_rule):
    # The old schema of one rule against the new schema of every other: unrelated changes mixed.
    old = pair(old_rule)[0]
    for new_rule in RULES:
        new = pair(new_rule)[1]
        check_report(pakt(old, new), old, new)


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
