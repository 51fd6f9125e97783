"""The Jinja2 filters of the GDScript templates, registered in one place (register()).

Filters that spell a type or value as seen from the file being generated read `schema` and the
Godot generation (`godot`: "4" or "3") from the template context. Codec statements come from codec.py.
"""

import jinja2
from typing import Callable, Dict, List

from ..model import Field, Message, Schema, TypeRef, contained_message
from . import codec, keywords, literals, packed, types


def _indent(lines: List[str], n: int) -> str:
    pad = "\t" * n
    return "\n".join(pad + s if s else s for s in lines)


def gd_filter(fn: Callable) -> Callable:
    """A filter fn(value, schema, godot, *args) that takes `schema` and `godot` from the context."""

    @jinja2.pass_context
    def filt(ctx, value, *args):
        return fn(value, ctx["schema"], ctx["godot"], *args)

    filt.__name__ = fn.__name__
    filt.__doc__ = fn.__doc__
    return filt


# --------------------------------------------------------------------------- names, types, values
def members(m: Message, godot: str) -> frozenset:
    """The names of message m's fields as GDScript members (a class name they hide is not a type there)."""
    return frozenset(keywords.identifier(f.name, godot) for f in m.fields)


def field_decl(f: Field, schema: Schema, godot: str, m: Message) -> str:
    """`var name: Type = default` (an optional is untyped: it may hold null; so is a message of this
    file whose class name a field of m hides, with the type in a comment)."""
    t = types.field_type(f, schema, godot, members(m, godot))
    typed = f": {t}" if t else ""
    comment = literals.enum_comment(f)
    if not f.optional and t != types.field_type(f, schema, godot):
        comment = f"  # {f.type.spelled()}: untyped, a field of {m.name} is named like the class"
    elif not f.optional and not t and f.type.kind == "message":
        comment = f"  # {f.type.spelled()}: untyped, Godot 3 takes no other script's class as a type here"
    return f"var {keywords.identifier(f.name, godot)}{typed} = {literals.default_expr(f, schema, godot)}{comment}"


def ident(name: str, schema: Schema, godot: str) -> str:
    """A schema name as a GDScript member / enum value name (Godot 3: `seed` -> `seed_`)."""
    return keywords.identifier(name, godot)


def class_name(name: str, schema: Schema, godot: str) -> str:
    """A message / enum name as its GDScript class name (a trailing underscore for a native class's)."""
    return keywords.class_name(name, godot)


def gd_string(s: str) -> str:
    """A GDScript string literal."""
    return literals.string_literal(s)


def schema_line(f: Field) -> str:
    """The field as the schema declares it, for the comment above its code: `line 21: inventory: uint16[] ...`."""
    opts = []
    for key in ("optional", "required", "deprecated"):
        if getattr(f, key):
            opts.append(key)
    if f.max_length:
        opts.append(f"max_length {f.max_length}")
    if f.max_count:
        opts.append(f"max_count {f.max_count}")
    if f.since != 1:
        opts.append(f"since {f.since}")
    extra = f" ({', '.join(opts)})" if opts else ""
    return f"line {f.loc.line}: {f.name}: {f.type.spelled()}{extra}"


def doc_comment(text: str, indent: int) -> str:
    """`## ` lines of a schema doc ('' when none)."""
    if not text or not text.strip():
        return ""
    pad = "\t" * indent
    return "\n".join(pad + ("## " + line if line else "##") for line in text.strip().splitlines()) + "\n"


def module_alias(owner: Schema) -> str:
    """The constant an importing script preloads `owner`'s script as."""
    return types.module_alias(owner)


def member(f: Field, schema: Schema, godot: str) -> str:
    """The field in its message's methods (`self.Weapon` in class Weapon)."""
    return types.member(f, schema, godot)


def class_getter(name: str, schema: Schema, godot: str) -> str:
    """The base class's static method that returns this file's message class `name`."""
    return types.class_getter(name, godot)


