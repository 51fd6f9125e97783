"""C# statements of the compact/mslima codec, size, check and JSON of one field's type.

Each function returns lines (without indentation handling beyond nesting braces); the templates
place them. `d` is the nesting depth, so nested loops' locals never shadow each other (C# forbids it).
"""

from typing import List, Optional

from ..model import FIXED_WIRE_SIZE, Field, Schema, TypeRef, is_uint8, min_wire_size
from .literals import default_expr
from .types import BUILTIN_CS, is_value_type, type_name

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
    """The wire size when every value of `t` has the same (messages: the descriptor's fact)."""
    if t.kind == "builtin":
        return FIXED_WIRE_SIZE.get(t.name)
    if t.kind == "enum":
        return FIXED_WIRE_SIZE[t.enum.underlying]
    if t.kind == "message":
        return t.message.facts.compact.fixed_size
    if t.kind == "array":
        e = fixed_size(t.element)
        return None if e is None else e * t.count
    return None


# --------------------------------------------------------------------------- write
def write(expr: str, t: TypeRef, schema: Schema, d: int = 0) -> List[str]:
    if t.kind == "builtin":
        return [f"w.{METHOD[t.name]}({expr});"]
    if t.kind == "enum":
        u = t.enum.underlying
        return [f"w.{METHOD[u]}(({BUILTIN_CS[u]}){expr});"]
    if t.kind == "message":
        return [f"{type_name(t, schema)}.PaktWrite(w, {expr});"]
    tn = type_name(t, schema)
    lines = ["{", f"    {tn} c{d} = {expr};"]
    if t.kind == "list":
        lines += [f"    int n{d} = c{d} == null ? 0 : c{d}.Count;", f"    w.Length(n{d});"]
    else:
        lines += [f"    int n{d} = {t.count};"]
    lines += [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"]
    lines += ["        " + s for s in write(f"c{d}[i{d}]", t.element, schema, d + 1)]
    lines += ["    }", "}"]
    return lines


def write_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return write(expr, f.type, schema)
    if is_value_type(f.type):
        inner = write(f"{expr}.Value", f.type, schema)
        test = f"{expr}.HasValue"
    else:
        inner = write(expr, f.type, schema)
        test = f"{expr} != null"
    return [f"if ({test})", "{", "    w.U8(1);"] + ["    " + s for s in inner] + ["}", "else", "{", "    w.U8(0);", "}"]


# --------------------------------------------------------------------------- size
def size(expr: str, t: TypeRef, schema: Schema, d: int = 0) -> List[str]:
    fixed = fixed_size(t)
    if fixed is not None:
        return [f"n += {fixed};"]
    if t.kind == "builtin":
        if t.name == "string":
            return [f"n += {P}Writer.StringSize({expr});"]
        return [f"n += 4 + ({expr} == null ? 0 : {expr}.Length);"]  # bytes
    if t.kind == "message":
        return [f"n += {type_name(t, schema)}.PaktSize({expr});"]
    tn = type_name(t, schema)
    count = f"(c{d} == null ? 0 : c{d}.Count)" if t.kind == "list" else str(t.count)
    lines = ["{", f"    {tn} c{d} = {expr};"]
    if t.kind == "list":
        lines.append("    n += 4;")
    efixed = fixed_size(t.element)
    if efixed is not None:
        lines.append(f"    n += {count} * {efixed};")
    else:
        lines += [f"    int n{d} = {count};", f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"]
        lines += ["        " + s for s in size(f"c{d}[i{d}]", t.element, schema, d + 1)]
        lines.append("    }")
    lines.append("}")
    return lines


def size_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return size(expr, f.type, schema)
    if is_value_type(f.type):
        return [f"n += 1 + ({expr}.HasValue ? {fixed_size(f.type)} : 0);"]
    return ["n += 1;", f"if ({expr} != null)", "{"] + ["    " + s for s in size(expr, f.type, schema)] + ["}"]


# --------------------------------------------------------------------------- read
def _catch(kind: str, what: str) -> List[str]:
    call = f'e.InField("{what}")' if kind == "field" else f"e.InIndex({what})"
    return [f"catch ({P}DecodeException e)", "{", f"    {call};", "    throw;", "}"]


def read(target: str, t: TypeRef, schema: Schema, max_length: int, max_count: int, d: int = 0) -> List[str]:
    """Reads a value of `t` into the lvalue `target` (reusing what it holds where it can)."""
    if t.kind == "builtin":
        if t.name == "string":
            return [f"{target} = r.String({max_length});"]
        if t.name == "bytes":
            return [f"{target} = r.Bytes({target}, {max_length});"]
        return [f"{target} = r.{METHOD[t.name]}();"]
    if t.kind == "enum":
        return [f"{target} = ({type_name(t, schema)})r.{METHOD[t.enum.underlying]}();"]
    tn = type_name(t, schema)
    if t.kind == "message":
        return [f"if ({target} == null) {target} = new {tn}();", f"{tn}.PaktRead(r, {target}, false);"]
    et = type_name(t.element, schema)
    if t.kind == "array":
        make = f"new {et}[{t.count}]"
        lines = ["{", f"    {tn} c{d} = {target};",
                 f"    if (c{d} == null || c{d}.Length != {t.count})", "    {", f"        c{d} = {make};",
                 f"        {target} = c{d};", "    }",
                 f"    for (int i{d} = 0; i{d} < {t.count}; ++i{d})", "    {", "        try", "        {"]
        lines += ["            " + s for s in read(f"c{d}[i{d}]", t.element, schema, max_length, max_count, d + 1)]
        lines += ["        }"] + ["        " + s for s in _catch("index", f"i{d}")] + ["    }", "}"]
        return lines
    # list
    as_bytes = is_uint8(t.element) and max_count == 0
    what, limit_name, limit = ("length", "max_length", max_length) if as_bytes else ("count", "max_count", max_count)
    lines = ["{", f'    int n{d} = r.Length("{what}", "{limit_name}", {limit}, {min_wire_size(t.element)});',
             f"    {tn} c{d} = {target};", f"    if (c{d} == null)", "    {", f"        c{d} = new {tn}(n{d});",
             f"        {target} = c{d};", "    }"]
    if t.element.kind == "message":
        lines += [f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
                  f"        {et} e{d} = i{d} < c{d}.Count ? c{d}[i{d}] : null;",
                  f"        if (e{d} == null) e{d} = new {et}();", "        try", "        {",
                  f"            {et}.PaktRead(r, e{d}, false);", "        }"]
        lines += ["        " + s for s in _catch("index", f"i{d}")]
        lines += [f"        if (i{d} < c{d}.Count) c{d}[i{d}] = e{d};", f"        else c{d}.Add(e{d});", "    }",
                  f"    if (c{d}.Count > n{d}) c{d}.RemoveRange(n{d}, c{d}.Count - n{d});", "}"]
        return lines
    lines += [f"    c{d}.Clear();", f"    if (c{d}.Capacity < n{d}) c{d}.Capacity = n{d};",
              f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {",
              f"        {et} e{d} = {'default(' + et + ')' if is_value_type(t.element) else 'null'};",
              "        try", "        {"]
    lines += ["            " + s for s in read(f"e{d}", t.element, schema, max_length, 0, d + 1)]
    lines += ["        }"] + ["        " + s for s in _catch("index", f"i{d}")]
    lines += [f"        c{d}.Add(e{d});", "    }", "}"]
    return lines


def read_field(target: str, f: Field, schema: Schema) -> List[str]:
    """The read of one field, its errors prefixed with the field's name."""
    body = read(target, f.type, schema, f.max_length, f.max_count)
    if f.optional:
        body = ["if (r.Presence())", "{"] + ["    " + s for s in body] + ["}", "else", "{", f"    {target} = null;", "}"]
    return ["try", "{"] + ["    " + s for s in body] + ["}"] + _catch("field", f.name)


def reset_value(f: Field, schema: Schema) -> str:
    return default_expr(f, schema)


# --------------------------------------------------------------------------- check
def _has_checks(t: TypeRef, max_length: int, max_count: int) -> bool:
    if t.kind == "builtin":
        return t.name in ("string", "bytes") and max_length != 0
    if t.kind == "enum":
        return False
    if t.kind == "message":
        return t.message.facts.needs_check or any(
            _has_checks(f.type, f.max_length, f.max_count) for f in t.message.fields if not f.deprecated)
    if t.kind == "array":
        return True  # its length
    return max_count != 0 or (is_uint8(t.element) and max_length != 0) or _has_checks(t.element, max_length, 0)


def check(expr: str, t: TypeRef, schema: Schema, max_length: int, max_count: int, d: int = 0) -> List[str]:
    """Encode-side checks: max_length / max_count (as pakt::CheckLimits) and arrays' lengths."""
    if not _has_checks(t, max_length, max_count):
        return []
    if t.kind == "builtin":
        if t.name == "string":
            return [f"{P}Check.StringLength({expr}, {max_length});"]
        return [f"{P}Check.Count({expr} == null ? 0 : {expr}.Length, true, {max_length});"]
    if t.kind == "message":
        return [f"if ({expr} != null) {type_name(t, schema)}.PaktCheck({expr});"]
    tn = type_name(t, schema)
    lines = ["{", f"    {tn} c{d} = {expr};"]
    if t.kind == "array":
        lines += [f"    if (c{d} == null || c{d}.Length != {t.count})",
                  f'        throw new {P}EncodeException("array length " + (c{d} == null ? 0 : c{d}.Length) + " is not {t.count}");']
        inner = check(f"c{d}[i{d}]", t.element, schema, max_length, max_count, d + 1)
        count = str(t.count)
    else:
        as_bytes = is_uint8(t.element) and max_count == 0
        limit = max_length if as_bytes else max_count
        lines.append(f"    int n{d} = c{d} == null ? 0 : c{d}.Count;")
        if limit:
            lines.append(f"    {P}Check.Count(n{d}, {'true' if as_bytes else 'false'}, {limit});")
        inner = check(f"c{d}[i{d}]", t.element, schema, max_length, 0, d + 1)
        count = f"n{d}"
    if inner:
        lines += [f"    for (int i{d} = 0; i{d} < {count}; ++i{d})", "    {", "        try", "        {"]
        lines += ["            " + s for s in inner]
        lines += ["        }", f"        catch ({P}EncodeException e)", "        {", f"            e.InIndex(i{d});",
                  "            throw;", "        }", "    }"]
    lines.append("}")
    return lines


def check_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if f.optional and is_value_type(f.type):
        return []
    body = check(expr, f.type, schema, f.max_length, f.max_count)
    if not body:
        return []
    if f.optional:
        body = [f"if ({expr} != null)", "{"] + ["    " + s for s in body] + ["}"]
    return ["try", "{"] + ["    " + s for s in body] + ["}", f"catch ({P}EncodeException e)", "{",
                                                         f'    e.InField("{f.name}");', "    throw;", "}"]


# --------------------------------------------------------------------------- JSON
def json(expr: str, t: TypeRef, schema: Schema, d: int = 0) -> List[str]:
    if t.kind == "builtin":
        n = t.name
        if n == "bool":
            return [f"j.Bool({expr});"]
        if n == "uint64":
            return [f"j.UInt({expr});"]
        if n in FIXED_WIRE_SIZE and n.startswith(("int", "uint")):
            return [f"j.Int({expr});"]
        if n == "float32":
            return [f"j.Float({expr});"]
        if n == "float64":
            return [f"j.Real({expr});"]
        return [f"j.{METHOD[n]}({expr});"]
    if t.kind == "enum":
        if t.enum.underlying == "uint64":
            return [f"j.UInt((ulong){expr});"]
        return [f"j.Int((long){expr});"]
    if t.kind == "message":
        return [f"{type_name(t, schema)}.PaktJson(j, {expr});"]
    tn = type_name(t, schema)
    count = f"(c{d} == null ? 0 : c{d}.Count)" if t.kind == "list" else f"(c{d} == null ? 0 : c{d}.Length)"
    lines = ["{", f"    {tn} c{d} = {expr};", "    j.BeginArray();", f"    int n{d} = {count};",
             f"    for (int i{d} = 0; i{d} < n{d}; ++i{d})", "    {"]
    lines += ["        " + s for s in json(f"c{d}[i{d}]", t.element, schema, d + 1)]
    lines += ["    }", "    j.EndArray();", "}"]
    return lines


def json_field(expr: str, f: Field, schema: Schema) -> List[str]:
    if not f.optional:
        return json(expr, f.type, schema)
    if is_value_type(f.type):
        inner, test = json(f"{expr}.Value", f.type, schema), f"{expr}.HasValue"
    else:
        inner, test = json(expr, f.type, schema), f"{expr} != null"
    return [f"if ({test})", "{"] + ["    " + s for s in inner] + ["}", "else", "{", "    j.Null();", "}"]
