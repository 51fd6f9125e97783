"""C++ spelling of model things: types, literals, sizes. Used by the Jinja templates."""

import math
import struct
from typing import List, Optional

from .loader import normalize_vector
from .model import BUILTINS, INTEGER_RANGES, VECTOR_COMPONENTS, WIRE_SIZES, Field, Message, Schema, TypeRef


def qualified(schema: Schema, owner: Schema, name: str) -> str:
    """A type name as seen from `schema`: qualified when it lives in another package."""
    if owner is None or owner.package == schema.package:
        return name
    return "::" + owner.namespace + "::" + name


def type_name(t: TypeRef, schema: Schema) -> str:
    if t.kind == "builtin":
        return BUILTINS[t.name][0]
    if t.kind == "enum":
        return qualified(schema, t.enum.schema, t.name)
    if t.kind == "message":
        return qualified(schema, t.message.schema, t.name)
    if t.kind == "list":
        return f"std::vector<{type_name(t.element, schema)}>"
    return f"std::array<{type_name(t.element, schema)}, {t.count}>"


def field_type(f: Field, schema: Schema) -> str:
    base = type_name(f.type, schema)
    return f"std::optional<{base}>" if f.optional else base


# ------------------------------------------------------------------------------ literals
def float_literal(v, is_float32: bool) -> str:
    suffix = "f" if is_float32 else ""
    kind = "float" if is_float32 else "double"
    v = float(v)
    if math.isnan(v):
        return f"std::numeric_limits<{kind}>::quiet_NaN()"
    if math.isinf(v):
        return ("" if v > 0 else "-") + f"std::numeric_limits<{kind}>::infinity()"
    if is_float32:
        v = struct.unpack("<f", struct.pack("<f", v))[0]  # the value the float will hold
        text = repr(v)
        # shortest text that still reads back as the same float32
        for digits in range(1, 18):
            candidate = f"{v:.{digits}g}"
            if struct.unpack("<f", struct.pack("<f", float(candidate)))[0] == v:
                text = candidate
                break
    else:
        text = repr(v)
    if "e" not in text and "." not in text and "inf" not in text:
        text += ".0"
    return text + suffix


