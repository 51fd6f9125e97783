"""Reads the front end's descriptor (`pakt describe`, docs/descriptor.md) into the model.

The descriptor is the only input of the back ends: the C++ loader has already checked the
schemas, so a malformed descriptor is a front-end / back-end mismatch, reported as one
DescriptorError naming where in the document it is.
"""

import json
from typing import Any, Dict, List, Optional, Tuple

from .model import (
    BUILTIN_TYPES,
    FLOAT_TYPES,
    INTEGER_TYPES,
    PACKED_CODE_KINDS,
    VECTOR_COMPONENTS,
    Descriptor,
    Enum,
    EnumValue,
    Facts,
    Field,
    Location,
    Message,
    PackedCode,
    Packing,
    Schema,
    TypeFacts,
    TypeRef,
    WireSize,
)

SUPPORTED_VERSIONS = (2,)
NON_FINITE = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}


class DescriptorError(Exception):
    """The descriptor cannot be read: unknown version, bad JSON, missing or ill-typed member."""


class _Reader:
    def __init__(self) -> None:
        self.decls: Dict[Tuple[str, str], Any] = {}  # (file, name) -> Enum | Message

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def get(obj: Any, key: str, kind, where: str, default: Any = ...):
        if not isinstance(obj, dict):
            raise DescriptorError(f"{where}: expected an object")
        if key not in obj:
            if default is not ...:
                return default
            raise DescriptorError(f"{where}: missing '{key}'")
        v = obj[key]
        if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
            raise DescriptorError(f"{where}.{key}: expected an integer, got {json.dumps(v)}")
        if kind is not int and kind is not None and not isinstance(v, kind):
            raise DescriptorError(f"{where}.{key}: expected {getattr(kind, '__name__', kind)}, got {json.dumps(v)}")
        return v

    def loc(self, obj: dict, file: str, where: str, line_key: str = "line", col_key: str = "column") -> Location:
        return Location(file, self.get(obj, line_key, int, where), self.get(obj, col_key, int, where))

    # -------------------------------------------------------------------- files
    def read(self, doc: Any) -> Descriptor:
        if not isinstance(doc, dict) or "pakt_descriptor" not in doc:
            raise DescriptorError("not a pakt descriptor (no 'pakt_descriptor' member); produce one with `pakt describe`")
        version = doc["pakt_descriptor"]
        if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
            raise DescriptorError(
                f"descriptor version {json.dumps(version)} is not supported by this back end (it reads version "
                f"{', '.join(map(str, SUPPORTED_VERSIONS))}); use the pakt_gen that comes with your pakt tool")
        files_json = self.get(doc, "files", list, "descriptor")
        by_path: Dict[str, Schema] = {}
        files: List[Schema] = []
        for i, fj in enumerate(files_json):
            s = self.declare_file(fj, f"files[{i}]")
            if s.path in by_path:
                raise DescriptorError(f"files[{i}]: file '{s.path}' appears twice")
            by_path[s.path] = s
            files.append(s)
        for i, (fj, s) in enumerate(zip(files_json, files)):
            where = f"files[{i}]"
            for k, imp in enumerate(self.get(fj, "imports", list, where)):
                if imp not in by_path:
                    raise DescriptorError(f"{where}.imports[{k}]: unknown file '{imp}'")
                s.imports.append(by_path[imp])
            for k, (mj, m) in enumerate(zip(self.get(fj, "messages", list, where), s.messages)):
                self.fill_message(mj, m, f"{where}.messages[{k}]")
        roots = []
        for k, r in enumerate(self.get(doc, "roots", list, "descriptor")):
            if r not in by_path:
                raise DescriptorError(f"roots[{k}]: unknown file '{r}'")
            roots.append(by_path[r])
        return Descriptor(files=files, roots=roots, front_end_version=str(doc.get("pakt_version", "")))

    def declare_file(self, fj: Any, where: str) -> Schema:
        path = self.get(fj, "path", str, where)
        s = Schema(path=path, stem=self.get(fj, "stem", str, where), package=self.get(fj, "package", str, where),
                   version=self.get(fj, "version", int, where), doc=self.get(fj, "doc", str, where, ""),
                   godot=self.get(fj, "godot", str, where, "dict"))
        for k, ej in enumerate(self.get(fj, "enums", list, where)):
            e = self.read_enum(ej, s, f"{where}.enums[{k}]")
            s.enums.append(e)
            self.decls[(path, e.name)] = e
        for k, mj in enumerate(self.get(fj, "messages", list, where)):
            w = f"{where}.messages[{k}]"
            code = self.get(mj, "code", None, w, None)
            if code is not None and (isinstance(code, bool) or not isinstance(code, int)):
                raise DescriptorError(f"{w}.code: expected an integer or null")
            m = Message(name=self.get(mj, "name", str, w), fields=[], doc=self.get(mj, "doc", str, w, ""),
                        loc=self.loc(mj, path, w), code=code, godot=self.get(mj, "godot", str, w, s.godot),
                        final=self.get(mj, "final", bool, w, False),
                        extensible=self.get(mj, "extensible", bool, w, False),
                        delta=self.get(mj, "delta", bool, w, False), schema=s,
                        full_name=self.get(mj, "full_name", str, w, ""))
            m.facts = self.read_facts(self.get(mj, "facts", dict, w), f"{w}.facts")
            s.messages.append(m)
            self.decls[(path, m.name)] = m
        return s

    def read_enum(self, ej: Any, s: Schema, where: str) -> Enum:
        underlying = self.get(ej, "underlying", str, where)
        if underlying not in INTEGER_TYPES:
            raise DescriptorError(f"{where}.underlying: '{underlying}' is not an integer type")
        values = []
        for k, vj in enumerate(self.get(ej, "values", list, where)):
            w = f"{where}.values[{k}]"
            values.append(EnumValue(self.get(vj, "name", str, w), self.get(vj, "number", int, w),
                                    self.loc(vj, s.path, w)))
        return Enum(name=self.get(ej, "name", str, where), underlying=underlying, values=values,
                    doc=self.get(ej, "doc", str, where, ""), loc=self.loc(ej, s.path, where), schema=s,
                    full_name=self.get(ej, "full_name", str, where, ""))

    def read_facts(self, fj: dict, where: str) -> Facts:
        def wire(name: str) -> WireSize:
            w = self.get(fj, name, dict, where)
            fixed = self.get(w, "fixed_size", None, f"{where}.{name}", None)
            if fixed is not None and (isinstance(fixed, bool) or not isinstance(fixed, int)):
                raise DescriptorError(f"{where}.{name}.fixed_size: expected an integer or null")
            return WireSize(self.get(w, "min_size", int, f"{where}.{name}"), fixed)

        text = self.get(fj, "fingerprint", str, where)
        try:
            if not text.startswith("0x"):
                raise ValueError
            fingerprint = int(text, 16)
        except ValueError:
            raise DescriptorError(f"{where}.fingerprint: expected 0x and 16 hex digits, got '{text}'") from None
        boundaries = self.get(fj, "version_boundaries", list, where)
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in boundaries):
            raise DescriptorError(f"{where}.version_boundaries: expected a list of field indexes")
        return Facts(compact=wire("compact"), mslima=wire("mslima"),
                     marshal_size=self.get(fj, "marshal_size", int, where),
                     marshal_alignment=self.get(fj, "marshal_alignment", int, where),
                     wire_shape=self.get(fj, "wire_shape", str, where), fingerprint=fingerprint,
                     version_boundaries=list(boundaries), needs_check=self.get(fj, "needs_check", bool, where),
                     takes_no_bytes=self.get(fj, "takes_no_bytes", bool, where),
                     packed_min_bits=self.get(fj, "packed_min_bits", int, where),
                     write_can_fail=self.get(fj, "write_can_fail", bool, where),
                     packed_write_can_fail=self.get(fj, "packed_write_can_fail", bool, where))

    def type_facts(self, tj: dict, where: str) -> TypeFacts:
        w = f"{where}.facts"
        fj = self.get(tj, "facts", dict, where)
        fixed = self.get(fj, "fixed_size", None, w)
        if fixed is not None and (isinstance(fixed, bool) or not isinstance(fixed, int)):
            raise DescriptorError(f"{w}.fixed_size: expected an integer or null")
        return TypeFacts(min_size=self.get(fj, "min_size", int, w), fixed_size=fixed,
                         packed_min_bits=self.get(fj, "packed_min_bits", int, w),
                         write_can_fail=self.get(fj, "write_can_fail", bool, w),
                         packed_write_can_fail=self.get(fj, "packed_write_can_fail", bool, w))

    # ------------------------------------------------------------------ messages
    def fill_message(self, mj: dict, m: Message, where: str) -> None:
        path = m.schema.path
        for k, fj in enumerate(self.get(mj, "fields", list, where)):
            w = f"{where}.fields[{k}]"
            f = Field(name=self.get(fj, "name", str, w),
                      type=self.read_type(self.get(fj, "type", dict, w), f"{w}.type", with_facts=True),
                      loc=self.loc(fj, path, w), doc=self.get(fj, "doc", str, w, ""),
                      optional=self.get(fj, "optional", bool, w, False),
                      required=self.get(fj, "required", bool, w, False),
                      deprecated=self.get(fj, "deprecated", bool, w, False),
                      since=self.get(fj, "since", int, w, 1),
                      max_length=self.limit(fj, "max_length", w), max_count=self.limit(fj, "max_count", w),
                      packing=self.packing(fj, w), packed=self.packed_code(fj, "packed", w),
                      packed_length=self.packed_code(fj, "packed_length", w),
                      packed_element_length=self.packed_code(fj, "packed_element_length", w),
                      packed_min_bits=self.get(fj, "packed_min_bits", int, w))
            if "default" in fj:
                f.has_default = True
                f.default = self.value(f.type, fj["default"], f"{w}.default", f.optional)
            if "initial" in fj:
                f.initial = self.initial(f, fj["initial"], f"{w}.initial")
            m.fields.append(f)
        example = self.get(mj, "example", None, where, None)
        if example is not None:
            m.example = self.message_value(m, example, f"{where}.example")
            m.example_loc = self.loc(mj, path, where, "example_line", "example_column")

    def packing(self, fj: dict, where: str) -> Optional[Packing]:
        pj = self.get(fj, "packing", None, where, None)
        if pj is None:
            return None
        w = f"{where}.packing"
        if not isinstance(pj, dict):
            raise DescriptorError(f"{w}: expected an object or null")
        r = self.get(pj, "range", None, w, None)
        if r is not None and (not isinstance(r, list) or len(r) != 2
                              or not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in r)):
            raise DescriptorError(f"{w}.range: expected [min, max] or null")
        precision = self.get(pj, "precision", None, w, None)
        if precision is not None and (isinstance(precision, bool) or not isinstance(precision, (int, float))):
            raise DescriptorError(f"{w}.precision: expected a number or null")
        bits = self.get(pj, "bits", None, w, None)
        if bits is not None and (isinstance(bits, bool) or not isinstance(bits, int)):
            raise DescriptorError(f"{w}.bits: expected an integer or null")
        return Packing(range=tuple(r) if r is not None else None,
                       precision=float(precision) if precision is not None else None, bits=bits)

    def packed_code(self, fj: dict, key: str, where: str) -> Optional[PackedCode]:
        cj = self.get(fj, key, None, where, None)
        if cj is None:
            return None
        w = f"{where}.{key}"
        kind = self.get(cj, "kind", str, w)
        if kind not in PACKED_CODE_KINDS:
            raise DescriptorError(f"{w}.kind: unknown packed code '{kind}'")
        code = PackedCode(kind)
        if kind in ("ranged", "raw", "quantized", "smallest_three"):
            code.bits = self.get(cj, "bits", int, w)
        if kind == "ranged":
            code.min, code.span = self.get(cj, "min", int, w), self.get(cj, "span", int, w)
        if kind == "quantized":
            code.min, code.max = (float(self.get(cj, k, (int, float), w)) for k in ("min", "max"))
            code.steps = self.get(cj, "steps", int, w)
        return code

    def limit(self, fj: dict, key: str, where: str) -> int:
        v = self.get(fj, key, None, where, None)
        if v is None:
            return 0
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise DescriptorError(f"{where}.{key}: expected a positive integer or null")
        return v

    def read_type(self, tj: dict, where: str, with_facts: bool = False) -> TypeRef:
        """A TYPE; a field's type and its element carry the front end's facts (with_facts)."""
        kind = self.get(tj, "kind", str, where)
        if kind == "builtin":
            name = self.get(tj, "name", str, where)
            if name not in BUILTIN_TYPES:
                raise DescriptorError(f"{where}.name: unknown builtin type '{name}'")
            t = TypeRef("builtin", name)
        elif kind in ("enum", "message"):
            name, file = self.get(tj, "name", str, where), self.get(tj, "file", str, where)
            decl = self.decls.get((file, name))
            if decl is None or (kind == "enum") != isinstance(decl, Enum):
                raise DescriptorError(f"{where}: no {kind} '{name}' in '{file}'")
            t = TypeRef(kind, name, enum=decl if kind == "enum" else None, message=decl if kind == "message" else None)
        elif kind in ("list", "array"):
            element = self.read_type(self.get(tj, "element", dict, where), f"{where}.element", with_facts)
            t = TypeRef(kind, element=element, count=self.get(tj, "count", int, where) if kind == "array" else 0)
        else:
            raise DescriptorError(f"{where}.kind: unknown type kind '{kind}'")
        if with_facts:
            t.facts = self.type_facts(tj, where)
        return t

    # -------------------------------------------------------------------- values
    def initial(self, f: Field, v: Any, where: str) -> Any:
        """A field's initial value: a typed value, where an enum without a value numbered 0 holds the
        number 0 and a message value {} means every field's own initial value."""
        t = f.type.element if f.type.kind == "array" else f.type
        if t.kind == "enum" and v == 0 and not isinstance(v, bool):
            return 0
        if t.kind == "enum" and f.type.kind == "array" and isinstance(v, list) and all(e == 0 for e in v):
            return list(v)
        return self.value(f.type, v, where, f.optional)

    def value(self, t: TypeRef, v: Any, where: str, optional: bool = False) -> Any:
        """A typed descriptor value as the model holds it: Python ints, floats (also nan/inf), strs,
        lists (vectors as component lists, bytes as int lists), enum value names, and
        {field: value} dicts of the fields a message value writes. None is an optional's null."""
        if v is None:
            if optional:
                return None
            raise DescriptorError(f"{where}: null for a field that is not optional")

        def bad(expected: str):
            raise DescriptorError(f"{where}: expected {expected} for {t.spelled()}, got {json.dumps(v)}")

        if t.kind in ("list", "array"):
            if not isinstance(v, list) or (t.kind == "array" and len(v) != t.count):
                bad("an array" if t.kind == "list" else f"an array of {t.count}")
            return [self.value(t.element, e, f"{where}[{i}]") for i, e in enumerate(v)]
        if t.kind == "enum":
            if not isinstance(v, str) or t.enum.value_named(v) is None:
                bad("a value name")
            return v
        if t.kind == "message":
            return self.message_value(t.message, v, where)
        name = t.name
        if name == "bool":
            if not isinstance(v, bool):
                bad("true or false")
            return v
        if name in INTEGER_TYPES:
            return self.integer(v, where, t.spelled())
        if name in FLOAT_TYPES:
            return self.number(v, where, t.spelled())
        if name == "string":
            if not isinstance(v, str):
                bad("a string")
            return v
        if name == "bytes":
            if not isinstance(v, list) or not all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 255
                                                  for b in v):
                bad("an array of integers 0..255")
            return list(v)
        if name in VECTOR_COMPONENTS:
            n = len(VECTOR_COMPONENTS[name])
            if not isinstance(v, list) or len(v) != n:
                bad(f"an array of {n} components")
            if name.endswith("i"):
                return [self.integer(c, f"{where}[{i}]", "int32") for i, c in enumerate(v)]
            return [self.number(c, f"{where}[{i}]", "float32") for i, c in enumerate(v)]
        raise DescriptorError(f"{where}: unsupported type {name}")

    def message_value(self, m: Message, v: Any, where: str) -> Dict[str, Any]:
        if not isinstance(v, dict):
            raise DescriptorError(f"{where}: expected an object of field values for message {m.name}")
        fields = {f.name: f for f in m.fields}
        out = {}
        for key, val in v.items():
            f = fields.get(key)
            if f is None:
                raise DescriptorError(f"{where}: message {m.name} has no field '{key}'")
            out[key] = self.value(f.type, val, f"{where}.{key}", f.optional)
        return out

    @staticmethod
    def integer(v: Any, where: str, type_name: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise DescriptorError(f"{where}: expected an integer for {type_name}, got {json.dumps(v)}")
        return v

    @staticmethod
    def number(v: Any, where: str, type_name: str) -> float:
        if isinstance(v, str) and v in NON_FINITE:
            return NON_FINITE[v]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise DescriptorError(f'{where}: expected a number or "nan"/"inf"/"-inf" for {type_name}, '
                                  f"got {json.dumps(v)}")
        return float(v)


def read_descriptor(doc: Any) -> Descriptor:
    """The model of a parsed descriptor (a dict from json.load)."""
    return _Reader().read(doc)


def load_descriptor(text: str) -> Descriptor:
    """The model of a descriptor's JSON text."""
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise DescriptorError(f"the descriptor is not JSON ({e}); produce it with `pakt describe`") from None
    return read_descriptor(doc)
