"""C++ literals of schema values (defaults and examples, typed as the descriptor reader gives them)."""

import math
from typing import Optional

from ..model import INTEGER_TYPES, VECTOR_COMPONENTS, Field, Message, Schema, TypeRef
from ..templating import float32_text
from .types import BUILTIN_CPP, qualified, type_name

INT32_MIN = -(2**31)
INT64_MIN = -(2**63)


def float_literal(v, is_float32: bool) -> str:
    suffix = "f" if is_float32 else ""
    kind = "float" if is_float32 else "double"
    v = float(v)
    if math.isnan(v):
        return f"::std::numeric_limits<{kind}>::quiet_NaN()"
    if math.isinf(v):
        return ("" if v > 0 else "-") + f"::std::numeric_limits<{kind}>::infinity()"
    text = float32_text(v) if is_float32 else repr(v)
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
    if name == "int64" and v == INT64_MIN:
        return "::std::numeric_limits<::std::int64_t>::min()"
    if name == "int32" and v == INT32_MIN:
        return "::std::numeric_limits<::std::int32_t>::min()"
    if name in ("int64", "uint64", "uint32"):
        suffix = {"int64": "LL", "uint64": "ULL", "uint32": "U"}[name]
        return f"{v}{suffix}"
    return str(v)


def enum_number(n: int, underlying: str) -> str:
    """An enumerator's value in an `enum class` of the given underlying type."""
    if (underlying, n) in (("int32", INT32_MIN), ("int64", INT64_MIN)):
        return f"::std::numeric_limits<{BUILTIN_CPP[underlying]}>::min()"
    return integer_literal(n, underlying)


def value_expr(t: TypeRef, v, schema: Schema, optional: bool = False) -> str:
    """A C++ expression of type `t` holding the (typed) value v."""
    if v is None:
        return "::std::nullopt" if optional else "{}"
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
    if name in INTEGER_TYPES:
        lit = integer_literal(int(v), name)
        return lit if name in ("int32", "int64", "uint64", "uint32") else f"{tn}{{{lit}}}"
    if name in ("float32", "float64"):
        return float_literal(v, name == "float32")
    if name == "string":
        return f"::std::string({string_literal(v)}, {len(v.encode('utf-8'))})"
    if name == "bytes":
        return f"{tn}{{{', '.join(str(b) for b in v)}}}"
    if name in VECTOR_COMPONENTS:
        if name.endswith("i"):
            return f"{tn}{{{', '.join(integer_literal(int(c), 'int32') for c in v)}}}"
        return f"{tn}{{{', '.join(float_literal(c, True) for c in v)}}}"
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
