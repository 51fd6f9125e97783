"""Each Jinja2 filter and test of the C++ templates (pakt_gen/cpp/filters.py), through the template
environment that registers them, on the hand-written descriptor of conftest.py."""

import copy

import pytest

from pakt_gen.cpp import filters
from pakt_gen.cpp.render import make_environment
from pakt_gen.descriptor import read_descriptor
from pakt_gen.model import TypeRef


@pytest.fixture
def model(small):
    return read_descriptor(small)


def render(model, source, **values):
    """Renders a template string with `schema` (the root s.yaml) in its context."""
    env = make_environment(["compact", "mslima", "godot", "json"])
    return env.from_string(source).render(schema=model.roots[0], **values)


def fields(model):
    return {f.name: f for f in model.roots[0].messages[0].fields}


def test_every_filter_and_test_is_registered_and_tested():
    tested = {name[len("test_filter_"):] for name in globals() if name.startswith("test_filter_")}
    tested |= {name[len("test_test_"):] for name in globals() if name.startswith("test_test_")}
    assert set(filters.FILTERS) | set(filters.TESTS) <= tested
    env = make_environment(["compact"])
    assert set(filters.FILTERS) <= set(env.filters) and set(filters.TESTS) <= set(env.tests)


def test_filter_cpp_type(model):
    s = model.roots[0]
    assert render(model, "{{ m | cpp_type }}", m=s.messages[0]) == "::t::net::" + s.messages[0].name
    assert render(model, "{{ e | cpp_type }}", e=model.files[0].enums[0]) == "::lib::" + model.files[0].enums[0].name


def test_filter_detail_namespace(model):
    assert render(model, "{{ schema | detail_namespace }}") == "::pakt::generated::t::net"


def test_filter_field_type(model):
    f = fields(model)
    assert render(model, "{{ f | field_type }}", f=f["ws"]) == "::std::vector<::lib::W>"
    assert render(model, "{{ f | field_type }}", f=f["b"]) == "::std::optional<::std::vector<::std::uint8_t>>"


def test_filter_member_initializer(model):
    f = fields(model)
    assert render(model, "{{ f | member_initializer }}", f=f["team"]) == " = ::lib::Team::blue"
    assert render(model, "{{ f | member_initializer }}", f=f["f"]) == " = 0.1f"
    assert render(model, "{{ f | member_initializer }}", f=f["v"]) == " = ::pakt::Vector2{1.0f, 2.0f}"
    assert render(model, "{{ f | member_initializer }}", f=f["ws"]) == "{}"
    assert render(model, "{{ f | member_initializer }}", f=f["b"]) == "{}"  # default: null


def test_filter_brace_default(model):
    f = fields(model)
    assert render(model, "{{ f | brace_default }}", f=f["team"]) == "{::lib::Team::blue}"
    assert render(model, "{{ f | brace_default }}", f=f["ws"]) == "{}"


def test_filter_default_value(model):
    f = fields(model)
    assert render(model, "{{ f | default_value }}", f=f["team"]) == "::lib::Team{::lib::Team::blue}"
    # no default: value-initialised with (), never {} (GCC 12's ICE on std::array<std::string, N>{},
    # compiled by tests/schemas/packed_edges.yaml's Retired)
    assert render(model, "{{ f | default_value }}", f=f["ws"]) == "::std::vector<::lib::W>()"


def test_filter_reset_value(model):
    f = fields(model)
    assert render(model, "{{ f | reset_value }}", f=f["f"]) == "0.1f"
    assert render(model, "{{ f | reset_value }}", f=f["ws"]) == "::std::vector<::lib::W>{}"  # a move, not a copy


def test_filter_example_expr(model):
    m = model.roots[0].messages[0]
    f = fields(model)
    out = [render(model, "{{ f | example_expr(v) }}", f=f[k], v=m.example[k]) for k in ("f", "v", "ws", "b")]
    assert out == ["::std::numeric_limits<float>::infinity()",
                   "::pakt::Vector2{0.5f, -::std::numeric_limits<float>::infinity()}",
                   '::std::vector<::lib::W>{::lib::W{::std::string("x", 1)}}',
                   "::std::vector<::std::uint8_t>{1, 255}"]


