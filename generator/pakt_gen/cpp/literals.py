"""C++ literals of schema values (defaults and examples, typed as the descriptor reader gives them)."""

import math
from typing import List, Optional

from ..backend import Literals
from ..model import Field, Schema, TypeRef
from ..templating import float32_text, quoted
from .types import BUILTIN_CPP, field_type, qualified, type_name

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


CPP_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "?": "\\?"}  # "?": no trigraphs


def string_literal(s: str) -> str:
    """A C++ string literal: other control characters in octal."""
    return quoted(s, CPP_ESCAPES, lambda o: f"\\{o:03o}" if o < 0x20 or o == 0x7F else None)


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


class CppLiterals(Literals):
    """C++ spellings of values (backend.Literals walks the type)."""

    integer_text = staticmethod(integer_literal)
    floating = staticmethod(float_literal)

    def null(self, t: TypeRef, optional: bool) -> str:
        return "::std::nullopt" if optional else "{}"

    def sequence(self, t: TypeRef, items: List[str]) -> str:
        inner = ", ".join(items)
        tn = type_name(t, self.schema)
        return f"{tn}{{{{{inner}}}}}" if t.kind == "array" else f"{tn}{{{inner}}}"

    def enum(self, t: TypeRef, v) -> str:
        return f"{type_name(t, self.schema)}::{v}"

    def message(self, t: TypeRef, v: dict) -> str:
        """Aggregate initialization listing every field (defaults where the value omits one; a field
        without one value-initialised as `T()`, not `{}`: GCC 12 stops with an internal compiler error
        on a `{}` for a std::array<std::string, N> member of a temporary in a template)."""
        m = t.message
        parts = [self.literal(f.type, v[f.name], f.optional) if f.name in v else
                 default_expr(f, self.schema) or field_type(f, self.schema) + "()" for f in m.fields]
        return f"{qualified(self.schema, m.schema, m.name)}{{{', '.join(parts)}}}"

    def integer(self, t: TypeRef, v: int) -> str:
        lit = integer_literal(v, t.name)
        return lit if t.name in ("int32", "int64", "uint64", "uint32") else f"{type_name(t, self.schema)}{{{lit}}}"

    def string(self, v: str) -> str:
        return f"::std::string({string_literal(v)}, {len(v.encode('utf-8'))})"

    def bytes(self, t: TypeRef, v: List[int]) -> str:
        return f"{type_name(t, self.schema)}{{{', '.join(str(b) for b in v)}}}"

    def vector(self, t: TypeRef, components: List[str]) -> str:
        return f"{type_name(t, self.schema)}{{{', '.join(components)}}}"


def value_expr(t: TypeRef, v, schema: Schema, optional: bool = False) -> str:
    """A C++ expression of type `t` holding the (typed) value v."""
    return CppLiterals(schema).literal(t, v, optional)


def default_expr(f: Field, schema: Schema) -> Optional[str]:
    """The member initializer of a field with a `default:`, or None."""
    if not f.has_default or f.default is None:
        return None
    return value_expr(f.type, f.default, schema, f.optional)


def member_initializer(f: Field, schema: Schema) -> str:
    d = default_expr(f, schema)
    return "{}" if d is None else " = " + d