def same_method(f: Field) -> str:
    """The method `_pakt_same_field_<field>` of the field's "same encoding" test."""
    return packed.same_method(f)


def uses_import(schema: Schema, owner: Schema) -> bool:
    """Whether the schema's fields name a type declared in `owner`."""
    def from_owner(t: TypeRef) -> bool:
        message = contained_message(t)
        return message is not None and message.schema is owner
    return any(from_owner(f.type) for m in schema.messages for f in m.fields)


# --------------------------------------------------------------------------- codec statements
def write_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Writes the field (a deprecated one: its default), with its limit checks."""
    return _indent(codec.write_field(f.name, f, schema, godot), indent)


def read_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Reads the field (a deprecated one: read and dropped); an error returns with its path."""
    return _indent(codec.read_field(f.name, f, schema, godot), indent)


def variant_field(f: Field, schema: Schema, godot: str) -> str:
    """The field's value in to_variant(): pakt's Godot mapping."""
    return codec.variant_field(f, schema, godot)


def from_variant_field(f: Field, schema: Schema, godot: str, index: int, message_godot: str, indent: int) -> str:
    """Takes the field from the Variant `_pakt_v` in from_variant(), with the C++ decoder's checks."""
    return _indent(codec.from_variant_field(f, index, message_godot, schema, godot), indent)


def reset_value(f: Field, schema: Schema, godot: str) -> str:
    """What a field is set to when an older payload does not carry it."""
    return literals.default_expr(f, schema, godot)


def version_boundaries(m: Message) -> List[int]:
    """Indexes of the fields where an older version's payload may end."""
    return m.facts.version_boundaries


# --------------------------------------------------------------------------- packed
def packed_write_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Writes the field in the packed format (a deprecated one: its default)."""
    return _indent(packed.write_field(f, schema, godot), indent)


def packed_read_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Reads the field in the packed format; an error returns with its path."""
    return _indent(packed.read_field(f, schema, godot), indent)


def packed_read_body(m: Message, schema: Schema, godot: str, indent: int) -> str:
    """The body of _pakt_read_packed: the fields in order, runs of fixed-width fields (two codes or
    more) read as whole words first (packed.read_word_run)."""
    lines: List[str] = []
    run: List[Field] = []

    def field_by_field(fields: List[Field]) -> List[str]:
        out: List[str] = []
        for f in fields:
            out.append(f"# {schema_line(f)}" + (": read and dropped" if f.deprecated else ""))
            out += packed.read_field(f, schema, godot)
        return out

    def flush(last: bool) -> None:
        if sum(len(packed.word_atoms(f)) for f in run) >= 2:
            lines.extend(packed.read_word_run(run, len(lines), last, field_by_field(run), schema, godot))
        else:
            lines.extend(field_by_field(run))
        run.clear()

    for f in m.fields:
        if packed.word_atoms(f) is not None:
            run.append(f)
        else:
            flush(False)
            lines.extend(field_by_field([f]))
    flush(True)
    return _indent(lines + ["pass"], indent)


def packed_write_body(m: Message, schema: Schema, godot: str, indent: int) -> str:
    """The body of _pakt_write_packed: the fields in order, runs of fixed-width fields (two codes or
    more) written as whole words (packed.write_word_run)."""
    lines: List[str] = []
    run: List[Field] = []

    def field_by_field(fields: List[Field]) -> List[str]:
        out: List[str] = []
        for f in fields:
            out.append(f"# {schema_line(f)}" + (": written as its default" if f.deprecated else ""))
            out += packed.write_field(f, schema, godot)
        return out

    def flush() -> None:
        words = None
        if sum(len(packed.word_atoms(f)) for f in run) >= 2:
            words = packed.write_word_run(run, len(lines), field_by_field(run), schema, godot)
        lines.extend(field_by_field(run) if words is None else words)
        run.clear()

    for f in m.fields:
        if packed.word_atoms(f) is not None:
            run.append(f)
        else:
            flush()
            lines.extend(field_by_field([f]))
    flush()
    return _indent(lines + ["pass"], indent)


