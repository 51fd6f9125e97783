"""The C++ back end's spellings of model things: literals, defaults, type names, message order."""

import pytest

from pakt_gen.cpp import literals, types
from pakt_gen.cpp.render import dependency_order
from pakt_gen.descriptor import read_descriptor


@pytest.mark.parametrize("value,expected", [(0.162, "0.162f"), (62, "62.0f"), (1e-45, "1e-45f"), (-0.0, "-0.0f")])
def test_float_literals_are_the_shortest_exact_text(value, expected):
    assert literals.float_literal(value, True) == expected


@pytest.mark.parametrize("value,expected", [(0.1, "0.1"), (1e300, "1e+300"), (float("nan"),
                         "::std::numeric_limits<double>::quiet_NaN()"),
                         (float("-inf"), "-::std::numeric_limits<double>::infinity()")])
def test_float64_literals(value, expected):
    assert literals.float_literal(value, False) == expected


def test_string_literals_escape_what_cpp_needs():
    assert literals.string_literal('a"\\\n\x01?é') == '"a\\"\\\\\\n\\001\\?é"'


@pytest.mark.parametrize("value,name,expected", [
    (-2**63, "int64", "::std::numeric_limits<::std::int64_t>::min()"),
    (-2**31, "int32", "::std::numeric_limits<::std::int32_t>::min()"),
    (2**64 - 1, "uint64", "18446744073709551615ULL"), (7, "uint32", "7U"), (-5, "int64", "-5LL"), (3, "int8", "3")])
def test_integer_literals(value, name, expected):
    assert literals.integer_literal(value, name) == expected


def test_defaults_and_examples_render_as_cpp(small):
    s = read_descriptor(small).roots[0]
    p = s.messages[0]
    assert literals.member_initializer(p.fields[0], s) == " = ::lib::Team::blue"
    assert literals.member_initializer(p.fields[1], s) == " = 0.1f"
    assert literals.member_initializer(p.fields[2], s) == " = ::pakt::Vector2{1.0f, 2.0f}"
    assert literals.value_expr(p.fields[1].type, p.example["f"], s) == "::std::numeric_limits<float>::infinity()"
    assert literals.value_expr(p.fields[4].type, None, s, optional=True) == "::std::nullopt"


def test_type_names_are_qualified_from_the_global_namespace(small):
    d = read_descriptor(small)
    lib, s = d.files
    ws = s.messages[0].fields[3]
    assert types.type_name(ws.type, s) == "::std::vector<::lib::W>"
    assert types.type_name(ws.type, lib) == "::std::vector<::lib::W>"  # the same spelling in every file
    assert types.namespace(s) == "t::net"


def test_messages_follow_the_messages_they_contain(small):
    files = small["files"]
    files[1]["messages"].insert(0, {**files[0]["messages"][0], "name": "Inner", "line": 3})
    p = files[1]["messages"][1]
    p["fields"][3]["type"]["element"].update(name="Inner", file="s.yaml")
    s = read_descriptor(small).roots[0]
    s.messages.reverse()  # P before Inner in the file
    assert [m.name for m in dependency_order(s.messages)] == ["Inner", "P"]


def test_packed_delta_kind_follows_docs_packed_delta():
    from types import SimpleNamespace as NS
    from pakt_gen.model import packed_delta_kind

    def field(kind, element=None, optional=False):
        return NS(optional=optional, type=NS(kind=kind, element=NS(kind=element) if element else None))

    assert packed_delta_kind(field("message")) == "message"
    assert packed_delta_kind(field("message", optional=True)) == "full"  # presence and value in full
    assert packed_delta_kind(field("list", "message")) == "list"
    assert packed_delta_kind(field("array", "message")) == "array"
    assert packed_delta_kind(field("list", "builtin")) == "full"
    assert packed_delta_kind(field("builtin")) == "full"
    assert packed_delta_kind(field("enum")) == "full"


def test_contained_message_looks_through_lists_and_arrays():
    from types import SimpleNamespace as NS
    from pakt_gen.model import contained_message

    inner = object()
    message = NS(kind="message", message=inner)
    assert contained_message(message) is inner
    assert contained_message(NS(kind="list", element=message)) is inner
    assert contained_message(NS(kind="array", element=NS(kind="list", element=message))) is inner
    assert contained_message(NS(kind="list", element=NS(kind="builtin"))) is None
    assert contained_message(NS(kind="enum")) is None
