"""C# statements of the compact/mslima codec, size, check and JSON of one field's type.

Each operation is a TypeWalk (type_walk.py) that spells each shape of a type as lines (without
indentation handling beyond nesting braces); the *_field functions wrap a field's optional and the
templates place them. `d` is the nesting depth, so nested loops' locals never shadow each other (C#
forbids it).
"""

from typing import List, Optional

from ..model import Field, Schema, TypeRef, is_uint8, packed_delta_kind
from ..type_walk import TypeWalk
from .keywords import identifier
from .literals import default_expr
from .types import BUILTIN_CS, is_value_type, new_array, type_name

# Built-in -> the Writer / Reader method (runtime/Pakt.Runtime.cs).
METHOD = {
    "bool": "Bool", "int8": "I8", "int16": "I16", "int32": "I32", "int64": "I64",
    "uint8": "U8", "uint16": "U16", "uint32": "U32", "uint64": "U64",
    "float32": "F32", "float64": "F64", "string": "String", "bytes": "Bytes",
    "Vector2": "Vector2", "Vector3": "Vector3", "Quaternion": "Quaternion", "Color": "Color",
    "Vector2i": "Vector2i", "Vector3i": "Vector3i",
}
P = "global::Pakt."


def fixed_size(t: TypeRef) -> Optional[int]:
    """The wire size when every value of `t` (a field's type or its element) has the same (the descriptor's)."""
    return t.facts.fixed_size


def _in(lines: List[str], levels: int = 1) -> List[str]:
    """Lines nested `levels` blocks deeper."""
    return ["    " * levels + s for s in lines]


