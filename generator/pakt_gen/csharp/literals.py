"""C# literals of schema values (defaults and examples, typed as the descriptor reader gives them)."""

import math
from typing import List

from ..backend import Literals
from ..model import Field, Schema, TypeRef
from ..templating import float32_text, quoted
from .keywords import identifier, pascal
from .types import is_value_type, new_array, qualified, type_name

INTEGER_MIN = {"int32": "int.MinValue", "int64": "long.MinValue"}
SUFFIX = {"int64": "L", "uint64": "UL", "uint32": "U"}


def float_literal(v, is_float32: bool) -> str:
    kind, suffix = ("float", "f") if is_float32 else ("double", "d")
    v = float(v)
    if math.isnan(v):
        return f"{kind}.NaN"
    if math.isinf(v):
        return f"{kind}.PositiveInfinity" if v > 0 else f"{kind}.NegativeInfinity"
    text = float32_text(v) if is_float32 else repr(v)
    return text + suffix


CS_ESCAPES = {'"': '\\"', "\\": "\\\\"}


def string_literal(s: str) -> str:
    """A C# string literal; everything outside printable ASCII as \\u / \\U escapes."""
    return quoted(s, CS_ESCAPES,
                  lambda o: None if 0x20 <= o < 0x7F else f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")


def integer_literal(v: int, name: str) -> str:
    if name in INTEGER_MIN and v == (-(2**31) if name == "int32" else -(2**63)):
        return INTEGER_MIN[name]
    if name in ("int32", "int64", "uint32", "uint64"):
        return f"{v}{SUFFIX.get(name, '')}"
    return f"({type_name(TypeRef('builtin', name), None)})({v})"


def enum_member(name: str) -> str:
    return pascal(name)


def enum_number(n: int, underlying: str) -> str:
    """An enum member's value, in the enum's underlying type."""
    if underlying in INTEGER_MIN and n in (-(2**31), -(2**63)):
        return INTEGER_MIN[underlying]
    return str(n)


# The components of a built-in vector type's zero value where they are not all 0: the identity
# rotation and opaque black, as C++'s `pakt::Quaternion{}` / `pakt::Color{}`, Godot's `Quaternion()` /
# `Color()` and the run-time codec (tools/pakt/dynamic/dyn_value.cpp, builtin_default) have them.
NONZERO_VECTOR_DEFAULTS = {"Quaternion": (0, 0, 0, 1), "Color": (0, 0, 0, 1)}


def new_value(t: TypeRef, schema: Schema) -> str:
    """A fresh value of `t` for a field without `default:` (the descriptor states a default only where
    the schema writes one, docs/descriptor.md FIELD): what C++ `{}` and `pakt encode` of `{}` give,
    zeros, "", empty lists, Quaternion (0, 0, 0, 1), Color (0, 0, 0, 1), enums' number 0, a nested
    message's own defaults, arrays of N such values."""
    if t.kind == "builtin" and t.name in NONZERO_VECTOR_DEFAULTS:
        return value_expr(t, NONZERO_VECTOR_DEFAULTS[t.name], schema)
    if is_value_type(t):
        return f"default({type_name(t, schema)})"
    if t.kind == "builtin":
        return '""' if t.name == "string" else "new byte[0]"
    if t.kind == "message":
        return f"new {type_name(t, schema)}()"
    if t.kind == "list":
        return f"new {type_name(t, schema)}()"
    # T[N]: all-zero elements as `new T[N]`, else each element spelled
    element = new_value(t.element, schema)
    if element.startswith("default("):
        return new_array(type_name(t.element, schema), t.count)
    items = ", ".join(element for _ in range(t.count))
    return f"new {type_name(t.element, schema)}[] {{ {items} }}"


class CsLiterals(Literals):
    """C# spellings of values (backend.Literals walks the type)."""

    integer_text = staticmethod(integer_literal)
    floating = staticmethod(float_literal)
    string = staticmethod(string_literal)

    def null(self, t: TypeRef, optional: bool) -> str:
        return "null" if optional else new_value(t, self.schema)

    def sequence(self, t: TypeRef, items: List[str]) -> str:
        inner = ", ".join(items)
        if t.kind == "array":
            return f"new {type_name(t.element, self.schema)}[] {{ {inner} }}"
        tn = type_name(t, self.schema)
        return f"new {tn} {{ {inner} }}" if inner else f"new {tn}()"

    def enum(self, t: TypeRef, v) -> str:
        tn = type_name(t, self.schema)
        return f"default({tn})" if isinstance(v, int) else f"{tn}.{enum_member(v)}"

    def message(self, t: TypeRef, v: dict) -> str:
        """An object initializer setting the fields the value gives (the rest keep their defaults)."""
        m = t.message
        parts = [f"{identifier(f.name)} = {self.literal(f.type, v[f.name], f.optional)}"
                 for f in m.fields if f.name in v]
        tn = qualified(m.schema, m.name)
        return f"new {tn} {{ {', '.join(parts)} }}" if parts else f"new {tn}()"

    def bytes(self, t: TypeRef, v: List[int]) -> str:
        return "new byte[] { " + ", ".join(str(b) for b in v) + " }" if v else "new byte[0]"

    def vector(self, t: TypeRef, components: List[str]) -> str:
        return f"new {type_name(t, self.schema)}({', '.join(components)})"


def value_expr(t: TypeRef, v, schema: Schema, optional: bool = False) -> str:
    """A C# expression of type `t` holding the (typed) value v."""
    return CsLiterals(schema).literal(t, v, optional)


def default_expr(f: Field, schema: Schema) -> str:
    """The field's initial value: the descriptor's `initial` (docs/descriptor.md FIELD: the `default:`,
    null for an optional, else the type's zero with Quaternion w and Color a 1, an enum's value 0),
    spelled as it is. A descriptor of an older front end has no `initial`: then its `default:`, null
    for an optional, else new_value (the same rule)."""
    v = f.initial
    if v is None:  # an optional's null, or no "initial" in the descriptor
        if f.has_default and f.default is not None:
            v = f.default
        elif f.optional:
            return "null"
        else:
            return new_value(f.type, schema)
    if f.type.kind == "array" and is_value_type(f.type.element) and not f.optional:
        # N zero elements: `new T[N]` (C# zero-fills), not N literals
        if new_value(f.type.element, schema).startswith("default(") and all(_is_zero(f.type.element, e) for e in v):
            return new_array(type_name(f.type.element, schema), f.type.count)
    return value_expr(f.type, v, schema, f.optional)


def _is_zero(t: TypeRef, v) -> bool:
    """v is the all-zero-bits value of `t` (false, 0, +0.0, a zero vector, an enum's number 0)."""
    if t.kind == "enum":
        return v == 0 if isinstance(v, int) else t.enum.value_named(v) is not None and t.enum.value_named(v).number == 0
    if isinstance(v, bool):
        return v is False
    if isinstance(v, (int, float)):
        return v == 0 and math.copysign(1.0, v) > 0
    if isinstance(v, list):
        return all(_is_zero(TypeRef("builtin", "float32"), c) for c in v)
    return False
