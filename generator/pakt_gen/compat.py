"""pakt-gen compat OLD.yaml NEW.yaml: every change that breaks peers still on the old schema.

The rules (docs/evolution.md): fields are only appended, each with a `since` above the old schema
version (so an older payload ends at a version boundary and the newer reader fills in defaults);
nothing already on the wire changes type, place, limits, numbering or codes; a message with
`final: true` never changes; a message nested inside another only grows when it is
`extensible: true` (length-prefixed), because an older payload may end early only at the top level.
Imported schemas are compared too: every enum and message the root schema can see, matched by name
(names are unique across a schema and its imports); an appended field's `since` is checked against
the version of the schema that declares its message.

Each finding is printed as two compiler-style lines, the new version first:

  new.yaml:9:9: error: Player.hp: type changed from int32 to int64
  old.yaml:9:9: note: previous version

Exit status: 0 compatible, 1 incompatible, 2 a schema has errors or the command line is wrong.
"""

import argparse
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional

from .diagnostics import Location, SchemaError
from .loader import load_schemas
from .model import Enum, Field, Message, Schema


@dataclass(frozen=True)
class Incompatibility:
    new: Location
    old: Location
    message: str

    def __str__(self) -> str:
        return f"{self.new}: error: {self.message}\n{self.old}: note: previous version"


def field_type(f: Field) -> str:
    """The type as the wire sees it: presence bytes make an optional field a different type."""
    return f.type.spelled() + (" (optional)" if f.optional else "")


def schema_location(schema: Schema) -> Location:
    return Location(schema.path, 1, 1)


def closure(schema: Schema) -> List[Schema]:
    """The schema and everything it imports, directly or not: the root first, each schema once."""
    seen: List[Schema] = []

    def visit(s: Schema) -> None:
        if all(s is not t for t in seen):
            seen.append(s)
            for i in s.imports:
                visit(i)

    visit(schema)
    return seen


def nesting_sites(schemas: List[Schema]) -> Dict[str, List[str]]:
    """Message name -> the 'Outer.field' sites where it is nested inside another message."""
    sites: Dict[str, List[str]] = {}

    def visit(outer: Message, f: Field, t) -> None:
        if t.kind in ("list", "array"):
            visit(outer, f, t.element)
        elif t.kind == "message":
            sites.setdefault(t.name, []).append(f"{outer.name}.{f.name}")

    for m in (m for s in schemas for m in s.messages):
        for f in m.fields:
            visit(m, f, f.type)
    return sites


