"""GDScript literals of schema values (defaults; typed as the descriptor reader gives them)."""

import math
from typing import List

from ..backend import Literals
from ..model import INTEGER_TYPES, VECTOR_COMPONENTS, Field, Schema, TypeRef
from ..templating import float32_text, quoted
from .keywords import identifier
from .types import GODOT, message_class, type_name


def float_literal(v, is_float32: bool) -> str:
    v = float(v)
    if math.isnan(v):
        return "NAN"
    if math.isinf(v):
        return "INF" if v > 0 else "-INF"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0.0"
    text = float32_text(v) if is_float32 else repr(v)
    if not any(c in text for c in ".en"):
        text += ".0"
    return text


def integer_literal(v: int, name: str = "int64") -> str:
    """GDScript ints are int64: uint64 above INT64_MAX is spelled as its two's-complement value."""
    v = int(v)
    if v >= 2**63:
        v -= 2**64
    if v == -(2**63):
        return "-9223372036854775807 - 1"
    return str(v)


GD_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def string_literal(s: str) -> str:
    """A GDScript string literal: the text as UTF-8, other control characters as \\u escapes."""
    return quoted(s, GD_ESCAPES, lambda o: f"\\u{o:04x}" if o < 0x20 or o == 0x7F else None)


def new_value(t: TypeRef, schema: Schema, godot: str) -> str:
    """A fresh value of `t` as C++ `{}` gives it: zeros, "", empty lists, N such values."""
    g = GODOT[godot]
    if t.kind == "enum":
        return "0"
    if t.kind == "builtin":
        n = t.name
        if n == "bool":
            return "false"
        if n in INTEGER_TYPES:
            return "0"
        if n in ("float32", "float64"):
            return "0.0"
        if n == "string":
            return '""'
        if n == "bytes":
            return f"{g['bytes']}()"
        if n in ("Vector2i", "Vector3i") and not g["has_int_vectors"]:
            return "[0, 0]" if n == "Vector2i" else "[0, 0, 0]"
        return f"{type_name(t, schema, godot)}()"  # Godot's defaults equal C++'s (w = 1, a = 1)
    if t.kind == "message":
        return f"{message_class(t, schema, godot)}.new()"
    tn = type_name(t, schema, godot)
    if t.kind == "list":
        return "[]" if tn.startswith("Array") else f"{tn}()"
    items = ", ".join(new_value(t.element, schema, godot) for _ in range(t.count))
    return f"[{items}]" if tn.startswith("Array") else f"{tn}([{items}])"


class GdLiterals(Literals):
    """GDScript spellings of values for Godot `godot` (backend.Literals walks the type)."""

    integer_text = staticmethod(integer_literal)
    floating = staticmethod(float_literal)
    string = staticmethod(string_literal)

    def __init__(self, schema: Schema, godot: str):
        super().__init__(schema)
        self.godot = godot

    def literal(self, t: TypeRef, v, optional: bool = False) -> str:
        # Empty lists, bytes and messages, and math types holding Godot's own default (zeros; a
        # Quaternion's w, a Color's a 1): the type's fresh value, `[]`, `PackedInt32Array()`, `Vector3()`.
        if v is not None and (t.kind in ("list", "message") or (t.kind == "builtin" and t.name == "bytes")) and not v:
            return new_value(t, self.schema, self.godot)
        if v is not None and t.kind == "builtin" and t.name in VECTOR_COMPONENTS:
            n = len(VECTOR_COMPONENTS[t.name])
            godot_default = [0] * (n - 1) + [1] if t.name in ("Quaternion", "Color") else [0] * n
            if all(x == y and math.copysign(1, x) > 0 for x, y in zip(v, godot_default)):
                return new_value(t, self.schema, self.godot)
        return super().literal(t, v, optional)

    def null(self, t: TypeRef, optional: bool) -> str:
        return "null" if optional else new_value(t, self.schema, self.godot)

    def sequence(self, t: TypeRef, items: List[str]) -> str:
        tn = type_name(t, self.schema, self.godot)
        inner = ", ".join(items)
        return f"[{inner}]" if tn.startswith("Array") else f"{tn}([{inner}])"

    def enum(self, t: TypeRef, v) -> str:
        return integer_literal(v if isinstance(v, int) else t.enum.value_named(v).number)

    def message(self, t: TypeRef, v: dict) -> str:
        """The message's fresh value with the fields the value gives set (the others keep their own)."""
        by_name = {f.name: f for f in t.message.fields}
        items = ", ".join(f'"{identifier(k, self.godot)}": {self.literal(by_name[k].type, x, by_name[k].optional)}'
                          for k, x in v.items())
        return f"_pakt_runtime.with_fields({new_value(t, self.schema, self.godot)}, {{{items}}})"

    def bytes(self, t: TypeRef, v: List[int]) -> str:
        return f"{GODOT[self.godot]['bytes']}([{', '.join(str(b) for b in v)}])"

    def vector(self, t: TypeRef, components: List[str]) -> str:
        args = ", ".join(components)
        if t.name.endswith("i"):
            return f"{t.name}({args})" if GODOT[self.godot]["has_int_vectors"] else f"[{args}]"
        return f"{type_name(t, self.schema, self.godot)}({args})"


def value_expr(t: TypeRef, v, schema: Schema, godot: str, optional: bool = False) -> str:
    """A GDScript expression of type `t` holding the (typed) value v."""
    return GdLiterals(schema, godot).literal(t, v, optional)


def default_expr(f: Field, schema: Schema, godot: str) -> str:
    """The field's initial value, as the descriptor's `initial` gives it (its `default:`, null for an
    optional, else the type's zero); a descriptor without it: the same, from `default:`."""
    if f.initial is not None:
        return value_expr(f.type, f.initial, schema, godot, f.optional)
    if f.has_default and f.default is not None:
        return value_expr(f.type, f.default, schema, godot, f.optional)
    if f.optional:
        return "null"
    return new_value(f.type, schema, godot)


def enum_comment(f: Field) -> str:
    """`  # Team.spectator` after an enum default (the literal is the number)."""
    if f.type.kind == "enum" and f.has_default and f.default is not None:
        return f"  # {f.type.name}.{f.default}"
    return ""