def string_literal(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\{o:03o}")
        elif ch == "?":
            out.append("\\?")  # no trigraphs
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def integer_literal(v: int, name: str) -> str:
    if name == "int64" and v == INTEGER_RANGES["int64"][0]:
        return "std::numeric_limits<std::int64_t>::min()"
    if name == "int32" and v == INTEGER_RANGES["int32"][0]:
        return "std::numeric_limits<std::int32_t>::min()"
    if name in ("int64", "uint64", "uint32"):
        suffix = {"int64": "LL", "uint64": "ULL", "uint32": "U"}[name]
        return f"{v}{suffix}"
    return str(v)


def value_expr(t: TypeRef, v, schema: Schema, optional: bool = False) -> str:
    """A C++ expression of type `t` holding the (validated) YAML value v."""
    if v is None:
        return "std::nullopt" if optional else "{}"
    tn = type_name(t, schema)
    if t.kind in ("list", "array"):
        inner = ", ".join(value_expr(t.element, e, schema) for e in v)
        if t.kind == "array":
            return f"{tn}{{{{{inner}}}}}"
        return f"{tn}{{{inner}}}"
    if t.kind == "enum":
        return f"{tn}::{v}"
    if t.kind == "message":
        return message_expr(t.message, v, schema)
    name = t.name
    if name == "bool":
        return "true" if v else "false"
    if name in INTEGER_RANGES:
        lit = integer_literal(int(v), name)
        return lit if name in ("int32", "int64", "uint64", "uint32") else f"{tn}{{{lit}}}"
    if name in ("float32", "float64"):
        return float_literal(v, name == "float32")
    if name == "string":
        return f"std::string({string_literal(v)}, {len(v.encode('utf-8'))})"
    if name == "bytes":
        return f"{tn}{{{', '.join(str(b) for b in v)}}}"
    if name in VECTOR_COMPONENTS:
        comps = normalize_vector(name, v)
        if name.endswith("i"):
            return f"{tn}{{{', '.join(integer_literal(int(c), 'int32') for c in comps)}}}"
        return f"{tn}{{{', '.join(float_literal(c, True) for c in comps)}}}"
    raise ValueError(name)


def message_expr(m: Message, v: dict, schema: Schema) -> str:
    """Aggregate initialization listing every field (defaults where the value omits one)."""
    parts = []
    for f in m.fields:
        if f.name in v:
            parts.append(value_expr(f.type, v[f.name], schema, f.optional))
        else:
            parts.append(default_expr(f, schema) or "{}")
    return f"{qualified(schema, m.schema, m.name)}{{{', '.join(parts)}}}"


def default_expr(f: Field, schema: Schema) -> Optional[str]:
    """The member initializer of a field with a `default:`, or None."""
    if not f.has_default or f.default is None:
        return None
    return value_expr(f.type, f.default, schema, f.optional)


def member_initializer(f: Field, schema: Schema) -> str:
    d = default_expr(f, schema)
    return "{}" if d is None else " = " + d


# ------------------------------------------------------------------------------- sizes
def wire_min_size(t: TypeRef, optional: bool = False) -> int:
    """Smallest compact/mslima encoding."""
    if optional:
        return 1
    if t.kind == "builtin":
        return WIRE_SIZES.get(t.name, 4)
    if t.kind == "enum":
        return WIRE_SIZES[t.enum.underlying]
    if t.kind == "message":
        return message_min_size(t.message)
    if t.kind == "list":
        return 4
    return t.count * wire_min_size(t.element)


def wire_fixed_size(t: TypeRef, optional: bool = False) -> int:
    """Exact encoding size when it does not depend on the value, else 0."""
    if optional:
        return 0
    if t.kind == "builtin":
        return WIRE_SIZES.get(t.name, 0)
    if t.kind == "enum":
        return WIRE_SIZES[t.enum.underlying]
    if t.kind == "message":
        return message_fixed_size(t.message)
    if t.kind == "list":
        return 0
    return t.count * wire_fixed_size(t.element)


def message_min_size(m: Message) -> int:
    if m.extensible:
        return 4  # a frame may be empty: an older version with no fields yet
    return sum(wire_min_size(f.type, f.optional) for f in m.fields)


def message_fixed_size(m: Message) -> int:
    if m.extensible:
        return 0  # readers accept shorter (older) and longer (newer) frames
    sizes = [wire_fixed_size(f.type, f.optional) for f in m.fields]
    if not sizes or any(s == 0 for s in sizes):
        return 0
    return sum(sizes)


def marshal_layout(t: TypeRef, optional: bool = False):
    """(size, alignment) by .NET Marshal.SizeOf rules, as the seed measures 'theoretical size'."""
    if t.kind == "builtin":
        _, size, align = BUILTINS[t.name]
        base = (size, align)
    elif t.kind == "enum":
        _, size, align = BUILTINS[t.enum.underlying]
        base = (size, align)
    elif t.kind == "message":
        base = message_marshal_layout(t.message)
    elif t.kind == "list":
        base = (8, 8)  # a reference
    else:
        size, align = marshal_layout(t.element)
        base = (size * t.count, align)
    if optional:  # Nullable<T>: a bool flag, then T
        size, align = base
        return (align_up(1, align) + size, align) if align > 1 else (1 + size, 1)
    return base


def message_marshal_layout(m: Message):
    offset, max_align = 0, 1
    for f in m.fields:
        size, align = marshal_layout(f.type, f.optional)
        offset = align_up(offset, align) + size
        max_align = max(max_align, align)
    return align_up(offset, max_align), max_align


def align_up(n: int, a: int) -> int:
    return (n + a - 1) // a * a


# -------------------------------------------------------------------------- checking
def field_limits(f: Field) -> str:
    """Constructor arguments of pakt::Limits for this field, or '' when it has none."""
    if not f.max_length and not f.max_count:
        return ""
    return f"pakt::Limits{{{f.max_length}, {f.max_count}}}"


def type_needs_check(t: TypeRef, seen=None) -> bool:
    if t.kind in ("list", "array"):
        return type_needs_check(t.element, seen)
    if t.kind == "message":
        return message_needs_check(t.message, seen)
    return False


def message_needs_check(m: Message, seen=None) -> bool:
    seen = set() if seen is None else seen
    if m.name in seen:
        return False
    seen.add(m.name)
    return any(f.max_length or f.max_count or type_needs_check(f.type, seen) for f in m.fields)


def field_needs_check(f: Field) -> bool:
    return bool(f.max_length or f.max_count or type_needs_check(f.type))


def fingerprint(m: Message) -> str:
    """64-bit FNV-1a over the message's wire shape (field types in order, recursively)."""
    shape = wire_shape(m)
    h = 0xCBF29CE484222325
    for b in shape.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"0x{h:016X}ULL"


def wire_shape(m: Message) -> str:
    def shape(t: TypeRef, optional: bool) -> str:
        if t.kind == "message":
            s = wire_shape(t.message)
        elif t.kind == "enum":
            s = t.enum.underlying
        elif t.kind == "list":
            s = shape(t.element, False) + "[]"
        elif t.kind == "array":
            s = shape(t.element, False) + f"[{t.count}]"
        else:
            s = t.name
        return s + "?" if optional else s

    prefix = "ext" if m.extensible else ""
    return prefix + "{" + ",".join(shape(f.type, f.optional) for f in m.fields) + "}"


def version_boundaries(m: Message) -> List[int]:
    """Indexes of fields that start a newer schema version (where an older payload may end)."""
    out = []
    prev = 1
    for i, f in enumerate(m.fields):
        if f.since > prev:
            out.append(i)
            prev = f.since
    return out
