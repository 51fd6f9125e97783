"""Random schemas and random values for the conformance run (tests/conformance/run_conformance.py).

A schema is drawn from a seed: enums of every width, messages nesting earlier messages (lists, fixed
arrays, optionals), every leaf type, since/deprecated fields, extensible and delta messages, packed
options (range, precision, bits, max_length, max_count), defaults, and names drawn from every back
end's reserved and generated names (generator/pakt_gen/*/names.yaml, else */keywords.py, and the
identifiers of the back ends' templates), case variants of them, and the schema's own type names.
The model is kept (Schema below) so that values respecting the schema's limits can be drawn for it.
YAML text is written by hand (every scalar double-quoted where it is a name or a string).
"""
import glob
import json
import math
import os
import random
import re
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

INT_RANGES = {
    "int8": (-2 ** 7, 2 ** 7 - 1), "int16": (-2 ** 15, 2 ** 15 - 1), "int32": (-2 ** 31, 2 ** 31 - 1),
    "int64": (-2 ** 63, 2 ** 63 - 1), "uint8": (0, 2 ** 8 - 1), "uint16": (0, 2 ** 16 - 1),
    "uint32": (0, 2 ** 32 - 1), "uint64": (0, 2 ** 64 - 1),
}
ALIASES = {"uint8": "byte", "int32": "int", "int64": "long", "float32": "float", "float64": "double"}
FLOATS = ("float32", "float64")
FVECS = {"Vector2": 2, "Vector3": 3, "Color": 4}
IVECS = {"Vector2i": 2, "Vector3i": 3}
LEAVES = list(INT_RANGES) + ["bool", "float32", "float64", "string", "bytes", "Vector2", "Vector3", "Quaternion",
                             "Color", "Vector2i", "Vector3i"]
TYPE_NAMES = LEAVES + list(ALIASES.values())

PLAIN_WORDS = """id hp pos speed name score team health ammo kills deaths level tick frame seq flags items
inventory target owner position rotation velocity color tint mode state phase kind slot count total label
title note tag tags data blob payload peer room lobby player weapon damage range armor shield mana energy
angle yaw pitch roll scale size width height depth x y z u v lat lon time stamp delta value values key
keys entry entries node nodes link links path route step turn round match game world zone region""".split()


def _identifiers_in(text):
    return set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))


LOCALS = {
    # Locals, loop variables and parameters the templates declare: a field of that name may collide.
    "gdscript": [r"\bvar\s+(\w+)", r"\bfor\s+(\w+)\s+in\b", r"\bfunc\s+\w+\(([^)]*)\)"],
    "csharp": [r"\b(?:var|int|long|uint|ulong|bool|byte|float|double|string|object)\s+(\w+)\s*[=;]",
               r"\bforeach\s*\(\s*\w+\s+(\w+)\s+in\b"],
    "cpp": [r"\b(?:auto|bool|int|double|float|std::size_t|size_t|std::u?int\d+_t)\s*[&*]?\s+(\w+)\s*[=;({]",
            r"\bfor\s*\(\s*(?:const\s+)?auto\s*&?\s*(\w+)\s*:"],
}


def generator_dir():
    """The back ends in use: PAKT_GENERATOR_DIR (as `pakt generate` reads it), else this checkout's."""
    return os.environ.get("PAKT_GENERATOR_DIR") or os.path.join(ROOT, "generator")


