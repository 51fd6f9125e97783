"""The naming rule (docs/names.md): every language's names.yaml applied by the front end, so that
`pakt check` refuses exactly what any `pakt generate --lang X` would, at the name's file:line:col.

The cases are issue 30's reports, as a new user wrote them."""

import os
import re
import subprocess
import sys

import pytest

from conftest import GENERATOR_DIR, ROOT, pakt_tool, run_pakt

sys.path.insert(0, GENERATOR_DIR)
from pakt_gen import names  # noqa: E402

LANGS = ["cpp", "csharp", "gdscript", "wireshark"]


def schema(tmp_path, body: str, name: str = "s.yaml") -> str:
    """Writes the schema; its path relative to tmp_path (the tool runs there), as diagnostics show it."""
    (tmp_path / name).write_text(body)
    return name


def message_with(fields: str, extra: str = "") -> str:
    return "package: t\nmessages:\n  M:\n" + extra + "    fields:\n" + fields


def check(tmp_path, text: str):
    path = schema(tmp_path, text)
    code, out, err = run_pakt("check", path, cwd=str(tmp_path))
    return code, err


# (schema text, the line check must print, language the error names)
REFUSED = [
    # point 5: fields func / var passed check and failed --lang gdscript
    (message_with("      - {name: func, type: int32}\n"), "s.yaml:5:16: error: field name 'func' is a GDScript keyword"),
    (message_with("      - {name: var, type: int32}\n"), "s.yaml:5:16: error: field name 'var' is a GDScript keyword"),
    # C#: a message named like a generated member; a package in the runtime's namespace
    ("package: t\nmessages:\n  PaktWrite:\n    fields: []\n",
     "s.yaml:3:3: error: message name 'PaktWrite' is a member every generated C# message class declares"),
    ("package: Pakt.Math\nmessages:\n  M:\n    fields: []\n",
     "s.yaml:1:10: error: package 'Pakt.Math' would put the generated C# in the namespace of pakt's C# runtime"),
    ("package: system.net\nmessages:\n  M:\n    fields: []\n",
     "s.yaml:1:10: error: package part 'system' would put the generated C# in a platform library's namespace"),
    ("package: t\nmessages:\n  String:\n    fields: []\n",
     "s.yaml:3:3: error: message name 'String' is a Godot built-in type"),
    # review of seed 91212's fix: Godot 3 parses every built-in type as a type token, enum values too
    ("package: t\nenums:\n  E:\n    values: {a: 0, Array: 1}\n",
     "s.yaml:4:20: error: enum value name 'Array' is a Godot built-in type"),
    (message_with("      - {name: script, type: int32}\n"),
     "s.yaml:5:16: error: field name 'script' is a member every generated GDScript message class declares"),
    ("package: t\nmessages:\n  PACKED:\n    fields: []\n",
     "s.yaml:3:3: error: message name 'PACKED' is a constant every generated GDScript schema script declares"),
    # C++
    (message_with("      - {name: class, type: int32}\n"), "s.yaml:5:16: error: field name 'class' is a C++ keyword"),
    (message_with("      - {name: __x, type: int32}\n"), "s.yaml:5:16: error: field name '__x' is reserved in C++"),
    ("package: t.new\nmessages:\n  M:\n    fields: []\n", "s.yaml:1:10: error: package part 'new' is a C++ keyword"),
    # the conformance fuzzer's schema s0178 (seed 30178): a package part named like pakt's own macro
    ('package: "pk178.PAKT_NOINLINE"\nmessages:\n  M:\n    fields: []\n',
     "s.yaml:1:10: error: package part 'PAKT_NOINLINE' is reserved for pakt's macros"),
    # C#: a member named like its class; enum values alike in PascalCase
    ("package: t\nmessages:\n  Box:\n    fields:\n      - {name: Box, type: int32}\n",
     "s.yaml:5:16: error: field name 'Box' is its message's name, which a C# class member cannot have"),
    ("package: t\nenums:\n  Role:\n    type: uint8\n    values: {tank: 0, Tank: 1}\n",
     "s.yaml:5:23: error: enum value names 'tank' (s.yaml:5:14) and 'Tank' are both spelled 'Tank' in C#"),
    (message_with("      - {name: Serialize, type: int32}\n"),
     "s.yaml:5:16: error: field name 'Serialize' is a member every generated C# message class declares"),
    # GDScript: the generated code's prefix; a Godot 3 rename that lands on another field
    (message_with("      - {name: _pakt_x, type: int32}\n"),
     "s.yaml:5:16: error: field name '_pakt_x' is reserved for the generated GDScript"),
    (message_with("      - {name: seed_, type: int32}\n      - {name: seed, type: int32}\n"),
     "s.yaml:6:16: error: field names 'seed_' (s.yaml:5:16) and 'seed' are both spelled 'seed_' in GDScript for "
     "Godot 3"),
    # point 6: PUN 2's own custom-type codes
    (message_with("      - {name: x, type: int32}\n", "    code: 'W'\n"),
     "s.yaml:4:11: error: code 'W' (87) is PUN 2's own Vector2 custom type"),
    (message_with("      - {name: x, type: int32}\n", "    code: 80\n"),
     "s.yaml:4:11: error: code 'P' (80) is PUN 2's own Player custom type"),
]


