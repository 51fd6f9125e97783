"""pakt-gen compat: one pair of schemas per rule in tests/compat/<rule>/ (old.yaml, new.yaml) and
the exact report in expected.txt. Run from the project root (paths in the report are relative)."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen import compat  # noqa: E402

RULES = sorted(d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "old.yaml")))


def pair(rule):
    return [os.path.join("tests", "compat", rule, "old.yaml"), os.path.join("tests", "compat", rule, "new.yaml")]


def expected(rule):
    with open(os.path.join(HERE, rule, "expected.txt"), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(autouse=True)
def in_project_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("rule", RULES)
def test_report(rule, capsys):
    status = compat.main(pair(rule))
    out = capsys.readouterr().out
    assert out == expected(rule)
    assert status == (0 if rule.startswith("compatible") else 1)


@pytest.mark.parametrize("rule", [r for r in RULES if not r.startswith("compatible")])
def test_every_incompatible_pair_points_at_both_files(rule):
    lines = expected(rule).splitlines()
    findings = [line for line in lines if ": error: " in line]
    notes = [line for line in lines if ": note: previous version" in line]
    assert findings and len(findings) == len(notes)
    # The new version's files are new*.yaml (new.yaml and what it imports), the old ones old*.yaml.
    assert all(line.startswith(os.path.join("tests", "compat", rule, "new")) for line in findings)
    assert all(line.startswith(os.path.join("tests", "compat", rule, "old")) for line in notes)


def test_a_schema_compared_with_itself_is_compatible(capsys):
    rich = os.path.join("tests", "schemas", "rich.yaml")
    assert compat.main([rich, rich]) == 0
    assert capsys.readouterr().out == "compatible\n"


def test_schema_errors_exit_2(capsys):
    bad = os.path.join("tests", "schemas", "bad", "unknown_type.yaml")
    assert compat.main([bad, os.path.join("tests", "schemas", "rich.yaml")]) == 2
    assert "error:" in capsys.readouterr().err


def test_pakt_gen_compat_command():
    run = subprocess.run([sys.executable, os.path.join(ROOT, "generator", "pakt-gen"), "compat"] + pair("type_changed"),
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stdout == expected("type_changed")
    ok = subprocess.run([sys.executable, os.path.join(ROOT, "generator", "pakt-gen"), "compat"] +
                        pair("compatible_append"), cwd=ROOT, capture_output=True, text=True)
    assert (ok.returncode, ok.stdout) == (0, "compatible\n")