def load_name_pools():
    """{pool name: sorted names}: what each back end reserves or generates."""
    pools = {}
    try:
        import yaml  # python3-yaml, when installed
    except ImportError:
        yaml = None
    for lang in ("cpp", "csharp", "gdscript"):
        d = os.path.join(generator_dir(), "pakt_gen", lang)
        names = set()
        ny = os.path.join(d, "names.yaml")
        if yaml is not None and os.path.exists(ny):
            try:
                data = yaml.safe_load(open(ny, encoding="utf-8")) or {}
                for rule in (data.get("refuse") or []) + (data.get("rename") or []):
                    names.update(str(n) for n in rule.get("names") or [])
                    names.update(str(p) + "x" for p in rule.get("prefixes") or [])
            except Exception:  # a file being edited: fall back to keywords.py below
                names = set()
        for py in ("keywords.py", "native_classes.py"):
            p = os.path.join(d, py)
            if os.path.exists(p):
                src = open(p, encoding="utf-8").read()
                for block in re.findall(r'"""(.*?)"""', src, re.S)[1:]:  # not the module docstring
                    names |= {w for w in block.split() if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w)}
                for block in re.findall(r"frozenset\(\{(.*?)\}\)", src, re.S):
                    names |= set(re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"', block))
        pools[lang + ".reserved"] = sorted(names)
        # The identifiers the generated code introduces: every identifier of the back end's templates.
        tmpl, local = set(), set()
        for t in sorted(glob.glob(os.path.join(d, "templates", "*.j2")) + glob.glob(os.path.join(d, "runtime", "*"))):
            text = open(t, encoding="utf-8").read()
            tmpl |= _identifiers_in(text)
            for pattern in LOCALS[lang]:
                for m in re.findall(pattern, text):
                    local |= {w for w in re.findall(r"[A-Za-z_]\w*", m) if w not in ("int", "float", "bool", "String")}
        pools[lang + ".generated"] = sorted(n for n in tmpl if len(n) <= 24)
        pools[lang + ".locals"] = sorted(n for n in local if len(n) <= 24 and "{" not in n)
    # The reports of issue 30.
    pools["issue30"] = ["r", "g", "b", "a", "w", "h", "base", "OK", "PACKED", "COMPACT", "MSLIMA", "script",
                        "Role", "Weapon", "List", "Pakt", "Node", "Object", "OS", "Timer", "Geometry", "Node2D",
                        "max", "func", "var", "std", "pakt", "ExampleS", "S", "null", "on", "yes", "true"]
    pools["types"] = TYPE_NAMES
    return pools


def case_variant(rng, name):
    k = rng.randrange(5)
    if k == 0:
        return name.upper()
    if k == 1:
        return name[:1].upper() + name[1:]
    if k == 2:
        return name.lower()
    if k == 3:
        return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p) or name
    return name + "_"


class Namer:
    """Draws identifiers: plain ones, or (with probability `danger`) a reserved / generated name, a case
    variant of one, a type name or a name of this schema's own types."""

    def __init__(self, rng, pools, danger):
        self.rng, self.pools, self.danger = rng, pools, danger
        self.own_types = []
        self.drawn = {}  # pool of each dangerous name drawn (for the report)

    def plain(self, style):
        rng = self.rng
        w = rng.choice(PLAIN_WORDS)
        if rng.random() < 0.4:
            w += "_" + rng.choice(PLAIN_WORDS)
        if rng.random() < 0.15:
            w += str(rng.randrange(10))
        if style == "type":
            return "".join(p[:1].upper() + p[1:] for p in w.split("_"))
        return w

    def name(self, style, taken):
        rng = self.rng
        for _ in range(50):
            if rng.random() < self.danger:
                weighted = sorted(self.pools) + ["own"] * 2
                if style == "field":  # locals and parameters collide with fields: draw them more often
                    weighted += [p for p in sorted(self.pools) if p.endswith(".locals")] * 2
                pool = rng.choice(weighted)
                choices = self.own_types if pool == "own" else self.pools[pool]
                if not choices:
                    continue
                n = rng.choice(choices)
                if rng.random() < 0.25:
                    n = case_variant(rng, n)
                if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n):
                    continue
            else:
                pool, n = None, self.plain(style)
            if n not in taken:
                taken.add(n)
                if pool:
                    self.drawn[n] = pool
                return n
        n = self.plain(style) + str(len(taken))
        taken.add(n)
        return n


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class Field:
    def __init__(self, **kw):
        self.__dict__.update(dict(name=None, base=None, kind="leaf", container=None, count=None, optional=False,
                                  default=None, since=None, deprecated=False, range=None, precision=None,
                                  bits=None, max_length=None, max_count=None, quantized=None))
        self.__dict__.update(kw)