def test_filter_namespace(model):
    assert render(model, "{{ schema | namespace }}") == "t::net"


def test_filter_builtin_cpp(model):
    assert render(model, "{{ 'uint16' | builtin_cpp }} {{ 'Quaternion' | builtin_cpp }}") == \
        "::std::uint16_t ::pakt::Quaternion"


def test_filter_enum_number(model):
    assert render(model, "{{ n | enum_number('int32') }}", n=-2**31) == "::std::numeric_limits<::std::int32_t>::min()"
    assert render(model, "{{ n | enum_number('uint64') }}", n=2**64 - 1) == "18446744073709551615ULL"
    assert render(model, "{{ n | enum_number('int16') }}", n=-32768) == "-32768"


def test_filter_code_char(model):
    assert render(model, "{{ 65 | code_char }}") == "A"


def test_filter_field_notes(model):
    f = fields(model)
    assert render(model, "{{ f | field_notes }}", f=f["b"]) == ", optional, since 2"
    assert render(model, "{{ f | field_notes }}", f=f["team"]) == ""
    w = model.files[0].messages[0].fields[0]
    assert render(model, "{{ f | field_notes }}", f=w) == ", max_length 8"


def test_filter_min_size(model):
    assert render(model, "{{ m | min_size }}", m=model.roots[0].messages[0]) == "17"


def test_filter_fixed_size(model):
    m = model.roots[0].messages[0]
    assert render(model, "{{ m | fixed_size }}", m=m) == "0"
    m.facts.compact.fixed_size = 12
    assert render(model, "{{ m | fixed_size }}", m=m) == "12"


def test_filter_marshal_size(model):
    assert render(model, "{{ m | marshal_size }}", m=model.roots[0].messages[0]) == "40"


def test_filter_fingerprint(model):
    assert render(model, "{{ m | fingerprint }}", m=model.roots[0].messages[0]) == "0x0123456789ABCDEFULL"
    assert render(model, "{{ m | fingerprint }}", m=model.files[0].messages[0]) == "0x00000000000000ABULL"


def test_filter_wire_shape(model):
    assert render(model, "{{ m | wire_shape }}", m=model.files[0].messages[0]) == "{string}"


def test_filter_version_boundaries(model):
    assert render(model, "{{ m | version_boundaries }}", m=model.roots[0].messages[0]) == "[4]"


def test_filter_read_groups(model):
    def groups(m):
        return render(model, "{% for start, g in m | read_groups %}{{ start }}:{{ g | map(attribute='name') | join(',') }} "
                      "{% endfor %}", m=m).strip()

    p = model.roots[0].messages[0]
    # team, f, v are fixed-size (enum, float32, Vector2); the list and the optional stand alone.
    assert groups(p) == "0:team,f,v 3:ws 4:b"
    f = fields(model)
    f["ws"].type.kind, f["ws"].type.name = "builtin", "int32"
    f["b"].optional, f["b"].type.name = False, "bool"
    assert groups(p) == "0:team,f,v,ws 4:b"  # a run stops at the version boundary before b
    f["f"].deprecated = True
    assert groups(p) == "0:team 1:f 2:v,ws 4:b"  # a deprecated field is read alone (and dropped)