# --------------------------------------------------------------------------- write
class Write(TypeWalk):
    """walk(t, expr, d): writes `expr`, a value of `t`, in the compact/mslima format."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def visit_number(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"w.{METHOD[t.name]}({expr});"]

    visit_text = visit_number

    def visit_enum(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        u = t.enum.underlying
        return [f"w.{METHOD[u]}(({BUILTIN_CS[u]}){expr});"]

    def visit_message(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"{type_name(t, self.schema)}.PaktWrite(w, {expr});"]

    def visit_list(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return self._each(t, expr, d, [f"int n{d} = c{d} == null ? 0 : c{d}.Count;", f"w.Length(n{d});"])

    def visit_array(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return self._each(t, expr, d, [f"int n{d} = {t.count};"])

    def _each(self, t: TypeRef, expr: str, d: int, count: List[str]) -> List[str]:
        return (["{", f"    {type_name(t, self.schema)} c{d} = {expr};"] + _in(count) +
                [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"] +
                _in(self.walk(t.element, f"c{d}[i{d}]", d + 1), 2) + ["    }", "}"])


def write_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return Write(schema).walk(f.type, expr)
    if is_value_type(f.type):
        inner = Write(schema).walk(f.type, f"{expr}.Value")
        test = f"{expr}.HasValue"
    else:
        inner = Write(schema).walk(f.type, expr)
        test = f"{expr} != null"
    return [f"if ({test})", "{", "    w.U8(1);"] + _in(inner) + ["}", "else", "{", "    w.U8(0);", "}"]


# --------------------------------------------------------------------------- size
class Size(TypeWalk):
    """walk(t, expr, d): adds the compact/mslima size of `expr`, a value of `t`, to `n`."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def walk(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        fixed = fixed_size(t)  # every number and enum, and arrays of them
        if fixed is not None:
            return [f"n += {fixed};"]
        return super().walk(t, expr, d)

    def visit_string(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"n += {P}Writer.StringSize({expr});"]

    def visit_bytes(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"n += 4 + ({expr} == null ? 0 : {expr}.Length);"]

    def visit_message(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"n += {type_name(t, self.schema)}.PaktSize({expr});"]

    def visit_list(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return self._each(t, expr, d, f"(c{d} == null ? 0 : c{d}.Count)", ["    n += 4;"])

    def visit_array(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return self._each(t, expr, d, str(t.count), [])

    def _each(self, t: TypeRef, expr: str, d: int, count: str, length: List[str]) -> List[str]:
        lines = ["{", f"    {type_name(t, self.schema)} c{d} = {expr};"] + length
        efixed = fixed_size(t.element)
        if efixed is not None:
            lines.append(f"    n += {count} * {efixed};")
        else:
            lines += [f"    int n{d} = {count};", f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"]
            lines += _in(self.walk(t.element, f"c{d}[i{d}]", d + 1), 2)
            lines.append("    }")
        return lines + ["}"]


def size_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return Size(schema).walk(f.type, expr)
    if is_value_type(f.type):
        return [f"n += 1 + ({expr}.HasValue ? {fixed_size(f.type)} : 0);"]
    return ["n += 1;", f"if ({expr} != null)", "{"] + _in(Size(schema).walk(f.type, expr)) + ["}"]


# --------------------------------------------------------------------------- read
def _catch(kind: str, what: str) -> List[str]:
    call = f'e.InField("{what}")' if kind == "field" else f"e.InIndex({what})"
    return [f"catch ({P}DecodeException e)", "{", f"    {call};", "    throw;", "}"]


class Read(TypeWalk):
    """walk(t, target, max_length, max_count, d): reads a value of `t` into the lvalue `target`
    (reusing what it holds where it can)."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def visit_string(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{target} = r.String({max_length});"]

    def visit_bytes(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{target} = r.Bytes({target}, {max_length});"]

    def visit_number(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{target} = r.{METHOD[t.name]}();"]

    def visit_enum(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{target} = ({type_name(t, self.schema)})r.{METHOD[t.enum.underlying]}();"]

    def visit_message(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        tn = type_name(t, self.schema)
        return [f"if ({target} == null) {target} = new {tn}();", f"{tn}.PaktRead(r, {target}, false);"]

    def visit_array(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        tn, et = type_name(t, self.schema), type_name(t.element, self.schema)
        lines = ["{", f"    {tn} c{d} = {target};",
                 f"    if (c{d} == null || c{d}.Length != {t.count})", "    {", f"        c{d} = {new_array(et, t.count)};",
                 f"        {target} = c{d};", "    }",
                 f"    for (int i{d} = 0; i{d} < {t.count}; ++i{d})", "    {", "        try", "        {"]
        lines += _in(self.walk(t.element, f"c{d}[i{d}]", max_length, max_count, d + 1), 3)
        return lines + ["        }"] + _in(_catch("index", f"i{d}"), 2) + ["    }", "}"]

    def visit_list(self, t: TypeRef, target: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        tn, et = type_name(t, self.schema), type_name(t.element, self.schema)
        as_bytes = is_uint8(t.element) and max_count == 0
        what, limit_name, limit = ("length", "max_length", max_length) if as_bytes else ("count", "max_count", max_count)
        lines = ["{", f'    int n{d} = r.Length("{what}", "{limit_name}", {limit}, {t.element.facts.min_size});',
                 f"    {tn} c{d} = {target};", f"    if (c{d} == null)", "    {", f"        c{d} = new {tn}(n{d});",
                 f"        {target} = c{d};", "    }"]
        if t.element.kind == "message":
            lines += [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
                      f"        {et} e{d} = i{d} < c{d}.Count ? c{d}[i{d}] : null;",
                      f"        if (e{d} == null) e{d} = new {et}();", "        try", "        {",
                      f"            {et}.PaktRead(r, e{d}, false);", "        }"]
            lines += _in(_catch("index", f"i{d}"), 2)
            return lines + [f"        if (i{d} < c{d}.Count) c{d}[i{d}] = e{d};", f"        else c{d}.Add(e{d});", "    }",
                            f"    if (c{d}.Count > n{d}) c{d}.RemoveRange(n{d}, c{d}.Count - n{d});", "}"]
        lines += [f"    c{d}.Clear();", f"    if (c{d}.Capacity < n{d}) c{d}.Capacity = n{d};",
                  f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
                  f"        {et} e{d} = {'default(' + et + ')' if is_value_type(t.element) else 'null'};",
                  "        try", "        {"]
        lines += _in(self.walk(t.element, f"e{d}", max_length, 0, d + 1), 3)
        lines += ["        }"] + _in(_catch("index", f"i{d}"), 2)
        return lines + [f"        c{d}.Add(e{d});", "    }", "}"]


def read_field(target: str, f: Field, schema: Schema) -> List[str]:
    """The read of one field, its errors prefixed with the field's name."""
    body = Read(schema).walk(f.type, target, f.max_length, f.max_count)
    if f.optional:
        body = ["if (r.Presence())", "{"] + _in(body) + ["}", "else", "{", f"    {target} = null;", "}"]
    return ["try", "{"] + _in(body) + ["}"] + _catch("field", f.name)


def reset_value(f: Field, schema: Schema) -> str:
    return default_expr(f, schema)


# --------------------------------------------------------------------------- check
class Check(TypeWalk):
    """walk(t, expr, max_length, max_count, d): the encode-side checks of `expr`, a value of `t`:
    max_length / max_count (as pakt::CheckLimits) and arrays' lengths; none when nothing can fail."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def walk(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        # PaktCheck checks a deprecated field's value too: a message whose only limit is on one has checks.
        if not (t.facts.write_can_fail or (t.kind == "message" and t.message.facts.needs_check)):
            return []
        return super().walk(t, expr, max_length, max_count, d)

    def visit_string(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{P}Check.StringLength({expr}, {max_length});"]

    def visit_bytes(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"{P}Check.Count({expr} == null ? 0 : {expr}.Length, true, {max_length});"]

    def visit_message(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        return [f"if ({expr} != null) {type_name(t, self.schema)}.PaktCheck({expr});"]

    def visit_array(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        head = [f"    if (c{d} == null || c{d}.Length != {t.count})",
                f'        throw new {P}EncodeException("array length " + (c{d} == null ? 0 : c{d}.Length) + " is not {t.count}");']
        inner = self.walk(t.element, f"c{d}[i{d}]", max_length, max_count, d + 1)
        return self._each(t, expr, d, head, str(t.count), inner)

    def visit_list(self, t: TypeRef, expr: str, max_length: int, max_count: int, d: int = 0) -> List[str]:
        as_bytes = is_uint8(t.element) and max_count == 0
        limit = max_length if as_bytes else max_count
        head = [f"    int n{d} = c{d} == null ? 0 : c{d}.Count;"]
        if limit:
            head.append(f"    {P}Check.Count(n{d}, {'true' if as_bytes else 'false'}, {limit});")
        inner = self.walk(t.element, f"c{d}[i{d}]", max_length, 0, d + 1)
        return self._each(t, expr, d, head, f"n{d}", inner)

    def _each(self, t: TypeRef, expr: str, d: int, head: List[str], count: str, inner: List[str]) -> List[str]:
        lines = ["{", f"    {type_name(t, self.schema)} c{d} = {expr};"] + head
        if inner:
            lines += [f"    for (int i{d} = 0; i{d} < {count}; ++i{d})", "    {", "        try", "        {"]
            lines += _in(inner, 3)
            lines += ["        }", f"        catch ({P}EncodeException e)", "        {", f"            e.InIndex(i{d});",
                      "            throw;", "        }", "    }"]
        return lines + ["}"]


def check_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if f.optional and is_value_type(f.type):
        return []
    body = Check(schema).walk(f.type, expr, f.max_length, f.max_count)
    if not body:
        return []
    if f.optional:
        body = [f"if ({expr} != null)", "{"] + _in(body) + ["}"]
    return ["try", "{"] + _in(body) + ["}", f"catch ({P}EncodeException e)", "{",
                                      f'    e.InField("{f.name}");', "    throw;", "}"]


# --------------------------------------------------------------------------- JSON
class Json(TypeWalk):
    """walk(t, expr, d): writes `expr`, a value of `t`, to the JSON writer `j`."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def visit_bool(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"j.Bool({expr});"]

    def visit_integer(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"j.{'UInt' if t.name == 'uint64' else 'Int'}({expr});"]

    def visit_float(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"j.{'Float' if t.name == 'float32' else 'Real'}({expr});"]

    def visit_vector(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"j.{METHOD[t.name]}({expr});"]

    visit_text = visit_vector

    def visit_enum(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        if t.enum.underlying == "uint64":
            return [f"j.UInt((ulong){expr});"]
        return [f"j.Int((long){expr});"]

    def visit_message(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        return [f"{type_name(t, self.schema)}.PaktJson(j, {expr});"]

    def visit_sequence(self, t: TypeRef, expr: str, d: int = 0) -> List[str]:
        size = "Count" if t.kind == "list" else "Length"
        lines = ["{", f"    {type_name(t, self.schema)} c{d} = {expr};", "    j.BeginArray();",
                 f"    int n{d} = (c{d} == null ? 0 : c{d}.{size});",
                 f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"]
        lines += _in(self.walk(t.element, f"c{d}[i{d}]", d + 1), 2)
        return lines + ["    }", "    j.EndArray();", "}"]


def json_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return Json(schema).walk(f.type, expr)
    if is_value_type(f.type):
        inner, test = Json(schema).walk(f.type, f"{expr}.Value"), f"{expr}.HasValue"
    else:
        inner, test = Json(schema).walk(f.type, expr), f"{expr} != null"
    return [f"if ({test})", "{"] + _in(inner) + ["}", "else", "{", "    j.Null();", "}"]

# --------------------------------------------------------------------------- packed (docs/packed.md)
# Each field's code is a constant of the message's PaktPackedCodes class (from the descriptor's
# "packed" code and the field's limits, as the C++ back end spells them); every wire rule is a
# method of the runtime's BitWriter / BitReader / Packed (runtime/Pakt.Runtime.cs).
CODES = "PaktPackedCodes."
SIGNED_RANGE = {"int8": ("sbyte.MinValue", "sbyte.MaxValue"), "int16": ("short.MinValue", "short.MaxValue"),
                "int32": ("int.MinValue", "int.MaxValue"), "int64": ("long.MinValue", "long.MaxValue")}
UNSIGNED_MAX = {"uint8": "byte.MaxValue", "uint16": "ushort.MaxValue", "uint32": "uint.MaxValue",
                "uint64": "ulong.MaxValue"}


def _long(v: int) -> str:
    return "long.MinValue" if v == -(2**63) else f"{v}L"


def _double(v: float) -> str:
    text = repr(float(v))
    return text if ("e" in text or "." in text) else text + ".0"


def packed_code_expr(code) -> str:
    """The C# constant of a leaf code of the descriptor: global::Pakt.PackedCode.Ranged(0L, 100UL, 7)."""
    k = code.kind
    if k == "bool":
        return f"{P}PackedCode.Bool"
    if k == "varint":
        return f"{P}PackedCode.Varint"
    if k == "zigzag":
        return f"{P}PackedCode.Zigzag"
    if k == "raw":
        return f"{P}PackedCode.Raw({code.bits})"
    if k == "ranged":
        return f"{P}PackedCode.Ranged({_long(code.min)}, {code.span}UL, {code.bits})"
    if k == "quantized":
        return f"{P}PackedCode.Quantized({_double(code.min)}, {_double(code.max)}, {code.steps}UL, {code.bits})"
    if k == "smallest_three":
        return f"{P}PackedCode.SmallestThree({code.bits})"
    raise ValueError(f"unknown packed code '{k}'")


def packed_code_text(code) -> str:
    """A code in words, for the generated code's comments."""
    k = code.kind
    if k == "bool":
        return "1 bit"
    if k == "ranged":
        return f"ranged [{code.min}, {code.min + code.span}] in {code.bits} bits"
    if k == "varint":
        return "varint"
    if k == "zigzag":
        return "zig-zag varint"
    if k == "raw":
        return f"raw {code.bits} bits"
    if k == "quantized":
        return f"quantized [{_double(code.min)}, {_double(code.max)}] in {code.steps} steps, {code.bits} bits"
    return f"smallest-three, 2 + 3 x {code.bits} bits"


def _length_rule(t: TypeRef, f: Field):
    """(what, limit name, limit) of a string's/bytes' length or a list's count: compact's LengthRule."""
    if t.kind == "list":
        if is_uint8(t.element) and not f.max_count:
            return "length", "max_length", f.max_length
        return "count", "max_count", f.max_count
    if t.name == "string":
        return "string length", "max_length", f.max_length
    return "length", "max_length", f.max_length


def _is_text(t: TypeRef) -> bool:
    return t.kind == "builtin" and t.name in ("string", "bytes")


def packed_constants(f: Field) -> List[str]:
    """The PaktPackedCodes members of a field: code_<f> (its leaf code), length_<f> (a string's,
    bytes' or list's length), element_length_<f> (each string/bytes element's), changed_<f> (a
    fixed array of messages: the count of changed elements, ranged over [0, size])."""
    lines = []
    t = f.type
    if f.packed is not None:
        lines.append(f"internal static readonly {P}PackedCode code_{f.name} = {packed_code_expr(f.packed)};")
    if t.kind == "list" or _is_text(t):
        what, limit_name, limit = _length_rule(t, f)
        lines.append(f'internal static readonly {P}PackedLength length_{f.name} = new {P}PackedLength("{what}", '
                     f'"{limit_name}", {limit});')
    if t.kind in ("list", "array") and _is_text(t.element):
        what, limit_name, limit = _length_rule(t.element, f)
        lines.append(f'internal static readonly {P}PackedLength element_length_{f.name} = new {P}PackedLength("{what}", '
                     f'"{limit_name}", {limit});')
    if t.kind == "array" and t.element.kind == "message":
        lines.append(f'internal static readonly {P}PackedLength changed_{f.name} = new {P}PackedLength("changed count", '
                     f'"size", {t.count});')
    return lines


def packed_comment(f: Field) -> str:
    """`// line 12: percent: uint8, ranged [0, 100] in 7 bits`: the schema line of a field."""
    notes = []
    if f.optional:
        notes.append("optional (a presence bit)")
    if f.max_length:
        notes.append(f"max_length {f.max_length}")
    if f.max_count:
        notes.append(f"max_count {f.max_count}")
    if f.packed is not None:
        notes.append(packed_code_text(f.packed))
    if f.deprecated:
        notes.append("deprecated")
    return f"// line {f.loc.line}: {f.name}: {f.type.spelled()}" + (", " + ", ".join(notes) if notes else "")


def _length_name(f: Field, top: bool) -> str:
    return CODES + ("length_" if top else "element_length_") + f.name


def _catch_encode(kind: str, what: str) -> List[str]:
    call = f'e.InField("{what}")' if kind == "field" else f"e.InIndex({what})"
    return [f"catch ({P}EncodeException e)", "{", f"    {call};", "    throw;", "}"]


def _try(body: List[str], catch: List[str]) -> List[str]:
    """try { body } catch; a body that is one `{ ... }` block is not braced twice."""
    if len(body) >= 2 and body[0] == "{" and body[-1] == "}" and sum(1 for s in body if s in ("{", "}")) == 2:
        body = [s[4:] for s in body[1:-1]]
    return ["try", "{"] + ["    " + s for s in body] + ["}"] + catch


class PackedWrite(TypeWalk):
    """walk(t, expr, d, top): writes `expr`, a value of `t` (field f's type, or an element of it when
    not `top`), in its packed code."""

    def __init__(self, schema: Schema, f: Field):
        self.schema, self.f = schema, f
        self.code = CODES + "code_" + f.name

    def visit_bool(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"w.Bool({expr});"]

    def visit_integer(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"w.{'Signed' if t.name in SIGNED_RANGE else 'Unsigned'}({expr}, {self.code});"]

    def visit_float(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"w.{METHOD[t.name]}({expr}, {self.code});"]

    visit_vector = visit_float

    def visit_string(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"w.String({expr}, {_length_name(self.f, top)});"]

    def visit_bytes(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"w.Blob({expr}, {_length_name(self.f, top)});"]

    def visit_enum(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        if t.enum.underlying in SIGNED_RANGE:
            return [f"w.Signed((long){expr}, {self.code});"]
        return [f"w.Unsigned((ulong){expr}, {self.code});"]

    def visit_message(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{type_name(t, self.schema)}.PaktWritePacked(w, {expr});"]

    def visit_list(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return self._each(t, expr, d, [f"int n{d} = c{d} == null ? 0 : c{d}.Count;",
                                       f"w.Count(n{d}, {CODES}length_{self.f.name});"])

    def visit_array(self, t: TypeRef, expr: str, d: int = 0, top: bool = True) -> List[str]:
        return self._each(t, expr, d, [f"int n{d} = {t.count};"])

    def _each(self, t: TypeRef, expr: str, d: int, count: List[str]) -> List[str]:
        inner = self.walk(t.element, f"c{d}[i{d}]", d + 1, False)
        return (["{", f"    {type_name(t, self.schema)} c{d} = {expr};"] + _in(count) +
                [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"] +
                _in(_try(inner, _catch_encode("index", f"i{d}")), 2) + ["    }", "}"])


def _optional(f: Field, expr: str, inner_of, presence: str) -> List[str]:
    if is_value_type(f.type):
        test, value = f"{expr}.HasValue", f"{expr}.Value"
    else:
        test, value = f"{expr} != null", expr
    return [presence.format(test=test), f"if ({test})", "{"] + _in(inner_of(value)) + ["}"]


def packed_write_value(expr: str, f: Field, schema: Schema) -> List[str]:
    """A field's full packed encoding (optional: the presence bit first), without the field's catch."""
    if not f.optional:
        return PackedWrite(schema, f).walk(f.type, expr)
    return _optional(f, expr, lambda v: PackedWrite(schema, f).walk(f.type, v), "w.Bool({test});")


def packed_write_field(expr: str, f: Field, schema: Schema) -> List[str]:
    """The packed write of one field; errors carry the field's name."""
    return _try(packed_write_value(expr, f, schema), _catch_encode("field", f.name))


class PackedRead(TypeWalk):
    """walk(t, target, d, top): reads a value of `t` into `target` (reusing what it holds where it
    can, as compact's read)."""

    def __init__(self, schema: Schema, f: Field):
        self.schema, self.f = schema, f
        self.code = CODES + "code_" + f.name

    def visit_bool(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = r.Bool();"]

    def visit_integer(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = ({BUILTIN_CS[t.name]}){self._integer(t.name)};"]

    def visit_enum(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = ({type_name(t, self.schema)}){self._integer(t.enum.underlying)};"]

    def _integer(self, name: str) -> str:
        if name in SIGNED_RANGE:
            lo, hi = SIGNED_RANGE[name]
            return f'r.Signed({self.code}, {lo}, {hi}, "{name}")'
        return f'r.Unsigned({self.code}, {UNSIGNED_MAX[name]}, "{name}")'

    def visit_float(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = r.{METHOD[t.name]}({self.code});"]

    visit_vector = visit_float

    def visit_string(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = r.String({_length_name(self.f, top)});"]

    def visit_bytes(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        return [f"{target} = r.Blob({target}, {_length_name(self.f, top)});"]

    def visit_message(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        tn = type_name(t, self.schema)
        return [f"if ({target} == null) {target} = new {tn}();", f"{tn}.PaktReadPacked(r, {target});"]

    def visit_array(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        tn, et = type_name(t, self.schema), type_name(t.element, self.schema)
        lines = ["{", f"    {tn} c{d} = {target};",
                 f"    if (c{d} == null || c{d}.Length != {t.count})", "    {", f"        c{d} = {new_array(et, t.count)};",
                 f"        {target} = c{d};", "    }",
                 f"    for (int i{d} = 0; i{d} < {t.count}; ++i{d})", "    {"]
        inner = self.walk(t.element, f"c{d}[i{d}]", d + 1, False)
        return lines + _in(_try(inner, _catch("index", f"i{d}")), 2) + ["    }", "}"]

    def visit_list(self, t: TypeRef, target: str, d: int = 0, top: bool = True) -> List[str]:
        tn, et = type_name(t, self.schema), type_name(t.element, self.schema)
        lines = ["{", f"    int n{d} = r.Count({CODES}length_{self.f.name}, {t.element.facts.packed_min_bits});",
                 f"    {tn} c{d} = {target};", f"    if (c{d} == null)", "    {", f"        c{d} = new {tn}(n{d});",
                 f"        {target} = c{d};", "    }"]
        if t.element.kind == "message":
            lines += [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
                      f"        {et} e{d} = i{d} < c{d}.Count ? c{d}[i{d}] : null;",
                      f"        if (e{d} == null) e{d} = new {et}();"]
            lines += _in(_try([f"{et}.PaktReadPacked(r, e{d});"], _catch("index", f"i{d}")), 2)
            return lines + [f"        if (i{d} < c{d}.Count) c{d}[i{d}] = e{d};", f"        else c{d}.Add(e{d});", "    }",
                            f"    if (c{d}.Count > n{d}) c{d}.RemoveRange(n{d}, c{d}.Count - n{d});", "}"]
        lines += [f"    c{d}.Clear();", f"    if (c{d}.Capacity < n{d}) c{d}.Capacity = n{d};",
                  f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
                  f"        {et} e{d} = {'default(' + et + ')' if is_value_type(t.element) else 'null'};"]
        inner = self.walk(t.element, f"e{d}", d + 1, False)
        lines += _in(_try(inner, _catch("index", f"i{d}")), 2)
        return lines + [f"        c{d}.Add(e{d});", "    }", "}"]


def packed_read_value(target: str, f: Field, schema: Schema) -> List[str]:
    """A field's full packed decoding (optional: the presence bit first), without the field's catch."""
    body = PackedRead(schema, f).walk(f.type, target)
    if not f.optional:
        return body
    return ["if (r.Presence())", "{"] + _in(body) + ["}", "else", "{", f"    {target} = null;", "}"]


def packed_read_field(target: str, f: Field, schema: Schema) -> List[str]:
    """The packed read of one field; errors carry the field's name."""
    return _try(packed_read_value(target, f, schema), _catch("field", f.name))


SAME = {"float32": "SameF32", "float64": "SameF64", "Vector2": "SameVector2", "Vector3": "SameVector3",
        "Quaternion": "SameQuaternion", "Color": "SameColor", "Vector2i": "SameVector2i", "Vector3i": "SameVector3i"}


class PackedSame(TypeWalk):
    """walk(t, a, b, d): sets `var` to false when a and b (values of `t`) have different packed encodings."""

    def __init__(self, schema: Schema, f: Field, var: str):
        self.schema, self.f, self.var = schema, f, var

    def visit_float(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        return [f"if (!{P}Packed.{SAME[t.name]}({a}, {b}, {CODES}code_{self.f.name})) {self.var} = false;"]

    visit_vector = visit_float

    def visit_string(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        return [f"if (!{P}Packed.SameString({a}, {b})) {self.var} = false;"]

    def visit_bytes(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        return [f"if (!{P}Packed.SameBytes({a}, {b})) {self.var} = false;"]

    def visit_bool(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        """bool, integers, enums: the same value."""
        return [f"if ({a} != {b}) {self.var} = false;"]

    visit_integer = visit_enum = visit_bool

    def visit_message(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        return [f"if (!{type_name(t, self.schema)}.PaktSamePacked({a}, {b})) {self.var} = false;"]

    def visit_sequence(self, t: TypeRef, a: str, b: str, d: int = 0) -> List[str]:
        tn, var = type_name(t, self.schema), self.var
        size = "Count" if t.kind == "list" else "Length"
        lines = ["{", f"    {tn} a{d} = {a};", f"    {tn} b{d} = {b};", f"    int n{d} = a{d} == null ? 0 : a{d}.{size};",
                 f"    if (n{d} != (b{d} == null ? 0 : b{d}.{size})) {var} = false;",
                 f"    for (int i{d} = 0; {var} && i{d} < n{d}; ++i{d})", "    {"]
        return lines + _in(self.walk(t.element, f"a{d}[i{d}]", f"b{d}[i{d}]", d + 1), 2) + ["    }", "}"]


def packed_same_field(a: str, b: str, f: Field, schema: Schema, var: str) -> List[str]:
    same = PackedSame(schema, f, var)
    if not f.optional:
        return same.walk(f.type, a, b)
    if is_value_type(f.type):
        return [f"if ({a}.HasValue != {b}.HasValue) {var} = false;", f"else if ({a}.HasValue)", "{"] + _in(
            same.walk(f.type, f"{a}.Value", f"{b}.Value")) + ["}"]
    return [f"if (({a} == null) != ({b} == null)) {var} = false;", f"else if ({a} != null)", "{"] + _in(
        same.walk(f.type, a, b)) + ["}"]


def same_declaration(same: List[str], var: str) -> List[str]:
    """`bool var = ...;` from packed_same's lines: one expression when they are one test."""
    if len(same) == 1:
        line = same[0]
        suffix = f") {var} = false;"
        if line.startswith("if (!") and line.endswith(suffix):
            return [f"bool {var} = {line[len('if (!'):-len(suffix)]};"]
        if line.startswith("if (") and line.endswith(suffix) and line.count(" != ") == 1:
            return [f"bool {var} = {line[len('if ('):-len(suffix)].replace(' != ', ' == ')};"]
    return [f"bool {var} = true;"] + same




# The leaf types whose delta BitWriter writes in one call (the changed bit, then the value), each value
# quantized once.
DELTA_LEAF = {"float32": "DeltaF32", "float64": "DeltaF64", "Vector2": "DeltaVector2", "Vector3": "DeltaVector3",
              "Color": "DeltaColor", "Quaternion": "DeltaQuaternion"}


def packed_write_delta_field(m: str, base: str, f: Field, schema: Schema) -> List[str]:
    """One field of a delta: a changed bit, then (when changed) the nested message's delta, a list's
    or array's element delta, or the value in full (docs/packed.md "Delta"); sets `changed`."""
    expr, bexpr = f"{m}.{_ident(f)}", f"{base}.{_ident(f)}"
    kind = packed_delta_kind(f)
    t = f.type
    if kind == "message":
        call = f"{P}Packed.WriteMessageDelta(w, {expr}, {bexpr}, default({type_name(t, schema)}.PaktPackedCodec))"
    elif kind == "list":
        call = (f"{P}Packed.WriteListDelta(w, {expr}, {bexpr}, {CODES}length_{f.name}, "
                f"default({type_name(t.element, schema)}.PaktPackedCodec))")
    elif kind == "array":
        call = (f"{P}Packed.WriteArrayDelta(w, {expr}, {bexpr}, {t.count}, {CODES}changed_{f.name}, "
                f"default({type_name(t.element, schema)}.PaktPackedCodec))")
    elif not f.optional and t.kind == "builtin" and t.name in DELTA_LEAF:
        call = f"w.{DELTA_LEAF[t.name]}({expr}, {bexpr}, {CODES}code_{f.name})"
    else:
        lines = same_declaration(packed_same_field(expr, bexpr, f, schema, "same"), "same")
        lines += ["if (same) w.Defer(false);", "else", "{", "    changed = true;", "    w.Bool(true);"]
        lines += ["    " + s for s in packed_write_value(expr, f, schema)] + ["}"]
        return _try(lines, _catch_encode("field", f.name))
    return _try([f"if ({call}) changed = true;"], _catch_encode("field", f.name))


def packed_read_delta_field(target: str, f: Field, schema: Schema) -> List[str]:
    """Reads one field of a delta into `target`, which holds the baseline's value."""
    kind = packed_delta_kind(f)
    t = f.type
    tn = type_name(t, schema)
    if kind == "message":
        body = [f"if ({target} == null) {target} = new {tn}();", f"{tn}.PaktReadPackedDelta(r, {target});"]
    elif kind == "list":
        et = type_name(t.element, schema)
        body = [f"if ({target} == null) {target} = new {tn}();",
                f"{P}Packed.ReadListDelta(r, {target}, {CODES}length_{f.name}, {t.element.facts.packed_min_bits}, "
                f"default({et}.PaktPackedCodec));"]
    elif kind == "array":
        et = type_name(t.element, schema)
        body = [f"if ({target} == null || {target}.Length != {t.count}) {target} = {new_array(et, t.count)};",
                f"{P}Packed.ReadArrayDelta(r, {target}, {CODES}changed_{f.name}, default({et}.PaktPackedCodec));"]
    else:
        body = packed_read_value(target, f, schema)
    lines = ['if (r.ReadBool("changed bit"))', "{"] + ["    " + s for s in body] + ["}"]
    return _try(lines, _catch("field", f.name))


def _ident(f: Field) -> str:
    return identifier(f.name)
