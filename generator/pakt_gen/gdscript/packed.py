"""GDScript statements of the packed format (docs/packed.md) for one field: writes, reads, the
"same encoding" test of a delta's changed bit, deltas and the deep copy a delta is applied to.

Each field's code comes from the descriptor (Field.packed, the leaf code; lengths from max_length /
max_count); the wire rules live in the runtime's BitWriter / BitReader (templates/runtime.gd.j2),
as pakt::packing's helpers (runtime/include/pakt/packed.hpp). As in codec.py, `fail` is the list
of statements that add the path and return, innermost first; `d` is the nesting depth. Parameters
and locals start with `_pakt_` as codec.py's do: the BitWriter `_pakt_w`, the BitReader `_pakt_r`,
the other message `_pakt_o` and the baseline `_pakt_base`, loop indexes `_pakt_i0`, a field's count
`_pakt_n0_<field>` and vector components `_pakt_x0_<field>`.
"""

import math
import struct
from decimal import Decimal
from typing import List

from ..model import VECTOR_COMPONENTS, Field, PackedCode, Schema, TypeRef, packed_delta_kind
from .keywords import identifier
from .literals import default_expr, integer_literal, new_value
from .types import GODOT, member, message_class, type_name

INT_LIMITS = {
    "int8": (-128, 127), "int16": (-32768, 32767), "int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 255), "uint16": (0, 65535), "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}


def _block(lines: List[str]) -> List[str]:
    return ["\t" + s for s in lines]


def _on_fail(obj: str, fail: List[str]) -> List[str]:
    return [f"if {obj}.failed:"] + _block(fail)


def float_literal(x: float) -> str:
    """A GDScript expression of exactly the double x: its shortest decimal text when the engines'
    parser (a mantissa of at most 15 digits divided or multiplied by an exact power of ten: one
    rounding) reads it back exactly, else `M.0 * pow(2.0, E)` (exact)."""
    x = float(x)
    if x == int(x) and abs(x) < 2**53:
        return f"{int(x)}.0"
    _, digits, exponent = Decimal(repr(x)).as_tuple()
    if len(digits) <= 15 and -22 <= exponent <= 22:
        return repr(x)
    m, e = math.frexp(x)
    mant, e = int(m * 2**53), e - 53
    while mant % 2 == 0:  # the fewest mantissa bits: 2^e stays a double (no underflow of denormals)
        mant //= 2
        e += 1
    return f"({mant}.0 * pow(2.0, {e}))"


def _leaf_name(t: TypeRef) -> str:
    """The built-in type of a leaf value (an enum's underlying type)."""
    return t.enum.underlying if t.kind == "enum" else t.name


def _is_leaf(t: TypeRef) -> bool:
    return t.kind == "enum" or (t.kind == "builtin" and t.name not in ("string", "bytes"))


def _length(max_: int):
    """(limit, bits) of a length or count code: ranged over [0, max_] or a varint (0, 0)."""
    return (max_, max_.bit_length()) if max_ else (0, 0)


def list_length_rule(t: TypeRef, f: Field):
    """(what, limit name, limit) of a list's count: compact's LengthRule (bytes-like uint8 lists)."""
    e = t.element
    if e.kind == "builtin" and e.name == "uint8" and not f.max_count:
        return "length", "max_length", f.max_length
    return "count", "max_count", f.max_count


def _code_bits(code: PackedCode) -> int:
    if code.kind == "smallest_three":
        return 2 + 3 * code.bits
    if code.kind in ("varint", "zigzag"):
        return 8
    if code.kind == "bool":
        return 1
    return code.bits


def min_bits(t: TypeRef, f: Field) -> int:
    """The fewest packed bits of a value of `t` (an element of field f), as the C++ back end's
    packed_code filter computes a list's min_element_bits."""
    if t.kind == "message":
        return t.message.facts.packed_min_bits
    if t.kind == "array":
        return t.count * min_bits(t.element, f)
    if t.kind == "list" or (t.kind == "builtin" and t.name in ("string", "bytes")):
        limit = f.max_count if t.kind == "list" else f.max_length
        return limit.bit_length() if limit else 8
    bits = _code_bits(f.packed)
    if t.kind == "builtin" and t.name in VECTOR_COMPONENTS and f.packed.kind != "smallest_three":
        bits *= len(VECTOR_COMPONENTS[t.name])
    return bits


