"""The model layer: sizes, defaults, examples and the command line."""

import os

import pytest

from conftest import ROOT
from pakt_gen import cpp
from pakt_gen.diagnostics import SchemaError
from pakt_gen.loader import load_schemas


def load(tmp_path, text):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return load_schemas([str(path)])[0]


def message(schema, name):
    return next(m for m in schema.messages if m.name == name)


def test_seed_sizes():
    seed = load_schemas([os.path.join(ROOT, "schemas", "photon_seed.yaml")])[0]
    game = message(seed, "SeedGameStruct")
    assert cpp.message_fixed_size(game) == 0
    assert cpp.message_min_size(game) == 57  # the 69 bytes less the 12-byte string
    assert cpp.message_marshal_layout(game) == (64, 8)
    assert cpp.message_marshal_layout(message(seed, "SeedStruct")) == (24, 8)
    assert game.code == ord("A")


def test_fixed_and_marshal_sizes(tmp_path):
    s = load(tmp_path, """
package: t
enums:
  E: {type: uint16, values: {a: 1}}
messages:
  P:
    fields:
      - {name: a, type: uint8}
      - {name: b, type: float64}
      - {name: e, type: E}
      - {name: v, type: "Vector3[2]"}
""")
    p = message(s, "P")
    assert cpp.message_fixed_size(p) == 1 + 8 + 2 + 24
    assert cpp.message_marshal_layout(p) == (48, 8)  # a@0, b@8, e@16, v@20..44, padded to 8


def test_defaults_and_examples_render_as_cpp(tmp_path):
    s = load(tmp_path, """
package: t
enums:
  Team: {values: {red: 0, blue: 1}}
messages:
  P:
    fields:
      - {name: team, type: Team, default: blue}
      - {name: f, type: float32, default: 0.1}
      - {name: s, type: string, default: "a\\"b"}
      - {name: v, type: Vector2, default: {x: 1, y: 2}}
    example: {f: .inf, s: "x"}
""")
    p = message(s, "P")
    assert cpp.member_initializer(p.fields[0], s) == " = Team::blue"
    assert cpp.member_initializer(p.fields[1], s) == " = 0.1f"
    assert cpp.member_initializer(p.fields[2], s) == ' = std::string("a\\"b", 3)'
    assert cpp.member_initializer(p.fields[3], s) == " = pakt::Vector2{1.0f, 2.0f}"
    assert cpp.value_expr(p.fields[1].type, p.example["f"], s) == "std::numeric_limits<float>::infinity()"


@pytest.mark.parametrize("value,expected", [(0.162, "0.162f"), (62, "62.0f"), (1e-45, "1e-45f"), (-0.0, "-0.0f")])
def test_float_literals_are_the_shortest_exact_text(value, expected):
    assert cpp.float_literal(value, True) == expected


def test_string_literals_escape_what_cpp_needs():
    assert cpp.string_literal('a"\\\n\x01?é') == '"a\\"\\\\\\n\\001\\?é"'


def test_schema_error_carries_every_diagnostic(tmp_path):
    with pytest.raises(SchemaError) as e:
        load(tmp_path, "package: t\nmessages:\n  A:\n    fields:\n      - {name: a, type: x}\n      - {name: b, type: y}\n")
    assert len(e.value.diagnostics) == 2


def test_usage_errors_exit_2(gen):
    assert gen()[0] == 2
    assert gen("schemas/game.yaml")[0] == 2  # neither --out nor --check
    code, _, err = gen("--check", "--formats", "protobuf", "schemas/game.yaml")
    assert code == 2 and "unknown format 'protobuf'" in err


def test_check_accepts_every_shipped_schema(gen):
    shipped = [os.path.join("schemas", f) for f in sorted(os.listdir(os.path.join(ROOT, "schemas")))]
    code, out, err = gen("--check", *shipped, "tests/schemas/rich.yaml")
    assert (code, out, err) == (0, "", "")


def test_import_dirs_are_searched(gen, tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "shared.yaml").write_text("package: lib\nmessages:\n  W:\n    fields: []\n")
    (tmp_path / "main.yaml").write_text("package: m\nimports: [shared.yaml]\nmessages:\n  A:\n    fields:\n"
                                        "      - {name: w, type: W}\n")
    assert gen("--check", "main.yaml", cwd=tmp_path)[0] == 1
    assert gen("--check", "-I", "lib", "main.yaml", cwd=tmp_path)[0] == 0