def packed_read_delta_body(m: Message, schema: Schema, godot: str, indent: int) -> str:
    """The body of _pakt_read_delta: whole words when every field has a fixed width, then (or else)
    field by field."""
    lines = packed.read_word_delta(m.fields, schema, godot) if packed.word_delta_fits(m.fields) else []
    for f in m.fields:
        lines.append(f"# {schema_line(f)}")
        lines += packed.read_delta_field(f, schema, godot, words=not lines)
    return _indent(lines + ["pass"], indent)


def packed_same_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """The body of _pakt_same_field_<field>(_pakt_o, _pakt_w): whether the field encodes the same as _pakt_o's."""
    return _indent(packed.same_field(f, schema, godot), indent)


def packed_write_delta_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """One field of a delta against `_pakt_base`: its changed bit, then its delta or its value."""
    return _indent(packed.write_delta_field(f, schema, godot), indent)


def packed_read_delta_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Applies one field of a delta to the field (which holds the baseline's value)."""
    return _indent(packed.read_delta_field(f, schema, godot), indent)


def assign_field(f: Field, schema: Schema, godot: str, indent: int) -> str:
    """Deep-copies _pakt_o's field into self's (the copy of the baseline a delta is applied to)."""
    return _indent(packed.assign_field(f, schema, godot), indent)


def limit_checks(m: Message, schema: Schema, godot: str, indent: int) -> str:
    """The body of _pakt_check_limits(_pakt_w): the checks of the compact write alone."""
    lines = [s for f in m.fields for s in codec.check_field(f, schema, godot)]
    return _indent(lines or ["pass"], indent)


def needs_limit_check(m: Message) -> bool:
    """Whether writing the message checks limits (max_length, max_count, fixed lengths), which the
    packed to_bytes checks first, as the C++ SerializePacked does."""
    return m.facts.write_can_fail


def fingerprint(m: Message) -> str:
    """The descriptor's fingerprint of the message as a GDScript int (int64: the same 64 bits as a
    signed number; INT64_MIN has no literal of its own), then a comment with its hex."""
    v = m.facts.fingerprint & 0xFFFFFFFFFFFFFFFF
    return f"{literals.integer_literal(v)}  # 0x{v:016x}"


FILTERS: Dict[str, Callable] = {
    "field_decl": gd_filter(field_decl),
    "ident": gd_filter(ident),
    "class_name": gd_filter(class_name),
    "gd_string": gd_string,
    "schema_line": schema_line,
    "doc_comment": doc_comment,
    "module_alias": module_alias,
    "class_getter": gd_filter(class_getter),
    "member": gd_filter(member),
    "same_method": same_method,
    "write_field": gd_filter(write_field),
    "read_field": gd_filter(read_field),
    "reset_value": gd_filter(reset_value),
    "from_variant_field": gd_filter(from_variant_field),
    "variant_field": gd_filter(variant_field),
    "version_boundaries": version_boundaries,
    "packed_write_field": gd_filter(packed_write_field),
    "packed_read_field": gd_filter(packed_read_field),
    "packed_read_body": gd_filter(packed_read_body),
    "packed_write_body": gd_filter(packed_write_body),
    "packed_read_delta_body": gd_filter(packed_read_delta_body),
    "packed_same_field": gd_filter(packed_same_field),
    "packed_write_delta_field": gd_filter(packed_write_delta_field),
    "packed_read_delta_field": gd_filter(packed_read_delta_field),
    "assign_field": gd_filter(assign_field),
    "needs_limit_check": needs_limit_check,
    "limit_checks": gd_filter(limit_checks),
    "fingerprint": fingerprint,
    "integer_literal": literals.integer_literal,
}

TESTS: Dict[str, Callable] = {
    "used_by": lambda owner, schema: uses_import(schema, owner),
}