def test_filter_write_groups(model):
    def groups(m):
        return render(model, "{% for flat, g in m | write_groups %}{{ 'flat' if flat else 'alone' }}:"
                      "{{ g | map(attribute='name') | join(',') }} {% endfor %}", m=m).strip()

    p = model.roots[0].messages[0]
    # team, f, v are flat (enum, float32, Vector2); a list of messages and an optional are not.
    assert groups(p) == "flat:team,f,v alone:ws alone:b"
    f = fields(model)
    ws = f["ws"]
    element = ws.type.element
    TypeRef = type(element)
    int32 = TypeRef(kind="builtin", name="int32")
    for alone in (element,  # one message
                  TypeRef(kind="array", element=int32, count=3),  # an std::array
                  TypeRef(kind="list", element=TypeRef(kind="list", element=int32)),  # a list of lists
                  TypeRef(kind="list", element=TypeRef(kind="array", element=int32, count=2))):
        ws.type = alone
        assert groups(p) == "flat:team,f,v alone:ws alone:b", alone
    ws.type = TypeRef(kind="list", element=element)
    for kind, name, flat in (("builtin", "int16", True), ("builtin", "Quaternion", True),
                             ("builtin", "bool", False), ("builtin", "string", False),
                             ("builtin", "bytes", False), ("enum", "Team", True)):
        ws.type.element = TypeRef(kind=kind, name=name)
        expected = "flat:team,f,v,ws alone:b" if flat else "flat:team,f,v alone:ws alone:b"
        assert groups(p) == expected, (kind, name)
    ws.type = ws.type.element  # one enum: flat, unlike an array or a message
    assert groups(p) == "flat:team,f,v,ws alone:b"
    f["b"].optional, f["b"].type.name = False, "bytes"  # runs do not stop at version boundaries
    assert groups(p) == "flat:team,f,v,ws,b"
    f["f"].deprecated = True  # written as its default, still flat
    assert groups(p) == "flat:team,f,v,ws,b"


def test_filter_inline_reader(model):
    f = fields(model)
    ws = f["ws"]
    assert render(model, "{{ f | inline_reader }}", f=ws) == ""  # W is another file's: its ReadW is not here
    w = ws.type.element.message
    w.schema = model.roots[0]
    assert render(model, "{{ f | inline_reader }}", f=ws) == "ReadW"  # a list of this file's leaf message
    ws.type = ws.type.element
    assert render(model, "{{ f | inline_reader }}", f=ws) == "ReadW"  # one nested message
    ws.optional = True
    assert render(model, "{{ f | inline_reader }}", f=ws) == ""  # optionals go through the Reader
    ws.optional = False
    w.fields[0].type = f["ws"].type  # W now holds a message: not a leaf, read by ReadMessageAt
    assert render(model, "{{ f | inline_reader }}", f=ws) == ""
    assert render(model, "{{ f | inline_reader }}", f=f["team"]) == ""


def test_filter_memory_copy_fields(model):
    def names(m):
        return render(model, "{{ m | memory_copy_fields | map(attribute='name') | join(',') }}", m=m)

    p = model.roots[0].messages[0]
    assert names(p) == ""  # an enum, a list and an optional: not its own wire form
    f = fields(model)
    f["team"].type.kind, f["team"].type.name = "builtin", "float32"
    f["ws"].type.kind, f["ws"].type.name = "builtin", "int32"
    f["b"].optional, f["b"].type.name = False, "uint16"
    assert names(p) == "team,f,v,ws,b"  # numbers and math types only: the C++ side checks the layout
    p.extensible = True
    assert names(p) == ""  # a frame length comes before the fields
    p.extensible = False
    f["b"].type.name = "bool"
    assert names(p) == ""  # a bool's byte is checked on decode
    f["b"].type.name = "uint16"
    f["f"].deprecated = True
    assert names(p) == ""  # a deprecated field is written as its default


def test_filter_field_limits(model):
    w = model.files[0].messages[0].fields[0]
    assert render(model, "{{ f | field_limits }}", f=w) == "::pakt::Limits{8, 0}"
    assert render(model, "{{ f | field_limits }}", f=fields(model)["ws"]) == ""


def test_filter_godot_write(model):
    f = fields(model)
    assert render(model, "{{ f | godot_write }}", f=f["b"]) == "write_value"
    f["ws"].type.element.kind, f["ws"].type.element.name = "builtin", "uint8"
    assert render(model, "{{ f | godot_write }}", f=f["ws"]) == "write_uint8_list"