def gen_schema(seed, idx, pools, danger=None):
    """A random schema (a dict model) for `seed`; its package is unique per `idx`."""
    rng = random.Random(seed)
    if danger is None:
        danger = 0.0 if rng.random() < 0.3 else rng.choice([0.05, 0.1, 0.15, 0.25])
    namer = Namer(rng, pools, danger)
    type_names = set()
    pkg_part = namer.name("field", set())
    schema = {"package": f"pk{idx}.{pkg_part}" if rng.random() < 0.8 else f"pk{idx}",
              "version": rng.choice([1, 1, 2, 3]), "enums": [], "messages": [], "danger": danger}
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        etype = rng.choice(list(INT_RANGES) + [None])
        lo, hi = INT_RANGES[etype or "int32"]
        n = rng.randint(1, 5)
        values, vnames, used = [], set(), set()
        for k in range(n):
            r = rng.random()
            if r < 0.15:
                v = lo
            elif r < 0.3:
                v = hi
            elif r < 0.5:
                v = k
            else:
                v = rng.randint(max(lo, -1000), min(hi, 1000)) if rng.random() < 0.7 else rng.randint(lo, hi)
            if v in used:
                continue
            used.add(v)
            values.append((namer.name("value", vnames), v))
        ename = namer.name("type", type_names)
        namer.own_types.append(ename)
        schema["enums"].append({"name": ename, "type": etype, "values": values})
    for mi in range(rng.randint(1, 4)):
        mname = namer.name("type", type_names)
        msg = {"name": mname, "fields": [], "extensible": rng.random() < 0.2, "delta": rng.random() < 0.35,
               "godot_array": rng.random() < 0.1}
        fnames = set()
        nfields = rng.randint(1, 7)
        for _ in range(nfields):
            msg["fields"].append(gen_field(rng, namer, fnames, schema, since=None))
        # Fields added in later versions: appended, since not decreasing, with a default.
        since = 2
        while schema["version"] >= 2 and since <= schema["version"] and rng.random() < 0.5:
            msg["fields"].append(gen_field(rng, namer, fnames, schema, since=since))
            since += rng.randint(0, 1)
        if rng.random() < 0.06:
            msg["fields"][rng.randrange(len(msg["fields"]))].deprecated = True
        namer.own_types.append(mname)
        schema["messages"].append(msg)
    if idx % 20 == 0:
        # Every 20th schema also has a message whose fields are the names that the generated code's
        # locals and constants used to shadow (r, g, b, a, w, h, base, OK, PACKED): a colliding local in
        # any back end breaks these in every seed set.
        msg = {"name": namer.name("type", type_names), "fields": [], "extensible": False,
               "delta": rng.random() < 0.5, "godot_array": False}
        for fname in ["r", "g", "b", "a", "w", "h", "base", "OK", "PACKED"]:
            f = gen_field(rng, namer, set(), schema, since=None)
            f.name = fname
            msg["fields"].append(f)
        namer.own_types.append(msg["name"])
        schema["messages"].append(msg)
    schema["names_drawn"] = namer.drawn
    return schema


def pick_leaf(rng, schema):
    r = rng.random()
    if r < 0.12 and schema["enums"]:
        return "enum", rng.choice(schema["enums"])["name"]
    if r < 0.24 and schema["messages"]:
        return "message", rng.choice(schema["messages"])["name"]
    return "leaf", rng.choice(LEAVES)


