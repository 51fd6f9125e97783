"""GDScript statements of the compact/mslima codec of one field's type (writes with their limit
checks, reads with their bounds, Variants), for the templates to place. Each operation is a
TypeWalk (type_walk.py) that spells each shape of a type; the *_field functions wrap a field's
optional and deprecated cases.

GDScript has no exceptions: a failed read or check leaves `failed` set on the Reader / Writer, and
the code returns right away after adding the element index and field name to the error's path.
`fail` is the list of statements that do that from where the code stands (innermost first).
`d` is the nesting depth, so nested loops' variables never clash.

Every parameter and local starts with `_pakt_` (types.PREFIX), which no schema name may: the Writer is
`_pakt_w`, the Reader `_pakt_r`, loop indexes `_pakt_i0`, a field's locals `_pakt_n0_<field>` (its
count), `_pakt_v0_<field>` (its Variant), `_pakt_old_<field>` (a deprecated field's dropped value) —
a tag and digits, then the field's name, so two fields' locals never share a name either. Fields are
named plainly (`hp = _pakt_r.i32()`): no local can hide them.
"""

from typing import List

from ..model import Field, Schema, TypeRef, is_uint8
from ..type_walk import TypeWalk
from .literals import default_expr, integer_literal, new_value
from . import types
from .types import RUNTIME, member, message_class

W = "_pakt_w"  # the Writer
R = "_pakt_r"  # the Reader / VariantReader

# Built-in -> the Writer / Reader method (templates/runtime.gd.j2).
METHOD = {
    "bool": "boolean", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "float32": "f32", "float64": "f64", "string": "string", "bytes": "bytes",
    "Vector2": "vector2", "Vector3": "vector3", "Quaternion": "quaternion", "Color": "color",
    "Vector2i": "vector2i", "Vector3i": "vector3i",
}


def _block(lines: List[str]) -> List[str]:
    return ["\t" + s for s in lines]


def _on_fail(obj: str, fail: List[str]) -> List[str]:
    return [f"if {obj}.failed:"] + _block(fail)


# GDScript ints are int64: a value that an integer field narrower than that cannot hold is an encode
# error ("Chat.from: value 70000 does not fit uint16", the words of the packed decoder), as `pakt encode`
# refuses it, not its low bits on the wire. (uint64 holds every int64: its two's complement.)
INT_LIMITS = {
    "int8": (-128, 127), "int16": (-32768, 32767), "int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 255), "uint16": (0, 65535), "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}
NARROW_INTS = {name: limits for name, limits in INT_LIMITS.items() if name not in ("int64", "uint64")}


def fit_check(expr: str, t: TypeRef, writer: str, fail: List[str]) -> List[str]:
    """The statements that refuse a value of `t` its integer type cannot hold (none for other types)."""
    name = types.builtin_of(t)
    if name not in NARROW_INTS:
        return []
    lo, hi = NARROW_INTS[name]
    return ([f"if {expr} < {integer_literal(lo)} or {expr} > {integer_literal(hi)}:",
             f'\t{writer}.does_not_fit({expr}, "{name}")'] + _block(fail))


def holds_narrow_int(t: TypeRef) -> bool:
    """Whether writing a value of `t` checks a narrow integer somewhere (so the write can fail in
    GDScript where it cannot in C++ or C#, whose fields have the integer's own type). A list that is
    written in bulk (a Packed array of int32s) holds int32s by construction."""
    if t.kind in ("list", "array"):
        return bulk(t.element, "4") is None and holds_narrow_int(t.element)
    if t.kind == "message":
        return any(holds_narrow_int(f.type) for f in t.message.fields if not f.deprecated)
    return types.builtin_of(t) in NARROW_INTS


def write_can_fail(t: TypeRef) -> bool:
    """Whether the compact / mslima write of `t` can fail: a limit (the descriptor's fact) or a
    narrow integer."""
    return t.facts.write_can_fail or holds_narrow_int(t)


# Elements a Packed array holds exactly as the wire does: (Variant type in Godot 4, in Godot 3,
# components, bytes per component). Godot 3 has no int64 / float64 Packed arrays.
BULK = {
    "int32": (30, 21, 1, 4), "float32": (32, 22, 1, 4), "int64": (31, None, 1, 8), "uint64": (31, None, 1, 8),
    "float64": (33, None, 1, 8), "Vector2": (35, 24, 2, 4), "Vector3": (36, 25, 3, 4), "Color": (37, 26, 4, 4),
}