def can_fail_write(t: TypeRef, f: Field) -> bool:
    """Whether writing a value of `t` in field f can fail (a range, a NaN quaternion, a limit)."""
    if t.kind == "message":
        return any(can_fail_write(g.type, g) for g in t.message.fields if not g.deprecated)
    if t.kind in ("list", "array"):
        return (t.kind == "list" and list_length_rule(t, f)[2] != 0) or can_fail_write(t.element, f)
    if t.kind == "builtin" and t.name in ("string", "bytes"):
        return f.max_length != 0
    return f.packed is not None and f.packed.kind in ("ranged", "quantized", "smallest_three")


# --------------------------------------------------------------------------- leaf values
def _scalar_write(expr: str, name: str, code: PackedCode) -> str:
    k = code.kind
    if k == "bool":
        return f"_pakt_w.boolean({expr})"
    if k == "ranged":
        unsigned = "true" if name == "uint64" else "false"
        return (f"_pakt_w.ranged({expr}, {integer_literal(code.min)}, {integer_literal(code.span)}, {code.bits}, "
                f"{unsigned})")
    if k == "varint":
        return f"_pakt_w.varint({expr})"
    if k == "zigzag":
        return f"_pakt_w.zigzag({expr})"
    if k == "raw":
        return {8: f"_pakt_w.write({expr}, 8)", 32: f"_pakt_w.f32({expr})", 64: f"_pakt_w.f64({expr})"}[code.bits]
    if k == "quantized":
        return (f"_pakt_w.quantized({expr}, {float_literal(code.min)}, {float_literal(code.max)}, {code.steps}, "
                f"{code.bits}, {_ends32(name, code)})")
    raise ValueError(f"no scalar packed code {k}")


def _f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


# A float vector's components: the engine already holds them as float32 (real_t), so the runtime
# need not round them (a float32 field's value is a double that may not be one).
COMPONENT = "component"


def _ends32(name: str, code: PackedCode) -> str:
    """`lo32, hi32, round` of a quantized code: each end rounded to float32 (a float32 between an end
    and that counts as the end: packing::detail::quantize_value), and whether the runtime rounds the
    value to float32 first; a float64 field's own ends."""
    if name == "float64":
        return f"{float_literal(code.min)}, {float_literal(code.max)}, false"
    return f"{float_literal(_f32(code.min))}, {float_literal(_f32(code.max))}, {'false' if name == COMPONENT else 'true'}"


def _scalar_read(name: str, code: PackedCode) -> str:
    k = code.kind
    if k == "bool":
        return "_pakt_r.boolean()"
    if k == "ranged":
        return f"_pakt_r.ranged({integer_literal(code.min)}, {integer_literal(code.span)}, {code.bits})"
    if k == "varint":
        hi = INT_LIMITS[name][1]
        return f'_pakt_r.varint_u({-1 if hi >= 2**63 else hi}, "{name}")'
    if k == "zigzag":
        lo, hi = INT_LIMITS[name]
        return f'_pakt_r.zigzag({integer_literal(lo)}, {integer_literal(hi)}, "{name}")'
    if k == "raw":
        if code.bits == 8:
            return f"_pakt_r.raw8({'true' if name == 'int8' else 'false'})"
        return "_pakt_r.f32()" if code.bits == 32 else "_pakt_r.f64()"
    if k == "quantized":
        is32 = "true" if name == "float32" else "false"  # components: the vector's constructor rounds
        return f"_pakt_r.quantized({float_literal(code.min)}, {float_literal(code.max)}, {code.steps}, {code.bits}, {is32})"
    raise ValueError(f"no scalar packed code {k}")


def _scalar_same(a: str, b: str, name: str, code: PackedCode) -> str:
    k = code.kind
    if k == "raw" and code.bits == 32:
        return f"_pakt_w.same_f32({a}, {b})"
    if k == "raw" and code.bits == 64:
        return f"_pakt_w.same_f64({a}, {b})"
    if k == "quantized":
        return (f"_pakt_w.same_quantized({a}, {b}, {float_literal(code.min)}, {float_literal(code.max)}, "
                f"{code.steps}, {_ends32(name, code)})")
    return f"{a} == {b}"


def _component_type(name: str) -> str:
    return "int32" if name in ("Vector2i", "Vector3i") else COMPONENT


def _components(expr: str, name: str, godot: str, obj: str) -> List[str]:
    comps = VECTOR_COMPONENTS[name]
    if name in ("Vector2i", "Vector3i") and not GODOT[godot]["has_int_vectors"]:
        return [f"_pakt_runtime.BitWriter.component({expr}, {i})" for i in range(len(comps))]
    return [f"{expr}.{c}" for c in comps]


