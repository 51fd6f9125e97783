"""Loads YAML schemas into the model and validates them, reporting every error at once."""

import difflib
import math
import os
import re
from typing import Dict, List, Optional, Tuple

import yaml

from . import yaml_source as ys
from .diagnostics import Diagnostics, Location, SchemaError
from .model import (
    ALIASES,
    BUILTINS,
    INTEGER_RANGES,
    VECTOR_COMPONENTS,
    Enum,
    EnumValue,
    Field,
    Message,
    Schema,
    TypeRef,
)

SCHEMA_KEYS = ("package", "version", "doc", "imports", "enums", "messages", "godot")
ENUM_KEYS = ("type", "values", "doc")
MESSAGE_KEYS = ("doc", "code", "fields", "example", "godot", "final", "extensible")
FIELD_KEYS = ("name", "type", "doc", "default", "optional", "required", "max_length", "max_count", "since",
              "deprecated")

CPP_KEYWORDS = set("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public
register reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch
template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile
wchar_t while xor xor_eq final override import module
""".split())
# Names the generated code itself defines next to each message.
RESERVED_TYPE_NAMES = {"Serialize", "Deserialize", "SerializedSize", "ToJson", "WriteMessage", "ReadMessage",
                       "MessageWireSize", "CheckMessage", "WriteJsonMessage", "pakt", "std"}
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
TYPE_SYNTAX = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[\s*([0-9]*)\s*\])?\s*$")
MAX_FIXED_COUNT = 65536


def close_match(word: str, candidates) -> str:
    match = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{match[0]}'?)" if match else ""


class Loader:
    """Loads one root schema and its imports. Use load_schemas() below."""

    def __init__(self, diags: Diagnostics, import_dirs: List[str] = ()):
        self.diags = diags
        self.import_dirs = list(import_dirs)
        self.by_path: Dict[str, Schema] = {}  # absolute path -> schema
        self.loading: List[str] = []

    # ------------------------------------------------------------------ files
    def load_file(self, path: str, shown_path: Optional[str] = None, from_loc: Optional[Location] = None):
        absolute = os.path.abspath(path)
        if absolute in self.by_path:
            return self.by_path[absolute]
        shown = shown_path or path
        if absolute in self.loading:
            self.diags.error(from_loc or Location(shown, 1, 1), f"import cycle: {shown} imports itself")
            return None
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            self.diags.error(from_loc or Location(shown, 1, 1), f"cannot read schema '{path}': {e.strerror}")
            return None
        except UnicodeDecodeError:
            self.diags.error(from_loc or Location(shown, 1, 1), f"schema '{path}' is not UTF-8")
            return None
        root = ys.parse(shown, text, self.diags)
        if root is None:
            if not self.diags:
                self.diags.error(Location(shown, 1, 1), "empty schema: expected a mapping with 'package'")
            return None
        self.loading.append(absolute)
        schema = self.load_schema(shown, root, os.path.dirname(path))
        self.loading.pop()
        if schema is not None:
            self.by_path[absolute] = schema
        return schema

    # ----------------------------------------------------------------- schema
    def load_schema(self, path: str, root: yaml.Node, base_dir: str) -> Optional[Schema]:
        d = self.diags
        if not ys.is_map(root):
            d.error(ys.loc(path, root), "a schema must be a mapping with 'package', 'enums' and 'messages'")
            return None
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, root, d)}
        for key, (kn, _) in items.items():
            if key not in SCHEMA_KEYS:
                d.error(ys.loc(path, kn), f"unknown key '{key}'{close_match(key, SCHEMA_KEYS)}")
        schema = Schema(path=path, package="", version=1, doc="")
        if "package" not in items:
            d.error(ys.loc(path, root), "missing required key 'package'")
        else:
            node = items["package"][1]
            pkg = ys.value(node) if ys.is_scalar(node) else None
            if not isinstance(pkg, str) or not all(IDENTIFIER.match(p) for p in pkg.split(".")):
                d.error(ys.loc(path, node), "package must be a dotted name like 'game.net'")
            else:
                bad = [p for p in pkg.split(".") if p in CPP_KEYWORDS]
                if bad:
                    d.error(ys.loc(path, node), f"package part '{bad[0]}' is a C++ keyword")
                schema.package = pkg
        if "version" in items:
            node = items["version"][1]
            v = ys.value(node) if ys.is_scalar(node) else None
            if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v > 65535:
                d.error(ys.loc(path, node), "version must be an integer from 1 to 65535")
            else:
                schema.version = v
        schema.doc = self.text(path, items.get("doc"))
        schema.godot = self.godot_mode(path, items.get("godot"), "dict")

        if "imports" in items:
            node = items["imports"][1]
            if not ys.is_seq(node):
                d.error(ys.loc(path, node), "imports must be a list of schema paths")
            else:
                for item in node.value:
                    rel = ys.value(item) if ys.is_scalar(item) else None
                    if not isinstance(rel, str) or not rel:
                        d.error(ys.loc(path, item), "an import must be a path to a .yaml schema")
                        continue
                    target = os.path.join(base_dir, rel)
                    shown = os.path.normpath(os.path.join(os.path.dirname(path), rel))
                    for extra in self.import_dirs:
                        if not os.path.exists(target) and os.path.exists(os.path.join(extra, rel)):
                            target = shown = os.path.join(extra, rel)
                    imported = self.load_file(target, shown, ys.loc(path, item))
                    if imported is not None:
                        schema.imports.append(imported)

        if "enums" in items:
            node = items["enums"][1]
            if not ys.is_map(node):
                d.error(ys.loc(path, node), "enums must be a mapping of enum name to definition")
            else:
                for name, kn, vn in ys.mapping_items(path, node, d):
                    e = self.load_enum(path, name, kn, vn)
                    if e is not None:
                        e.schema = schema
                        schema.enums.append(e)

        message_nodes = []
        if "messages" in items:
            node = items["messages"][1]
            if not ys.is_map(node):
                d.error(ys.loc(path, node), "messages must be a mapping of message name to definition")
            else:
                for name, kn, vn in ys.mapping_items(path, node, d):
                    m = self.declare_message(path, name, kn, vn, schema)
                    if m is not None:
                        schema.messages.append(m)
                        message_nodes.append((m, vn))

        self.check_names(schema)
        # Fields are resolved once every type of this file and its imports is known.
        for m, vn in message_nodes:
            self.load_fields(path, m, vn, schema)
        self.check_recursion(schema)
        self.check_empty_lists(schema)
        for m, vn in message_nodes:
            self.load_example(path, m, vn)
        return schema

    def text(self, path: str, entry) -> str:
        if entry is None:
            return ""
        node = entry[1]
        v = ys.value(node) if ys.is_scalar(node) else None
        if not isinstance(v, str):
            self.diags.error(ys.loc(path, node), "doc must be text")
            return ""
        return v.strip()

    def godot_mode(self, path: str, entry, default: str) -> str:
        if entry is None:
            return default
        node = entry[1]
        v = ys.value(node) if ys.is_scalar(node) else None
        if v not in ("dict", "array"):
            self.diags.error(ys.loc(path, node), "godot must be 'dict' (a Dictionary keyed by field name) or 'array'")
            return default
        return v

    def identifier(self, path: str, node: yaml.Node, name: str, what: str) -> bool:
        if not IDENTIFIER.match(name):
            self.diags.error(ys.loc(path, node), f"invalid {what} name '{name}': use letters, digits and '_', "
                                                 "not starting with a digit")
            return False
        if name in CPP_KEYWORDS:
            self.diags.error(ys.loc(path, node), f"{what} name '{name}' is a C++ keyword")
            return False
        if name.startswith("__") or re.match(r"^_[A-Z]", name):
            self.diags.error(ys.loc(path, node), f"{what} name '{name}' is reserved in C++")
            return False
        return True

    # ------------------------------------------------------------------ enums
    def type_name(self, path, key_node, name, what) -> bool:
        """A valid identifier that does not hide a built-in type (a field `type: Color` must mean one thing)."""
        if not self.identifier(path, key_node, name, what):
            return False
        if name in BUILTINS or name in ALIASES:
            self.diags.error(ys.loc(path, key_node), f"{what} name '{name}' is a built-in type; choose another name")
            return False
        return True

    def load_enum(self, path, name, key_node, node) -> Optional[Enum]:
        d = self.diags
        ok = self.type_name(path, key_node, name, "enum")
        if not ys.is_map(node):
            d.error(ys.loc(path, node), f"enum '{name}' must be a mapping with 'values'")
            return None
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, node, d)}
        for key, (kn, _) in items.items():
            if key not in ENUM_KEYS:
                d.error(ys.loc(path, kn), f"unknown key '{key}' in enum '{name}'{close_match(key, ENUM_KEYS)}")
        underlying = "int32"
        if "type" in items:
            tn = items["type"][1]
            t = ys.value(tn) if ys.is_scalar(tn) else None
            t = ALIASES.get(t, t) if isinstance(t, str) else t
            if t not in INTEGER_RANGES:
                d.error(ys.loc(path, tn), f"enum type must be an integer type{close_match(str(t), INTEGER_RANGES)}")
            else:
                underlying = t
        values: List[EnumValue] = []
        if "values" not in items:
            d.error(ys.loc(path, key_node), f"enum '{name}' has no 'values'")
        else:
            vnode = items["values"][1]
            if not ys.is_map(vnode) or not vnode.value:
                d.error(ys.loc(path, vnode), "values must be a non-empty mapping of name to integer")
            else:
                lo, hi = INTEGER_RANGES[underlying]
                numbers = {}
                for vname, vkn, vvn in ys.mapping_items(path, vnode, d):
                    self.identifier(path, vkn, vname, "enum value")
                    num = ys.value(vvn) if ys.is_scalar(vvn) else None
                    if not isinstance(num, int) or isinstance(num, bool):
                        d.error(ys.loc(path, vvn), f"enum value '{vname}' must be an integer")
                        continue
                    if not lo <= num <= hi:
                        d.error(ys.loc(path, vvn), f"enum value {num} is out of range for {underlying} [{lo}, {hi}]")
                        continue
                    if num in numbers:
                        d.error(ys.loc(path, vvn), f"enum value {num} is already used by '{numbers[num]}'")
                        continue
                    numbers[num] = vname
                    values.append(EnumValue(vname, num, ys.loc(path, vkn)))
        if not ok:
            return None
        return Enum(name, underlying, values, self.text(path, items.get("doc")), ys.loc(path, key_node))

    # --------------------------------------------------------------- messages
    def declare_message(self, path, name, key_node, node, schema) -> Optional[Message]:
        d = self.diags
        ok = self.type_name(path, key_node, name, "message")
        if ok and name in RESERVED_TYPE_NAMES:
            d.error(ys.loc(path, key_node), f"message name '{name}' is used by the generated code")
            ok = False
        if not ys.is_map(node):
            d.error(ys.loc(path, node), f"message '{name}' must be a mapping with 'fields'")
            return None
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, node, d)}
        for key, (kn, _) in items.items():
            if key not in MESSAGE_KEYS:
                d.error(ys.loc(path, kn), f"unknown key '{key}' in message '{name}'{close_match(key, MESSAGE_KEYS)}")
        m = Message(name=name, fields=[], doc=self.text(path, items.get("doc")), loc=ys.loc(path, key_node),
                    schema=schema)
        m.godot = self.godot_mode(path, items.get("godot"), schema.godot)
        m.final = self.flag(path, items.get("final"), "final")
        m.extensible = self.flag(path, items.get("extensible"), "extensible")
        if "code" in items:
            cn = items["code"][1]
            c = ys.value(cn) if ys.is_scalar(cn) else None
            if isinstance(c, str) and len(c) == 1 and ord(c) < 128:
                m.code = ord(c)
            elif isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255:
                m.code = c
            else:
                d.error(ys.loc(path, cn), "code must be one ASCII character like 'A' or an integer from 0 to 255")
        return m if ok else None

    def check_names(self, schema: Schema) -> None:
        """Duplicate type names and codes across this schema and everything it imports."""
        d = self.diags
        seen: Dict[str, Location] = {}
        for s in self.visible_schemas(schema):
            for t in list(s.enums) + list(s.messages):
                if t.name in seen and seen[t.name] != t.loc:
                    if s is schema:
                        d.error(t.loc, f"duplicate type name '{t.name}' (first defined at {seen[t.name]})")
                else:
                    seen[t.name] = t.loc
        codes: Dict[int, Message] = {}
        for s in self.visible_schemas(schema):
            for m in s.messages:
                if m.code is None:
                    continue
                other = codes.get(m.code)
                if other is not None and other is not m:
                    if s is schema:
                        d.error(m.loc, f"message '{m.name}' reuses code {m.code} of message '{other.name}' "
                                       f"({other.loc})")
                else:
                    codes[m.code] = m

    def visible_schemas(self, schema: Schema) -> List[Schema]:
        """Imported schemas first (transitively), then this one."""
        order: List[Schema] = []

        def visit(s: Schema):
            if s in order:
                return
            for i in s.imports:
                visit(i)
            order.append(s)

        visit(schema)
        return order

    def find_type(self, schema: Schema, name: str):
        for s in reversed(self.visible_schemas(schema)):
            for e in s.enums:
                if e.name == name:
                    return e
            for m in s.messages:
                if m.name == name:
                    return m
        return None

    def resolve_type(self, path: str, node: yaml.Node, spelled: str, schema: Schema) -> Optional[TypeRef]:
        d = self.diags
        m = TYPE_SYNTAX.match(spelled)
        if not m:
            hint = " (lists of lists are not supported: wrap the inner list in a message)" if "][" in spelled else ""
            d.error(ys.loc(path, node), f"invalid type '{spelled}': expected T, T[] or T[N]{hint}")
            return None
        base_name, count = m.group(1), m.group(2)
        base_name = ALIASES.get(base_name, base_name)
        if base_name in BUILTINS:
            base = TypeRef("builtin", base_name)
        else:
            t = self.find_type(schema, base_name)
            if isinstance(t, Enum):
                base = TypeRef("enum", t.name, enum=t)
            elif isinstance(t, Message):
                base = TypeRef("message", t.name, message=t)
            else:
                names = list(BUILTINS) + list(ALIASES)
                for s in self.visible_schemas(schema):
                    names += [e.name for e in s.enums] + [x.name for x in s.messages]
                d.error(ys.loc(path, node), f"unknown type '{base_name}'{close_match(base_name, names)}")
                return None
        if m.group(0).rstrip().endswith("]"):
            if count == "":
                return TypeRef("list", element=base)
            n = int(count)
            if not 1 <= n <= MAX_FIXED_COUNT:
                d.error(ys.loc(path, node), f"fixed count must be from 1 to {MAX_FIXED_COUNT}, not {n}")
                return None
            return TypeRef("array", element=base, count=n)
        return base

    def load_fields(self, path: str, m: Message, node: yaml.Node, schema: Schema) -> None:
        d = self.diags
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, node, Diagnostics())}
        if "fields" not in items:
            d.error(m.loc, f"message '{m.name}' has no 'fields' (use 'fields: []' for an empty message)")
            return
        fnode = items["fields"][1]
        if not ys.is_seq(fnode):
            d.error(ys.loc(path, fnode), "fields must be a list of {name: ..., type: ...} mappings")
            return
        names: Dict[str, Location] = {}
        last_since = 1
        for entry in fnode.value:
            f = self.load_field(path, entry, schema)
            if f is None:
                continue
            if f.name in names:
                d.error(f.loc, f"duplicate field name '{f.name}' (first defined at line {names[f.name].line})")
                continue
            names[f.name] = f.loc
            if f.since > schema.version:
                d.error(f.since_loc, f"field '{f.name}' has since: {f.since}, above the schema version {schema.version}")
            if f.since < last_since:
                d.error(f.since_loc or f.loc, f"field '{f.name}' has since: {f.since}, lower than an earlier field's "
                                       f"since: {last_since}; new fields are appended at the end")
            last_since = max(last_since, f.since)
            if f.since > 1 and not f.has_default and not f.optional:
                d.error(f.loc, f"field '{f.name}' is new in version {f.since} and needs a 'default:' for "
                               "payloads of older versions")
            m.fields.append(f)

    def load_field(self, path: str, node: yaml.Node, schema: Schema) -> Optional[Field]:
        d = self.diags
        if not ys.is_map(node):
            d.error(ys.loc(path, node), "a field must be a mapping like {name: id, type: uint32}")
            return None
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, node, d)}
        for key, (kn, _) in items.items():
            if key not in FIELD_KEYS:
                d.error(ys.loc(path, kn), f"unknown field option '{key}'{close_match(key, FIELD_KEYS)}")
        if "name" not in items:
            d.error(ys.loc(path, node), "field has no 'name'")
            return None
        nn = items["name"][1]
        name = ys.value(nn) if ys.is_scalar(nn) else None
        if not isinstance(name, str):
            d.error(ys.loc(path, nn), "field name must be text")
            return None
        ok = self.identifier(path, nn, name, "field")
        if "type" not in items:
            d.error(ys.loc(path, node), f"field '{name}' has no 'type'")
            return None
        tn = items["type"][1]
        spelled = ys.value(tn) if ys.is_scalar(tn) else None
        if not isinstance(spelled, str):
            d.error(ys.loc(path, tn), "type must be a type name like 'int32', 'Player' or 'uint16[]'")
            return None
        t = self.resolve_type(path, tn, spelled, schema)
        f = Field(name=name, type=t, loc=ys.loc(path, nn), doc=self.text(path, items.get("doc")),
                  type_loc=ys.loc(path, tn))
        f.optional = self.flag(path, items.get("optional"), "optional")
        f.required = self.flag(path, items.get("required"), "required")
        f.deprecated = self.flag(path, items.get("deprecated"), "deprecated")
        if f.optional and f.required:
            d.error(ys.loc(path, items["required"][1]), "a field cannot be both optional and required")
        f.since = self.positive(path, items.get("since"), "since", 65535) or 1
        if "since" in items:
            f.since_loc = ys.loc(path, items["since"][1])
        base = t.element if t is not None and t.kind in ("list", "array") else t
        if "max_length" in items:
            f.max_length = self.positive(path, items["max_length"], "max_length", 2**31 - 1) or 0
            if t is not None and not (base.kind == "builtin" and base.name in ("string", "bytes")):
                d.error(ys.loc(path, items["max_length"][0]), "max_length applies to string and bytes fields only")
        if "max_count" in items:
            f.max_count = self.positive(path, items["max_count"], "max_count", 2**31 - 1) or 0
            if t is not None and t.kind != "list":
                d.error(ys.loc(path, items["max_count"][0]), "max_count applies to list fields (T[]) only")
        if "default" in items and t is not None:
            dn = items["default"][1]
            f.default_loc = ys.loc(path, dn)
            if ys.is_null(dn):
                if not f.optional:
                    d.error(f.default_loc, "only optional fields can default to null")
                f.has_default = True
            else:
                value = ys.value(dn)
                if self.check_value(t, value, f.default_loc, f"default of '{name}'", f):
                    f.default = value
                    f.has_default = True
        if t is None or not ok:
            return None
        return f

    def flag(self, path, entry, what) -> bool:
        if entry is None:
            return False
        v = ys.value(entry[1]) if ys.is_scalar(entry[1]) else None
        if not isinstance(v, bool):
            self.diags.error(ys.loc(path, entry[1]), f"{what} must be true or false")
            return False
        return v

    def positive(self, path, entry, what, limit) -> Optional[int]:
        if entry is None:
            return None
        v = ys.value(entry[1]) if ys.is_scalar(entry[1]) else None
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= limit:
            self.diags.error(ys.loc(path, entry[1]), f"{what} must be an integer from 1 to {limit}")
            return None
        return v

    # ------------------------------------------------------ recursion, values
    def check_recursion(self, schema: Schema) -> None:
        def contained(t: TypeRef):
            if t is None:
                return None
            if t.kind in ("list", "array"):
                return contained(t.element)
            return t.message if t.kind == "message" else None

        for m in schema.messages:
            stack = [(m, [m.name])]
            seen = set()
            while stack:
                cur, trail = stack.pop()
                for f in cur.fields:
                    child = contained(f.type)
                    if child is None:
                        continue
                    if child is m:
                        self.diags.error(m.loc, "recursive message nesting: " + " -> ".join(trail + [m.name]) +
                                         " (messages are encoded inline; recursion has no end on the wire)")
                        stack = []
                        break
                    if child.name not in seen:
                        seen.add(child.name)
                        stack.append((child, trail + [child.name]))

    def check_empty_lists(self, schema: Schema) -> None:
        for m in schema.messages:
            for f in m.fields:
                t = f.type
                if (t.kind == "list" and t.element.kind == "message" and not f.max_count
                        and message_takes_no_bytes(t.element.message)):
                    self.diags.error(f.type_loc, f"a list of '{t.element.name}', which takes no bytes on the wire, "
                                                 "needs max_count (otherwise a 4-byte count could ask for 2^31 "
                                                 "elements)")

    def check_value(self, t: TypeRef, v, where: Location, what: str, f: Optional[Field] = None) -> bool:
        """Checks a default or example value against a type; reports at `where`."""
        d = self.diags

        def bad(msg):
            d.error(where, f"{what}: {msg}")
            return False

        if t.kind == "list" or t.kind == "array":
            if not isinstance(v, list):
                return bad(f"expected a list for {t.spelled()}")
            if t.kind == "array" and len(v) != t.count:
                return bad(f"expected {t.count} elements for {t.spelled()}, got {len(v)}")
            if f is not None and f.max_count and len(v) > f.max_count:
                return bad(f"{len(v)} elements exceed max_count {f.max_count}")
            return all(self.check_value(t.element, e, where, f"{what}[{i}]", f) for i, e in enumerate(v))
        if t.kind == "enum":
            if not isinstance(v, str) or t.enum.value_named(v) is None:
                names = [x.name for x in t.enum.values]
                return bad(f"'{v}' is not a value of enum {t.name}{close_match(str(v), names)}")
            return True
        if t.kind == "message":
            if not isinstance(v, dict):
                return bad(f"expected a mapping of field values for message {t.name}")
            return self.check_message_value(t.message, v, where, what)
        name = t.name
        if name == "bool":
            return isinstance(v, bool) or bad("expected true or false")
        if name in INTEGER_RANGES:
            if not isinstance(v, int) or isinstance(v, bool):
                return bad(f"expected an integer for {name}")
            lo, hi = INTEGER_RANGES[name]
            return lo <= v <= hi or bad(f"{v} is out of range for {name} [{lo}, {hi}]")
        if name in ("float32", "float64"):
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                return bad(f"expected a number for {name}")
            if name == "float32" and math.isfinite(v) and abs(v) > 3.4028234663852886e38:
                return bad(f"{v} is out of range for float32")
            return True
        if name == "string":
            if not isinstance(v, str):
                return bad("expected text")
            if f is not None and f.max_length and len(v.encode("utf-8")) > f.max_length:
                return bad(f"{len(v.encode('utf-8'))} bytes exceed max_length {f.max_length}")
            return True
        if name == "bytes":
            if not isinstance(v, list) or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 255
                                                  for b in v):
                return bad("expected a list of byte values 0..255")
            if f is not None and f.max_length and len(v) > f.max_length:
                return bad(f"{len(v)} bytes exceed max_length {f.max_length}")
            return True
        if name in VECTOR_COMPONENTS:
            comps = VECTOR_COMPONENTS[name]
            is_int = name.endswith("i")
            values = normalize_vector(name, v)
            if values is None:
                return bad(f"expected {name} as a list of {len(comps)} numbers or a mapping {{{', '.join(comps)}}}")
            for c, x in zip(comps, values):
                if is_int:
                    if not isinstance(x, int) or isinstance(x, bool) or not -(2**31) <= x <= 2**31 - 1:
                        return bad(f"component {c} must be an int32")
                elif not isinstance(x, (int, float)) or isinstance(x, bool):
                    return bad(f"component {c} must be a number")
            return True
        return bad(f"unsupported type {name}")

    def check_message_value(self, m: Message, v: dict, where: Location, what: str) -> bool:
        names = {f.name: f for f in m.fields}
        ok = True
        for key, val in v.items():
            f = names.get(key)
            if f is None:
                self.diags.error(where, f"{what}: message {m.name} has no field '{key}'{close_match(str(key), names)}")
                ok = False
                continue
            if val is None:
                if not f.optional:
                    self.diags.error(where, f"{what}.{key}: null is only allowed for optional fields")
                    ok = False
                continue
            ok = self.check_value(f.type, val, where, f"{what}.{key}", f) and ok
        return ok

    def load_example(self, path: str, m: Message, node: yaml.Node) -> None:
        items = {k: (kn, vn) for k, kn, vn in ys.mapping_items(path, node, Diagnostics())}
        if "example" not in items:
            return
        en = items["example"][1]
        m.example_loc = ys.loc(path, en)
        if not ys.is_map(en):
            self.diags.error(m.example_loc, f"example of {m.name} must be a mapping of field values")
            return
        # Point at each field's own value where possible.
        ok = True
        fields = {f.name: f for f in m.fields}
        for key, kn, vn in ys.mapping_items(path, en, Diagnostics()):
            f = fields.get(key)
            where = ys.loc(path, vn)
            if f is None:
                self.diags.error(ys.loc(path, kn), f"example of {m.name}: no field '{key}'{close_match(key, fields)}")
                ok = False
            elif ys.is_null(vn):
                if not f.optional:
                    self.diags.error(where, f"example of {m.name}.{key}: null is only allowed for optional fields")
                    ok = False
            else:
                ok = self.check_value(f.type, ys.value(vn), where, f"example of {m.name}.{key}", f) and ok
        if ok:
            m.example = ys.value(en)


def message_takes_no_bytes(m: Message, seen=None) -> bool:
    """True for messages whose every encoding is empty (no fields, or only such messages)."""
    seen = set() if seen is None else seen
    if m.name in seen:  # recursive nesting is reported elsewhere
        return False
    seen.add(m.name)

    def empty(t: TypeRef) -> bool:
        if t.kind == "message":
            return message_takes_no_bytes(t.message, seen)
        return t.kind == "array" and empty(t.element)

    return all(not f.optional and empty(f.type) for f in m.fields)


def normalize_vector(name: str, v) -> Optional[list]:
    comps = VECTOR_COMPONENTS[name]
    if isinstance(v, list) and len(v) == len(comps):
        return v
    if isinstance(v, dict) and set(v) == set(comps):
        return [v[c] for c in comps]
    return None


def load_schemas(paths: List[str], import_dirs: List[str] = ()) -> List[Schema]:
    """Loads and validates the given files; raises SchemaError with every diagnostic."""
    diags = Diagnostics()
    loader = Loader(diags, import_dirs)
    schemas = []
    for p in paths:
        s = loader.load_file(p)
        if s is not None:
            schemas.append(s)
    if diags:
        raise SchemaError(diags.sorted())
    return schemas