class Comparison:
    def __init__(self, old: Schema, new: Schema):
        self.old = old
        self.new = new
        self.found: List[Incompatibility] = []
        self.old_schemas = closure(old)
        self.new_schemas = closure(new)
        self.nested_in_old = nesting_sites(self.old_schemas)
        self.versions_compared = set()

    def report(self, new: Location, old: Location, message: str) -> None:
        self.found.append(Incompatibility(new, old, message))

    def run(self) -> List[Incompatibility]:
        self.compare_versions(self.old, self.new)
        new_enums = {e.name: e for s in self.new_schemas for e in s.enums}
        for e in (e for s in self.old_schemas for e in s.enums):
            if e.name not in new_enums:
                self.report(schema_location(self.new), e.loc, f"enum {e.name} removed")
            else:
                self.compare_enum(e, new_enums[e.name])
        new_messages = {m.name: m for s in self.new_schemas for m in s.messages}
        for m in (m for s in self.old_schemas for m in s.messages):
            if m.name not in new_messages:
                self.report(schema_location(self.new), m.loc, f"message {m.name} removed")
            else:
                self.compare_versions(m.schema, new_messages[m.name].schema)
                self.compare_message(m, new_messages[m.name])
        return self.found

    def compare_versions(self, old: Schema, new: Schema) -> None:
        """Once per pair of files: the root pair, then the files declaring each message on both sides."""
        if new.version < old.version and (old.path, new.path) not in self.versions_compared:
            self.report(schema_location(new), schema_location(old),
                        f"schema version went down from {old.version} to {new.version}")
        self.versions_compared.add((old.path, new.path))

    def compare_enum(self, old: Enum, new: Enum) -> None:
        if old.underlying != new.underlying:
            self.report(new.loc, old.loc, f"enum {old.name}: type changed from {old.underlying} to {new.underlying}")
        new_by_name = {v.name: v for v in new.values}
        new_by_number = {v.number: v for v in new.values}
        for v in old.values:
            if v.name in new_by_name:
                moved = new_by_name[v.name]
                if moved.number != v.number:
                    self.report(moved.loc, v.loc,
                                f"enum {old.name}: value {v.name} changed from {v.number} to {moved.number}")
            elif v.number in new_by_number:
                renamed = new_by_number[v.number]
                self.report(renamed.loc, v.loc, f"enum {old.name}: value {v.number} renamed from {v.name} to "
                                                f"{renamed.name} (names are on the wire in JSON and Godot)")
            else:
                self.report(new.loc, v.loc, f"enum {old.name}: value {v.name} ({v.number}) removed")

    def compare_message(self, old: Message, new: Message) -> None:
        name = old.name
        if old.final and self.message_changed(old, new):
            self.report(new.loc, old.loc, f"{name} is final: true and changed (a final message never changes)")
        if old.code != new.code:
            self.report(new.loc, old.loc, f"{name}: code changed from {code_text(old.code)} to {code_text(new.code)}")
        if old.extensible != new.extensible:
            self.report(new.loc, old.loc, f"{name}: extensible changed from {str(old.extensible).lower()} to "
                                          f"{str(new.extensible).lower()} (the length prefix comes or goes)")
        if old.godot != new.godot:
            self.report(new.loc, old.loc, f"{name}: godot form changed from {old.godot} to {new.godot}")

        old_index = {f.name: i for i, f in enumerate(old.fields)}
        new_index = {f.name: i for i, f in enumerate(new.fields)}
        # A field whose name is gone, at a position holding a name that is new: a rename.
        renamed_to = {i: new.fields[i] for i, f in enumerate(old.fields)
                      if f.name not in new_index and i < len(new.fields) and new.fields[i].name not in old_index}
        # Fields on both sides, in old order and in new order: a difference is a reordering (a shift
        # caused by a removal or an insertion is reported as that removal or insertion).
        kept_in_old_order = [f.name for f in old.fields if f.name in new_index]
        kept_in_new_order = sorted(kept_in_old_order, key=lambda n: new_index[n])
        for i, f in enumerate(old.fields):
            if f.name in new_index:
                g = new.fields[new_index[f.name]]
                self.compare_field(name, f, g)
                if kept_in_old_order.index(f.name) != kept_in_new_order.index(f.name):
                    self.report(g.loc, f.loc, f"{name}.{f.name}: field reordered from position {i + 1} to "
                                              f"{new_index[f.name] + 1} (fields are only appended)")
            elif i in renamed_to:
                g = renamed_to[i]
                self.report(g.loc, f.loc, f"{name}.{f.name}: field renamed to {g.name} (names are on the wire in "
                                          f"JSON and Godot dictionaries)")
                self.compare_field(name, f, g)
            else:
                self.report(new.loc, f.loc, f"{name}.{f.name}: field removed (mark it deprecated: true instead; "
                                            f"it stays on the wire)")
        renamed_names = {g.name for g in renamed_to.values()}
        appended = []
        for j, g in enumerate(new.fields):
            if g.name in old_index or g.name in renamed_names:
                continue
            if j < len(old.fields):
                self.report(g.loc, old.fields[j].loc, f"{name}.{g.name}: field inserted before the end "
                                                      f"(fields are only appended)")
            else:
                appended.append(g)
        old_version = old.schema.version
        for g in appended:
            if g.since <= old_version:
                self.report(g.since_loc or g.loc, old.loc,
                            f"{name}.{g.name}: appended field has since: {g.since}, not above the previous schema "
                            f"version {old_version} (an older payload would be truncated, not complete)")
        if appended and not old.extensible and name in self.nested_in_old:
            self.report(appended[0].loc, old.loc,
                        f"{name}: fields appended to a message nested in {', '.join(self.nested_in_old[name])} "
                        f"(only a top-level payload may end early; make {name} extensible: true)")

    def compare_field(self, message: str, old: Field, new: Field) -> None:
        where = f"{message}.{old.name}"
        if field_type(old) != field_type(new):
            self.report(new.type_loc, old.type_loc, f"{where}: type changed from {field_type(old)} to {field_type(new)}")
        for limit in ("max_length", "max_count"):
            before, after = getattr(old, limit), getattr(new, limit)
            if before != after:
                self.report(new.loc, old.loc, f"{where}: {limit} changed from {limit_text(before)} to "
                                              f"{limit_text(after)} (a peer with the lower limit rejects the value)")
        if old.since != new.since:
            self.report(new.since_loc or new.loc, old.since_loc or old.loc,
                        f"{where}: since changed from {old.since} to {new.since} (moves a version boundary)")

    @staticmethod
    def message_changed(old: Message, new: Message) -> bool:
        def shape(m: Message):
            return [(f.name, field_type(f), f.max_length, f.max_count, f.since, f.deprecated, f.default)
                    for f in m.fields] + [m.code, m.extensible, m.godot, m.final]

        return shape(old) != shape(new)


def code_text(code: Optional[int]) -> str:
    return "none" if code is None else f"0x{code:02X}"


def limit_text(limit: int) -> str:
    return str(limit) if limit else "none"


def load_root(path: str) -> Optional[Schema]:
    try:
        return load_schemas([path])[0]
    except SchemaError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        return None


def compare(old: Schema, new: Schema) -> List[Incompatibility]:
    return Comparison(old, new).run()


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(prog="pakt-gen compat",
                                     description="List the changes from OLD to NEW that break peers using OLD.")
    parser.add_argument("old", metavar="OLD.yaml")
    parser.add_argument("new", metavar="NEW.yaml")
    args = parser.parse_args(argv)
    old, new = load_root(args.old), load_root(args.new)
    if old is None or new is None:
        return 2
    found = compare(old, new)
    for incompatibility in found:
        print(incompatibility)
    if found:
        print(f"{len(found)} incompatible change{'s' if len(found) != 1 else ''}")
        return 1
    print("compatible")
    return 0
