"""The Jinja2 filters and tests of the C++ templates, registered in one place (register()).

Filters that spell a type or value as seen from the file being generated read `schema` from the
template context. Facts (sizes, shapes, fingerprints, version boundaries, needs_check) come from
the descriptor; nothing here computes a wire rule.
"""

from typing import Callable, Dict

from ..templating import schema_filter
from ..model import (FLOAT_TYPES, INTEGER_TYPES, VECTOR_COMPONENTS, Field, Message, PackedCode, TypeRef,
                     contained_message)
from . import literals, types


# --------------------------------------------------------------------------- types and values
def field_type(f: Field, schema) -> str:
    """The member's C++ type: std::optional<...> for an optional field."""
    return types.field_type(f, schema)


def member_initializer(f: Field, schema) -> str:
    """`{}` or ` = <default>` after a member's name."""
    return literals.member_initializer(f, schema)


def brace_default(f: Field, schema) -> str:
    """`{<default>}` or `{}`: appended to the field's type, a value of it."""
    d = literals.default_expr(f, schema)
    return "{}" if d is None else "{" + d + "}"


def default_value(f: Field, schema) -> str:
    """The field's default as a temporary (a deprecated field is written as it): `T{<default>}`, or
    `T()` without one. Not `T{}`: GCC 12 stops with an internal compiler error (check_noexcept_r) on
    a `std::array<std::string, N>{}` (any element that is not trivial) passed to a call in a template,
    which the conformance fuzzer's seed 92155 found with a deprecated `bytes[2]`."""
    d = literals.default_expr(f, schema)
    return field_type(f, schema) + ("()" if d is None else "{" + d + "}")


def reset_value(f: Field, schema) -> str:
    """What a field is set to when the payload does not carry it: its default, else `{}`, or for a
    list its type's empty value (`std::vector<T>{}`, a move: `= {}` would assign an empty
    initializer_list and instantiate std::vector's copy of T for every listed message type)."""
    default = literals.default_expr(f, schema)
    if default:
        return default
    if f.type.kind == "list" and not f.optional:
        return field_type(f, schema) + "{}"
    return "{}"


def example_expr(f: Field, schema, value) -> str:
    """A C++ expression of the field's type holding one of its example values."""
    return literals.value_expr(f.type, value, schema, f.optional)


def namespace(schema) -> str:
    """The schema's C++ namespace (game.net -> game::net)."""
    return types.namespace(schema)


def cpp_type(decl, schema) -> str:
    """A message's or enum's C++ type from the global namespace: ::game::net::Player."""
    return types.qualified(schema, decl.schema, decl.name)


def detail_namespace(schema) -> str:
    """The namespace of the source's internal helpers: ::pakt::generated::game::net."""
    return types.detail_namespace(schema)


def builtin_cpp(name: str) -> str:
    """The C++ type of a built-in schema type name."""
    return types.BUILTIN_CPP[name]


def enum_number(n: int, underlying: str) -> str:
    """An enumerator's value as a C++ literal of the enum's underlying type."""
    return literals.enum_number(n, underlying)


def code_char(code: int) -> str:
    """A custom-type code as its character."""
    return chr(code)


# --------------------------------------------------------------------------- comments
def field_notes(f: Field) -> str:
    """`, optional, max_length 32, since 2 ...` for a member's comment ('' when none apply)."""
    notes = []
    if f.optional:
        notes.append("optional")
    if f.max_length:
        notes.append(f"max_length {f.max_length}")
    if f.max_count:
        notes.append(f"max_count {f.max_count}")
    if f.since > 1:
        notes.append(f"since {f.since}")
    if f.deprecated:
        notes.append("deprecated")
    if f.required:
        notes.append("required")
    return (", " + ", ".join(notes)) if notes else ""


# --------------------------------------------------------------------------- facts
def min_size(m: Message) -> int:
    """kMinWireSize: the smallest compact/mslima encoding."""
    return m.facts.compact.min_size


def fixed_size(m: Message) -> int:
    """kFixedWireSize: the exact size when no value changes it, else 0."""
    return m.facts.compact.fixed_size or 0


