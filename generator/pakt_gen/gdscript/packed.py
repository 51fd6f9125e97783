"""GDScript statements of the packed format (docs/packed.md) for one field: writes, reads, the
"same encoding" test of a delta's changed bit, deltas and the deep copy a delta is applied to.

Each field's code comes from the descriptor (Field.packed, the leaf code; lengths from max_length /
max_count); the wire rules live in the runtime's BitWriter / BitReader (templates/runtime.gd.j2),
as pakt::packing's helpers (runtime/include/pakt/packed.hpp). Write, Read, Same and Copy are
TypeWalks (type_walk.py), one visit method per shape. As in codec.py, `fail` is the list
of statements that add the path and return, innermost first; `d` is the nesting depth. Parameters
and locals start with `_pakt_` as codec.py's do: the BitWriter `_pakt_w`, the BitReader `_pakt_r`,
the other message `_pakt_o` and the baseline `_pakt_base`, loop indexes `_pakt_i0`, a field's count
`_pakt_n0_<field>` and vector components `_pakt_x0_<field>`.
"""

import math
import struct
from decimal import Decimal
from typing import Dict, List

from ..model import VECTOR_COMPONENTS, Field, PackedCode, Schema, TypeRef, length_code, packed_delta_kind
from ..type_walk import TypeWalk
from .codec import INT_LIMITS, NARROW_INTS, fit_check, holds_narrow_int, made_when_null
from .keywords import identifier
from .literals import default_expr, integer_literal
from .types import GODOT, builtin_of, member, message_class, type_name


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


def _is_leaf(t: TypeRef) -> bool:
    return t.kind == "enum" or (t.kind == "builtin" and t.name not in ("string", "bytes"))


def _length(code: PackedCode):
    """(limit, bits) of a length or count code of the descriptor: ranged over [0, limit], or a varint (0, 0)."""
    return (code.span, code.bits) if code.kind == "ranged" else (0, 0)


def list_length_rule(t: TypeRef, f: Field):
    """(what, limit name, limit) of a list's count: compact's LengthRule (bytes-like uint8 lists)."""
    e = t.element
    if e.kind == "builtin" and e.name == "uint8" and not f.max_count:
        return "length", "max_length", f.max_length
    return "count", "max_count", f.max_count


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
    return f"{a} == {b}"


def _quantize(v: str, name: str, code: PackedCode) -> (List[str], str, str):
    """packing::detail::quantize_value of the value held in the variable `v`, spelled out: (statements that round
    a float32 field's value to float and move a float32 just outside an end to that end, the
    condition that it lies in the range, the code, which only then is the runtime's)."""
    lo, hi = float(code.min), float(code.max)
    lines = [f"{v} = Vector2({v}, 0.0).x"] if name == "float32" else []
    if name != "float64":
        lo32, hi32 = _f32(lo), _f32(hi)
        if lo32 != lo:
            lines += [f"if {v} < {float_literal(lo)} and {v} >= {float_literal(lo32)}:", f"\t{v} = {float_literal(lo)}"]
        if hi32 != hi:
            lines += [f"if {v} > {float_literal(hi)} and {v} <= {float_literal(hi32)}:", f"\t{v} = {float_literal(hi)}"]
    in_range = f"{v} >= {float_literal(lo)} and {v} <= {float_literal(hi)}"
    step = f"int(round((({v} - ({float_literal(lo)})) * {code.steps}.0) / {float_literal(hi - lo)}))"
    return lines, in_range, step