def gen_field(rng, namer, fnames, schema, since):
    f = Field(name=namer.name("field", fnames))
    if since is not None:
        # A later field: a leaf with a default.
        f.kind, f.base = "leaf", rng.choice(list(INT_RANGES) + ["bool", "float32", "float64", "string"])
        f.since = since
        f.default = default_for(rng, f, schema, force=True)
        return f
    f.kind, f.base = pick_leaf(rng, schema)
    r = rng.random()
    if r < 0.2:
        f.container = "list"
        if rng.random() < 0.4:
            f.max_count = rng.randint(1, 6)
    elif r < 0.3:
        f.container = "fixed"
        f.count = rng.randint(1, 4)
    elif rng.random() < 0.1:
        f.optional = True
    b = f.base
    if f.kind == "leaf":
        if b in INT_RANGES and rng.random() < 0.3:
            lo, hi = INT_RANGES[b]
            hi = min(hi, 2 ** 63 - 1)
            a = rng.choice([0, lo, -rng.randint(1, 300), -rng.randint(1, 2 ** 20)])
            z = rng.choice([hi, rng.randint(0, 300), rng.randint(0, 2 ** 20)])
            a, z = max(a, lo), min(z, hi)
            if a >= z:
                a, z = lo, hi
            f.range = (a, z)
        elif (b in FLOATS or b in FVECS) and rng.random() < 0.3:
            span = rng.choice([1, 10, 100, 1000])
            f.range = (-span, span) if rng.random() < 0.6 else (0, span)
            if rng.random() < 0.5:
                f.precision = rng.choice([0.5, 0.1, 0.01, 0.001])
            else:
                f.bits = rng.randint(1, 24)
        elif b in IVECS and rng.random() < 0.3:
            f.range = (-rng.randint(0, 1000), rng.randint(1, 1000))
        elif b == "Quaternion" and rng.random() < 0.4:
            f.bits = rng.randint(2, 30)
        elif b in ("string", "bytes") and rng.random() < 0.4:
            f.max_length = rng.randint(1, 24)
    if f.container is None and not f.optional and rng.random() < 0.25:
        f.default = default_for(rng, f, schema)
    # A range that does not hold the type's default needs a default.
    if f.range is not None and f.default is None and f.container is None and not f.optional:
        if not (f.range[0] <= 0 <= f.range[1]) or (b == "Color" and f.range[1] < 1):
            f.default = default_for(rng, f, schema, force=True)
    return f


def fmt_float(x):
    s = repr(float(x))
    if "e" in s or "E" in s:
        s = "%.6f" % x
    return s


def default_for(rng, f, schema, force=False):
    """A YAML default (text) for a leaf field, within its range."""
    b = f.base
    if f.kind == "enum":
        e = next(e for e in schema["enums"] if e["name"] == b)
        return json.dumps(rng.choice(e["values"])[0])
    if f.kind == "message":
        return None
    if b == "bool":
        return rng.choice(["true", "false"])
    if b in INT_RANGES:
        lo, hi = f.range or INT_RANGES[b]
        return str(rng.choice([lo, hi, rng.randint(lo, hi), max(lo, min(hi, 1))]))
    if b in FLOATS:
        lo, hi = f.range or (-1000, 1000)
        return fmt_float(rng.randint(int(lo) * 4, int(hi) * 4) / 4)
    if b == "string":
        s = rng.choice(["", "abc", "가나", "x y", "default"])
        if f.max_length is not None:
            while len(s.encode()) > f.max_length:
                s = s[:-1]
        return json.dumps(s, ensure_ascii=False)
    if b in FVECS:
        lo, hi = f.range or (-100, 100)
        comps = [fmt_float(rng.randint(int(lo) * 2, int(hi) * 2) / 2) for _ in range(FVECS[b])]
        if b == "Color" and rng.random() < 0.5:
            comps[3] = "1.0"
        return "[" + ", ".join(comps) + "]"
    if b in IVECS:
        lo, hi = f.range or (-100, 100)
        return "[" + ", ".join(str(rng.randint(lo, hi)) for _ in range(IVECS[b])) + "]"
    if b == "Quaternion":
        return rng.choice(["[0, 0, 0, 1]", "[1, 0, 0, 0]", "[0.5, 0.5, 0.5, 0.5]", "[0, 0, 0.6, 0.8]"])
    if force:
        return None
    return None


def type_text(rng, f):
    b = f.base
    if f.kind == "leaf" and b in ALIASES and rng.random() < 0.3:
        b = ALIASES[b]
    if f.container == "list":
        return f"{b}[]"
    if f.container == "fixed":
        return f"{b}[{f.count}]"
    return b