def test_filter_godot_read(model):
    f = fields(model)
    assert render(model, "{{ f | godot_read }}", f=f["b"]) == "read_value"
    f["ws"].type.element.kind, f["ws"].type.element.name = "builtin", "uint8"
    assert render(model, "{{ f | godot_read }}", f=f["ws"]) == "read_uint8_list"


def test_test_needs_check(model):
    f = fields(model)
    template = "{{ f is needs_check }}"
    assert render(model, template, f=f["ws"]) == "True"  # W's facts say needs_check
    assert render(model, template, f=f["team"]) == "False"
    model.files[0].messages[0].facts.needs_check = False
    assert render(model, template, f=f["ws"]) == "False"  # the fact, not a recomputation


def test_test_uint8_list(model):
    f = fields(model)
    assert render(model, "{{ f is uint8_list }}", f=f["b"]) == "False"  # bytes: a PackedByteArray
    f["ws"].type.element.kind, f["ws"].type.element.name = "builtin", "uint8"
    assert render(model, "{{ f is uint8_list }}", f=f["ws"]) == "True"


def _packed_field(name, type_ref, packed=None, **options):
    from pakt_gen.model import Field, Location

    return Field(name=name, type=type_ref, loc=Location("p.yaml", 3, 9), packed=packed, **options)


def _element(kind, name="", min_bits=0, **kw):
    """A list's element type with the descriptor's facts (the fewest packed bits of one element)."""
    from pakt_gen.model import TypeFacts, TypeRef

    facts = TypeFacts(min_size=1, fixed_size=None, packed_min_bits=min_bits, write_can_fail=False,
                      packed_write_can_fail=False)
    return TypeRef(kind, name, facts=facts, **kw)


