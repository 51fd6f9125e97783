"""Renders one schema of the descriptor into <stem>.pakt.h and <stem>.pakt.cpp."""

import os
from typing import Dict, Iterable, List, Set

from .. import RUNTIME_ABI, __version__
from ..backend import FORMATS, environment
from ..model import Message, Schema, contained_message
from . import filters

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
# Binary formats (of backend.FORMATS) map to runtime format tags.
BINARY_TAGS = {"compact": "compact_t", "mslima": "mslima_t"}


def dependency_order(messages: List[Message]) -> List[Message]:
    """Messages of one file, each after the messages of that file it contains by value."""
    done: List[Message] = []

    def visit(m: Message):
        if m in done:
            return
        for f in m.fields:
            child = contained_message(f.type)
            if child is not None and child.schema is m.schema:
                visit(child)
        done.append(m)

    for m in messages:
        visit(m)
    return done


def imported_messages_held(schema: Schema) -> List[Message]:
    """For each imported file that this schema's fields hold messages of, the first such message:
    the generated code calls that file's codecs (all of one file's messages have the same codecs)."""
    held: Dict[str, Message] = {}
    for m in schema.messages:
        for f in m.fields:
            child = contained_message(f.type)
            if child is not None and child.schema is not schema:
                held.setdefault(child.schema.path, child)
    return list(held.values())


def make_environment(formats: List[str]):
    return environment(
        TEMPLATE_DIR, filters.FILTERS, filters.TESTS,
        gen_version=__version__,
        runtime_abi=RUNTIME_ABI,
        formats=[BINARY_TAGS[f] for f in formats if f in BINARY_TAGS],
        codecs=list(formats),
        emit_json="json" in formats,
        emit_godot="godot" in formats,
        emit_packed="packed" in formats,
    )


def declared_names(schema: Schema, files: Iterable[Schema]) -> Set[str]:
    """The names the schemas of `files` declare in the C++ namespace of `schema`'s package: its
    messages and enums, and the next part of each package nested in it (a namespace)."""
    names: Set[str] = set()
    prefix = schema.package + "."
    for other in files:
        if other.package == schema.package:
            names.update(m.name for m in other.messages)
            names.update(e.name for e in other.enums)
        elif other.package.startswith(prefix):
            names.add(other.package[len(prefix):].split(".")[0])
    return names


def render(schema: Schema, formats: List[str] = FORMATS, files: Iterable[Schema] = ()) -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.h and <stem>.pakt.cpp. `files`: every file of
    the descriptor (names they declare in the schema's namespace are not given to the former
    Example<M>() functions)."""
    env = make_environment(formats)
    ctx = dict(schema=schema, messages=dependency_order(schema.messages),
               imported_messages=imported_messages_held(schema),
               taken_names=declared_names(schema, [schema, *files]))
    return {
        f"{schema.stem}.pakt.h": env.get_template("header.h.j2").render(**ctx),
        f"{schema.stem}.pakt.cpp": env.get_template("source.cpp.j2").render(**ctx),
    }