def to_yaml(schema, seed):
    """The schema's YAML text: one field per line."""
    rng = random.Random(seed ^ 0x5EED)
    q = lambda s: json.dumps(s, ensure_ascii=False)
    out = [f"# conformance schema, seed {seed}", f"package: {q(schema['package'])}", f"version: {schema['version']}"]
    if schema["enums"]:
        out.append("enums:")
        for e in schema["enums"]:
            out.append(f"  {q(e['name'])}:")
            if e["type"]:
                out.append(f"    type: {e['type']}")
            out.append("    values: {" + ", ".join(f"{q(n)}: {v}" for n, v in e["values"]) + "}")
    out.append("messages:")
    for m in schema["messages"]:
        out.append(f"  {q(m['name'])}:")
        if m["extensible"]:
            out.append("    extensible: true")
        if m["delta"]:
            out.append("    delta: true")
        if m["godot_array"]:
            out.append("    godot: array")
        out.append("    fields:")
        for f in m["fields"]:
            parts = [f"name: {q(f.name)}", f"type: {q(type_text(rng, f))}"]
            if f.optional:
                parts.append("optional: true")
            if f.since is not None:
                parts.append(f"since: {f.since}")
            if f.deprecated:
                parts.append("deprecated: true")
            if f.default is not None:
                parts.append(f"default: {f.default}")
            if f.range is not None:
                parts.append(f"range: [{f.range[0]}, {f.range[1]}]")
            if f.precision is not None:
                parts.append(f"precision: {f.precision}")
            if f.bits is not None:
                parts.append(f"bits: {f.bits}")
            if f.max_length is not None:
                parts.append(f"max_length: {f.max_length}")
            if f.max_count is not None:
                parts.append(f"max_count: {f.max_count}")
            out.append("      - {" + ", ".join(parts) + "}")
    return "\n".join(out) + "\n"


# ---- values ---------------------------------------------------------------------------------------

SPECIAL_F32 = [0.0, -0.0, 1.0, -1.0, 0.5, 1e-45, -1e-45, 1.1754942e-38, 3.4028235e38, -3.4028235e38,
               float("inf"), float("-inf"), float("nan")]
STRINGS = ["", "a", "ABC가나다", "é", "😀", "hello world", "\t\n", "\"quoted\\\"", "ñandú", "日本語テキスト"]


def _model_field(f):
    """A descriptor FIELD (docs/descriptor.md) as gen_field's Field, for ValueGen."""
    t = f["type"]
    container, count = None, None
    if t["kind"] in ("list", "array"):
        container, count = ("list", None) if t["kind"] == "list" else ("fixed", t["count"])
        t = t["element"]
    kind = {"builtin": "leaf", "enum": "enum", "message": "message"}[t["kind"]]
    packing = f.get("packing") or {}
    code = f.get("packed") or {}
    # A quantized field's code as the descriptor gives it (its min, max and steps: the front end's
    # numbers, not recomputed here).
    quantized = (code["min"], code["max"], code["steps"]) if code.get("kind") == "quantized" else None
    return Field(name=f["name"], base=t["name"], kind=kind, container=container, count=count,
                 optional=f["optional"], since=f["since"], deprecated=f["deprecated"],
                 range=tuple(packing["range"]) if packing.get("range") else None,
                 precision=packing.get("precision"), bits=packing.get("bits"),
                 max_length=f["max_length"], max_count=f["max_count"], quantized=quantized)


def model_from_descriptor(file_descriptor):
    """The model ValueGen draws values from, for a schema a user wrote: one FILE of `pakt describe`'s
    descriptor (a schema without imports)."""
    return {"package": file_descriptor["package"], "version": file_descriptor["version"],
            "enums": [{"name": e["name"], "type": e["underlying"],
                       "values": [(v["name"], v["number"]) for v in e["values"]]}
                      for e in file_descriptor["enums"]],
            "messages": [{"name": m["name"], "extensible": m["extensible"], "delta": m["delta"],
                          "fields": [_model_field(f) for f in m["fields"]]}
                         for m in file_descriptor["messages"]]}