def _vector_ctor(name: str, values: List[str], schema: Schema, godot: str) -> str:
    if name in ("Vector2i", "Vector3i") and not GODOT[godot]["has_int_vectors"]:
        return "[" + ", ".join(values) + "]"
    return f"{type_name(TypeRef(kind='builtin', name=name), schema, godot)}({', '.join(values)})"


# --------------------------------------------------------------------------- write
def write(expr: str, t: TypeRef, f: Field, schema: Schema, godot: str, fail: List[str], d: int = 0) -> List[str]:
    """Writes `expr` (a value of `t`, the field's type or its element) in the packed format."""
    if t.kind == "message":
        tn = message_class(t, schema, godot)
        lines = [f"({tn}.new() if {expr} == null else {expr})._pakt_write_packed(_pakt_w)"]
        return lines + (_on_fail("_pakt_w", fail) if can_fail_write(t, f) else [])
    if t.kind == "builtin" and t.name in ("string", "bytes"):
        limit, bits = _length(f.max_length)
        call = "text" if t.name == "string" else "blob"
        return [f"_pakt_w.{call}({expr}, {limit}, {bits})"] + (_on_fail("_pakt_w", fail) if limit else [])
    if t.kind in ("list", "array"):
        lines = []
        if t.kind == "list":
            what, limit_name, limit = list_length_rule(t, f)
            lim, bits = _length(limit)
            lines.append(f'_pakt_w.length({expr}.size(), "{what}", "{limit_name}", {lim}, {bits})')
            if lim:
                lines += _on_fail("_pakt_w", fail)
        i = f"_pakt_i{d}"
        inner = write(f"{expr}[{i}]", t.element, f, schema, godot, [f"_pakt_w.in_index({i})"] + fail, d + 1)
        return lines + [f"for {i} in {expr}.size():"] + _block(inner)
    name = _leaf_name(t)
    code = f.packed
    if name == "Quaternion" and code.kind == "smallest_three":
        return [f"_pakt_w.smallest_three({expr}, {code.bits})"] + _on_fail("_pakt_w", fail)
    if name in VECTOR_COMPONENTS:
        ctype = _component_type(name)
        lines = []
        for c, cexpr in zip(VECTOR_COMPONENTS[name], _components(expr, name, godot, "w")):
            lines.append(_scalar_write(cexpr, ctype, code))
            if code.kind in ("ranged", "quantized"):
                lines += _on_fail("_pakt_w", [f'_pakt_w.in_field("{c}")'] + fail)
        return lines
    lines = [_scalar_write(expr, name, code)]
    if code.kind in ("ranged", "quantized"):
        lines += _on_fail("_pakt_w", fail)
    return lines


def write_field(f: Field, schema: Schema, godot: str) -> List[str]:
    fail = [f'_pakt_w.in_field("{f.name}")', "return"]
    if f.deprecated:
        expr = default_expr(f, schema, godot)
        if f.optional and expr == "null":
            return ["_pakt_w.boolean(false)"]
        body = write(expr, f.type, f, schema, godot, fail)
        return (["_pakt_w.boolean(true)"] + body) if f.optional else body
    expr = member(f, schema, godot)
    body = write(expr, f.type, f, schema, godot, fail)
    if not f.optional:
        return body
    return [f"if {expr} == null:", "\t_pakt_w.boolean(false)", "else:", "\t_pakt_w.boolean(true)"] + _block(body)


