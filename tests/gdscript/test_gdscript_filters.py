"""Each Jinja2 filter of the GDScript templates (pakt_gen/gdscript/filters.py), through the template
environment that registers them, on the descriptors of tests/schemas/rich.yaml and schemas/game.yaml
(PAKT_TOOL), for Godot 4 and Godot 3; and the names GDScript cannot use."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen.descriptor import load_descriptor  # noqa: E402
from pakt_gen.gdscript import filters, keywords  # noqa: E402
from pakt_gen.gdscript.render import make_environment  # noqa: E402
from pakt_gen.gdscript.types import spellings  # noqa: E402


def describe(path):
    tool = os.environ.get("PAKT_TOOL")
    if not tool:
        pytest.fail("PAKT_TOOL is not set: run through ctest or set PAKT_TOOL=/path/to/build/pakt")
    out = subprocess.run([tool, "describe", path], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return load_descriptor(out)


@pytest.fixture(scope="module")
def rich():
    return describe("tests/schemas/rich.yaml").roots[0]


@pytest.fixture(scope="module")
def game():
    return describe("schemas/game.yaml").roots[0]


def render(schema, source, godot="4", **values):
    return make_environment().from_string(source).render(schema=schema, godot=godot, g=spellings(godot), **values)


def field(schema, message, name):
    m = next(m for m in schema.messages if m.name == message)
    return next(f for f in m.fields if f.name == name)


def message(schema, name):
    return next(m for m in schema.messages if m.name == name)


def test_every_filter_is_registered_and_tested():
    tested = {name[len("test_filter_"):] for name in globals() if name.startswith("test_filter_")}
    assert set(filters.FILTERS) <= tested
    assert set(filters.FILTERS) <= set(make_environment().filters)


@pytest.mark.parametrize("godot,msg,name,want", [
    ("4", "Scalars", "small", "var small: int = 1  # Small.one"),
    ("4", "Scalars", "f32", "var f32: float = 0.0"),
    ("4", "Lists", "u32s", "var u32s: PackedInt64Array = PackedInt64Array()"),
    ("4", "Lists", "inners", "var inners: Array[Inner] = []"),
    ("4", "Lists", "quats", "var quats: Array[Quaternion] = []"),
    ("4", "Fixed", "rgba", "var rgba: PackedInt32Array = PackedInt32Array([0, 0, 0, 0])"),
    ("4", "Fixed", "flags", "var flags: Array[bool] = [false, false, false]"),
    ("4", "Optionals", "maybe_int", "var maybe_int = null"),
    ("4", "Versioned", "c", "var c: PackedInt32Array = PackedInt32Array([1, 2])"),
    ("4", "Versioned", "d", "var d: float = 3.5"),
    ("4", "Geometry", "v2i", "var v2i: Vector2i = Vector2i()"),
    ("3", "Geometry", "v2i", "var v2i: Array = [0, 0]"),
    ("3", "Geometry", "q", "var q: Quat = Quat()"),
    ("3", "Lists", "u32s", "var u32s: Array = []"),
    ("3", "Lists", "f32s", "var f32s: PoolRealArray = PoolRealArray()"),
    ("3", "Texts", "raw", "var raw: PoolByteArray = PoolByteArray()"),
])
def test_filter_field_decl(rich, godot, msg, name, want):
    assert render(rich, "{{ f | field_decl(m) }}", godot, f=field(rich, msg, name), m=message(rich, msg)) == want


def test_field_named_like_a_class_is_untyped(rich):
    # A field named like a class of the file hides the class name in its message class: Godot 4 refuses
    # `var Inner: Inner`, so such a message's fields of that class are untyped (the type in a comment),
    # and the codec reaches the class through the base class (_pakt_class_Inner()).
    m, f = message(rich, "Lists"), field(rich, "Lists", "inners")
    saved = m.fields[0].name
    try:
        m.fields[0].name = "Inner"
        assert render(rich, "{{ f | field_decl(m) }}", f=f, m=m) == \
            "var inners: Array = []  # Inner[]: untyped, a field of Lists is named like the class"
        assert render(rich, "{{ f | field_decl(m) }}", "3", f=f, m=m) == "var inners: Array = []"
        assert "_pakt_runtime.variants(inners, _pakt_class_Inner())" == \
            render(rich, "{{ f | variant_field }}", f=f)
    finally:
        m.fields[0].name = saved


def test_filter_member(rich):
    # A field is its name, or self.<name> in the message class of that name (Godot 4 reads the bare
    # name as the class there).
    m, f = message(rich, "Inner"), field(rich, "Inner", message(rich, "Inner").fields[0].name)
    saved = f.name
    try:
        assert render(rich, "{{ f | member }}", f=f) == saved
        f.name = "Inner"
        assert render(rich, "{{ f | member }}", f=f) == "self.Inner"
        assert render(rich, "{{ f | read_field(0) }}", f=f).splitlines()[0].startswith("self.Inner = _pakt_r.")
    finally:
        f.name = saved


def test_filter_class_getter(rich):
    assert render(rich, "{{ 'Inner' | class_getter }}") == "_pakt_class_Inner"
    assert render(rich, "{{ 'Timer' | class_getter }}") == "_pakt_class_Timer_"  # the class's GDScript name


def test_filter_same_method(packed):
    # Its own prefix: a field `packed` does not clash with _pakt_same_packed.
    assert render(packed, "{{ f | same_method }}", f=field(packed, "Scene", "cubes")) == "_pakt_same_field_cubes"


def test_filter_gd_string(rich):
    assert render(rich, "{{ s | gd_string }}", s='a"b\\c\n✓\x01') == '"a\\"b\\\\c\\n✓\\u0001"'


def test_filter_schema_line(rich):
    assert render(rich, "{{ f | schema_line }}", f=field(rich, "Lists", "strings")) == \
        "line 74: strings: string[] (max_length 8, max_count 4)"
    assert render(rich, "{{ f | schema_line }}", f=field(rich, "Versioned", "old")) == \
        "line 120: old: int32 (deprecated)"


def test_filter_doc_comment(rich):
    assert render(rich, "{{ m.doc | doc_comment(1) }}", m=message(rich, "Inner")) == "\t## A small nested message.\n"
    assert render(rich, "{{ '' | doc_comment(1) }}") == ""


def test_filter_module_alias(game):
    assert render(game, "{{ schema.imports[0] | module_alias }}") == "_pakt_import_common"
    assert render(game, "{{ f | field_decl(m) }}", f=field(game, "Player", "weapons"), m=message(game, "Player")) == \
        "var weapons: Array[_pakt_import_common.Weapon] = []"


def test_filter_write_field(rich):
    out = render(rich, "{{ f | write_field(0) }}", f=field(rich, "Texts", "limited"))
    assert out.splitlines() == ["_pakt_w.check_string(limited, 8)", "if _pakt_w.failed:", '\t_pakt_w.in_field("limited")', "\treturn",
                                "_pakt_w.string(limited)"]
    # A deprecated field is written as its default.
    assert render(rich, "{{ f | write_field(0) }}", f=field(rich, "Versioned", "old")) == "_pakt_w.i32(42)"
    # An optional: the presence byte first.
    assert render(rich, "{{ f | write_field(1) }}", f=field(rich, "Optionals", "maybe_vec")).splitlines() == [
        "\tif maybe_vec == null:", "\t\t_pakt_w.u8(0)", "\telse:", "\t\t_pakt_w.u8(1)", "\t\t_pakt_w.vector3(maybe_vec)"]


def test_filter_read_field(rich):
    lines = render(rich, "{{ f | read_field(0) }}", f=field(rich, "Lists", "u8s")).splitlines()
    # The count is checked (limit, remaining bytes) before the array is resized.
    assert lines[0] == 'var _pakt_n0_u8s: int = _pakt_r.length("count", "max_count", 10, 1)'
    assert lines.index("u8s.resize(_pakt_n0_u8s)") > lines.index("if _pakt_n0_u8s < 0:")
    lines = render(rich, "{{ f | read_field(0) }}", f=field(rich, "Texts", "raw")).splitlines()
    assert lines == ["raw = _pakt_r.bytes(0)", "if _pakt_r.failed:", '\t_pakt_r.in_field("raw")', "\treturn"]
    # Elements that can fail add their index to the path.
    lines = render(rich, "{{ f | read_field(0) }}", f=field(rich, "Lists", "inners")).splitlines()
    assert "\t\t_pakt_r.in_index(_pakt_i0)" in lines
    # Lists a Packed array holds as the wire does are read in one engine call (Variant type 32:
    # PackedFloat32Array in Godot 4, 22: PoolRealArray in Godot 3).
    assert render(rich, "{{ f | read_field(0) }}", f=field(rich, "Lists", "f32s")).splitlines()[-4] == \
        "f32s = _pakt_r.bulk(32, _pakt_n0_f32s, 1, 4)"
    assert "v3s = _pakt_r.bulk(25, _pakt_n0_v3s, 3, 4)" in render(rich, "{{ f | read_field(0) }}", "3", f=field(rich, "Lists", "v3s"))
    assert render(rich, "{{ f | write_field(0) }}", f=field(rich, "Lists", "f64s")).splitlines()[-1] == \
        "_pakt_w.bulk(f64s, 1, 8)"
    # A deprecated field is read into a local and dropped.
    assert render(rich, "{{ f | read_field(0) }}", f=field(rich, "Versioned", "old")).splitlines()[:2] == [
        "var _pakt_old_old = 42", "_pakt_old_old = _pakt_r.i32()"]


def test_filter_reset_value(rich):
    assert render(rich, "{{ f | reset_value }}", f=field(rich, "Versioned", "b")) == '"two"'
    assert render(rich, "{{ f | reset_value }}", f=field(rich, "Versioned", "e")) == "null"


def test_filter_version_boundaries(rich):
    assert render(rich, "{{ m | version_boundaries }}", m=message(rich, "Versioned")) == "[2, 4]"


def test_used_by(game, rich):
    assert render(game, "{{ schema.imports[0] is used_by(schema) }}") == "True"


def test_a_message_valued_default_is_spelled(rich):
    # Names GDScript cannot take are refused by the front end (gdscript/names.yaml, tests/generator/
    # test_names.py); a message-valued default is written through the runtime's with_fields.
    f = field(rich, "Optionals", "maybe_inner")
    saved = f.initial
    try:
        f.initial = {"id": 3}
        text = render(rich, "{{ f | field_decl(m) }}", "4", f=f, m=message(rich, "Optionals"))
        assert "_pakt_runtime.with_fields(" in text and '{"id": 3}' in text, text
    finally:
        f.initial = saved


def test_filter_ident(rich):
    # Godot 3 does not accept its built-in functions as member or enum value names; Godot 4 does.
    assert render(rich, "{{ 'seed' | ident }} {{ 'max' | ident }} {{ 'hp' | ident }}", "4") == "seed max hp"
    assert render(rich, "{{ 'seed' | ident }} {{ 'max' | ident }} {{ 'hp' | ident }}", "3") == "seed_ max_ hp"


def test_filter_class_name(rich):
    # Godot 3 has a native Geometry singleton class; Godot 4 has Geometry2D / Geometry3D.
    assert render(rich, "{{ 'Geometry' | class_name }} {{ 'Timer' | class_name }}", "4") == "Geometry Timer_"
    assert render(rich, "{{ 'Geometry' | class_name }} {{ 'Lists' | class_name }}", "3") == "Geometry_ Lists"


def test_filter_variant_field(rich):
    v = lambda msg, name, godot="4": render(rich, "{{ f | variant_field }}", godot, f=field(rich, msg, name))
    assert v("Lists", "f32s") == "f32s"                      # a Packed array as it is
    assert v("Lists", "quats") == "_pakt_runtime.untyped(quats)"       # a typed Array as a plain one
    assert v("Lists", "inners") == "_pakt_runtime.variants(inners, _pakt_class_Inner())"
    assert v("Lists", "u32s", "3") == "_pakt_runtime.untyped(u32s)"    # Godot 3 has no int64 Packed array
    assert v("Optionals", "maybe_inner") == "null if maybe_inner == null else maybe_inner.to_variant()"
    assert v("Versioned", "old") == "42"                      # deprecated: its default


def test_filter_from_variant_field(rich, game):
    fv = lambda schema, msg, name, i, shape, godot="4": render(
        schema, "{{ f | from_variant_field(i, shape, 0) }}", godot, f=field(schema, msg, name), i=i, shape=shape)
    lines = fv(rich, "Scalars", "u8", 1, "dict").splitlines()
    assert lines[:2] == ['if _pakt_v.has("u8"):', '\tu8 = _pakt_r.integer(_pakt_v["u8"], 0, 255)']
    assert lines[-2:] == ["else:", "\tu8 = 0"]                       # absent: the default
    # godot: array messages take fields by position.
    assert fv(game, "MoveUpdate", "tick", 1, "array").splitlines()[0] == "if _pakt_v.size() > 1:"
    # Lists are checked (type, max_count / fixed length) before they are resized.
    lines = fv(rich, "Lists", "inners", 12, "dict").splitlines()
    assert lines[2] == "\tif not _pakt_r.list(_pakt_v0_inners, 5, -1):"
    assert fv(rich, "Fixed", "rgba", 0, "dict").splitlines()[2] == "\tif not _pakt_r.list(_pakt_v0_rgba, 0, 4):"
    assert "q = _pakt_r.quaternion(_pakt_v[\"q\"])" in fv(rich, "Geometry", "q", 2, "dict", "3")
    # An optional's absence: the VariantReader's is_nil (no global TYPE_NIL a field could hide).
    assert fv(rich, "Optionals", "maybe_int", 0, "dict").splitlines()[1] == '\tif _pakt_r.is_nil(_pakt_v["maybe_int"]):'


def test_command_line(tmp_path):
    """pakt generate --lang gdscript --godot 4|3 writes the scripts; --godot is checked."""
    tool = os.environ["PAKT_TOOL"]
    run = lambda *a: subprocess.run([tool, "generate", *a], cwd=ROOT, capture_output=True, text=True)
    for godot, quat in (("4", "Quaternion"), ("3", "Quat")):
        out = tmp_path / godot
        r = run("--lang", "gdscript", "--godot", godot, "--out", str(out), "schemas/game.yaml", "schemas/common.yaml")
        assert r.returncode == 0, r.stderr
        assert sorted(os.listdir(out)) == ["common.pakt.gd", "game.pakt.gd", "pakt_runtime.gd"]
        text = (out / "game.pakt.gd").read_text(encoding="utf-8")
        assert f"var rot: {quat} = {quat}()" in text
        assert "# line 21: inventory: uint16[] (max_count 64)" in text
    r = run("--lang", "gdscript", "--godot", "5", "--out", str(tmp_path / "x"), "schemas/game.yaml")
    assert r.returncode == 2 and "--godot" in r.stderr
    r = run("--lang", "cpp", "--godot", "3", "--out", str(tmp_path / "y"), "schemas/game.yaml")
    assert r.returncode == 2 and "pakt generate: --godot: applies with --lang gdscript only" in r.stderr


# --------------------------------------------------------------------------- packed (docs/packed.md)
@pytest.fixture(scope="module")
def packed():
    return describe("tests/schemas/packed.yaml").roots[0]


def test_filter_packed_write_field(packed):
    # A ranged integer: value - min in its bits; outside the range an error with the field's name.
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Numbers", "temperature")).splitlines() == [
        "_pakt_w.ranged(temperature, -40, 100, 7, false)", "if _pakt_w.failed:", '\t_pakt_w.in_field("temperature")', "\treturn"]
    # A uint64 range compares and prints the value as unsigned; a 64-bit span is spelled as int64.
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Numbers", "big")).splitlines()[0] == \
        "_pakt_w.ranged(big, 1000, 9223372036854774807, 63, true)"
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Numbers", "wide")).splitlines()[0] == \
        "_pakt_w.ranged(wide, -9223372036854775807 - 1, -1, 64, false)"
    # float32 quantized (rounded to float first: the last argument); its bounds as exact doubles, then
    # the float32s nearest to them (which count as the bounds: float(-3.2) is below -3.2).
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Floats", "angle")).splitlines()[0] == \
        "_pakt_w.quantized(angle, -3.2, 3.2, 6400, 13, (-13421773.0 * pow(2.0, -22)), (13421773.0 * pow(2.0, -22)), true)"
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Floats", "distance")).splitlines()[0] == \
        "_pakt_w.quantized(distance, -10000.0, 10000.0, 200000000, 28, -10000.0, 10000.0, false)"
    # Vectors component by component (already float32 in the engine: not rounded again), an error
    # naming the component.
    lines = render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Floats", "position")).splitlines()
    assert lines[:5] == ["_pakt_w.quantized(position.x, -50.0, 50.0, 100000, 17, -50.0, 50.0, false)", "if _pakt_w.failed:",
                         '\t_pakt_w.in_field("x")', '\t_pakt_w.in_field("position")', "\treturn"]
    # Godot 3's Vector2i is an Array of ints.
    assert render(packed, "{{ f | packed_write_field(0) }}", "3", f=field(packed, "Floats", "voxel")).splitlines() == [
        "_pakt_w.zigzag(_pakt_runtime.BitWriter.component(voxel, 0))", "_pakt_w.zigzag(_pakt_runtime.BitWriter.component(voxel, 1))",
        "_pakt_w.zigzag(_pakt_runtime.BitWriter.component(voxel, 2))"]
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Floats", "rotation")).splitlines()[0] == \
        "_pakt_w.smallest_three(rotation, 9)"
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Floats", "raw_rotation")).splitlines() == [
        "_pakt_w.f32(raw_rotation.x)", "_pakt_w.f32(raw_rotation.y)", "_pakt_w.f32(raw_rotation.z)", "_pakt_w.f32(raw_rotation.w)"]
    # A list: its count ranged over [0, max_count], then the elements with their index in the path.
    lines = render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Collections", "scores")).splitlines()
    assert lines[0] == '_pakt_w.length(scores.size(), "count", "max_count", 8, 4)'
    assert lines[4:] == ["for _pakt_i0 in scores.size():", "\t_pakt_w.ranged(scores[_pakt_i0], 0, 1000, 10, false)", "\tif _pakt_w.failed:",
                         "\t\t_pakt_w.in_index(_pakt_i0)", '\t\t_pakt_w.in_field("scores")', "\t\treturn"]
    # Strings: the length (ranged, or a varint without max_length), then the bytes.
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Collections", "note")) == "_pakt_w.text(note, 0, 0)"
    # An optional: one presence bit.
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Collections", "maybe_level")).splitlines()[:4] == [
        "if maybe_level == null:", "\t_pakt_w.boolean(false)", "else:", "\t_pakt_w.boolean(true)"]
    # A nested message.
    assert render(packed, "{{ f | packed_write_field(0) }}", f=field(packed, "Scene", "camera")).splitlines()[0] == \
        "(_pakt_class_Camera().new() if camera == null else camera)._pakt_write_packed(_pakt_w)"
    # (Godot 3 has a native class Camera: the message's class is Camera_ there.)
    assert render(packed, "{{ f | packed_write_field(0) }}", "3", f=field(packed, "Scene", "camera")).splitlines()[0] == \
        "(_pakt_class_Camera_().new() if camera == null else camera)._pakt_write_packed(_pakt_w)"


def test_filter_packed_read_field(packed):
    assert render(packed, "{{ f | packed_read_field(0) }}", f=field(packed, "Numbers", "small_zig")).splitlines()[0] == \
        'small_zig = _pakt_r.zigzag(-2147483648, 2147483647, "int32")'
    assert render(packed, "{{ f | packed_read_field(0) }}", f=field(packed, "Numbers", "varint16")).splitlines()[0] == \
        'varint16 = _pakt_r.varint_u(65535, "uint16")'
    assert render(packed, "{{ f | packed_read_field(0) }}", f=field(packed, "Numbers", "raw8")).splitlines()[0] == \
        "raw8 = _pakt_r.raw8(true)"
    # The count is checked (limit, remaining bits for elements of their fewest bits: a Numbers' packed_min_bits)
    # before resizing.
    lines = render(packed, "{{ f | packed_read_field(0) }}", f=field(packed, "Collections", "numbers")).splitlines()
    assert lines[0] == 'var _pakt_n0_numbers: int = _pakt_r.length("count", "max_count", 3, 2, 210)'  # Numbers: at least 210 bits
    assert lines.index("numbers.resize(_pakt_n0_numbers)") > lines.index("if _pakt_n0_numbers < 0:")
    lines = render(packed, "{{ f | packed_read_field(0) }}", "3", f=field(packed, "Floats", "cell")).splitlines()
    assert lines[0] == "var _pakt_x0_cell = _pakt_r.ranged(-512, 1023, 10)"
    assert "cell = [_pakt_x0_cell, _pakt_y0_cell]" in lines
    assert render(packed, "{{ f | packed_read_field(0) }}", f=field(packed, "Collections", "maybe_name")).splitlines()[:2] == [
        'if _pakt_r.boolean("presence bit"):', "\tmaybe_name = _pakt_r.text(8, 4)"]


def test_filter_packed_same_field(packed):
    # Quantized values are the same when they fall on the same step (equal ones when in the range):
    # the codes computed inline, a float32 field's values rounded to float first.
    assert render(packed, "{{ f | packed_same_field(0) }}", f=field(packed, "Camera", "fov")).splitlines() == [
        "var _pakt_a0_0 = self.fov", "var _pakt_b0_0 = _pakt_o.fov", "_pakt_a0_0 = Vector2(_pakt_a0_0, 0.0).x",
        "_pakt_b0_0 = Vector2(_pakt_b0_0, 0.0).x",
        "if not (_pakt_a0_0 >= 30.0 and _pakt_a0_0 <= 120.0) or (_pakt_a0_0 != _pakt_b0_0 and not (_pakt_b0_0 >= 30.0 and "
        "_pakt_b0_0 <= 120.0 and int(round(((_pakt_a0_0 - (30.0)) * 127.0) / 90.0)) == int(round(((_pakt_b0_0 - (30.0)) * 127.0) / 90.0)))):",
        "\treturn false", "return true"]
    # A float32 just outside an end counts as the end (float(-3.2) < -3.2).
    lines = render(packed, "{{ f | packed_same_field(0) }}", f=field(packed, "Floats", "angle")).splitlines()
    assert lines[3:5] == ["if _pakt_a0_0 < -3.2 and _pakt_a0_0 >= (-13421773.0 * pow(2.0, -22)):", "\t_pakt_a0_0 = -3.2"]
    lines = render(packed, "{{ f | packed_same_field(0) }}", f=field(packed, "Scene", "cubes")).splitlines()
    assert lines[:3] == ["if self.cubes.size() != _pakt_o.cubes.size():", "\treturn false", "for _pakt_i0 in self.cubes.size():"]
    assert render(packed, "{{ f | packed_same_field(0) }}", f=field(packed, "Scene", "score")).splitlines()[:3] == [
        "if (self.score == null) != (_pakt_o.score == null):", "\treturn false", "if self.score != null:"]


def test_filter_packed_write_delta_field(packed):
    # Lists and fixed arrays of messages: the runtime writes the changed bit too (each element compared once).
    lines = render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Scene", "cubes")).splitlines()
    assert lines == ["_pakt_w.elements_delta(cubes, _pakt_base.cubes, true, 64, 7, _pakt_class_Cube())", "if _pakt_w.failed:",
                     '\t_pakt_w.in_field("cubes")', "\treturn"]
    assert render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Scene", "anchors")).splitlines()[0] == \
        "_pakt_w.elements_delta(anchors, _pakt_base.anchors, false, 0, 0, _pakt_class_Cube())"
    # A fixed-width field: the changed bit and the value in one word when in range, else field by field.
    lines = render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Scene", "phase")).splitlines()
    assert lines[0] == "if not _pakt_same_field_phase(_pakt_base, _pakt_w):"
    assert lines[4:7] == ["\tif (_pakt_e0_0 >= 0 and _pakt_e0_0 <= 3):", "\t\t_pakt_w.write(1 | (_pakt_e0_0 << 1), 3)",
                          "\telse:"]
    assert lines[7:9] == ["\t\t_pakt_w.boolean(true)", "\t\t_pakt_w.ranged(phase, 0, 3, 2, false)"]
    assert lines[-2:] == ["else:", "\t_pakt_w.boolean(false)"]
    assert render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Scene", "camera")).splitlines()[2] == \
        "\t(_pakt_class_Camera().new() if camera == null else camera)._pakt_write_delta(_pakt_w, _pakt_class_Camera().new() if _pakt_base.camera == null else _pakt_base.camera)"
    # Other fields (optionals included) are written in full when changed.
    assert render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Scene", "score")).splitlines()[2] == \
        "\tif score == null:"


def test_filter_packed_write_delta_field_quantizes_once(packed):
    # A quantized vector in its range: each component quantized once, an equal one only when written.
    lines = render(packed, "{{ f | packed_write_delta_field(0) }}", f=field(packed, "Cube", "position")).splitlines()
    text = "\n".join(lines)
    fast, slow = text.split("\nelse:\n\tif not _pakt_same_field_position(_pakt_base, _pakt_w):")
    assert "_pakt_same_field_position" not in fast, "the in-range path calls no same-encoding test"
    assert "\t\t_pakt_q_position_0 = int(round(((_pakt_v_position_0 - (-50.0)) * 100000.0) / 100.0))" in fast
    assert fast.count("int(round(((_pakt_b_position_0") == 1, "the baseline's value quantized once"
    assert "_pakt_w.write(1 | (_pakt_q_position_0 << 1) | (_pakt_q_position_1 << 18) | (_pakt_q_position_2 << 35), 52)" in fast
    assert "_pakt_w.quantized(position.x, " in slow, "out of range: field by field, which reports the error"


def test_filter_packed_read_delta_field(packed):
    assert render(packed, "{{ f | packed_read_delta_field(0) }}", f=field(packed, "Scene", "cubes")).splitlines() == [
        'if _pakt_r.boolean("changed bit"):', "\t_pakt_r.elements_delta(cubes, true, 64, 7, 91, _pakt_class_Cube())", "if _pakt_r.failed:",
        '\t_pakt_r.in_field("cubes")', "\treturn"]
    assert render(packed, "{{ f | packed_read_delta_field(0) }}", f=field(packed, "Scene", "camera")).splitlines()[:4] == [
        'if _pakt_r.boolean("changed bit"):', "\tif camera == null:", "\t\tcamera = _pakt_class_Camera().new()", "\tcamera._pakt_read_delta(_pakt_r)"]
    # A fixed-width field: its changed bit and value as one word (an unchanged one gives the value's bits
    # back), else bit by bit.
    lines = render(packed, "{{ f | packed_read_delta_field(0) }}", f=field(packed, "Scene", "phase")).splitlines()
    assert lines[3:7] == ["\tvar _pakt_word_phase: int = _pakt_r.get_bits(3)", "\tif _pakt_word_phase & 1 == 0:",
                          "\t\t_pakt_r.bit -= 2", "\t\t_pakt_done_phase = true"]
    assert lines[-5:-3] == ['\tif _pakt_r.boolean("changed bit"):', "\t\tphase = _pakt_r.ranged(0, 3, 2)"]


def test_filter_packed_read_body(packed):
    # A run of fixed-width fields: whole words, the codes checked at once, then field by field.
    lines = render(packed, "{{ m | packed_read_body(0) }}", m=message(packed, "Camera")).splitlines()
    assert lines[2:5] == ["if _pakt_r.size * 8 - _pakt_r.bit >= 52:", "\tvar _pakt_at0: int = _pakt_r.bit",
                          "\tvar _pakt_word0: int = _pakt_r.get_bits(52)"]
    assert "\tif _pakt_q0_0 > 20000 or _pakt_q0_1 > 20000 or _pakt_q0_2 > 20000:" in lines
    assert "\t\tfov = Vector2((120.0 if _pakt_q0_3 == 127 else 30.0 + (90.0 * (_pakt_q0_3 * 1.0)) / 127.0), 0.0).x" in lines
    assert "fov = _pakt_r.quantized(30.0, 120.0, 127, 7, true)" in lines  # the fallback
    # Other fields stay field by field; a run before them sets a flag instead of returning.
    lines = render(packed, "{{ m | packed_read_body(0) }}", m=message(packed, "Scene")).splitlines()
    assert lines[0] == "# line 104: frame: uint32"


def test_filter_packed_write_body(packed):
    lines = render(packed, "{{ m | packed_write_body(0) }}", m=message(packed, "Camera")).splitlines()
    assert lines[2:7] == ["var _pakt_e0_0_x = eye.x", "var _pakt_e0_0_y = eye.y", "var _pakt_e0_0_z = eye.z",
                          "var _pakt_e0_1 = fov", "_pakt_e0_1 = Vector2(_pakt_e0_1, 0.0).x"]
    assert lines[8].startswith("\t_pakt_w.write(int(round(((_pakt_e0_0_x - (-100.0)) * 20000.0) / 200.0)) | ") and \
        lines[8].endswith(" << 45), 52)")
    assert lines[9:11] == ["else:", "\t# line 97: eye: Vector3"]


def test_filter_packed_read_delta_body(packed):
    # Every field of Camera has a fixed width: an accumulator of whole words, left by break on a bad code.
    lines = render(packed, "{{ m | packed_read_delta_body(0) }}", m=message(packed, "Camera")).splitlines()
    assert lines[2:7] == ["if _pakt_r.size * 8 - _pakt_r.bit >= 54:", "\tvar _pakt_at: int = _pakt_r.bit",
                          "\tvar _pakt_acc: int = _pakt_r.get_bits(56)", "\tvar _pakt_have: int = 56",
                          "\twhile true:  # left by break on an invalid code"]
    assert "\t\t_pakt_r.bit -= _pakt_have" in lines and "\t_pakt_r.bit = _pakt_at" in lines
    # Scene has lists: field by field.
    assert "while true:" not in render(packed, "{{ m | packed_read_delta_body(0) }}", m=message(packed, "Scene"))


def test_filter_limit_checks(packed):
    assert render(packed, "{{ m | limit_checks(0) }}", m=message(packed, "Scene")).splitlines() == [
        "_pakt_w.check_count(cubes.size(), false, 64)", "if _pakt_w.failed:", '\t_pakt_w.in_field("cubes")', "\treturn",
        "_pakt_w.check_fixed(anchors.size(), 2)", "if _pakt_w.failed:", '\t_pakt_w.in_field("anchors")', "\treturn"]


def test_filter_assign_field(packed):
    # Arrays are copied (Godot 4 passes Packed arrays by reference; Godot 3's Pool arrays are values)
    # and nested messages deep-copied: a delta is applied to the copy in place.
    assert render(packed, "{{ f | assign_field(0) }}", f=field(packed, "Collections", "scores")).splitlines() == [
        "scores = _pakt_o.scores", "scores = scores.duplicate()"]
    assert render(packed, "{{ f | assign_field(0) }}", "3", f=field(packed, "Collections", "scores")) == "scores = _pakt_o.scores"
    lines = render(packed, "{{ f | assign_field(0) }}", f=field(packed, "Scene", "cubes")).splitlines()
    assert lines[:3] == ["cubes = _pakt_o.cubes", "cubes = cubes.duplicate()", "for _pakt_i in cubes.size():"]
    assert render(packed, "{{ f | assign_field(0) }}", f=field(packed, "Scene", "frame")) == "frame = _pakt_o.frame"


def test_filter_needs_limit_check(packed):
    assert render(packed, "{{ m | needs_limit_check }}", m=message(packed, "Collections")) == "True"
    assert render(packed, "{{ m | needs_limit_check }}", m=message(packed, "Scene")) == "True"  # max_count, Cube[2]
    assert render(packed, "{{ m | needs_limit_check }}", m=message(packed, "Numbers")) == "False"


@pytest.mark.parametrize("x", [-3.2, 0.1, 1e-05, 100.0, 1 / 3, 0.70710678118654752440, -1e300, 2.5e-30, 5e-324])
def test_packed_float_literal_is_exact(x):
    from pakt_gen.gdscript.packed import float_literal
    text = float_literal(x)
    m = __import__("re").fullmatch(r"\((-?\d+)\.0 \* pow\(2\.0, (-?\d+)\)\)", text)
    if m:
        assert int(m.group(1)) * 2.0 ** int(m.group(2)) == x
    else:
        assert float(text) == x


@pytest.mark.parametrize("value,want", [
    (0, "0"), (-1, "-1"), (9223372036854775807, "9223372036854775807"),
    (-9223372036854775808, "-9223372036854775807 - 1"),  # Godot 3 reads -9223372036854775808 as INT64_MIN + 1
    (18446744073709551615, "-1"), (9223372036854775808, "-9223372036854775807 - 1"),  # uint64: its int64 bits
])
def test_filter_integer_literal(packed, value, want):
    assert render(packed, "{{ v | integer_literal }}", v=value) == want


@pytest.mark.parametrize("value,want", [
    (0x33E1D222EB93A448, "3738500213117264968  # 0x33e1d222eb93a448"),
    (0xAEBBCD56B91F47F9, "-5855861118108481543  # 0xaebbcd56b91f47f9"),  # above INT64_MAX: its signed value
    (0x7FFFFFFFFFFFFFFF, "9223372036854775807  # 0x7fffffffffffffff"),
    (0x8000000000000000, "-9223372036854775807 - 1  # 0x8000000000000000"),  # INT64_MIN has no literal
    (0xFFFFFFFFFFFFFFFF, "-1  # 0xffffffffffffffff"),
    (0, "0  # 0x0000000000000000"),
])
def test_filter_fingerprint(packed, value, want):
    m = message(packed, "Scene")
    saved = m.facts.fingerprint
    m.facts.fingerprint = value
    try:
        assert render(packed, "{{ m | fingerprint }}", m=m) == want
    finally:
        m.facts.fingerprint = saved