@pytest.mark.parametrize("text,expected", REFUSED)
def test_check_refuses_at_the_name(tmp_path, text, expected):
    code, err = check(tmp_path, text)
    assert code == 1, err
    assert any(line.startswith(expected) for line in err.splitlines()), err


ACCEPTED = [
    # point 5: messages List / Pakt failed only --lang csharp; the C# spells every type from global::
    "package: t\nmessages:\n  List:\n    fields:\n      - {name: n, type: int32}\n",
    "package: x.pakt\nmessages:\n  M:\n    fields: []\n",
    "package: t\nmessages:\n  Pakt:\n    fields:\n      - {name: n, type: int32}\n",
    # GDScript fields the generated code's locals and constants used to shadow (issue 30 point 2)
    message_with("".join(f"      - {{name: {n}, type: int32}}\n" for n in
                         ["r", "g", "b", "a", "w", "h", "base", "OK", "PACKED", "COMPACT", "MSLIMA"])),
]


def test_every_macro_of_the_runtime_is_refused(tmp_path):
    """Every PAKT_ macro the runtime's headers define (which the generated C++ includes) is refused
    as any name: a new one cannot slip past the rule."""
    macros = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "runtime", "include")):
        for f in files:
            text = open(os.path.join(folder, f), encoding="utf-8").read()
            macros |= set(re.findall(r"^\s*#\s*define\s+(PAKT_\w+)", text, re.M))
    assert "PAKT_NOINLINE" in macros and len(macros) > 10, macros
    fields = "".join(f"      - {{name: {m}, type: int32}}\n" for m in sorted(macros))
    code, err = check(tmp_path, message_with(fields))
    assert code == 1, err
    for m in sorted(macros):
        assert f"error: field name '{m}' is reserved for pakt's macros" in err, (m, err)


@pytest.mark.parametrize("text", ACCEPTED)
def test_check_accepts(tmp_path, text):
    code, err = check(tmp_path, text)
    assert (code, err) == (0, "")


WARNED = [
    # point 5: Timer / Node2D / Geometry and max were renamed with nothing printed
    ("package: t\nmessages:\n  Timer:\n    fields: []\n",
     "s.yaml:3:3: warning: message name 'Timer' is spelled 'Timer_' in GDScript for Godot 3"),
    ("package: t\nmessages:\n  Node2D:\n    fields: []\n",
     "s.yaml:3:3: warning: message name 'Node2D' is spelled 'Node2D_' in GDScript for Godot 3"),
    ("package: t\nmessages:\n  Node:\n    fields: []\n",
     "s.yaml:3:3: warning: message name 'Node' is spelled 'Node_' in GDScript for Godot 3"),
    ("package: t\nmessages:\n  Geometry:\n    fields: []\n",
     "s.yaml:3:3: warning: message name 'Geometry' is spelled 'Geometry_' in GDScript for Godot 3"),
    (message_with("      - {name: max, type: int32}\n"),
     "s.yaml:5:16: warning: field name 'max' is spelled 'max_' in GDScript for Godot 3"),
    # the conformance fuzzer's schema s0212 (seed 91212): Godot 3 parses Object as a type, not a member
    (message_with("      - {name: Object, type: float32}\n"),
     "s.yaml:5:16: warning: field name 'Object' is spelled 'Object_' in GDScript for Godot 3"),
]


