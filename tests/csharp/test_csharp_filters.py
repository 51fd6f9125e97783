"""Each Jinja2 filter of the C# templates (pakt_gen/csharp/filters.py), through the template
environment that registers them, on the descriptor of tests/schemas/rich.yaml (PAKT_TOOL)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen.csharp import filters  # noqa: E402
from pakt_gen.csharp.render import make_environment  # noqa: E402
from pakt_gen.descriptor import load_descriptor  # noqa: E402


@pytest.fixture(scope="module")
def model():
    tool = os.environ.get("PAKT_TOOL")
    if not tool:
        pytest.fail("PAKT_TOOL is not set: run through ctest or set PAKT_TOOL=/path/to/build/pakt")
    out = subprocess.run([tool, "describe", "tests/schemas/rich.yaml"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return load_descriptor(out)


def render(model, source, **values):
    return make_environment().from_string(source).render(schema=model.roots[0], **values)


def field(model, message, name):
    m = next(m for m in model.roots[0].messages if m.name == message)
    return next(f for f in m.fields if f.name == name)


def message(model, name):
    return next(m for m in model.roots[0].messages if m.name == name)


def test_every_filter_is_registered_and_tested():
    tested = {name[len("test_filter_"):] for name in globals() if name.startswith("test_filter_")}
    assert set(filters.FILTERS) | set(filters.TESTS) <= tested
    env = make_environment()
    assert set(filters.FILTERS) <= set(env.filters)


def test_filter_ident(model):
    assert render(model, "{{ 'class' | ident }} {{ 'hp' | ident }}") == "@class hp"


def test_filter_pascal(model):
    assert render(model, "{{ 'photon_seed' | pascal }} {{ 'max' | pascal }}") == "PhotonSeed Max"


def test_filter_namespace(model):
    assert render(model, "{{ schema | namespace }}") == "Pakt.Test"


def test_filter_field_type(model):
    assert render(model, "{{ f | field_type }}", f=field(model, "Optionals", "maybe_int")) == "int?"
    assert render(model, "{{ f | field_type }}", f=field(model, "Optionals", "maybe_text")) == "string"
    assert render(model, "{{ f | field_type }}", f=field(model, "Lists", "inners")) == "global::System.Collections.Generic.List<global::Pakt.Test.Inner>"
    assert render(model, "{{ f | field_type }}", f=field(model, "Fixed", "rgba")) == "byte[]"
    assert render(model, "{{ f | field_type }}", f=field(model, "Geometry", "v2i")) == "Vector2i"


def test_filter_builtin_cs(model):
    assert render(model, "{{ 'uint64' | builtin_cs }} {{ 'int8' | builtin_cs }}") == "ulong sbyte"


def test_filter_enum_number(model):
    assert render(model, "{{ -2147483648 | enum_number('int32') }} {{ 255 | enum_number('uint8') }}") == \
        "int.MinValue 255"


def test_filter_default_value(model):
    assert render(model, "{{ f | default_value }}", f=field(model, "Scalars", "small")) == "global::Pakt.Test.Small.One"
    assert render(model, "{{ f | default_value }}", f=field(model, "Versioned", "c")) == \
        "new global::System.Collections.Generic.List<short> { (short)(1), (short)(2) }"
    assert render(model, "{{ f | default_value }}", f=field(model, "Optionals", "maybe_inner")) == "null"
    assert render(model, "{{ f | default_value }}", f=field(model, "Fixed", "names")) == 'new string[] { "", "" }'
    assert render(model, "{{ f | default_value }}", f=field(model, "Texts", "raw")) == "new byte[0]"


def test_filter_cs_string(model):
    assert render(model, "{{ s | cs_string }}", s='a"\\\n가😀') == '"a\\"\\\\\\u000a\\uac00\\U0001f600"'


def test_filter_doc_comment(model):
    assert render(model, "{{ 'a < b' | doc_comment(4) }}") == "    /// <summary>\n    /// a &lt; b\n    /// </summary>\n"
    assert render(model, "{{ '' | doc_comment(4) }}") == ""


def test_filter_write_field(model):
    assert render(model, "{{ f | write_field(0) }}", f=field(model, "Scalars", "small")) == "w.U8((byte)m.small);"
    text = render(model, "{{ f | write_field(0) }}", f=field(model, "Optionals", "maybe_int"))
    assert "m.maybe_int.HasValue" in text and "w.U8(1);" in text and "w.I32(m.maybe_int.Value);" in text
    assert "dep = 42" in render(model, "{{ f | write_field(0) }}", f=field(model, "Versioned", "old"))


def test_filter_size_field(model):
    assert render(model, "{{ f | size_field(0) }}", f=field(model, "Texts", "s")) == \
        "n += global::Pakt.Writer.StringSize(m.s);"
    assert render(model, "{{ f | size_field(0) }}", f=field(model, "Versioned", "old")) == "n += 4;"


def test_filter_read_field(model):
    text = render(model, "{{ f | read_field(0) }}", f=field(model, "Lists", "u8s"))
    assert 'r.Length("count", "max_count", 10, 1)' in text and 'e.InField("u8s")' in text
    text = render(model, "{{ f | read_field(0) }}", f=field(model, "Lists", "empties"))
    assert 'r.Length("count", "max_count", 4, 0)' in text
    assert "m.limited = r.String(8);" in render(model, "{{ f | read_field(0) }}", f=field(model, "Texts", "limited"))
    deprecated = render(model, "{{ f | read_field(0) }}", f=field(model, "Versioned", "old"))
    assert deprecated.index("ignored = r.I32();") < deprecated.index("Discard(ignored);") < deprecated.index(
        "m.old = 42;"), "a deprecated field is read and dropped, then set to its default"


def test_filter_check_field(model):
    assert "global::Pakt.Check.StringLength(m.limited, 8);" in \
        render(model, "{{ f | check_field(0) }}", f=field(model, "Texts", "limited"))
    assert "Check.Count(n0, false, 4)" in render(model, "{{ f | check_field(0) }}", f=field(model, "Lists", "strings"))
    assert render(model, "{{ f | check_field(0) }}", f=field(model, "Scalars", "i32")) == ""


def test_filter_json_field(model):
    assert render(model, "{{ f | json_field(0) }}", f=field(model, "Scalars", "u64")) == "j.UInt(m.u64);"
    assert render(model, "{{ f | json_field(0) }}", f=field(model, "Scalars", "f32")) == "j.Float(m.f32);"
    assert "j.Null();" in render(model, "{{ f | json_field(0) }}", f=field(model, "Optionals", "maybe_vec"))


def test_filter_reset_value(model):
    assert render(model, "{{ f | reset_value }}", f=field(model, "Versioned", "d")) == "3.5d"


def test_filter_fixed_size(model):
    assert render(model, "{{ m | fixed_size }}", m=message(model, "Geometry")) == "72"
    assert render(model, "{{ m | fixed_size }}", m=message(model, "Texts")) == "0"


def test_filter_version_boundaries(model):
    assert render(model, "{{ m | version_boundaries }}", m=message(model, "Versioned")) == "[2, 4]"


def test_filter_enum_underlying(model):
    e = next(e for e in model.roots[0].enums if e.name == "Signed")
    assert render(model, "{{ e | enum_underlying }}", e=e) == "short"


# --------------------------------------------------------------------------- packed (tests/schemas/packed.yaml)
@pytest.fixture(scope="module")
def packed_model():
    out = subprocess.run([os.environ["PAKT_TOOL"], "describe", "tests/schemas/packed.yaml"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return load_descriptor(out)


def test_filter_packed_constants(packed_model):
    m = packed_model
    text = render(m, "{{ f | packed_constants(0) }}", f=field(m, "Numbers", "percent"))
    assert text == ("// line 25: percent: uint8, ranged [0, 100] in 7 bits\n"
                    "internal static readonly global::Pakt.PackedCode code_percent = global::Pakt.PackedCode.Ranged(0L, 100UL, 7);")
    assert "PackedCode.Ranged(long.MinValue, 18446744073709551615UL, 64)" in \
        render(m, "{{ f | packed_constants(0) }}", f=field(m, "Numbers", "wide"))
    assert "PackedCode.Quantized(-3.2, 3.2, 6400UL, 13)" in \
        render(m, "{{ f | packed_constants(0) }}", f=field(m, "Floats", "angle"))
    assert "PackedCode.SmallestThree(9)" in render(m, "{{ f | packed_constants(0) }}", f=field(m, "Floats", "rotation"))
    tags = render(m, "{{ f | packed_constants(0) }}", f=field(m, "Collections", "tags"))
    assert 'length_tags = new global::Pakt.PackedLength("count", "max_count", 4);' in tags
    assert 'element_length_tags = new global::Pakt.PackedLength("string length", "max_length", 10);' in tags
    assert 'changed_anchors = new global::Pakt.PackedLength("changed count", "size", 2);' in \
        render(m, "{{ f | packed_constants(0) }}", f=field(m, "Scene", "anchors"))
    assert render(m, "{{ f | packed_constants(0) }}", f=field(m, "Scene", "camera")) == ""


def test_filter_packed_write_field(packed_model):
    m = packed_model
    text = render(m, "{{ f | packed_write_field(0) }}", f=field(m, "Numbers", "offset"))
    assert text.startswith("// line 38: offset: Offset, ranged [-10, 20] in 5 bits\n")
    assert "w.Signed((long)m.offset, PaktPackedCodes.code_offset);" in text and 'e.InField("offset")' in text
    text = render(m, "{{ f | packed_write_field(0) }}", f=field(m, "Collections", "maybe_level"))
    assert "w.Bool(m.maybe_level.HasValue);" in text and "w.Unsigned(m.maybe_level.Value, " in text
    text = render(m, "{{ f | packed_write_field(0) }}", f=field(m, "Collections", "scores"))
    assert "w.Count(n0, PaktPackedCodes.length_scores);" in text and "e.InIndex(i0);" in text


def test_filter_packed_read_field(packed_model):
    m = packed_model
    text = render(m, "{{ f | packed_read_field(0) }}", f=field(m, "Numbers", "small_zig"))
    assert 'm.small_zig = (int)r.Signed(PaktPackedCodes.code_small_zig, int.MinValue, int.MaxValue, "int32");' in text
    text = render(m, "{{ f | packed_read_field(0) }}", f=field(m, "Scene", "cubes"))
    assert "r.Count(PaktPackedCodes.length_cubes, 91)" in text, "a count is bounded by the element's fewest bits"
    text = render(m, "{{ f | packed_read_field(0) }}", f=field(m, "Collections", "tags"))
    assert "r.String(PaktPackedCodes.element_length_tags)" in text


def test_filter_packed_same_field(packed_model):
    m = packed_model
    assert render(m, "{{ f | packed_same_field(0) }}", f=field(m, "Cube", "position")) == (
        "// line 90: position: Vector3, quantized [-50.0, 50.0] in 100000 steps, 17 bits\n"
        "if (!global::Pakt.Packed.SameVector3(a.position, b.position, PaktPackedCodes.code_position)) return false;")
    text = render(m, "{{ f | packed_same_field(0) }}", f=field(m, "Scene", "score"))
    assert "if (a.score.HasValue != b.score.HasValue) same = false;" in text and text.endswith("    if (!same) return false;\n}")


def test_filter_packed_write_delta_field(packed_model):
    m = packed_model
    text = render(m, "{{ f | packed_write_delta_field(0) }}", f=field(m, "Scene", "cubes"))
    assert "w.Bool(!same);" not in text, "the list delta writes its own changed bit"
    assert ("if (global::Pakt.Packed.WriteListDelta(w, m.cubes, b.cubes, PaktPackedCodes.length_cubes, "
            "default(global::Pakt.Test.Packed.Cube.PaktPackedCodec))) changed = true;") in text
    text = render(m, "{{ f | packed_write_delta_field(0) }}", f=field(m, "Scene", "anchors"))
    assert ("WriteArrayDelta(w, m.anchors, b.anchors, 2, PaktPackedCodes.changed_anchors, "
            "default(global::Pakt.Test.Packed.Cube.PaktPackedCodec))) changed = true;") in text
    assert ("if (global::Pakt.Packed.WriteMessageDelta(w, m.camera, b.camera, "
            "default(global::Pakt.Test.Packed.Camera.PaktPackedCodec))) changed = true;") in \
        render(m, "{{ f | packed_write_delta_field(0) }}", f=field(m, "Scene", "camera"))
    text = render(m, "{{ f | packed_write_delta_field(0) }}", f=field(m, "Cube", "position"))
    assert "if (w.DeltaVector3(m.position, b.position, PaktPackedCodes.code_position)) changed = true;" in text, \
        "a float leaf: its changed bit and value in one call, quantized once"
    text = render(m, "{{ f | packed_write_delta_field(0) }}", f=field(m, "Scene", "phase"))
    assert "bool same = m.phase == b.phase;" in text
    assert "if (same) w.Defer(false);" in text, "an unchanged field's 0 bit is deferred"
    assert text.index("changed = true;") < text.index("w.Signed((long)m.phase, PaktPackedCodes.code_phase);"), \
        "a leaf changed is written in full"


def test_filter_packed_read_delta_field(packed_model):
    m = packed_model
    text = render(m, "{{ f | packed_read_delta_field(0) }}", f=field(m, "Scene", "cubes"))
    assert 'if (r.ReadBool("changed bit"))' in text
    assert ("global::Pakt.Packed.ReadListDelta(r, m.cubes, PaktPackedCodes.length_cubes, 91, "
            "default(global::Pakt.Test.Packed.Cube.PaktPackedCodec));") in text
    text = render(m, "{{ f | packed_read_delta_field(0) }}", f=field(m, "Scene", "score"))
    assert "if (r.Presence())" in text, "an optional field changed is read in full"


def test_packed_deprecated_fields_write_their_default(model):
    text = render(model, "{{ f | packed_write_field(0) }}", f=field(model, "Versioned", "old"))
    assert "dep = 42;" in text and "w.Signed(dep, " in text
    assert "w.Defer(false);  // deprecated" in render(model, "{{ f | packed_write_delta_field(0) }}",
                                                      f=field(model, "Versioned", "old"))
    assert render(model, "{{ f | packed_same_field(0) }}", f=field(model, "Versioned", "old")) == ""
    read = render(model, "{{ f | packed_read_delta_field(0) }}", f=field(model, "Versioned", "old"))
    assert read.index("Discard(ignored);") < read.index("m.old = 42;")


def test_filter_code_text(model):
    assert render(model, "{{ 65 | code_text }} {{ 240 | code_text }} {{ 39 | code_text }} {{ 32 | code_text }}") == \
        "65 ('A') 240 39 32"


def test_every_type_is_spelled_from_global(model):
    """No schema name can change what a type of the generated code means: every enum, message and BCL type
    is spelled from global:: (names the front end refuses for C#: csharp/names.yaml, docs/names.md)."""
    assert render(model, "{{ f | field_type }}", f=field(model, "Nested", "inner")) == "global::Pakt.Test.Inner"
    text = render(model, "{% include 'schema.cs.j2' %}", messages=model.roots[0].messages)
    for bare in ("List<", "ArgumentNullException(", "ArgumentException(", "Math.", "[Serializable]", "ExitGames."):
        for line in text.splitlines():
            code = line.split("//")[0]
            at = code.find(bare)
            while at != -1:
                assert code[:at].endswith(("global::System.Collections.Generic.", "global::System.", "global::")), line
                at = code.find(bare, at + 1)
