"""Renders a validated Schema into C++ with the Jinja2 templates."""

import os
from typing import Dict, List

import jinja2

from . import RUNTIME_ABI, __version__, cpp
from .model import BUILTINS, INTEGER_RANGES, Field, Message, Schema

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
# Codecs a generated file can carry (pakt-gen --formats); binary ones map to runtime format tags.
ALL_FORMATS = ["compact", "mslima", "godot", "json"]
BINARY_TAGS = {"compact": "compact_t", "mslima": "mslima_t"}


def dependency_order(messages: List[Message]) -> List[Message]:
    """Messages of one file, each after the messages it contains by value."""
    local = {m.name: m for m in messages}
    done: List[Message] = []

    def contained(t):
        if t.kind in ("list", "array"):
            return contained(t.element)
        return t.message if t.kind == "message" else None

    def visit(m: Message):
        if m in done:
            return
        for f in m.fields:
            child = contained(f.type)
            if child is not None and local.get(child.name) is child:
                visit(child)
        done.append(m)

    for m in messages:
        visit(m)
    return done


def is_uint8_list(f: Field) -> bool:
    """`uint8[]` / `uint8[N]`: a PackedInt32Array in Godot, unlike `bytes` (a PackedByteArray)."""
    t = f.type
    return t.kind in ("list", "array") and t.element.kind == "builtin" and t.element.name == "uint8"


def field_notes(f: Field) -> str:
    notes = []
    if f.optional:
        notes.append("optional")
    if f.max_length:
        notes.append(f"max_length {f.max_length}")
    if f.max_count:
        notes.append(f"max_count {f.max_count}")
    if f.since > 1:
        notes.append(f"since {f.since}")
    if f.deprecated:
        notes.append("deprecated")
    if f.required:
        notes.append("required")
    return (", " + ", ".join(notes)) if notes else ""


def make_environment(schema: Schema, formats: List[str]) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIR),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["code_char"] = chr

    def brace_default(f: Field) -> str:
        d = cpp.default_expr(f, schema)
        return "{}" if d is None else "{" + d + "}"

    def enum_number(n: int, underlying: str) -> str:
        if n == INTEGER_RANGES[underlying][0] and underlying in ("int32", "int64"):
            return f"std::numeric_limits<{BUILTINS[underlying][0]}>::min()"
        return cpp.integer_literal(n, underlying)

    env.globals.update(
        gen_version=__version__,
        runtime_abi=RUNTIME_ABI,
        formats=[BINARY_TAGS[f] for f in formats if f in BINARY_TAGS],
        emit_json="json" in formats,
        emit_godot="godot" in formats,
        godot_write=lambda f: "write_uint8_list" if is_uint8_list(f) else "write_value",
        godot_read=lambda f: "read_uint8_list" if is_uint8_list(f) else "read_value",
        builtin_cpp=lambda name: BUILTINS[name][0],
        enum_number=enum_number,
        field_type=lambda f: cpp.field_type(f, schema),
        member_initializer=lambda f: cpp.member_initializer(f, schema),
        brace_default=brace_default,
        reset_value=lambda f: cpp.default_expr(f, schema) or "{}",
        field_notes=field_notes,
        field_limits=cpp.field_limits,
        field_needs_check=cpp.field_needs_check,
        min_size=cpp.message_min_size,
        fixed_size=cpp.message_fixed_size,
        marshal_size=lambda m: cpp.message_marshal_layout(m)[0],
        fingerprint=cpp.fingerprint,
        wire_shape=cpp.wire_shape,
        version_boundaries=cpp.version_boundaries,
        example_expr=lambda f, v: cpp.value_expr(f.type, v, schema, f.optional),
    )
    return env


def render(schema: Schema, formats: List[str] = ALL_FORMATS) -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.h and <stem>.pakt.cpp."""
    env = make_environment(schema, formats)
    ctx = dict(schema=schema, messages=dependency_order(schema.messages))
    return {
        f"{schema.stem}.pakt.h": env.get_template("header.h.j2").render(**ctx),
        f"{schema.stem}.pakt.cpp": env.get_template("source.cpp.j2").render(**ctx),
    }


def generator_files() -> List[str]:
    """Every file the output depends on besides the schemas (for build-system dependencies)."""
    here = os.path.dirname(os.path.abspath(__file__))
    files = []
    for d, _, names in os.walk(here):
        files += [os.path.join(d, n) for n in names if n.endswith((".py", ".j2"))]
    return sorted(files)