# --------------------------------------------------------------------------- read
def read(target: str, t: TypeRef, f: Field, schema: Schema, godot: str, fail: List[str], var: str,
         d: int = 0) -> List[str]:
    """Reads a value of `t` into `target`; the caller checks _pakt_r.failed afterwards."""
    if t.kind == "message":
        tn = message_class(t, schema, godot)
        return [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_read_packed(_pakt_r)"]
    if t.kind == "builtin" and t.name in ("string", "bytes"):
        limit, bits = _length(f.max_length)
        return [f"{target} = _pakt_r.{'text' if t.name == 'string' else 'blob'}({limit}, {bits})"]
    if t.kind in ("list", "array"):
        i = f"_pakt_i{d}"
        elem_fail = [f"_pakt_r.in_index({i})"] + fail
        elem = read(f"{target}[{i}]", t.element, f, schema, godot, elem_fail, var, d + 1)
        body = elem + _on_fail("_pakt_r", elem_fail)
        if t.kind == "array":
            return [f"{target}.resize({t.count})", f"for {i} in {t.count}:"] + _block(body)
        what, limit_name, limit = list_length_rule(t, f)
        lim, bits = _length(limit)
        n = f"_pakt_n{d}_{var}"
        return [f'var {n}: int = _pakt_r.length("{what}", "{limit_name}", {lim}, {bits}, {min_bits(t.element, f)})',
                f"if {n} < 0:"] + _block(fail) + [f"{target}.resize({n})", f"for {i} in {n}:"] + _block(body)
    name = _leaf_name(t)
    code = f.packed
    if name == "Quaternion" and code.kind == "smallest_three":
        return [f"{target} = _pakt_r.smallest_three({code.bits})"]
    if name in VECTOR_COMPONENTS:
        ctype = _component_type(name)
        lines, values = [], []
        for c in VECTOR_COMPONENTS[name]:
            v = f"_pakt_{c}{d}_{var}"
            values.append(v)
            lines += [f"var {v} = {_scalar_read(ctype, code)}"] + _on_fail("_pakt_r", [f'_pakt_r.in_field("{c}")'] + fail)
        return lines + [f"{target} = {_vector_ctor(name, values, schema, godot)}"]
    return [f"{target} = {_scalar_read(name, code)}"]


def read_field(f: Field, schema: Schema, godot: str, delta: bool = False) -> List[str]:
    """The read of one field (a deprecated one: read and dropped, the member holds its default)."""
    fail = [f'_pakt_r.in_field("{f.name}")', "return"]
    target = member(f, schema, godot)
    lines, after = [], []
    if f.deprecated:
        after = [f"{target} = {default_expr(f, schema, godot)}"]
        target = f"_pakt_old_{f.name}"
        lines = [f"var {target} = {default_expr(f, schema, godot)}"]
    body = read(target, f.type, f, schema, godot, fail, f.name)
    if f.optional:
        fresh = []
        if f.type.kind in ("list", "array", "message") or (f.type.kind == "builtin" and f.type.name == "bytes"):
            fresh = [f"\tif {target} == null:", f"\t\t{target} = {new_value(f.type, schema, godot)}"]
        body = ['if _pakt_r.boolean("presence bit"):'] + fresh + _block(body) + ["else:", f"\t{target} = null"]
    if delta:
        body = _delta_read_body(target, f, schema, godot, body)
    return lines + body + _on_fail("_pakt_r", fail) + after


# --------------------------------------------------------------------------- same encoding
def same(a: str, b: str, t: TypeRef, f: Field, schema: Schema, godot: str, d: int = 0) -> List[str]:
    """Statements that `return false` when `a` and `b` (values of `t`) differ in their encoding."""
    if t.kind == "message":
        tn = message_class(t, schema, godot)
        return [f"if not ({tn}.new() if {a} == null else {a})._pakt_same_packed({tn}.new() if {b} == null else {b}, _pakt_w):",
                "\treturn false"]
    if t.kind == "builtin" and t.name in ("string", "bytes"):
        return [f"if {a} != {b}:", "\treturn false"]
    if t.kind in ("list", "array"):
        i = f"_pakt_i{d}"
        return ([f"if {a}.size() != {b}.size():", "\treturn false", f"for {i} in {a}.size():"] +
                _block(same(f"{a}[{i}]", f"{b}[{i}]", t.element, f, schema, godot, d + 1)))
    name = _leaf_name(t)
    code = f.packed
    if name == "Quaternion" and code.kind == "smallest_three":
        return [f"if not _pakt_runtime.Bits.same_smallest_three({a}, {b}, {code.bits}):", "\treturn false"]
    if name in VECTOR_COMPONENTS:
        ctype = _component_type(name)
        terms = [_scalar_same(ca, cb, ctype, code) for ca, cb in
                 zip(_components(a, name, godot, "w"), _components(b, name, godot, "w"))]
        return [f"if not ({' and '.join(terms)}):", "\treturn false"]
    return [f"if not ({_scalar_same(a, b, name, code)}):", "\treturn false"]


def same_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """The body of `_pakt_same_field_<field>(_pakt_o, _pakt_w) -> bool`: whether self's and _pakt_o's
    field encode the same (`_pakt_w`: the BitWriter, whose buffer rounds floats)."""
    a, b = "self." + identifier(f.name, godot), "_pakt_o." + identifier(f.name, godot)
    body = same(a, b, f.type, f, schema, godot)
    if f.optional:
        body = [f"if ({a} == null) != ({b} == null):", "\treturn false", f"if {a} != null:"] + _block(body)
    return body + ["return true"]


# --------------------------------------------------------------------------- delta
def same_method(f: Field) -> str:
    """The method that tells whether the field encodes the same in self and another message (a prefix
    of its own, so that no field's method is named like another generated method: `packed`)."""
    return f"_pakt_same_field_{f.name}"



def write_delta_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """One field of a delta: the changed bit, then the nested delta or the value in full."""
    if f.deprecated:
        return ["_pakt_w.boolean(false)  # deprecated: both hold its default"]
    fail = [f'_pakt_w.in_field("{f.name}")', "return"]
    expr, name = member(f, schema, godot), identifier(f.name, godot)
    kind = packed_delta_kind(f)
    t = f.type
    head = [f"if not {same_method(f)}(_pakt_base, _pakt_w):", "\t_pakt_w.boolean(true)"]
    if kind == "message":
        tn = message_class(t, schema, godot)
        body = [f"({tn}.new() if {expr} == null else {expr})._pakt_write_delta(_pakt_w, "
                f"{tn}.new() if _pakt_base.{name} == null else _pakt_base.{name})"] + _on_fail("_pakt_w", fail)
    elif kind in ("list", "array"):
        tn = message_class(t.element, schema, godot)
        lim, bits = _length(f.max_count) if kind == "list" else (0, 0)
        body = [f"_pakt_w.elements_delta({expr}, _pakt_base.{name}, {'true' if kind == 'list' else 'false'}, {lim}, {bits}, "
                f"{tn})"] + _on_fail("_pakt_w", fail)
    else:
        body = write_field(f, schema, godot)
    return head + _block(body) + ["else:", "\t_pakt_w.boolean(false)"]


def _delta_read_body(target: str, f: Field, schema: Schema, godot: str, full: List[str]) -> List[str]:
    kind = packed_delta_kind(f)
    t = f.type
    if kind == "message":
        tn = message_class(t, schema, godot)
        body = [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_read_delta(_pakt_r)"]
    elif kind in ("list", "array"):
        tn = message_class(t.element, schema, godot)
        lim, bits = _length(f.max_count) if kind == "list" else (0, 0)
        mb = min_bits(t.element, f) if kind == "list" else 0
        body = [f"_pakt_r.elements_delta({target}, {'true' if kind == 'list' else 'false'}, {lim}, {bits}, {mb}, {tn})"]
    else:
        body = full
    return ['if _pakt_r.boolean("changed bit"):'] + _block(body)


def read_delta_field(f: Field, schema: Schema, godot: str) -> List[str]:
    return read_field(f, schema, godot, delta=True)


# --------------------------------------------------------------------------- deep copy
def _copy(expr: str, t: TypeRef, schema: Schema, godot: str) -> List[str]:
    """Statements that make `expr` (already assigned from the source) a deep copy."""
    if t.kind == "message":
        tn = message_class(t, schema, godot)
        return [f"if {expr} != null:", f"\tvar _pakt_c = {tn}.new()", f"\t_pakt_c._pakt_assign({expr})",
                f"\t{expr} = _pakt_c"]
    if t.kind in ("list", "array") or (t.kind == "builtin" and t.name == "bytes"):
        tn = type_name(t, schema, godot)
        lines = []
        if godot == "4" or tn.startswith("Array"):
            lines.append(f"{expr} = {expr}.duplicate()")
        if t.kind in ("list", "array") and t.element.kind == "message":
            et = message_class(t.element, schema, godot)
            lines += [f"for _pakt_i in {expr}.size():", f"\tif {expr}[_pakt_i] != null:", f"\t\tvar _pakt_c = {et}.new()",
                      f"\t\t_pakt_c._pakt_assign({expr}[_pakt_i])", f"\t\t{expr}[_pakt_i] = _pakt_c"]
        return lines
    return []


def assign_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """Copies _pakt_o's field into self's (deeply: arrays and nested messages are new)."""
    name, target = identifier(f.name, godot), member(f, schema, godot)
    copy = _copy(target, f.type, schema, godot)
    if f.optional and copy:
        copy = [f"if {target} != null:"] + _block(copy)
    return [f"{target} = _pakt_o.{name}"] + copy