def quantized_code(f):
    """(min, max, steps) of a quantized float field (docs/packed.md "Codes"), else None: the
    descriptor's numbers for a --schema, else computed by docs/packed.md's rule from the model: with
    `bits: N` 2^N - 1 steps, with `precision: p` ceil((max - min) / p), a quotient within 1e-9
    (relative) of a whole number counting as that number (frontend/schema/facts.cpp)."""
    if f.quantized is not None:
        return f.quantized
    if f.range is None or f.base not in FLOATS and f.base not in FVECS:
        return None
    lo, hi = float(f.range[0]), float(f.range[1])
    if f.bits is not None:
        return lo, hi, 2 ** f.bits - 1
    if f.precision is None:
        return None
    quotient = (hi - lo) / f.precision
    whole = round(quotient)
    return lo, hi, int(whole if abs(quotient - whole) <= 1e-9 * abs(quotient) else math.ceil(quotient))


def f32_next(x, up):
    """The float32 after x towards +inf (up) or -inf; x a finite float32."""
    if x == 0:
        return 1e-45 if up else -1e-45
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits += 1 if (x > 0) == up else -1
    return struct.unpack("<f", struct.pack("<I", bits))[0]


# Edge values of raw (unquantized) floats: signed zeros, the largest and smallest magnitudes, the
# smallest normal, infinities and NaN (the protocol carries values as compact bytes, which keep every
# bit; `pakt encode` reads NaN / Infinity from JSON as strings, json_text below).
EDGE_F32 = [0.0, -0.0, 3.4028234663852886e38, -3.4028234663852886e38, 1e-45, -1e-45, 1.1754943508222875e-38,
            float("inf"), float("-inf"), float("nan")]
EDGE_F64 = [0.0, -0.0, 1.7976931348623157e308, -1.7976931348623157e308, 5e-324, -5e-324, 2.2250738585072014e-308,
            float("inf"), float("-inf"), float("nan")]
# Rotations at the smallest-three code's edges: identity, four equal components (a tie for the
# largest: the first wins), two equal largest ones, a negative largest (all four negated).
EDGE_QUATERNIONS = [[0.0, 0.0, 0.0, 1.0], [0.5, -0.5, 0.5, -0.5], [0.0, f32(0.70710678), 0.0, f32(0.70710678)],
                    [f32(-0.9), f32(0.1), f32(0.3), f32(-0.2)], [0.0, 0.0, 0.0, -1.0], [1.0, 0.0, 0.0, 0.0]]
# Characters of 1 to 4 UTF-8 bytes, for strings of exactly max_length bytes.
UTF8_MIX = ["x", "é", "가", "😀"]


def text_of_bytes(rng, n):
    """A UTF-8 string of exactly n bytes mixing 1- to 4-byte characters."""
    out, left = [], n
    while left > 0:
        c = rng.choice([c for c in UTF8_MIX if len(c.encode()) <= left])
        out.append(c)
        left -= len(c.encode())
    return "".join(out)