def _same_quantized(pairs, name: str, code: PackedCode, d: int) -> List[str]:
    """`return false` unless each (a, b) pair quantizes to the same valid code (equal values do when
    they lie in the range: no rounding then)."""
    lines = []
    for i, (a, b) in enumerate(pairs):
        va, vb = f"_pakt_a{d}_{i}", f"_pakt_b{d}_{i}"
        la, ra, qa = _quantize(va, name, code)
        lb, rb, qb = _quantize(vb, name, code)
        lines += [f"var {va} = {a}", f"var {vb} = {b}"] + la + lb
        lines += [f"if not ({ra}) or ({va} != {vb} and not ({rb} and {qa} == {qb})):", "\treturn false"]
    return lines


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
class Write(TypeWalk):
    """walk(t, expr, fail, d): writes `expr` (a value of `t`, field f's type or its element) in the
    packed format."""

    def __init__(self, schema: Schema, godot: str, f: Field):
        self.schema, self.godot, self.f = schema, godot, f

    def visit_message(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        lines = [f"({tn}.new() if {expr} == null else {expr})._pakt_write_packed(_pakt_w)"]
        return lines + (_on_fail("_pakt_w", fail) if t.facts.packed_write_can_fail or holds_narrow_int(t) else [])

    def visit_text(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        limit, bits = _length(length_code(t, self.f))
        call = "text" if t.name == "string" else "blob"
        return [f"_pakt_w.{call}({expr}, {limit}, {bits})"] + (_on_fail("_pakt_w", fail) if limit else [])

    def visit_list(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        what, limit_name, _ = list_length_rule(t, self.f)
        lim, bits = _length(length_code(t, self.f))
        head = [f'_pakt_w.length({expr}.size(), "{what}", "{limit_name}", {lim}, {bits})']
        return head + (_on_fail("_pakt_w", fail) if lim else []) + self.visit_array(t, expr, fail, d)

    def visit_array(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        i = f"_pakt_i{d}"
        inner = self.walk(t.element, f"{expr}[{i}]", [f"_pakt_w.in_index({i})"] + fail, d + 1)
        return [f"for {i} in {expr}.size():"] + _block(inner)

    def visit_vector(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        name, code = t.name, self.f.packed
        if name == "Quaternion" and code.kind == "smallest_three":
            return [f"_pakt_w.smallest_three({expr}, {code.bits})"] + _on_fail("_pakt_w", fail)
        ctype = _component_type(name)
        lines = []
        for c, cexpr in zip(VECTOR_COMPONENTS[name], _components(expr, name, self.godot, "w")):
            lines.append(_scalar_write(cexpr, ctype, code))
            if code.kind in ("ranged", "quantized"):
                lines += _on_fail("_pakt_w", [f'_pakt_w.in_field("{c}")'] + fail)
        return lines

    def visit_number(self, t: TypeRef, expr: str, fail: List[str], d: int = 0) -> List[str]:
        """bool, integers, floats, and enums by their underlying type."""
        code = self.f.packed
        lines = [_scalar_write(expr, builtin_of(t), code)]
        if code.kind in ("ranged", "quantized"):  # the range is within the type's: its check covers the type's
            return lines + _on_fail("_pakt_w", fail)
        if self.f.deprecated:  # its default, which the schema checked
            return lines
        return fit_check(expr, t, "_pakt_w", fail) + lines

    visit_enum = visit_number


def write_field(f: Field, schema: Schema, godot: str) -> List[str]:
    fail = [f'_pakt_w.in_field("{f.name}")', "return"]
    write = Write(schema, godot, f)
    if f.deprecated:
        expr = default_expr(f, schema, godot)
        if f.optional and expr == "null":
            return ["_pakt_w.boolean(false)"]
        body = write.walk(f.type, expr, fail)
        return (["_pakt_w.boolean(true)"] + body) if f.optional else body
    expr = member(f, schema, godot)
    body = write.walk(f.type, expr, fail)
    if not f.optional:
        return body
    return [f"if {expr} == null:", "\t_pakt_w.boolean(false)", "else:", "\t_pakt_w.boolean(true)"] + _block(body)


# --------------------------------------------------------------------------- read
class Read(TypeWalk):
    """walk(t, target, fail, var, d): reads a value of `t` (field f's type or its element) into
    `target`; the caller checks _pakt_r.failed afterwards."""

    def __init__(self, schema: Schema, godot: str, f: Field):
        self.schema, self.godot, self.f = schema, godot, f

    def visit_message(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        return [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_read_packed(_pakt_r)"]

    def visit_text(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        limit, bits = _length(length_code(t, self.f))
        return [f"{target} = _pakt_r.{'text' if t.name == 'string' else 'blob'}({limit}, {bits})"]

    def _element(self, t: TypeRef, target: str, fail: List[str], var: str, d: int) -> List[str]:
        """The loop body that reads element _pakt_i<d> of the list or array `target`."""
        i = f"_pakt_i{d}"
        elem_fail = [f"_pakt_r.in_index({i})"] + fail
        return self.walk(t.element, f"{target}[{i}]", elem_fail, var, d + 1) + _on_fail("_pakt_r", elem_fail)

    def visit_array(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        body = self._element(t, target, fail, var, d)
        return [f"{target}.resize({t.count})", f"for _pakt_i{d} in {t.count}:"] + _block(body)

    def visit_list(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        body = self._element(t, target, fail, var, d)
        what, limit_name, _ = list_length_rule(t, self.f)
        lim, bits = _length(length_code(t, self.f))
        n = f"_pakt_n{d}_{var}"
        return [f'var {n}: int = _pakt_r.length("{what}", "{limit_name}", {lim}, {bits}, {t.element.facts.packed_min_bits})',
                f"if {n} < 0:"] + _block(fail) + [f"{target}.resize({n})", f"for _pakt_i{d} in {n}:"] + _block(body)

    def visit_vector(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        name, code = t.name, self.f.packed
        if name == "Quaternion" and code.kind == "smallest_three":
            return [f"{target} = _pakt_r.smallest_three({code.bits})"]
        ctype = _component_type(name)
        lines, values = [], []
        for c in VECTOR_COMPONENTS[name]:
            v = f"_pakt_{c}{d}_{var}"
            values.append(v)
            lines += [f"var {v} = {_scalar_read(ctype, code)}"] + _on_fail("_pakt_r", [f'_pakt_r.in_field("{c}")'] + fail)
        return lines + [f"{target} = {_vector_ctor(name, values, self.schema, self.godot)}"]

    def visit_number(self, t: TypeRef, target: str, fail: List[str], var: str, d: int = 0) -> List[str]:
        """bool, integers, floats, and enums by their underlying type."""
        return [f"{target} = {_scalar_read(builtin_of(t), self.f.packed)}"]

    visit_enum = visit_number


def read_field(f: Field, schema: Schema, godot: str, delta: bool = False) -> List[str]:
    """The read of one field (a deprecated one: read and dropped, the member holds its default)."""
    fail = [f'_pakt_r.in_field("{f.name}")', "return"]
    target = member(f, schema, godot)
    lines, after = [], []
    if f.deprecated:
        after = [f"{target} = {default_expr(f, schema, godot)}"]
        target = f"_pakt_old_{f.name}"
        lines = [f"var {target} = {default_expr(f, schema, godot)}"]
    body = Read(schema, godot, f).walk(f.type, target, fail, f.name)
    if f.optional:
        fresh = _block(made_when_null(target, f.type, schema, godot))
        body = ['if _pakt_r.boolean("presence bit"):'] + fresh + _block(body) + ["else:", f"\t{target} = null"]
    if delta:
        body = _delta_read_body(target, f, schema, godot, body)
    return lines + body + _on_fail("_pakt_r", fail) + after


# --------------------------------------------------------------------------- same encoding
class Same(TypeWalk):
    """walk(t, a, b, d): statements that `return false` when `a` and `b` (values of `t`, field f's
    type or its element) differ in their encoding."""

    def __init__(self, schema: Schema, godot: str, f: Field):
        self.schema, self.godot, self.f = schema, godot, f

    def visit_message(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        return [f"if not ({tn}.new() if {a} == null else {a})._pakt_same_packed({tn}.new() if {b} == null else {b}, _pakt_w):",
                "\treturn false"]

    def visit_text(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        return [f"if {a} != {b}:", "\treturn false"]

    def visit_sequence(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        i = f"_pakt_i{d}"
        return ([f"if {a}.size() != {b}.size():", "\treturn false", f"for {i} in {a}.size():"] +
                _block(self.walk(t.element, f"{a}[{i}]", f"{b}[{i}]", d + 1)))

    def visit_vector(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        name, code, godot = t.name, self.f.packed, self.godot
        if name == "Quaternion" and code.kind == "smallest_three":
            return [f"if not _pakt_runtime.Bits.same_smallest_three({a}, {b}, {code.bits}):", "\treturn false"]
        ctype = _component_type(name)
        if code.kind == "quantized":  # float vectors: each vector read once
            va, vb = f"_pakt_va{d}", f"_pakt_vb{d}"
            pairs = list(zip(_components(va, name, godot, "w"), _components(vb, name, godot, "w")))
            return [f"var {va} = {a}", f"var {vb} = {b}"] + _same_quantized(pairs, ctype, code, d)
        pairs = list(zip(_components(a, name, godot, "w"), _components(b, name, godot, "w")))
        terms = [_scalar_same(ca, cb, ctype, code) for ca, cb in pairs]
        return [f"if not ({' and '.join(terms)}):", "\treturn false"]

    def visit_number(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        """bool, integers, floats, and enums by their underlying type."""
        name, code = builtin_of(t), self.f.packed
        if code.kind == "quantized":
            return _same_quantized([(a, b)], name, code, d)
        return [f"if not ({_scalar_same(a, b, name, code)}):", "\treturn false"]

    visit_enum = visit_number


def same_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """The body of `_pakt_same_field_<field>(_pakt_o, _pakt_w) -> bool`: whether self's and _pakt_o's
    field encode the same (`_pakt_w`: the BitWriter, whose buffer rounds floats)."""
    a, b = "self." + identifier(f.name, godot), "_pakt_o." + identifier(f.name, godot)
    body = Same(schema, godot, f).walk(f.type, a, b)
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
    elif kind in ("list", "array"):  # the changed bit too, each element compared once
        tn = message_class(t.element, schema, godot)
        lim, bits = _length(f.packed_length) if kind == "list" else (0, 0)
        return [f"_pakt_w.elements_delta({expr}, _pakt_base.{name}, {'true' if kind == 'list' else 'false'}, {lim}, {bits}, "
                f"{tn})"] + _on_fail("_pakt_w", fail)
    else:
        body = write_field(f, schema, godot)
        words = write_word_run([f], 0, ["_pakt_w.boolean(true)"] + body, schema, godot, changed_bit=True)
        if words is not None:  # the changed bit and the value in one word
            head, body = head[:1], words
    full = head + _block(body) + ["else:", "\t_pakt_w.boolean(false)"]
    return _quantized_delta(f, schema, godot, full) or full


def _quantized_delta(f: Field, schema: Schema, godot: str, slow: List[str]) -> "List[str] | None":
    """The delta of a quantized float or float vector with every value in its range: each value
    quantized once (an equal one not at all: it has the baseline's code), its code compared with the
    baseline's and written with the changed bit; else `slow` (which reports the error). None for
    other fields."""
    t, code = f.type, f.packed
    if f.optional or not _is_leaf(t) or code is None or code.kind != "quantized":
        return None
    name = builtin_of(t)
    expr, base = member(f, schema, godot), "_pakt_base." + identifier(f.name, godot)
    if name in VECTOR_COMPONENTS:
        if name in ("Vector2i", "Vector3i"):
            return None
        ctype = COMPONENT
        pairs = list(zip(_components(expr, name, godot, "w"), _components(base, name, godot, "w")))
    else:
        ctype, pairs = name, [(expr, base)]
    if 1 + code.bits > WORD_BITS:
        return None
    lines, valid, parts = [], [], []
    for j, (e, be) in enumerate(pairs):
        v, b, q = f"_pakt_v_{f.name}_{j}", f"_pakt_b_{f.name}_{j}", f"_pakt_q_{f.name}_{j}"
        lv, rv, sv = _quantize(v, ctype, code)
        lb, rb, sb = _quantize(b, ctype, code)
        lines += [f"var {v} = {e}", f"var {b} = {be}"] + lv + lb
        valid.append(rv)
        parts.append((v, b, q, rb, sv, sb))
    fast = ["var _pakt_c := false"]
    for v, b, q, rb, sv, sb in parts:
        fast += [f"var {q} := 0", f"if {v} != {b}:", f"\t{q} = {sv}", f"\tif not ({rb} and {q} == {sb}):",
                 "\t\t_pakt_c = true"]
    changed = []
    for v, b, q, _, sv, _ in parts:
        changed += [f"if {v} == {b}:", f"\t{q} = {sv}"]
    words, word, shift = [], ["1"], 1  # the changed bit, then the codes, in words of at most WORD_BITS
    for v, b, q, _, _, _ in parts:
        if shift + code.bits > WORD_BITS:
            words.append((word, shift))
            word, shift = [], 0
        word.append(q if shift == 0 else f"({q} << {shift})")
        shift += code.bits
    words.append((word, shift))
    changed += [f"_pakt_w.write({' | '.join(w)}, {n})" for w, n in words if w]
    fast += ["if _pakt_c:"] + _block(changed) + ["else:", "\t_pakt_w.boolean(false)"]
    return ([f"# {f.name}: each value quantized once when all are in the range; else field by field"] + lines +
            [f"if {' and '.join('(' + r + ')' for r in valid)}:"] + _block(fast) + ["else:"] + _block(slow))


def _delta_read_body(target: str, f: Field, schema: Schema, godot: str, full: List[str]) -> List[str]:
    kind = packed_delta_kind(f)
    t = f.type
    if kind == "message":
        tn = message_class(t, schema, godot)
        body = [f"if {target} == null:", f"\t{target} = {tn}.new()", f"{target}._pakt_read_delta(_pakt_r)"]
    elif kind in ("list", "array"):
        tn = message_class(t.element, schema, godot)
        lim, bits = _length(f.packed_length) if kind == "list" else (0, 0)
        mb = t.element.facts.packed_min_bits if kind == "list" else 0
        body = [f"_pakt_r.elements_delta({target}, {'true' if kind == 'list' else 'false'}, {lim}, {bits}, {mb}, {tn})"]
    else:
        body = full
    return ['if _pakt_r.boolean("changed bit"):'] + _block(body)


def read_delta_field(f: Field, schema: Schema, godot: str, words: bool = True) -> List[str]:
    """One field of a delta; `words`: a field of fixed width reads its changed bit and value as one
    word first (read_word_delta_field)."""
    slow = read_field(f, schema, godot, delta=True)
    atoms = word_atoms(f)
    if not words or atoms is None or sum(a.bits for a in atoms) + 1 > WORD_BITS:
        return slow
    return read_word_delta_field(f, atoms, slow, schema, godot)


# --------------------------------------------------------------------------- deep copy
class Copy(TypeWalk):
    """walk(t, expr): statements that make `expr` (already assigned from the source) a deep copy."""

    def __init__(self, schema: Schema, godot: str):
        self.schema, self.godot = schema, godot

    def visit_number(self, t: TypeRef, expr: str) -> List[str]:
        return []  # a value

    visit_string = visit_enum = visit_number

    def visit_message(self, t: TypeRef, expr: str) -> List[str]:
        tn = message_class(t, self.schema, self.godot)
        return [f"if {expr} != null:", f"\tvar _pakt_c = {tn}.new()", f"\t_pakt_c._pakt_assign({expr})",
                f"\t{expr} = _pakt_c"]

    def visit_bytes(self, t: TypeRef, expr: str) -> List[str]:
        tn = type_name(t, self.schema, self.godot)
        return [f"{expr} = {expr}.duplicate()"] if self.godot == "4" or tn.startswith("Array") else []

    def visit_sequence(self, t: TypeRef, expr: str) -> List[str]:
        lines = self.visit_bytes(t, expr)
        if t.element.kind == "message":
            et = message_class(t.element, self.schema, self.godot)
            lines += [f"for _pakt_i in {expr}.size():", f"\tif {expr}[_pakt_i] != null:", f"\t\tvar _pakt_c = {et}.new()",
                      f"\t\t_pakt_c._pakt_assign({expr}[_pakt_i])", f"\t\t{expr}[_pakt_i] = _pakt_c"]
        return lines


def assign_field(f: Field, schema: Schema, godot: str) -> List[str]:
    """Copies _pakt_o's field into self's (deeply: arrays and nested messages are new)."""
    name, target = identifier(f.name, godot), member(f, schema, godot)
    copy = Copy(schema, godot).walk(f.type, target)
    if f.optional and copy:
        copy = [f"if {target} != null:"] + _block(copy)
    return [f"{target} = _pakt_o.{name}"] + copy


# --------------------------------------------------------------------------- whole-word reads
# A run of fields of fixed width (bools, ranged integers and enums, int8/uint8, quantized floats and
# vectors, smallest-three rotations) is read as whole words: one BitReader.get_bits call per up to
# WORD_BITS bits, the codes cut out with shifts and masks, checked at once, and the values computed
# inline (the same expressions as the runtime's, so the same doubles). When fewer bits remain or a
# code is invalid, the reader goes back to the run's first bit and reads it field by field, which
# reports the error as before.
WORD_BITS = 56  # BitReader.get_bits reads at most 56 bits at once


class _Atom:
    """One fixed-width code of a run: its bits, its check (a GDScript condition on `q` that holds when
    the code is invalid, or "") and its value (a GDScript expression of `q`)."""

    def __init__(self, bits: int, value: str, invalid: str = ""):
        self.bits, self.value, self.invalid = bits, value, invalid


def _quantized_value(lo: str, hi: str, width: str, steps: int, q: str) -> str:
    """Bits.dequantize(q, lo, hi, steps) spelled out; `width` is hi - lo as the runtime computes it."""
    return f"({hi} if {q} == {steps} else {lo} + ({width} * ({q} * 1.0)) / {steps}.0)"


def _quantized_code_value(code: PackedCode, q: str) -> str:
    lo, hi = float(code.min), float(code.max)
    return _quantized_value(float_literal(lo), float_literal(hi), float_literal(hi - lo), code.steps, q)


# Smallest-three's components span ±SMALLEST_THREE_BOUND (the runtime's constant); 2 × it is exact.
_BOUND = "_pakt_runtime.SMALLEST_THREE_BOUND"


def _atom(name: str, code: PackedCode) -> "_Atom | None":
    """The atom of a scalar (or vector component: name COMPONENT / int32) code, None when not fixed."""
    k = code.kind
    if k == "bool":
        return _Atom(1, "{q} != 0")
    if k == "ranged" and code.bits <= WORD_BITS:
        full = code.span == (1 << code.bits) - 1
        value = "{q}" if code.min == 0 else f"{integer_literal(code.min)} + {{q}}"
        return _Atom(code.bits, value, "" if full else f"{{q}} > {code.span}")
    if k == "raw" and code.bits == 8:
        return _Atom(8, "({q} ^ 128) - 128" if name == "int8" else "{q}")
    if k == "quantized":
        full = code.steps == (1 << code.bits) - 1
        value = _quantized_code_value(code, "{q}")
        if name == "float32":  # the float32 the field holds: a Vector2's component rounds as put_float does
            value = f"Vector2({value}, 0.0).x"
        return _Atom(code.bits, value, "" if full else f"{{q}} > {code.steps}")
    return None


def word_atoms(f: Field) -> "List[_Atom] | None":
    """The atoms of a field in wire order when it is read as whole words, else None."""
    t = f.type
    if f.optional or f.deprecated or not _is_leaf(t) or f.packed is None:
        return None
    name, code = builtin_of(t), f.packed
    if name == "Quaternion":
        if code.kind != "smallest_three":
            return None
        return [_Atom(2, "{q}")] + [_Atom(code.bits, "{q}") for _ in range(3)]
    if name in VECTOR_COMPONENTS:
        atom = _atom(_component_type(name), code)
        return None if atom is None else [atom] * len(VECTOR_COMPONENTS[name])
    atom = _atom(name, code)
    return None if atom is None else [atom]


def _word_assign(f: Field, qs: List[str], schema: Schema, godot: str) -> List[str]:
    """Statements that set the field from its codes `qs` (checked)."""
    target, name, code = member(f, schema, godot), builtin_of(f.type), f.packed
    if name == "Quaternion":  # smallest-three: Bits.dequantize over ±1/√2, the largest rebuilt
        steps = (1 << code.bits) - 1
        abc = [f"_pakt_{c}_{f.name}" for c in "abc"]
        lines = [f"var {v}: float = {_quantized_value('-' + _BOUND, _BOUND, '2.0 * ' + _BOUND, steps, q)}"
                 for v, q in zip(abc, qs[1:])]
        a, b, c = abc
        s, l = f"_pakt_s_{f.name}", f"_pakt_l_{f.name}"
        lines += [f"var {s}: float = {a} * {a} + {b} * {b} + {c} * {c}",
                  f"var {l}: float = sqrt(1.0 - {s} if {s} < 1.0 else 0.0)"]
        quat = type_name(f.type, schema, godot)
        for i in range(4):
            comps = abc[:i] + [l] + abc[i:]
            lines += [f"{'if' if i == 0 else 'elif'} {qs[0]} == {i}:" if i < 3 else "else:",
                      f"\t{target} = {quat}({', '.join(comps)})"]
        return lines
    atoms = word_atoms(f)
    values = [a.value.format(q=q) for a, q in zip(atoms, qs)]
    if name in VECTOR_COMPONENTS:
        return [f"{target} = {_vector_ctor(name, values, schema, godot)}"]
    return [f"{target} = {values[0]}"]


def read_word_run(fields: List[Field], k: int, last: bool, slow: List[str], schema: Schema, godot: str) -> List[str]:
    """Reads the run `fields` (k: its number in the message) as whole words; `slow` reads it field by
    field. `last`: the run ends the message (a success returns)."""
    atoms = [(f, a) for f in fields for a in word_atoms(f)]
    total = sum(a.bits for _, a in atoms)
    names = ", ".join(f.name for f in fields)
    at, done = f"_pakt_at{k}", f"_pakt_words{k}"
    lines = [f"# {names}: {total} bits of fixed width, read as whole words when they remain and every code",
             "# is valid; else field by field (which reports the error)."]
    if not last:
        lines.append(f"var {done} := false")
    body = [f"var {at}: int = _pakt_r.bit"]
    qs: Dict[str, List[str]] = {f.name: [] for f in fields}
    invalid = []
    shift, word = WORD_BITS, f"_pakt_word{k}"
    declared = False
    for i, (f, a) in enumerate(atoms):
        q = f"_pakt_q{k}_{i}"
        qs[f.name].append(q)
        if a.bits == 0:  # a ranged value of a one-value range
            body.append(f"var {q}: int = 0")
            continue
        if shift + a.bits > WORD_BITS:  # a new word: as many of the following atoms as fit
            n, j = 0, i
            while j < len(atoms) and n + atoms[j][1].bits <= WORD_BITS:
                n += atoms[j][1].bits
                j += 1
            body.append(f"{'' if declared else 'var '}{word}{'' if declared else ': int'} = _pakt_r.get_bits({n})")
            declared, shift = True, 0
        cut = word if shift == 0 else f"({word} >> {shift})"
        body.append(f"var {q}: int = {cut} & {hex((1 << a.bits) - 1)}")
        shift += a.bits
        if a.invalid:
            invalid.append(a.invalid.format(q=q))
    assign = [s for f in fields for s in _word_assign(f, qs[f.name], schema, godot)]
    assign += ["return"] if last else [f"{done} = true"]
    if invalid:
        body += [f"if {' or '.join(invalid)}:", f"\t_pakt_r.bit = {at}", "else:"] + _block(assign)
    else:
        body += assign
    lines += [f"if _pakt_r.size * 8 - _pakt_r.bit >= {total}:"] + _block(body)
    if last:
        return lines + slow
    return lines + [f"if not {done}:"] + _block(slow)


def _cut(atoms: List[_Atom], word: str, shift: int, prefix: str):
    """Statements that cut the codes of `atoms` out of `word` from bit `shift` on: (lines, code
    variables, invalid conditions)."""
    lines, qs, invalid = [], [], []
    for i, a in enumerate(atoms):
        q = f"{prefix}{i}"
        qs.append(q)
        if a.bits == 0:
            lines.append(f"var {q}: int = 0")
            continue
        cut = word if shift == 0 else f"({word} >> {shift})"
        lines.append(f"var {q}: int = {cut} & {hex((1 << a.bits) - 1)}")
        shift += a.bits
        if a.invalid:
            invalid.append(a.invalid.format(q=q))
    return lines, qs, invalid


def read_word_delta_field(f: Field, atoms: List[_Atom], slow: List[str], schema: Schema, godot: str) -> List[str]:
    """A delta's field of fixed width: its changed bit and its codes as one word (an unchanged field
    gives its bits back); else, or when a code is invalid, bit by bit (`slow`, which reports errors)."""
    bits = sum(a.bits for a in atoms)
    word, done = f"_pakt_word_{f.name}", f"_pakt_done_{f.name}"
    cut, qs, invalid = _cut(atoms, word, 1, f"_pakt_q_{f.name}_")
    assign = _word_assign(f, qs, schema, godot) + [f"{done} = true"]
    changed = cut + ([f"if {' or '.join(invalid)}:", f"\t_pakt_r.bit -= {bits + 1}", "else:"] + _block(assign)
                     if invalid else assign)
    body = [f"var {word}: int = _pakt_r.get_bits({bits + 1})",
            f"if {word} & 1 == 0:", f"\t_pakt_r.bit -= {bits}", f"\t{done} = true", "else:"] + _block(changed)
    return ([f"# the changed bit and the {bits} bits of the value as one word when they remain and the code is valid",
             f"var {done} := false", f"if _pakt_r.size * 8 - _pakt_r.bit >= {bits + 1}:"] + _block(body) +
            [f"if not {done}:"] + _block(slow))


def read_word_delta(fields: List[Field], schema: Schema, godot: str) -> List[str]:
    """The delta of a message whose fields all have a fixed width (each at most WORD_BITS - 1 bits):
    its changed bits and values from an accumulator of whole words, when the largest delta remains
    and every code is valid (a `while true` left by `break` otherwise, to read it field by field).
    Unused bits go back to the reader."""
    widths = [sum(a.bits for a in word_atoms(f)) for f in fields]
    most = sum(widths) + len(fields)
    lines = ["# every field has a fixed width: the changed bits and values from whole words when the largest",
             f"# delta ({most} bits) remains and every code is valid; else field by field below",
             f"if _pakt_r.size * 8 - _pakt_r.bit >= {most}:",
             "\tvar _pakt_at: int = _pakt_r.bit",
             f"\tvar _pakt_acc: int = _pakt_r.get_bits({WORD_BITS})",
             f"\tvar _pakt_have: int = {WORD_BITS}",
             "\twhile true:  # left by break on an invalid code"]
    body = []
    for f, bits in zip(fields, widths):
        cut, qs, invalid = _cut(word_atoms(f), "_pakt_acc", 1, f"_pakt_q_{f.name}_")
        changed = cut + ([f"if {' or '.join(invalid)}:", "\tbreak"] if invalid else [])
        changed += _word_assign(f, qs, schema, godot) + [f"_pakt_acc >>= {bits + 1}", f"_pakt_have -= {bits + 1}"]
        body += [f"# {f.name}",
                 f"if _pakt_have < {bits + 1}:",
                 f"\t_pakt_acc |= _pakt_r.get_bits({WORD_BITS} - _pakt_have) << _pakt_have",
                 f"\t_pakt_have = {WORD_BITS}",
                 "if _pakt_acc & 1 == 0:", "\t_pakt_acc >>= 1", "\t_pakt_have -= 1", "else:"] + _block(changed)
    body += ["_pakt_r.bit -= _pakt_have", "return"]
    return lines + _block(_block(body)) + ["\t_pakt_r.bit = _pakt_at"]


def word_delta_fits(fields: List[Field]) -> bool:
    """Whether read_word_delta reads these fields (all fixed, none wider than a word less its changed bit)."""
    atoms = [word_atoms(f) for f in fields]
    return bool(fields) and all(a is not None and sum(x.bits for x in a) + 1 <= WORD_BITS for a in atoms)


# --------------------------------------------------------------------------- whole-word writes
# The write side of the runs above: every value of a run of fixed-width fields is checked at once,
# the codes are or-ed into words and each word is one BitWriter.write call; when a value is out of
# its range (or a NaN rotation), the run is written field by field, which reports the error.
def _write_atoms(f: Field, schema: Schema, godot: str, v: str):
    """[(bits, variable, statements, valid condition or "", code)] of a field in wire order (its values
    in variables named from `v`), None when the field is not written as words (uint64 ranges,
    smallest-three wider than 18 bits)."""
    if word_atoms(f) is None:
        return None
    name, code = builtin_of(f.type), f.packed
    expr = member(f, schema, godot)
    if name == "Quaternion":
        if code.bits > 18:
            return None
        return [(2 + 3 * code.bits, v, [f"var {v}: int = _pakt_runtime.Bits.smallest_three_code({expr}, {code.bits})"],
                 f"{v} >= 0", v)]
    if name in VECTOR_COMPONENTS:
        ctype = _component_type(name)
        values = list(zip(VECTOR_COMPONENTS[name], _components(expr, name, godot, "w")))
    else:
        ctype, values = name, [("", expr)]
    atoms = []
    for c, e in values:
        var = v + (f"_{c}" if c else "")
        kind = code.kind
        if kind == "bool":
            atoms.append((1, var, [f"var {var}: bool = {e}"], "", f"(1 if {var} else 0)"))
        elif kind == "ranged":
            if ctype == "uint64":
                return None
            lo, hi = integer_literal(code.min), integer_literal(code.min + code.span)
            atoms.append((code.bits, var, [f"var {var}: int = {e}"], f"{var} >= {lo} and {var} <= {hi}",
                          var if code.min == 0 else f"({var} - ({lo}))"))
        elif kind == "raw":  # int8 / uint8: a value the type cannot hold goes the slow way, which refuses it
            lo, hi = NARROW_INTS[ctype]
            atoms.append((8, var, [f"var {var}: int = {e}"], f"{var} >= {lo} and {var} <= {hi}", f"({var} & 0xff)"))
        else:
            lines, in_range, step = _quantize(var, ctype, code)
            atoms.append((code.bits, var, [f"var {var} = {e}"] + lines, in_range, step))
    return atoms


def write_word_run(fields: List[Field], k: int, slow: List[str], schema: Schema, godot: str,
                   changed_bit: bool = False) -> "List[str] | None":
    """Writes the run `fields` as whole words (`changed_bit`: a 1 bit first, a delta's); `slow`
    writes it field by field. None when a field is not written as words."""
    per_field = [_write_atoms(f, schema, godot, f"_pakt_e{k}_{j}") for j, f in enumerate(fields)]
    if any(a is None for a in per_field):
        return None
    atoms = [a for field_atoms in per_field for a in field_atoms]
    if changed_bit:
        atoms = [(1, "", [], "", "1")] + atoms
    total = sum(a[0] for a in atoms)
    names = ", ".join(f.name for f in fields)
    lines = [f"# {names}: {total} bits of fixed width written as whole words when every value is in its range;",
             "# else field by field (which reports the error)."]
    for a in atoms:
        lines += a[2]
    valid = [a[3] for a in atoms if a[3]]
    words, word, shift = [], [], 0
    for bits, _, _, _, code in atoms:
        if bits == 0:
            continue
        if shift + bits > WORD_BITS:
            words.append((word, shift))
            word, shift = [], 0
        word.append(code if shift == 0 else f"({code} << {shift})")
        shift += bits
    words.append((word, shift))
    writes = [f"_pakt_w.write({' | '.join(w)}, {n})" for w, n in words if w]
    if not valid:
        return lines + writes
    # Fields of 0 bits (one-value enums) have nothing to write, but are still checked.
    return (lines + [f"if {' and '.join('(' + c + ')' for c in valid)}:"] + _block(writes or ["pass"]) + ["else:"] +
            _block(slow))
