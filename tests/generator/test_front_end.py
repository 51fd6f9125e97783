"""What the back end relies on from the front end (`pakt check` / `pakt describe`, PAKT_TOOL): errors
of several files, of imported files, import cycles, non-UTF-8 and malformed schemas are reported as
`file:line:col: error:` lines, never as a crash; import folders (-I) are searched. (The bad-schema
corpus, tests/schemas/bad with expected_diagnostics.txt, is checked line for line by the
cli.check_corpus.* tests.)"""

import json
import os

import pytest

from conftest import run_pakt

BAD_DIR = os.path.join("tests", "schemas", "bad")


def test_errors_of_several_files_are_all_reported():
    code, _, err = run_pakt("check", os.path.join(BAD_DIR, "unknown_type.yaml"), os.path.join(BAD_DIR, "cpp_keyword.yaml"))
    assert code == 1
    assert "unknown_type.yaml:5:27: error" in err and "cpp_keyword.yaml:5:16: error" in err
    assert err.splitlines()[-1] == "3 errors"  # class: a C++ and a GDScript keyword


def test_import_cycle_is_reported(tmp_path):
    (tmp_path / "a.yaml").write_text("package: a\nimports: [b.yaml]\n")
    (tmp_path / "b.yaml").write_text("package: b\nimports: [a.yaml]\n")
    code, _, err = run_pakt("check", "a.yaml", cwd=tmp_path)
    assert code == 1
    assert err.startswith("b.yaml:2:11: error: import cycle")


def test_errors_in_an_imported_schema_name_that_file(tmp_path):
    (tmp_path / "main.yaml").write_text("package: m\nimports: [sub/common.yaml]\nmessages:\n  A:\n    fields:\n"
                                        "      - {name: w, type: Widget}\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "common.yaml").write_text("package: c\nmessages:\n  Widget:\n    fields:\n"
                                                  "      - {name: x, type: nope}\n")
    code, _, err = run_pakt("check", "main.yaml", cwd=tmp_path)
    assert code == 1
    assert err.splitlines()[0] == "sub/common.yaml:5:25: error: unknown type 'nope'"


def test_a_non_utf8_schema_is_reported(tmp_path):
    (tmp_path / "latin1.yaml").write_bytes(b"package: x\ndoc: caf\xe9\n")
    code, _, err = run_pakt("check", "latin1.yaml", cwd=tmp_path)
    assert code == 1
    assert err.startswith("latin1.yaml:1:1: error: schema 'latin1.yaml' is not UTF-8")


@pytest.mark.parametrize("text", ["", "[1, 2]", "package: [x]", "package: x\nmessages: [1]",
                                  "package: x\nmessages:\n  A: 3", "package: x\nenums:\n  E: {values: {}}",
                                  "package: x\nmessages:\n  A:\n    fields: [{name: a, type: 'int32[70000]'}]",
                                  "package: x\nmessages:\n  A:\n    fields: [3]", "\t: bad"])
@pytest.mark.parametrize("command", ["check", "describe"])
def test_malformed_schemas_give_diagnostics_not_crashes(tmp_path, text, command):
    (tmp_path / "s.yaml").write_text(text)
    code, out, err = run_pakt(command, "s.yaml", cwd=tmp_path)
    assert (code, out) == (1, "")
    assert err.startswith("s.yaml:")


def test_scalars_of_200000_characters_are_diagnosed_not_crashes(tmp_path):
    """The front end's patterns (std::regex: one stack frame per character) never see such a text."""
    long = "x" * 200000
    (tmp_path / "s.yaml").write_text(
        "package: " + long + "\nmessages:\n  M:\n    fields:\n"
        "      - {name: " + long + ", type: int32}\n"
        "      - {name: b, type: '" + long + "[]'}\n"
        "      - {name: c, type: int32, default: " + "9" * 200000 + "}\n"
        "      - {name: d, type: float64, default: " + "1" * 200000 + "e5}\n")
    code, out, err = run_pakt("check", "s.yaml", cwd=tmp_path)
    assert (code, out) == (1, "")
    lines = err.splitlines()
    assert lines[-1] == "5 errors" and all(line.startswith("s.yaml:") for line in lines[:-1])
    assert "a field name of 200000 characters: names are at most 1024" in err


def test_syntax_errors_of_long_schemas_are_explained_in_linear_time(tmp_path):
    """The syntax-error hints look at the indentation of each line and at the error's position only:
    a tab search over the rest of the file per line made 240,000 lines take 8 s (500,000: minutes)."""
    (tmp_path / "long.yaml").write_text("package: a.b\nversion: 1\n" + "# c\n" * 500000 +
                                        "messages:\n  P:\n    fields:\n      - {name: v, type: int32[2]}\n")
    code, _, err = run_pakt("check", "long.yaml", cwd=tmp_path)
    assert code == 1 and err.splitlines()[0] == (
        "long.yaml:500006:30: error: YAML syntax error: end of map flow not found ('int32[2]' inside { } reads "
        "as a flow sequence from '['; quote it: \"int32[2]\")")
    # the hint shows back a bounded type, never a slice of a long line
    (tmp_path / "wide.yaml").write_text("package: a.b\nversion: 1\nmessages:\n  P:\n    fields:\n"
                                        "      - {name: v, type: " + "a" * 300000 + "[2]}\n")
    code, _, err = run_pakt("check", "wide.yaml", cwd=tmp_path)
    assert code == 1 and len(err.splitlines()[0]) < 300


def test_import_dirs_are_searched(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "shared.yaml").write_text("package: lib\nmessages:\n  W:\n    fields: []\n")
    (tmp_path / "main.yaml").write_text("package: m\nimports: [shared.yaml]\nmessages:\n  A:\n    fields:\n"
                                        "      - {name: w, type: W}\n")
    assert run_pakt("describe", "main.yaml", cwd=tmp_path)[0] == 1
    code, out, err = run_pakt("describe", "-I", "lib", "main.yaml", cwd=tmp_path)
    assert code == 0, err
    desc = json.loads(out)
    assert desc["roots"] == ["main.yaml"]
    assert [f["path"] for f in desc["files"]] == [os.path.join("lib", "shared.yaml"), "main.yaml"]