class ValueGen:
    """Random values of a schema's messages. With edge=True (message(..., edge=True)) every field is
    present and at an edge of what its type and options allow (integer extremes per width, range ends
    and just outside them, rounding ties half a quantization step between two steps, float specials,
    empty and max_length strings and bytes, empty and max_count lists, enums' smallest and largest
    values), as tests/generated/test_values.hpp and packed_random.hpp pick them."""

    def __init__(self, schema, rng, out_of_range=0.03):
        self.s, self.rng, self.oor = schema, rng, out_of_range
        self.enums = {e["name"]: e for e in schema["enums"]}
        self.msgs = {m["name"]: m for m in schema["messages"]}
        self.edge = False

    def message(self, name, depth=0, edge=None):
        if edge is not None:
            self.edge = edge
        m = self.msgs[name]
        return {f.name: self.field(f, depth) for f in m["fields"] if self.edge or self.rng.random() < 0.93}

    def field(self, f, depth):
        rng = self.rng
        if f.optional and rng.random() < 0.3:
            return None
        if f.container == "list":
            if self.edge:  # empty or full (5 elements without max_count)
                limit = f.max_count if f.max_count is not None else 5
                n = rng.choice([0, limit]) if depth < 2 else rng.randint(0, 1)
            else:
                limit = f.max_count if f.max_count is not None else 4
                n = rng.choice([0, 1, rng.randint(0, limit), limit]) if depth < 2 else rng.randint(0, 1)
                n = min(n, limit)
            return [self.leaf(f, depth + 1) for _ in range(n)]
        if f.container == "fixed":
            return [self.leaf(f, depth + 1) for _ in range(f.count)]
        return self.leaf(f, depth + 1)

    def num_in(self, lo, hi):
        rng = self.rng
        r = rng.random()
        if r < 0.15:
            return lo
        if r < 0.3:
            return hi
        return rng.randint(lo, hi)

    def float_in(self, f, double):
        rng = self.rng
        rd = (lambda x: x) if double else f32
        if f.range is not None:
            lo, hi = f.range
            if rng.random() < self.oor:
                return rd(hi + rng.choice([0.5, 1, 100]))
            r = rng.random()
            if r < 0.1:
                return float(lo)
            if r < 0.2:
                return float(hi)
            return min(max(rd(rng.uniform(lo, hi)), lo), hi)
        r = rng.random()
        if r < 0.25:
            return rd(rng.choice(SPECIAL_F32)) if not double else rng.choice(SPECIAL_F32 + [5e-324, 1.7976931348623157e308])
        if r < 0.5:
            return rd(rng.randint(-1000, 1000) / 8)
        return rd(rng.uniform(-1e6, 1e6) * (10 ** rng.randint(-30, 3) if rng.random() < 0.3 else 1))

    def leaf(self, f, depth):
        rng, b = self.rng, f.base
        if f.kind == "message":
            return self.message(b, depth)
        if self.edge:
            return self.edge_leaf(f)
        if f.kind == "enum":
            e = self.enums[b]
            if rng.random() < 0.03:
                lo, hi = INT_RANGES[e["type"] or "int32"]
                return self.num_in(lo, hi)
            n, v = rng.choice(e["values"])
            return n if rng.random() < 0.8 else v
        if b == "bool":
            return rng.random() < 0.5
        if b in INT_RANGES:
            lo, hi = INT_RANGES[b]
            if f.range is not None and rng.random() > self.oor:
                lo, hi = f.range
            return self.num_in(lo, hi)
        if b in FLOATS:
            return self.float_in(f, b == "float64")
        if b in FVECS:
            return [self.float_in(f, False) for _ in range(FVECS[b])]
        if b in IVECS:
            lo, hi = INT_RANGES["int32"]
            if f.range is not None and rng.random() > self.oor:
                lo, hi = f.range
            return [self.num_in(lo, hi) for _ in range(IVECS[b])]
        if b == "Quaternion":
            if f.bits is not None or rng.random() < 0.5:
                v = [rng.gauss(0, 1) for _ in range(4)]
                n = math.sqrt(sum(x * x for x in v)) or 1
                v = [f32(x / n) for x in v]
                if rng.random() < 0.2:
                    v = rng.choice([[0.0, 0.0, 0.0, 1.0], [f32(0.7071068), 0.0, 0.0, f32(0.7071068)], [1.0, 0.0, 0.0, 0.0]])
                return v
            return [self.float_in(f, False) for _ in range(4)]
        if b == "string":
            s = rng.choice(STRINGS) if rng.random() < 0.6 else "".join(
                rng.choice("abcxyz _-0123456789ABCĀ가😀") for _ in range(rng.randint(0, 30)))
            if f.max_length is not None:
                if rng.random() < 0.2:
                    s = ("x" * f.max_length)  # exactly at the limit
                while len(s.encode()) > f.max_length:
                    s = s[:-1]
            return s
        if b == "bytes":
            limit = f.max_length if f.max_length is not None else 20
            n = rng.choice([0, 1, rng.randint(0, limit), limit])
            return [rng.randrange(256) for _ in range(min(n, limit))]
        raise ValueError(b)

    # ---- edge values

    def int_edge(self, f, lo, hi, type_lo, type_hi):
        """An end of [lo, hi] (a range, else the type's), one inside an end, 0 or -1, or (a few percent,
        ranges only) the integer just outside it."""
        rng = self.rng
        if f.range is not None and rng.random() < self.oor:
            outside = [v for v in (lo - 1, hi + 1) if type_lo <= v <= type_hi]
            if outside:
                return rng.choice(outside)
        return rng.choice([lo, hi, lo, hi, min(lo + 1, hi), max(hi - 1, lo)] + [v for v in (0, -1) if lo <= v <= hi])

    def float_edge(self, f, double):
        rng = self.rng
        rd = (lambda x: x) if double else f32
        code = quantized_code(f)
        if code is None:
            return rng.choice(EDGE_F64 if double else EDGE_F32)
        lo, hi, steps = code
        if rng.random() < self.oor:
            # Just outside: the next float beyond an end (the float nearest to an end counts as that
            # end, docs/packed.md), a step beyond one, NaN.
            if double:
                return rng.choice([math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf),
                                   hi + (hi - lo) / steps, float("nan")])
            return rng.choice([f32_next(f32(lo), False), f32_next(f32(hi), True), f32(hi + (hi - lo) / steps),
                               float("nan")])
        r = rng.random()
        if r < 0.3:
            return rd(rng.choice([lo, hi]))
        k = rng.choice([0, steps - 1, rng.randrange(steps)])
        if r < 0.85:
            # A rounding tie: half a step between steps k and k + 1, in double as the decoder computes
            # a step (min + (max - min) x q / steps); a float32 field takes the nearest float32 and, now
            # and then, the float32 on either side of it.
            tie = lo + (hi - lo) * (k + 0.5) / steps
            if double:
                return tie
            t = f32(tie)
            return rng.choice([t, t, f32_next(t, True), f32_next(t, False)]) if lo < t < hi else t
        if r < 0.93 and lo <= 0 <= hi:
            return -0.0
        return rd(lo + (hi - lo) * k / steps)  # exactly a step

    def edge_leaf(self, f):
        """A leaf value (not a message) at an edge of its type and options."""
        rng, b = self.rng, f.base
        if f.kind == "enum":
            e = self.enums[b]
            numbers = sorted(v for _, v in e["values"])
            want = rng.choice([numbers[0], numbers[-1]])
            return next(n for n, v in e["values"] if v == want)
        if b == "bool":
            return rng.random() < 0.5
        if b in INT_RANGES:
            type_lo, type_hi = INT_RANGES[b]
            lo, hi = f.range if f.range is not None else (type_lo, type_hi)
            return self.int_edge(f, lo, hi, type_lo, type_hi)
        if b in FLOATS:
            return self.float_edge(f, b == "float64")
        if b in FVECS:
            return [self.float_edge(f, False) for _ in range(FVECS[b])]
        if b in IVECS:
            type_lo, type_hi = INT_RANGES["int32"]
            lo, hi = f.range if f.range is not None else (type_lo, type_hi)
            return [self.int_edge(f, lo, hi, type_lo, type_hi) for _ in range(IVECS[b])]
        if b == "Quaternion":
            if f.bits is None and rng.random() < 0.5:
                return [rng.choice(EDGE_F32) for _ in range(4)]
            return list(rng.choice(EDGE_QUATERNIONS))
        # Strings and bytes: empty or exactly max_length bytes (without a limit: 200, a length of more
        # than one varint group). A longer one is no value: every format refuses to encode it.
        n = rng.choice([0, f.max_length if f.max_length is not None else 200])
        if b == "string":
            return text_of_bytes(rng, n)
        if b == "bytes":
            return [rng.choice([0, 255, rng.randrange(256)]) for _ in range(n)]
        raise ValueError(b)

    def mutate(self, name, value, edge=False):
        """A value like `value` with a few fields changed (for deltas), to edge values with edge=True."""
        self.edge = edge
        m = self.msgs[name]
        out = dict(value)
        for f in m["fields"]:
            if self.rng.random() < 0.3:
                out[f.name] = self.field(f, 1)
        return out


def json_text(v):
    """JSON as `pakt encode` reads it: NaN and infinities as strings."""
    def fix(x):
        if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
            return "NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity")
        if isinstance(x, list):
            return [fix(y) for y in x]
        if isinstance(x, dict):
            return {k: fix(y) for k, y in x.items()}
        return x
    return json.dumps(fix(v), ensure_ascii=False, separators=(",", ":"))