@pytest.mark.parametrize("text,expected", WARNED)
def test_a_rename_is_a_warning_not_silent(tmp_path, text, expected):
    code, err = check(tmp_path, text)
    assert code == 0, err
    assert any(line.startswith(expected) for line in err.splitlines()), err


def test_diagnostics_of_all_languages_come_in_file_order(tmp_path):
    text = message_with("      - {name: var, type: int32}\n      - {name: class, type: int32}\n"
                        "      - {name: Serialize, type: int32}\n      - {name: func, type: int32}\n")
    code, err = check(tmp_path, text)
    lines = [line for line in err.splitlines() if ": error: " in line]
    positions = [tuple(int(n) for n in re.match(r"s\.yaml:(\d+):(\d+):", line).groups()) for line in lines]
    assert code == 1 and len(lines) == 5 and positions == sorted(positions), err  # class: C++ and GDScript
    assert err.splitlines()[-1] == "5 errors"


@pytest.mark.parametrize("text,_", REFUSED + WARNED + [(t, "") for t in ACCEPTED])
def test_check_and_every_generate_agree(tmp_path, text, _):
    """What check refuses, every language's generate refuses with the same lines; what it accepts,
    every language generates."""
    path = schema(tmp_path, text)
    check_code, check_err = run_pakt("check", path, cwd=str(tmp_path))[0::2]
    for lang in LANGS:
        code, _out, err = run_pakt("generate", "--lang", lang, "--out", str(tmp_path / lang), path, cwd=str(tmp_path))
        assert code == check_code, (lang, err)
        errors = lambda text: [line for line in text.splitlines() if ": warning: " not in line]  # noqa: E731
        assert errors(err) == errors(check_err), lang
        # generate warns only of its own language's spellings
        assert all(names.load(lang).language in line for line in err.splitlines() if ": warning: " in line), lang


def test_every_language_file_loads_and_names_its_rules():
    for lang in LANGS:
        data = names.load(lang)
        # The dissector holds names only as strings: wireshark/names.yaml refuses nothing (it says why).
        assert data.language and (data.refuse or lang == "wireshark"), lang
        for rule in data.refuse + data.rename:
            assert rule.why and rule.kinds <= {"package", "message", "enum", "field", "value"}, (lang, rule)
            assert rule.names or rule.prefixes or rule.pattern, (lang, rule.why)


def test_spellings_follow_the_data():
    gd, cs = names.load("gdscript"), names.load("csharp")
    assert gd.spell("field", "max", "Godot 3") == "max_"
    assert gd.spell("field", "max", "Godot 4") == "max"
    assert gd.spell("message", "Timer", "Godot 4") == "Timer_"
    assert gd.spell("message", "Geometry", "Godot 4") == "Geometry"  # a Godot 3 singleton only
    assert cs.spell("field", "class") == "@class"
    assert cs.spell("field", "klass") == "klass"


def test_a_malformed_names_file_is_an_error_with_its_position(tmp_path):
    """The tool refuses a broken names.yaml at its line instead of checking with half a rule."""
    gen = tmp_path / "generator" / "pakt_gen"
    for lang in LANGS:
        (gen / lang).mkdir(parents=True)
        with open(os.path.join(GENERATOR_DIR, "pakt_gen", lang, "names.yaml"), encoding="utf-8") as f:
            (gen / lang / "names.yaml").write_text(f.read())
    (gen / "csharp" / "names.yaml").write_text("language: C#\nrefuse:\n  - why: x\n    kinds: [fields]\n")
    path = schema(tmp_path, "package: t\nmessages:\n  M:\n    fields: []\n")
    proc = subprocess.run([pakt_tool(), "check", path], capture_output=True, text=True,
                          env=dict(os.environ, PAKT_GENERATOR_DIR=str(tmp_path / "generator")), cwd=str(tmp_path))
    assert proc.returncode == 1
    assert "csharp/names.yaml:4:12: unknown kind 'fields'" in proc.stderr, proc.stderr