def marshal_size(m: Message) -> int:
    """.NET Marshal.SizeOf of the C# struct (the seed's "theoretical size")."""
    return m.facts.marshal_size


def fingerprint(m: Message) -> str:
    """The schema fingerprint (docs/replication.md) as a C++ std::uint64_t literal."""
    return f"0x{m.facts.fingerprint:016X}ULL"


def wire_shape(m: Message) -> str:
    return m.facts.wire_shape


def version_boundaries(m: Message):
    """Indexes of the fields where an older version's payload may end."""
    return m.facts.version_boundaries


def _is_fixed_run_member(f: Field) -> bool:
    """A field pakt::ReadFixedFields can take: a plain number, bool, enum or math type."""
    t = f.type
    return not f.optional and not f.deprecated and (t.kind == "enum" or (
        t.kind == "builtin" and t.name not in ("string", "bytes")))


def memory_copy_fields(m: Message):
    """The fields of a message whose C++ struct may be its own compact wire form: not extensible
    (a frame length comes first), every field a plain number (not bool) or math type, none
    optional or deprecated. The C++ side decides from widths and offsets
    (pakt::memory_word_size); [] for any other message."""
    def plain(f: Field) -> bool:
        t = f.type
        return (not f.optional and not f.deprecated and t.kind == "builtin"
                and t.name not in ("bool", "string", "bytes"))
    return list(m.fields) if m.fields and not m.extensible and all(plain(f) for f in m.fields) else []


def read_groups(m: Message):
    """The fields in reading order as (index of the first field, [fields]): runs of two or more
    fixed-size fields read under one bounds check, every other field alone. A run never crosses
    a version boundary (a payload may end there)."""
    boundaries = set(m.facts.version_boundaries)
    groups = []
    for i, f in enumerate(m.fields):
        last = groups[-1] if groups else None
        if (last is not None and i not in boundaries and _is_fixed_run_member(f)
                and all(_is_fixed_run_member(g) for g in last[1])):
            last[1].append(f)
        else:
            groups.append((i, [f]))
    return groups


# Built-in element types of a list that pakt::detail::is_flat takes (kMemcpyable: numbers and math
# types; not bool, whose byte is checked): an allow-list, so that a built-in of another kind added
# later is written alone (the same bytes) rather than failing WriteFlatFields' check.
_FLAT_LIST_ELEMENTS = frozenset(INTEGER_TYPES + FLOAT_TYPES + tuple(VECTOR_COMPONENTS))
# Built-ins that are flat as a field: the above, bool, and the length-prefixed string and bytes.
_FLAT_BUILTINS = _FLAT_LIST_ELEMENTS | {"bool", "string", "bytes"}


def _is_flat_write_member(f: Field) -> bool:
    """A field pakt::WriteFlatFields takes (pakt::detail::is_flat, which static_asserts it): a
    number, bool, string, bytes, math type or enum, or a list of numbers (not bool), enums or math
    types. A list of messages is left to Write: whether its elements copy as one array (and so
    are flat) is decided by the C++ struct's layout, which the back end cannot see."""
    t = f.type
    if f.optional:
        return False
    if t.kind == "enum" or (t.kind == "builtin" and t.name in _FLAT_BUILTINS):
        return True
    if t.kind != "list":
        return False
    e = t.element
    return e.kind == "enum" or (e.kind == "builtin" and e.name in _FLAT_LIST_ELEMENTS)


def write_groups(m: Message):
    """The fields in writing order as (flat, [fields]): runs of consecutive flat fields
    (_is_flat_write_member), written under one bounds check, and every other field alone."""
    groups = []
    for f in m.fields:
        flat = _is_flat_write_member(f)
        if flat and groups and groups[-1][0]:
            groups[-1][1].append(f)
        else:
            groups.append((flat, [f]))
    return groups


def field_limits(f: Field) -> str:
    """Constructor arguments of pakt::Limits for this field, or '' when it has none."""
    if not f.max_length and not f.max_count:
        return ""
    return f"::pakt::Limits{{{f.max_length}, {f.max_count}}}"


