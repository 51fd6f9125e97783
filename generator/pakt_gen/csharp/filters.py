"""The Jinja2 filters and tests of the C# templates, registered in one place (register()).

Filters that spell a type or value as seen from the file being generated read `schema` from the
template context. Sizes come from the descriptor's facts; codec statements from codec.py.
"""

from typing import Callable, Dict, List

from ..templating import schema_filter
from ..model import Enum, Field, Message
from . import codec, keywords, literals, types


def _indent(lines: List[str], n: int) -> str:
    pad = " " * n
    return "\n".join(pad + s if s else s for s in lines)


# --------------------------------------------------------------------------- names and types
def ident(name: str) -> str:
    """A schema name as a C# identifier (`@` before a keyword)."""
    return keywords.identifier(name)


def pascal(name: str) -> str:
    """An enum value's C# member name: snake_case -> PascalCase."""
    return keywords.pascal(name)


def namespace(schema) -> str:
    """The schema's C# namespace: photon.seed -> Photon.Seed."""
    return types.namespace(schema)


def field_type(f: Field, schema) -> str:
    """The field's C# type: T? for an optional value type."""
    return types.field_type(f, schema)


def builtin_cs(name: str) -> str:
    """The C# type of a built-in schema type name."""
    return types.BUILTIN_CS[name]


def enum_number(n: int, underlying: str) -> str:
    """An enum member's value."""
    return literals.enum_number(n, underlying)


def default_value(f: Field, schema) -> str:
    """The field's initializer: its default, null (optional) or a fresh value."""
    return literals.default_expr(f, schema)


def cs_string(s: str) -> str:
    """A C# string literal."""
    return literals.string_literal(s)


def code_text(code: int) -> str:
    """A PUN custom-type code as the RegisterTypes() error names it: `65 ('A')`, `240`."""
    return f"{code} ('{chr(code)}')" if 0x21 <= code <= 0x7E and chr(code) not in "'\\\"" else str(code)