def test_filter_packed_code(model):
    from pakt_gen.model import PackedCode, TypeRef

    P = "::pakt::packing::"
    code = lambda f: render(model, "{{ f | packed_code }}", f=f)  # noqa: E731
    ranged = PackedCode("ranged", bits=7, min=0, span=100)
    # leaves: the descriptor's code as a constant
    assert code(_packed_field("a", TypeRef("builtin", "uint8"), ranged)) == P + "Ranged{0, 100, 7}"
    assert code(_packed_field("a", TypeRef("builtin", "bool"), PackedCode("bool", bits=1))) == P + "Bool{}"
    assert code(_packed_field("a", TypeRef("builtin", "int64"), PackedCode("zigzag"))) == P + "Varint{}"
    assert code(_packed_field("a", TypeRef("builtin", "uint16"), PackedCode("varint"))) == P + "Varint{}"
    assert code(_packed_field("a", TypeRef("builtin", "float64"), PackedCode("raw", bits=64))) == P + "Raw{}"
    assert code(_packed_field("a", TypeRef("builtin", "Quaternion"), PackedCode("smallest_three", bits=9))) == (
        P + "SmallestThree{9}")
    # quantized bounds round-trip exactly (repr); steps above int32 get a suffix
    q = PackedCode("quantized", bits=15, min=-3.2, max=0.1 + 0.2, steps=20000)
    assert code(_packed_field("a", TypeRef("builtin", "float32"), q)) == (
        P + "Quantized{-3.2, 0.30000000000000004, 20000, 15}")
    q = PackedCode("quantized", bits=32, min=0.0, max=1e-05, steps=2**32 - 1)
    assert code(_packed_field("a", TypeRef("builtin", "Vector3"), q)) == P + "Quantized{0.0, 1e-05, 4294967295ULL, 32}"
    # int64 bounds without overflowing literals
    wide = PackedCode("ranged", bits=64, min=-(2**63), span=2**64 - 1)
    assert code(_packed_field("a", TypeRef("builtin", "int64"), wide)) == (
        P + "Ranged{::std::numeric_limits<::std::int64_t>::min(), 18446744073709551615ULL, 64}")
    big = PackedCode("ranged", bits=63, min=1000, span=2**63 - 1001)
    assert code(_packed_field("a", TypeRef("builtin", "uint64"), big)) == P + "Ranged{1000, 9223372036854774807ULL, 63}"
    # strings, bytes and lists: compact's LengthRule texts (pakt/message_rules.hpp)
    assert code(_packed_field("s", TypeRef("builtin", "string"), max_length=16)) == (
        P + 'Text{' + P + 'MakeLength(::pakt::LengthRule{"string length", "max_length", 16})}')
    assert code(_packed_field("b", TypeRef("builtin", "bytes"))) == (
        P + 'Blob{' + P + 'MakeLength(::pakt::LengthRule{"length", "max_length", 0})}')
    # a list's last argument: its element's packed_min_bits fact, verbatim (here not what the code's bits say)
    scores = _packed_field("scores", TypeRef("list", element=_element("builtin", "uint16", 41)), ranged, max_count=8)
    assert code(scores) == (P + "List<" + P + "Ranged>{" + P + 'MakeLength(::pakt::LengthRule{"count", "max_count", 8}), '
                            + P + "Ranged{0, 100, 7}, 41}")
    u8 = _packed_field("u8", TypeRef("list", element=_element("builtin", "uint8", 8)), PackedCode("raw", bits=8))
    assert code(u8) == (P + "List<" + P + "Raw>{" + P + 'MakeLength(::pakt::LengthRule{"length", "max_length", 0}), '
                        + P + "Raw{}, 8}")
    tags = _packed_field("tags", TypeRef("list", element=_element("builtin", "string", 4)), max_count=4, max_length=10)
    assert code(tags) == (P + "List<" + P + "Text>{" + P + 'MakeLength(::pakt::LengthRule{"count", "max_count", 4}), '
                          + P + "Text{" + P + 'MakeLength(::pakt::LengthRule{"string length", "max_length", 10})}, 4}')
    flat = _packed_field("v", TypeRef("list", element=_element("builtin", "Vector2", 20)),
                         PackedCode("quantized", bits=10, min=0.0, max=10.0, steps=1023))
    assert code(flat).endswith(", 20}")
    w = model.files[0].messages[0]
    ws = _packed_field("ws", TypeRef("list", element=_element("message", "W", 13, message=w)), max_count=3)
    assert code(ws) == (P + "List<" + P + "Message>{" + P + 'MakeLength(::pakt::LengthRule{"count", "max_count", 3}), '
                        + P + "Message{}, 13}")
    # arrays and optionals wrap their element's code
    corners = _packed_field("c", TypeRef("array", element=TypeRef("builtin", "Vector2i"), count=4), ranged)
    assert code(corners) == P + "Array<" + P + "Ranged>{" + P + "Ranged{0, 100, 7}}"
    maybe = _packed_field("m", TypeRef("message", "W", message=w), optional=True)
    assert code(maybe) == P + "Optional<" + P + "Message>{" + P + "Message{}}"
    # a leaf without a code is a front-end / back-end mismatch
    with pytest.raises(ValueError, match="no packed code"):
        code(_packed_field("x", TypeRef("builtin", "int32")))


def test_filter_entry_point(model):
    f = fields(model)
    p = model.roots[0].messages[0]  # P holds a list of W, a leaf: two levels, inlined
    w = f["ws"].type.element.message
    assert render(model, "{{ m | entry_point }}", m=w) == ""  # a leaf
    assert render(model, "{{ m | entry_point }}", m=p) == ""  # a message of leaves
    # A message holding P (an optional one, or a list of them): three levels, called, not inlined.
    outer = copy.deepcopy(p)
    outer.fields[0].type = TypeRef("message", name="P", message=p)
    outer.fields[0].optional = True
    assert render(model, "{{ m | entry_point }}", m=outer) == "PAKT_NOINLINE "
    outer.fields[0].type = TypeRef("list", element=TypeRef("message", name="P", message=p))
    outer.fields[0].optional = False
    assert render(model, "{{ m | entry_point }}", m=outer) == "PAKT_NOINLINE "
    f["ws"].type.kind, f["ws"].type.name = "builtin", "int32"  # P without W: outer is two levels
    assert render(model, "{{ m | entry_point }}", m=outer) == ""
