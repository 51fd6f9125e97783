"""Every bad schema in tests/schemas/bad reports exactly its expected file:line:col diagnostics."""

import glob
import os

import pytest

from conftest import ROOT

BAD_DIR = os.path.join("tests", "schemas", "bad")


def expected_lines():
    by_file = {}
    with open(os.path.join(ROOT, BAD_DIR, "expected_diagnostics.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            by_file.setdefault(line.split(":", 1)[0], []).append(line)
    return by_file


BAD_SCHEMAS = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, BAD_DIR, "*.yaml")))


@pytest.mark.parametrize("schema", BAD_SCHEMAS)
def test_bad_schema_reports_expected_diagnostics(gen, schema):
    expected = expected_lines().get(schema)
    assert expected, f"{schema} has no expected diagnostics in expected_diagnostics.txt"
    code, out, err = gen("--check", schema)
    assert code == 1
    lines = err.splitlines()
    assert lines[:-1] == expected
    n = len(expected)
    assert lines[-1] == f"{n} error{'s' if n != 1 else ''}"
    assert "Traceback" not in err


def test_every_expectation_has_a_schema():
    assert set(expected_lines()) == set(BAD_SCHEMAS)


def test_errors_of_several_files_are_all_reported(gen):
    code, _, err = gen("--check", os.path.join(BAD_DIR, "unknown_type.yaml"), os.path.join(BAD_DIR, "cpp_keyword.yaml"))
    assert code == 1
    assert "unknown_type.yaml:5:27: error" in err and "cpp_keyword.yaml:5:16: error" in err
    assert err.splitlines()[-1] == "2 errors"


def test_import_cycle_is_reported(gen, tmp_path):
    (tmp_path / "a.yaml").write_text("package: a\nimports: [b.yaml]\n")
    (tmp_path / "b.yaml").write_text("package: b\nimports: [a.yaml]\n")
    code, _, err = gen("--check", "a.yaml", cwd=tmp_path)
    assert code == 1
    assert err.startswith("b.yaml:2:11: error: import cycle")


def test_errors_in_an_imported_schema_name_that_file(gen, tmp_path):
    (tmp_path / "main.yaml").write_text("package: m\nimports: [sub/common.yaml]\nmessages:\n  A:\n    fields:\n"
                                        "      - {name: w, type: Widget}\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "common.yaml").write_text("package: c\nmessages:\n  Widget:\n    fields:\n"
                                                  "      - {name: x, type: nope}\n")
    code, _, err = gen("--check", "main.yaml", cwd=tmp_path)
    assert code == 1
    assert err.splitlines()[0] == "sub/common.yaml:5:25: error: unknown type 'nope'"


def test_a_non_utf8_schema_is_reported(gen, tmp_path):
    (tmp_path / "latin1.yaml").write_bytes(b"package: x\ndoc: caf\xe9\n")
    code, _, err = gen("--check", "latin1.yaml", cwd=tmp_path)
    assert code == 1
    assert err.startswith("latin1.yaml:1:1: error: schema 'latin1.yaml' is not UTF-8")


@pytest.mark.parametrize("text", ["", "[1, 2]", "package: [x]", "package: x\nmessages: [1]",
                                  "package: x\nmessages:\n  A: 3", "package: x\nenums:\n  E: {values: {}}",
                                  "package: x\nmessages:\n  A:\n    fields: [{name: a, type: 'int32[70000]'}]",
                                  "package: x\nmessages:\n  A:\n    fields: [3]", "\t: bad"])
def test_malformed_schemas_give_diagnostics_not_tracebacks(gen, tmp_path, text):
    (tmp_path / "s.yaml").write_text(text)
    code, _, err = gen("--check", "s.yaml", cwd=tmp_path)
    assert code == 1
    assert "Traceback" not in err
    assert err.startswith("s.yaml:")