def doc_comment(text: str, indent: int) -> str:
    """`/// <summary>` lines of a schema doc ('' when none)."""
    if not text or not text.strip():
        return ""
    body = [line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") for line in text.strip().splitlines()]
    pad = " " * indent
    return "\n".join([pad + "/// <summary>"] + [pad + "/// " + b if b else pad + "///" for b in body] +
                     [pad + "/// </summary>"]) + "\n"


# --------------------------------------------------------------------------- codec statements
def write_field(f: Field, schema, indent: int) -> str:
    """Writes m.<field> (a deprecated field: its default)."""
    if f.deprecated:
        lines = ["{", f"    {types.field_type(f, schema)} dep = {literals.default_expr(f, schema)};"]
        lines += ["    " + s for s in codec.write_field("dep", f, schema)] + ["}"]
    else:
        lines = codec.write_field("m." + ident(f.name), f, schema)
    return _indent(lines, indent)


def size_field(f: Field, schema, indent: int) -> str:
    """Adds the wire size of m.<field> to n."""
    if f.deprecated:
        inner = codec.size_field("dep", f, schema)
        if not any("dep" in s for s in inner):
            return _indent(inner, indent)
        lines = ["{", f"    {types.field_type(f, schema)} dep = {literals.default_expr(f, schema)};"]
        lines += ["    " + s for s in inner] + ["}"]
    else:
        lines = codec.size_field("m." + ident(f.name), f, schema)
    return _indent(lines, indent)


def read_field(f: Field, schema, indent: int) -> str:
    """Reads m.<field>; errors carry the field's name. A deprecated field is read and dropped: it
    holds its default (runtime/include/pakt/message_rules.hpp), also in an object decoded into."""
    if f.deprecated:
        lines = ["{", f"    {types.field_type(f, schema)} ignored = {literals.default_expr(f, schema)};"]
        lines += ["    " + s for s in codec.read_field("ignored", f, schema)]
        lines += ["    global::Pakt.Reader.Discard(ignored);",
                  f"    m.{ident(f.name)} = {literals.default_expr(f, schema)};", "}"]
    else:
        lines = codec.read_field("m." + ident(f.name), f, schema)
    return _indent(lines, indent)


def check_field(f: Field, schema, indent: int) -> str:
    """max_length / max_count / array-length checks of m.<field> ('' when it has none)."""
    if f.deprecated:
        return ""
    return _indent(codec.check_field("m." + ident(f.name), f, schema), indent)


def json_field(f: Field, schema, indent: int) -> str:
    """Writes m.<field> as JSON."""
    return _indent(codec.json_field("m." + ident(f.name), f, schema), indent)


def reset_value(f: Field, schema) -> str:
    """What a field is set to when an older payload does not carry it."""
    return literals.default_expr(f, schema)


# --------------------------------------------------------------------------- packed (docs/packed.md)
def _deprecated_block(f: Field, schema, var: str, inner: List[str], reset: bool) -> List[str]:
    lines = ["{", f"    {types.field_type(f, schema)} {var} = {literals.default_expr(f, schema)};"]
    lines += ["    " + s for s in inner]
    if reset:
        lines += [f"    global::Pakt.Reader.Discard({var});", f"    m.{ident(f.name)} = {literals.default_expr(f, schema)};"]
    return lines + ["}"]


def packed_constants(f: Field, indent: int) -> str:
    """The field's members of PaktPackedCodes (its code, length codes), after its schema line."""
    lines = codec.packed_constants(f)
    if not lines:
        return ""
    return _indent([codec.packed_comment(f)] + lines, indent)


def packed_write_field(f: Field, schema, indent: int) -> str:
    """Writes m.<field> in the packed format (a deprecated field: its default)."""
    if f.deprecated:
        lines = _deprecated_block(f, schema, "dep", codec.packed_write_field("dep", f, schema), False)
    else:
        lines = codec.packed_write_field("m." + ident(f.name), f, schema)
    return _indent([codec.packed_comment(f)] + lines, indent)


def packed_read_field(f: Field, schema, indent: int) -> str:
    """Reads m.<field> in the packed format; a deprecated field is read and dropped (its default)."""
    if f.deprecated:
        lines = _deprecated_block(f, schema, "ignored", codec.packed_read_field("ignored", f, schema), True)
    else:
        lines = codec.packed_read_field("m." + ident(f.name), f, schema)
    return _indent([codec.packed_comment(f)] + lines, indent)


def packed_same_field(f: Field, schema, indent: int) -> str:
    """Returns false from PaktSamePacked when a.<field> and b.<field> encode differently ('' when
    deprecated: both hold the default)."""
    if f.deprecated:
        return ""
    name = ident(f.name)
    lines = codec.packed_same_field("a." + name, "b." + name, f, schema, "same")
    if len(lines) == 1 and lines[0].endswith(") same = false;"):  # one test: return false when it fails
        return _indent([codec.packed_comment(f), lines[0][:-len("same = false;")] + "return false;"], indent)
    if lines[0] == "{" and lines[-1] == "}" and sum(1 for s in lines if s in ("{", "}")) == 2:
        lines = [s[4:] for s in lines[1:-1]]  # one block: not braced twice
    return _indent([codec.packed_comment(f), "{", "    bool same = true;"] + ["    " + s for s in lines] +
                   ["    if (!same) return false;", "}"], indent)


def packed_write_delta_field(f: Field, schema, indent: int) -> str:
    """One field of m's delta against b: its changed bit and, when set, what changed."""
    if f.deprecated:
        lines = ["w.Defer(false);  // deprecated: both hold its default, unchanged"]
    else:
        lines = codec.packed_write_delta_field("m", "b", f, schema)
    return _indent([codec.packed_comment(f)] + lines, indent)


def packed_read_delta_field(f: Field, schema, indent: int) -> str:
    """Applies one field of a delta to m (which holds the baseline)."""
    if f.deprecated:
        lines = _deprecated_block(f, schema, "ignored", codec.packed_read_delta_field("ignored", f, schema), True)
    else:
        lines = codec.packed_read_delta_field("m." + ident(f.name), f, schema)
    return _indent([codec.packed_comment(f)] + lines, indent)


# --------------------------------------------------------------------------- facts
def fixed_size(m: Message):
    """The compact/mslima size every value of m has, or 0."""
    return m.facts.compact.fixed_size or 0


def version_boundaries(m: Message):
    """Indexes of the fields where an older version's payload may end."""
    return m.facts.version_boundaries


def enum_underlying(e: Enum) -> str:
    return types.BUILTIN_CS[e.underlying]


FILTERS: Dict[str, Callable] = {
    "ident": ident,
    "pascal": pascal,
    "namespace": namespace,
    "field_type": schema_filter(field_type),
    "builtin_cs": builtin_cs,
    "enum_number": enum_number,
    "default_value": schema_filter(default_value),
    "cs_string": cs_string,
    "code_text": code_text,
    "doc_comment": doc_comment,
    "write_field": schema_filter(write_field),
    "size_field": schema_filter(size_field),
    "read_field": schema_filter(read_field),
    "check_field": schema_filter(check_field),
    "json_field": schema_filter(json_field),
    "reset_value": schema_filter(reset_value),
    "packed_constants": packed_constants,
    "packed_write_field": schema_filter(packed_write_field),
    "packed_read_field": schema_filter(packed_read_field),
    "packed_same_field": schema_filter(packed_same_field),
    "packed_write_delta_field": schema_filter(packed_write_delta_field),
    "packed_read_delta_field": schema_filter(packed_read_delta_field),
    "fixed_size": fixed_size,
    "version_boundaries": version_boundaries,
    "enum_underlying": enum_underlying,
}
TESTS: Dict[str, Callable] = {}