def bulk(t: TypeRef, godot: str):
    """(Variant type, components, width) when a list of `t` is read and written in bulk, else None."""
    name = types.builtin_of(t)
    if name not in BULK:
        return None
    v4, v3, comps, width = BULK[name]
    vt = v4 if godot == "4" else v3
    return None if vt is None else (vt, comps, width)


def made_when_null(target: str, t: TypeRef, schema: Schema, godot: str) -> List[str]:
    """Before an optional field's value is read into `target`, which reuses what it holds: a new
    value of `t` when it holds null (lists, arrays, messages and bytes; other values are assigned)."""
    if t.kind in ("list", "array", "message") or (t.kind == "builtin" and t.name == "bytes"):
        return [f"if {target} == null:", f"\t{target} = {new_value(t, schema, godot)}"]
    return []


# --------------------------------------------------------------------------- write
class Write(TypeWalk):
    """walk(t, expr, max_length, max_count, fail, d): writes `expr` (a value of `t`); checks
    max_length / max_count first, as pakt::CheckLimits."""

    def __init__(self, schema: Schema, godot: str, check_fit: bool = True):
        self.schema, self.godot = schema, godot
        self.check_fit = check_fit  # False for a deprecated field's default, which the schema checked

    def visit_number(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                     d: int = 0) -> List[str]:
        return self._fits(expr, t, fail) + [f"{W}.{METHOD[t.name]}({expr})"]

    def _fits(self, expr: str, t: TypeRef, fail: List[str]) -> List[str]:
        return fit_check(expr, t, W, fail) if self.check_fit else []

    def visit_string(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                     d: int = 0) -> List[str]:
        if not max_length:
            return [f"{W}.string({expr})"]
        return [f"{W}.check_string({expr}, {max_length})"] + _on_fail(W, fail) + [f"{W}.string({expr})"]

    def visit_bytes(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                    d: int = 0) -> List[str]:
        if not max_length:
            return [f"{W}.bytes({expr})"]
        return [f"{W}.check_count({expr}.size(), true, {max_length})"] + _on_fail(W, fail) + [f"{W}.bytes({expr})"]

    def visit_enum(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                   d: int = 0) -> List[str]:
        return self._fits(expr, t, fail) + [f"{W}.{METHOD[t.enum.underlying]}({expr})"]

    def visit_message(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                      d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        lines = [f"({tn}.new() if {expr} == null else {expr})._pakt_write({W})"]
        return lines + (_on_fail(W, fail) if write_can_fail(t) else [])

    def visit_array(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                    d: int = 0) -> List[str]:
        head = [f"{W}.check_fixed({expr}.size(), {t.count})"] + _on_fail(W, fail)
        return self._each(t, expr, max_length, fail, d, head)

    def visit_list(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                   d: int = 0) -> List[str]:
        as_bytes = is_uint8(t.element) and max_count == 0
        limit = max_length if as_bytes else max_count
        head = []
        if limit:
            head += [f"{W}.check_count({expr}.size(), {'true' if as_bytes else 'false'}, {limit})"] + _on_fail(W, fail)
        return self._each(t, expr, max_length, fail, d, head + [f"{W}.length({expr}.size())"])

    def _each(self, t: TypeRef, expr: str, max_length: int, fail: List[str], d: int, head: List[str]) -> List[str]:
        b = bulk(t.element, self.godot)
        if b is not None:
            return head + [f"{W}.bulk({expr}, {b[1]}, {b[2]})"]
        if not write_can_fail(t.element) and t.element.kind != "message":
            e = f"_pakt_e{d}"
            return head + [f"for {e} in {expr}:"] + _block(self.walk(t.element, e, max_length, 0, fail, d + 1))
        i = f"_pakt_i{d}"
        if t.element.kind != "message":  # the element read once, then checked and written
            e = f"_pakt_e{d}"
            inner = [f"var {e} = {expr}[{i}]"] + self.walk(t.element, e, max_length, 0, [f"{W}.in_index({i})"] + fail, d + 1)
        else:
            inner = self.walk(t.element, f"{expr}[{i}]", max_length, 0, [f"{W}.in_index({i})"] + fail, d + 1)
        return head + [f"for {i} in {expr}.size():"] + _block(inner)


def write_field(expr: str, f: Field, schema: Schema, godot: str) -> List[str]:
    fail = [f'{W}.in_field("{f.name}")', "return"]
    write = Write(schema, godot, check_fit=not f.deprecated)
    if f.deprecated:
        expr = default_expr(f, schema, godot)
        body = write.walk(f.type, expr, 0, 0, fail)
        return [f"{W}.u8(0)"] if f.optional and expr == "null" else (
            [f"{W}.u8(1)"] + body if f.optional else body)
    expr = member(f, schema, godot)
    body = write.walk(f.type, expr, f.max_length, f.max_count, fail)
    if not f.optional:
        return body
    return [f"if {expr} == null:", f"\t{W}.u8(0)", "else:", f"\t{W}.u8(1)"] + _block(body)


# --------------------------------------------------------------------------- limits only
class Check(TypeWalk):
    """walk(t, expr, max_length, max_count, fail, d): the checks of Write alone, in its order (the
    packed to_bytes checks the limits first, as pakt::CheckMessage, without writing compact bytes)."""

    def __init__(self, schema: Schema, godot: str):
        self.schema, self.godot = schema, godot

    def visit_number(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                     d: int = 0) -> List[str]:
        return []

    visit_enum = visit_number

    def visit_text(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                   d: int = 0) -> List[str]:
        if not t.facts.write_can_fail:
            return []
        return Write(self.schema, self.godot).walk(t, expr, max_length, max_count, fail, d)[:-1]

    def visit_message(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                      d: int = 0) -> List[str]:
        if not t.facts.write_can_fail:
            return []
        tn = message_class(t, self.schema, self.godot)
        return [f"({tn}.new() if {expr} == null else {expr})._pakt_check_limits({W})"] + _on_fail(W, fail)

    def visit_array(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                    d: int = 0) -> List[str]:
        head = [f"{W}.check_fixed({expr}.size(), {t.count})"] + _on_fail(W, fail)
        return self._each(t, expr, max_length, fail, d, head)

    def visit_list(self, t: TypeRef, expr: str, max_length: int, max_count: int, fail: List[str],
                   d: int = 0) -> List[str]:
        as_bytes = is_uint8(t.element) and max_count == 0
        limit = max_length if as_bytes else max_count
        head = []
        if limit:
            head += [f"{W}.check_count({expr}.size(), {'true' if as_bytes else 'false'}, {limit})"] + _on_fail(W, fail)
        return self._each(t, expr, max_length, fail, d, head)

    def _each(self, t: TypeRef, expr: str, max_length: int, fail: List[str], d: int, head: List[str]) -> List[str]:
        if not t.element.facts.write_can_fail:
            return head
        i = f"_pakt_i{d}"
        inner = self.walk(t.element, f"{expr}[{i}]", max_length, 0, [f"{W}.in_index({i})"] + fail, d + 1)
        return head + [f"for {i} in {expr}.size():"] + _block(inner)


def check_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """The limit checks of one field (none for a deprecated one: its default is written)."""
    if f.deprecated:
        return []
    expr = member(f, schema, godot)
    body = Check(schema, godot).walk(f.type, expr, f.max_length, f.max_count,
                                     [f'{W}.in_field("{f.name}")', "return"])
    if not body or not f.optional:
        return body
    return [f"if {expr} != null:"] + _block(body)


# --------------------------------------------------------------------------- read
class Read(TypeWalk):
    """walk(t, target, max_length, max_count, fail, var, d): reads a value of `t` into the lvalue
    `target`, reusing the arrays and messages it holds. The caller checks r.failed afterwards; loops
    check it after each element."""

    def __init__(self, schema: Schema, godot: str):
        self.schema, self.godot = schema, godot

    def visit_text(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                   d: int = 0) -> List[str]:
        return [f"{target} = {R}.{METHOD[t.name]}({max_length})"]

    def visit_number(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                     d: int = 0) -> List[str]:
        return [f"{target} = {R}.{METHOD[t.name]}()"]

    def visit_enum(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                   d: int = 0) -> List[str]:
        return [f"{target} = {R}.{METHOD[t.enum.underlying]}()"]

    def visit_message(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                      d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        return [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_read({R}, false)"]

    def _element(self, t: TypeRef, target: str, max_length: int, fail: List[str], var: str, d: int) -> List[str]:
        """The loop body that reads element _pakt_i<d> of the list or array `target`."""
        i = f"_pakt_i{d}"
        elem_fail = [f"{R}.in_index({i})"] + fail
        elem = self.walk(t.element, f"{target}[{i}]", max_length, 0, elem_fail, var, d + 1)
        # A fixed-size element of a list cannot fail once its count was checked against the remaining
        # bytes (a bool can: compact accepts only 0 and 1).
        cannot_fail = t.kind == "list" and (
            t.element.kind == "enum" or (t.element.kind == "builtin" and t.element.facts.fixed_size is not None
                                          and t.element.name != "bool"))
        return elem if cannot_fail else elem + _on_fail(R, elem_fail)

    def visit_array(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                    d: int = 0) -> List[str]:
        body = self._element(t, target, max_length, fail, var, d)
        return [f"{target}.resize({t.count})", f"for _pakt_i{d} in {t.count}:"] + _block(body)

    def visit_list(self, t: TypeRef, target: str, max_length: int, max_count: int, fail: List[str], var: str,
                   d: int = 0) -> List[str]:
        as_bytes = is_uint8(t.element) and max_count == 0
        what, limit_name, limit = ("length", "max_length", max_length) if as_bytes else ("count", "max_count", max_count)
        n = f"_pakt_n{d}_{var}"
        head = [f'var {n}: int = {R}.length("{what}", "{limit_name}", {limit}, {t.element.facts.min_size})',
                f"if {n} < 0:"] + _block(fail)
        b = bulk(t.element, self.godot)
        if b is not None:  # one engine call instead of a loop
            return head + [f"{target} = {R}.bulk({b[0]}, {n}, {b[1]}, {b[2]})"]
        body = self._element(t, target, max_length, fail, var, d)
        return head + [f"{target}.resize({n})", f"for _pakt_i{d} in {n}:"] + _block(body)


def read_field(target: str, f: Field, schema: Schema, godot: str) -> List[str]:
    """The read of one field; an error returns with the field's name added to its path."""
    fail = [f'{R}.in_field("{f.name}")', "return"]
    var = f.name
    target = member(f, schema, godot)
    after = []
    if f.deprecated:  # read and dropped; the member holds its default (pakt/message_rules.hpp)
        after = [f"{target} = {default_expr(f, schema, godot)}"]
        target = f"_pakt_old_{f.name}"
        lines = [f"var {target} = {default_expr(f, schema, godot)}"]
    else:
        lines = []
    body = Read(schema, godot).walk(f.type, target, f.max_length, f.max_count, fail, var)
    if f.optional:
        fresh = _block(made_when_null(target, f.type, schema, godot))
        body = [f"if {R}.presence():"] + fresh + _block(body) + ["else:", f"\t{target} = null"]
    return lines + body + _on_fail(R, fail) + after


# --------------------------------------------------------------------------- Godot Variant
class Variant(TypeWalk):
    """walk(t, expr): the Variant pakt's Godot mapping gives a value of `t` (pakt/godot/mapping.hpp):
    scalars, vectors and Packed arrays as they are, messages as their to_variant(), other lists as
    untyped Arrays."""

    def __init__(self, schema: Schema, godot: str):
        self.schema, self.godot = schema, godot

    def visit_number(self, t: TypeRef, expr: str) -> str:
        return expr

    visit_text = visit_enum = visit_number

    def visit_message(self, t: TypeRef, expr: str) -> str:
        return f"({message_class(t, self.schema, self.godot)}.new() if {expr} == null else {expr}).to_variant()"

    def visit_sequence(self, t: TypeRef, expr: str) -> str:
        if types.is_packed(t.element, self.godot):
            return expr
        if t.element.kind == "message":
            return f"{RUNTIME}.variants({expr}, {message_class(t.element, self.schema, self.godot)})"
        return f"{RUNTIME}.untyped({expr})"


def variant_field(f: Field, schema: Schema, godot: str) -> str:
    """The field's Variant (a deprecated field: its default's)."""
    expr = default_expr(f, schema, godot) if f.deprecated else member(f, schema, godot)
    inner = Variant(schema, godot).walk(f.type, expr)
    if f.optional:
        if expr == "null":
            return "null"
        if inner == expr:  # null or the value itself
            return expr
        if f.type.kind == "message":
            return f"null if {expr} == null else {expr}.to_variant()"
        return f"null if {expr} == null else {inner}"
    return inner


# --------------------------------------------------------------------------- from_variant
# A Variant's int is int64: a uint64 field takes it up to INT64_MAX.
INT_RANGE = {**INT_LIMITS, "uint64": (0, 2**63 - 1)}
# The VariantReader method of a vector type's Variant (templates/runtime.gd.j2); Godot 3 has no
# Vector2i / Vector3i Variant.
VARIANT_METHOD = {
    "4": {"Vector2": "vector2", "Vector3": "vector3", "Quaternion": "quaternion", "Color": "color",
          "Vector2i": "vector2i", "Vector3i": "vector3i"},
    "3": {"Vector2": "vector2", "Vector3": "vector3", "Quaternion": "quaternion", "Color": "color"},
}


def _int_range(name: str) -> str:
    lo, hi = INT_RANGE[name]
    return f"{integer_literal(lo)}, {integer_literal(hi)}"


class FromVariant(TypeWalk):
    """walk(t, target, x, max_length, max_count, fail, var, d): sets `target` from the Variant `x`
    (checked by the VariantReader `_pakt_r`)."""

    def __init__(self, schema: Schema, godot: str):
        self.schema, self.godot = schema, godot

    def visit_enum(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                   var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.integer({x}, {_int_range(t.enum.underlying)})"]

    def visit_integer(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                      var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.integer({x}, {_int_range(t.name)})"]

    def visit_float(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                    var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.number({x})"]

    def visit_bool(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                   var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.boolean({x})"]

    def visit_string(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                     var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.text({x}, {max_length})"]

    def visit_bytes(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                    var: str, d: int = 0) -> List[str]:
        return [f"{target} = {R}.bytes({x}, {max_length})"]

    def visit_vector(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                     var: str, d: int = 0) -> List[str]:
        method = VARIANT_METHOD[self.godot].get(t.name)
        if method is None:
            return [f'{R}.fail("{t.name} has no Godot 3 Variant")']
        return [f"{target} = {R}.{method}({x})"]

    def visit_message(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                      var: str, d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        return [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_from_variant({R}, {x})"]

    def visit_sequence(self, t: TypeRef, target: str, x: str, max_length: int, max_count: int, fail: List[str],
                       var: str, d: int = 0) -> List[str]:
        i = f"_pakt_i{d}"
        elem_fail = [f"{R}.in_index({i})"] + fail
        exactly = t.count if t.kind == "array" else -1
        limit = max_count if t.kind == "list" else 0
        src = f"_pakt_v{d}_{var}"
        elem = self.walk(t.element, f"{target}[{i}]", f"{src}[{i}]", max_length, 0, elem_fail, var, d + 1)
        return [f"var {src} = {x}", f"if not {R}.list({src}, {limit}, {exactly}):"] + _block(fail) + [
            f"{target}.resize({src}.size())", f"for {i} in {src}.size():"] + _block(elem + _on_fail(R, elem_fail))


def from_variant_field(f: Field, index: int, message_godot: str, schema: Schema, godot: str) -> List[str]:
    """Takes the field from `_pakt_v` (a Dictionary by name, or an Array by position); absent: its
    default, or an error for a required field."""
    fail = [f'{R}.in_field("{f.name}")', "return"]
    target = f"_pakt_old_{f.name}" if f.deprecated else member(f, schema, godot)
    v = "_pakt_v"
    if message_godot == "array":
        test, x = f"{v}.size() > {index}", f"{v}[{index}]"
    else:
        test, x = f'{v}.has("{f.name}")', f'{v}["{f.name}"]'
    body = FromVariant(schema, godot).walk(f.type, target, x, f.max_length, f.max_count, fail, f.name)
    if f.optional:
        fresh = _block(made_when_null(target, f.type, schema, godot))
        body = [f"if {R}.is_nil({x}):", f"\t{target} = null", "else:"] + fresh + _block(body)
    lines = [f"var {target} = {default_expr(f, schema, godot)}"] if f.deprecated else []
    absent = ([f'{R}.fail("required field \'{f.name}\' is missing")'] + fail if f.required
              else [f"{target} = {default_expr(f, schema, godot)}"])
    # A deprecated field is read and dropped; the member holds its default (pakt/message_rules.hpp).
    after = [f"{member(f, schema, godot)} = {default_expr(f, schema, godot)}"] if f.deprecated else []
    return lines + [f"if {test}:"] + _block(body + _on_fail(R, fail)) + ["else:"] + _block(absent) + after