def inline_reader(f: Field, schema) -> str:
    """The generated reader (`ReadX`, always inline) the parent calls for this field directly —
    in its body, or per element in pakt::ReadMessageList's loop — instead of a call of
    ReadMessageAt per message; '' for any other field. Taken for a message, or a list of them, of
    the file being generated (its ReadX is in this file, defined before the parent's: messages
    come in dependency order) with no message inside it, so the code inlined is one level deep
    whatever the schema."""
    t = f.type
    if f.optional or f.deprecated:
        return ""
    if t.kind == "list":
        t = t.element
    if t.kind != "message" or t.message.schema is not schema:
        return ""
    if any(contained_message(g.type) is not None for g in t.message.fields):
        return ""
    return f"Read{t.message.name}"


def entry_point(m: Message) -> str:
    """The attribute of the public functions (WriteMessage, MessageWireSize, ReadMessageAt,
    CheckMessage, the JSON, Godot and packed functions, operator==) of m: `PAKT_NOINLINE ` when m
    holds messages that hold messages (three levels or more, message_depth), '' otherwise. A parent
    of m then calls these functions instead of inlining m's whole sub-tree, so the code (and the
    compile time and object size) of a message does not grow with the depth of the messages inside
    it (issue 34), while a leaf, and a message of leaves (a Monster of Vec3s and Weapons, the hot
    loop of a list), is left to the compiler to inline: at most two levels inline into a caller."""
    return "PAKT_NOINLINE " if message_depth(m) > 2 else ""


def message_depth(m: Message) -> int:
    """Levels of messages in m: 1 for a leaf (no field holds a message), 2 for a message whose
    messages are leaves, and so on."""
    inner = (contained_message(f.type) for f in m.fields)
    return 1 + max((message_depth(i) for i in inner if i is not None), default=0)


def needs_check(f: Field) -> bool:
    """Test: the field has limits, or contains a message that has (the descriptor's needs_check)."""
    inner = contained_message(f.type)
    return bool(f.max_length or f.max_count or (inner is not None and inner.facts.needs_check))


# --------------------------------------------------------------------------- godot
def is_uint8_list(f: Field) -> bool:
    """Test: `uint8[]` / `uint8[N]`, a PackedInt32Array in Godot (unlike `bytes`, a PackedByteArray)."""
    t = f.type
    return t.kind in ("list", "array") and t.element.kind == "builtin" and t.element.name == "uint8"


def godot_write(f: Field) -> str:
    """The pakt::godot::mapping function that writes this field."""
    return "write_uint8_list" if is_uint8_list(f) else "write_value"


def godot_read(f: Field) -> str:
    """The pakt::godot::mapping function that reads this field."""
    return "read_uint8_list" if is_uint8_list(f) else "read_value"


# --------------------------------------------------------------------------- packed
PACKING = "::pakt::packing::"
INT32_MAX = 2**31 - 1


def _int_literal(v: int, unsigned: bool = False) -> str:
    """An integer constant of a packed code (an int64 min, a uint64 span or steps) that compiles
    without a narrowing or an overflowing literal."""
    if v == -(2**63):
        return "::std::numeric_limits<::std::int64_t>::min()"
    if v > INT32_MAX or v < -INT32_MAX:
        return f"{v}{'ULL' if unsigned else 'LL'}"
    return str(v)


def _double_literal(v: float) -> str:
    """repr: the shortest text that reads back as the same double (1e-05, -3.2, 100.0)."""
    text = repr(float(v))
    return text if ("e" in text or "." in text) else text + ".0"


