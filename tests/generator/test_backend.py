"""The back-end kit (generator/pakt_gen/backend.py): the environment every language renders with, the
loop over the root files and the one walk of a value that each language's spelling table spells."""

import jinja2
import pytest

from conftest import GENERATOR_DIR  # noqa: F401 - puts pakt_gen on sys.path
from pakt_gen import backend
from pakt_gen.descriptor import read_descriptor
from pakt_gen.model import TypeRef


def test_environment_is_strict_and_carries_the_languages_filters_tests_and_globals(tmp_path):
    template = "{{ x | twice }} {{ 'yes' if x is odd else 'no' }} {{ name }}\n{% if x %}\nin\n{% endif %}\n"
    (tmp_path / "t.j2").write_text(template)
    env = backend.environment(str(tmp_path), {"twice": lambda v: v * 2}, {"odd": lambda v: v % 2 == 1},
                              name="pakt")
    assert env.get_template("t.j2").render(x=3) == "6 yes pakt\nin\n"  # block tags leave no blank lines
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()
    assert env.from_string("{{ '<a>' }}").render() == "<a>"  # code, not HTML: no escaping


def test_generate_roots_renders_each_root_in_order(small):
    desc = read_descriptor(small)
    out = backend.generate_roots(desc, lambda s: {s.stem + ".x": s.package, s.stem + ".y": ""})
    assert list(out) == ["s.x", "s.y"] and out["s.x"] == "t.net"  # the roots only, not the import


def test_back_end_error_carries_its_lines():
    e = backend.BackEndError(["a.yaml:1:2: error: one", "a.yaml:3:4: error: two"])
    assert e.lines == ["a.yaml:1:2: error: one", "a.yaml:3:4: error: two"] and str(e) == "\n".join(e.lines)


class Tagged(backend.Literals):
    """A spelling table that names what it was asked to spell, to show the walk."""

    def null(self, t, optional):
        return "NULL" if optional else f"ZERO({t.spelled()})"

    def sequence(self, t, items):
        return f"{t.kind}[{'; '.join(items)}]"

    def enum(self, t, v):
        return f"E:{v}"

    def message(self, t, v):
        fields = {f.name: f for f in t.message.fields}
        items = (f"{k}={self.literal(fields[k].type, x, fields[k].optional)}" for k, x in v.items())
        return "M{" + "; ".join(items) + "}"

    def integer_text(self, v, name):
        return f"{name}:{v}"

    def floating(self, v, is_float32):
        return f"{'f' if is_float32 else 'd'}:{v}"

    def string(self, v):
        return f"s:{v}"

    def bytes(self, t, v):
        return f"b:{v}"

    def vector(self, t, components):
        return f"{t.name}({', '.join(components)})"


def test_literals_walk_the_type_once_and_leave_each_spelling_to_the_language(small):
    desc = read_descriptor(small)
    p = desc.roots[0].messages[0]
    spell = Tagged(desc.roots[0]).literal
    assert spell(TypeRef("builtin", "bool"), True) == "true"
    assert spell(TypeRef("builtin", "uint16"), 7) == "uint16:7"
    assert spell(TypeRef("builtin", "float64"), 0.5) == "d:0.5"
    assert spell(TypeRef("builtin", "Vector2i"), [1, -2]) == "Vector2i(int32:1, int32:-2)"  # components int32
    assert spell(TypeRef("builtin", "Color"), [0, 0, 0, 1]) == "Color(f:0, f:0, f:0, f:1)"  # float32 components
    assert spell(TypeRef("array", element=TypeRef("builtin", "string"), count=2), ["a", "b"]) == "array[s:a; s:b]"
    assert spell(p.fields[0].type, "blue") == "E:blue"
    assert spell(p.fields[4].type, None, optional=True) == "NULL"
    assert spell(p.fields[4].type, None) == "ZERO(bytes)"
    assert spell(p.fields[3].type, [{"name": "x"}]) == "list[M{name=s:x}]"
    with pytest.raises(NotImplementedError):
        backend.Literals(desc.roots[0]).literal(TypeRef("builtin", "string"), "x")
