"""Renders one schema of the descriptor into <stem>.pakt.lua: the schema's messages and enums as Lua
tables (what each field is and how each format writes it), read by the decoder of the template."""

import os
import re
from typing import Any, Dict, List, Optional

from .. import __version__
from ..model import Message, PackedCode, Schema, TypeRef, contained_message
from ..backend import environment

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
LUA_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
LUA_KEYWORDS = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
    "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
}


def lua(value: Any) -> str:
    """`value` (None, bool, int, float, str, list, dict) as a Lua literal on one line."""
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "0/0"
    if isinstance(value, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\{ord(c)}" for c in value) + '"'
    if isinstance(value, list):
        return "{" + ", ".join(lua(v) for v in value) + "}"
    if isinstance(value, dict):
        parts = []
        for k, v in value.items():
            if isinstance(k, int):
                parts.append(f"[{k}] = {lua(v)}")
            elif LUA_NAME.match(k) and k not in LUA_KEYWORDS:
                parts.append(f"{k} = {lua(v)}")
            else:
                parts.append(f"[{lua(k)}] = {lua(v)}")
        return "{" + ", ".join(parts) + "}"
    raise TypeError(f"no Lua literal for {value!r}")


def code_table(code: Optional[PackedCode], wide: bool) -> Optional[Dict[str, Any]]:
    """A packed code as the template's decoder reads it; `wide`: the value is a 64-bit integer, whose
    min and span are written as decimal text (Lua numbers hold 53 bits)."""
    if code is None:
        return None
    out: Dict[str, Any] = {"kind": code.kind}
    if code.kind in ("ranged", "quantized", "smallest_three", "raw"):
        out["bits"] = code.bits
    if code.kind == "ranged":
        out["min"] = str(code.min) if wide else int(code.min)
        out["span"] = str(code.span) if wide else int(code.span)
    if code.kind == "quantized":
        out.update(min=float(code.min), max=float(code.max), steps=code.steps)
    return out


class SchemaTables:
    """The Lua tables of one schema: its messages and every message and enum they reach (imports too)."""

    def __init__(self, schema: Schema):
        self.schema = schema
        self.messages: Dict[str, Message] = {}
        self.enums: Dict[str, Any] = {}
        for m in schema.messages:
            self.reach(m)

    def reach(self, m: Message) -> None:
        if m.full_name in self.messages:
            return
        self.messages[m.full_name] = m
        for f in m.fields:
            t = f.type
            while t.kind in ("list", "array"):
                t = t.element
            if t.kind == "enum":
                self.enums[t.enum.full_name] = t.enum
            nested = contained_message(f.type)
            if nested is not None:
                self.reach(nested)

    def abbrev(self, m: Message) -> str:
        """The message's part of its fields' filter names: its name, or its full name when imported."""
        return m.name if m.schema is self.schema else m.full_name

    def type_table(self, t: TypeRef) -> Dict[str, Any]:
        if t.kind == "list" or t.kind == "array":
            out = {"kind": t.kind, "element": self.type_table(t.element),
                   "min_size": t.element.facts.min_size, "min_bits": t.element.facts.packed_min_bits}
            if t.kind == "array":
                out["count"] = t.count
            return out
        if t.kind == "message":
            return {"kind": "message", "message": t.message.full_name}
        if t.kind == "enum":
            return {"kind": "enum", "enum": t.enum.full_name, "name": t.enum.underlying}
        return {"kind": "builtin", "name": t.name}

    def field_table(self, m: Message, f) -> Dict[str, Any]:
        leaf = f.type
        while leaf.kind in ("list", "array"):
            leaf = leaf.element
        leaf_name = leaf.enum.underlying if leaf.kind == "enum" else leaf.name
        wide = leaf_name in ("int64", "uint64")
        out: Dict[str, Any] = {"name": f.name, "abbrev": f"{self.abbrev(m)}.{f.name}",
                               "type": self.type_table(f.type)}
        if f.optional:
            out["optional"] = True
        if f.deprecated:
            out["deprecated"] = True
        if f.max_length:
            out["max_length"] = f.max_length
        if f.max_count:
            out["max_count"] = f.max_count
        for key in ("packed", "packed_length", "packed_element_length"):
            code = getattr(f, key)
            if code is not None:
                out[key] = code_table(code, wide if key == "packed" else False)
        return out

    def message_table(self, m: Message) -> Dict[str, Any]:
        out: Dict[str, Any] = {"name": m.name, "abbrev": self.abbrev(m)}
        if m.extensible:
            out["extensible"] = True
        if m.facts.version_boundaries:
            out["boundaries"] = {i + 1: True for i in m.facts.version_boundaries}
        if m.code is not None:
            out["code"] = m.code
        return out

    def enum_table(self, e) -> Dict[str, Any]:
        return {"name": e.name, "underlying": e.underlying, "values": {v.number: v.name for v in e.values}}


def proto_name(schema: Schema) -> str:
    """The protocol's filter name: pakt_<stem>, lower case, [a-z0-9_] (Wireshark's rule for protocols)."""
    return "pakt_" + re.sub(r"[^a-z0-9_]", "_", schema.stem.lower())


def make_environment():
    return environment(TEMPLATE_DIR, {"lua": lua}, gen_version=__version__)


def render(schema: Schema) -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.lua."""
    tables = SchemaTables(schema)
    messages: List[Dict[str, Any]] = []
    for full_name, m in tables.messages.items():
        messages.append({"full_name": full_name, "table": tables.message_table(m),
                         "fields": [tables.field_table(m, f) for f in m.fields]})
    enums = [{"full_name": name, "table": tables.enum_table(e)} for name, e in tables.enums.items()]
    text = make_environment().get_template("dissector.lua.j2").render(
        schema=schema, proto_name=proto_name(schema), messages=messages, enums=enums)
    return {f"{schema.stem}.pakt.lua": text}