def _leaf(code: PackedCode):
    """(C++ type, expression) of a leaf code of the descriptor."""
    if code.kind == "bool":
        return PACKING + "Bool", PACKING + "Bool{}"
    if code.kind == "ranged":
        return PACKING + "Ranged", f"{PACKING}Ranged{{{_int_literal(code.min)}, {_int_literal(code.span, True)}, {code.bits}}}"
    if code.kind in ("varint", "zigzag"):  # the value's type says whether it zig-zags
        return PACKING + "Varint", PACKING + "Varint{}"
    if code.kind == "raw":
        return PACKING + "Raw", PACKING + "Raw{}"
    if code.kind == "quantized":
        return PACKING + "Quantized", (f"{PACKING}Quantized{{{_double_literal(code.min)}, {_double_literal(code.max)}, "
                                       f"{_int_literal(code.steps, True)}, {code.bits}}}")
    if code.kind == "smallest_three":
        return PACKING + "SmallestThree", f"{PACKING}SmallestThree{{{code.bits}}}"
    raise ValueError(f"unknown packed code '{code.kind}'")


def _length(what: str, limit_name: str, limit: int) -> str:
    """A Length code with compact's LengthRule texts (pakt/message_rules.hpp)."""
    return f'{PACKING}MakeLength(::pakt::LengthRule{{"{what}", "{limit_name}", {limit}}})'


def _packed_code(t: TypeRef, f: Field):
    """(C++ type, expression) of the code of a value of `t` in field f (t: the field's type or its element)."""
    if t.kind == "message":
        return PACKING + "Message", PACKING + "Message{}"
    if t.kind == "builtin" and t.name == "string":
        return PACKING + "Text", f'{PACKING}Text{{{_length("string length", "max_length", f.max_length)}}}'
    if t.kind == "builtin" and t.name == "bytes":
        return PACKING + "Blob", f'{PACKING}Blob{{{_length("length", "max_length", f.max_length)}}}'
    if t.kind == "list":
        e_type, e_expr = _packed_code(t.element, f)
        e = t.element
        if e.kind == "builtin" and e.name == "uint8" and not f.max_count:  # ListLengthRule
            length = _length("length", "max_length", f.max_length)
        else:
            length = _length("count", "max_count", f.max_count)
        return (f"{PACKING}List<{e_type}>",
                f"{PACKING}List<{e_type}>{{{length}, {e_expr}, {t.element.facts.packed_min_bits}}}")
    if t.kind == "array":
        e_type, e_expr = _packed_code(t.element, f)
        return f"{PACKING}Array<{e_type}>", f"{PACKING}Array<{e_type}>{{{e_expr}}}"
    if f.packed is None:
        raise ValueError(f"{f.loc}: field '{f.name}' has no packed code in the descriptor")
    return _leaf(f.packed)


def packed_code(f: Field) -> str:
    """The C++ expression of a field's packed code (pakt/packed.hpp), from the descriptor's "packed"
    leaf code and the field's limits: e.g. `pakt::packing::List<pakt::packing::Ranged>{...}`."""
    c_type, expr = _packed_code(f.type, f)
    if f.optional:
        return f"{PACKING}Optional<{c_type}>{{{expr}}}"
    return expr


FILTERS: Dict[str, Callable] = {
    "field_type": schema_filter(field_type),
    "member_initializer": schema_filter(member_initializer),
    "brace_default": schema_filter(brace_default),
    "default_value": schema_filter(default_value),
    "reset_value": schema_filter(reset_value),
    "example_expr": schema_filter(example_expr),
    "namespace": namespace,
    "cpp_type": schema_filter(cpp_type),
    "detail_namespace": detail_namespace,
    "builtin_cpp": builtin_cpp,
    "enum_number": enum_number,
    "code_char": code_char,
    "field_notes": field_notes,
    "min_size": min_size,
    "fixed_size": fixed_size,
    "marshal_size": marshal_size,
    "fingerprint": fingerprint,
    "wire_shape": wire_shape,
    "version_boundaries": version_boundaries,
    "read_groups": read_groups,
    "write_groups": write_groups,
    "memory_copy_fields": memory_copy_fields,
    "field_limits": field_limits,
    "inline_reader": schema_filter(inline_reader),
    "entry_point": entry_point,
    "godot_write": godot_write,
    "godot_read": godot_read,
    "packed_code": packed_code,
}
TESTS: Dict[str, Callable] = {
    "needs_check": needs_check,
    "uint8_list": is_uint8_list,
}

