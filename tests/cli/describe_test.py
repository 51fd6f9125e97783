#!/usr/bin/env python3
"""Tests of `pakt describe` (docs/descriptor.md): the descriptor of every schema in the repository is
valid and self-consistent; bad schemas give `pakt check`'s diagnostics; the facts of the messages in
descriptor_facts.yaml equal sizes worked out by hand below (not from any pakt output); values take
their one typed form; imports are looked up in the importing file's folder, then in each -I folder.

usage: describe_test.py PAKT SOURCE_DIR
"""

import glob
import json
import re
import os
import subprocess
import sys
import tempfile

PAKT = os.path.abspath(sys.argv[1])
os.chdir(sys.argv[2])
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def run(*args, cwd=None):
    return subprocess.run([PAKT, *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def describe(*args, cwd=None):
    r = run("describe", *args, cwd=cwd)
    if r.returncode != 0:
        check(False, f"pakt describe {' '.join(args)}: exit {r.returncode}: {r.stderr}")
        return None
    return json.loads(r.stdout)


# --- every schema: valid JSON, version 1, paths that are keys, imports before importers
def check_consistent(d, roots):
    check(d["pakt_descriptor"] == 2, f"{roots}: pakt_descriptor")
    check(d["roots"] == roots, f"{roots}: roots {d['roots']}")
    paths = [f["path"] for f in d["files"]]
    check(len(paths) == len(set(paths)), f"{roots}: files listed once")
    for i, f in enumerate(d["files"]):
        check(list(f) == ["path", "stem", "package", "version", "doc", "godot", "fingerprint", "imports", "enums", "messages"],
              f"{f['path']}: FILE members {list(f)}")
        for imported in f["imports"]:
            check(imported in paths[:i], f"{f['path']}: import {imported} listed before it")
        for m in f["messages"]:
            for field in m["fields"]:
                t = field["type"]
                while t["kind"] in ("list", "array"):
                    t = t["element"]
                if t["kind"] in ("enum", "message"):
                    check(t["file"] in paths, f"{m['name']}.{field['name']}: type file {t['file']}")


for schema in sorted(glob.glob("schemas/*.yaml")) + ["tests/schemas/rich.yaml"]:
    d = describe(schema)
    if d is not None:
        check_consistent(d, [schema])
d = describe("schemas/game.yaml", "schemas/photon_seed.yaml", "schemas/game.yaml")
if d is not None:
    check_consistent(d, ["schemas/game.yaml", "schemas/photon_seed.yaml"])  # a file given twice is one root
    check([f["path"] for f in d["files"]] == ["schemas/common.yaml", "schemas/game.yaml", "schemas/photon_seed.yaml"],
          "files in dependency order")

# --- bad schemas: the diagnostics of pakt check, exit 1, nothing on stdout
for schema in sorted(glob.glob("tests/schemas/bad/*.yaml")):
    described, checked = run("describe", schema), run("check", schema)
    check(described.returncode == 1 and described.stdout == "" and described.stderr == checked.stderr
          and checked.stderr.strip(), f"describe {schema}: exit {described.returncode}, stderr {described.stderr!r}")

# --- facts, by hand (compact and mslima share one layout)
FIXED_SHAPE = "{bool,int32,Vector3,uint16,uint8[3]}"
VARYING_SHAPE = "{string,int64?," + FIXED_SHAPE + "[]," + FIXED_SHAPE + "[2],bytes}"
EXPECTED = {
    # bool 1 + int32 4 + Vector3 12 + Kind (uint16) 2 + uint8[3] 3 = 22, whatever the value.
    # Marshal: bool BOOL 4 @0, int32 @4, Vector3 @8..20, uint16 @20..22, uint8[3] @22..25 -> 28 (align 4).
    "Fixed": dict(min=22, fixed=22, marshal=(28, 4), shape=FIXED_SHAPE, boundaries=[], check=False, empty=False),
    # string 4 + optional 1 + list 4 + 2 x 22 + bytes 4 = 57; value-dependent size.
    # Marshal: string ref 8 @0, Nullable<long> 16 @8, list ref 8 @24, Fixed[2] 56 @32, bytes ref 8 @88 -> 96.
    "Varying": dict(min=57, fixed=None, marshal=(96, 8), shape=VARYING_SHAPE, boundaries=[], check=True, empty=False),
    # An extensible frame may be empty: 4 bytes. since 2 starts at field 1, since 3 at field 3.
    # Marshal: uint8 @0, float @4, double @8, Vector2i @16..24 -> 24 (align 8).
    "Evolving": dict(min=4, fixed=None, marshal=(24, 8), shape="ext{uint8,float32,float64,Vector2i}",
                     boundaries=[1, 3], check=False, empty=False),
    # No fields: nothing on the wire; "fixed" is null, as cpp.py's 0 ("not fixed") for an empty message.
    "Nothing": dict(min=0, fixed=None, marshal=(0, 1), shape="{}", boundaries=[], check=False, empty=True),
    "Nothings": dict(min=0, fixed=None, marshal=(0, 1), shape="{{}[5]}", boundaries=[], check=False, empty=True),
    # Varying 57 + optional flag 1; needs_check through the nested Varying.
    # Marshal: Varying 96 @0, Nullable<Nothing> 1 @96 -> 97, padded to 104.
    "Holder": dict(min=58, fixed=None, marshal=(104, 8), shape="{" + VARYING_SHAPE + ",{}?}", boundaries=[],
                   check=True, empty=False),
}


d = describe("tests/cli/descriptor_facts.yaml")
if d is not None:
    f = d["files"][0]
    check(f["stem"] == "descriptor_facts" and f["version"] == 3 and f["doc"] == "Hand-analyzed messages.\nSecond line.",
          f"file members {f['stem']} {f['version']} {f['doc']!r}")
    check(f["enums"][0] == {"name": "Kind", "full_name": "facts.test.Kind", "doc": "A kind.", "line": 8, "column": 3,
                            "underlying": "uint16",
                            "values": [{"name": "a", "number": 1, "line": 8, "column": 33},
                                       {"name": "b", "number": 2, "line": 8, "column": 39}]}, f"enum {f['enums'][0]}")
    messages = {m["name"]: m for m in f["messages"]}
    for name, want in EXPECTED.items():
        facts = messages[name]["facts"]
        got = dict(min=facts["compact"]["min_size"], fixed=facts["compact"]["fixed_size"],
                   marshal=(facts["marshal_size"], facts["marshal_alignment"]), shape=facts["wire_shape"],
                   boundaries=facts["version_boundaries"], check=facts["needs_check"], empty=facts["takes_no_bytes"])
        check(got == want, f"facts of {name}: {got} != {want}")
        check(facts["mslima"] == facts["compact"], f"facts of {name}: mslima {facts['mslima']}")
        check(re.fullmatch(r"0x[0-9A-F]{16}", facts["fingerprint"]) is not None, f"fingerprint of {name}: {facts['fingerprint']}")
        check(list(facts) == ["compact", "mslima", "marshal_size", "marshal_alignment", "wire_shape", "fingerprint",
                              "version_boundaries", "needs_check", "takes_no_bytes", "packed_min_bits",
                              "write_can_fail", "packed_write_can_fail"],
              f"FACTS members {list(facts)}")
    # packed: bool 1 + int32 zig-zag 8 + Vector3 raw 96 + Kind ranged over 1..2 1 + uint8[3] raw 24; Varying: a
    # string ranged over [0, 16] 5 + an optional 1 + a count ranged over [0, 4] 3 + Fixed[2] 260 + bytes' varint 8
    packed_bits = {name: messages[name]["facts"]["packed_min_bits"] for name in ("Fixed", "Varying", "Nothings")}
    check(packed_bits == {"Fixed": 131, "Varying": 279, "Nothings": 0}, f"packed_min_bits {packed_bits}")
    # Whether a write can fail: Fixed's uint8[3] (an array's length) in compact, Kind ranged over 0..2 in
    # packed; Varying's max_length 16 in both; Nothing has no field to fail; Evolving's floats are raw.
    can_fail = {name: (messages[name]["facts"]["write_can_fail"], messages[name]["facts"]["packed_write_can_fail"])
                for name in ("Fixed", "Varying", "Nothing", "Evolving")}
    check(can_fail == {"Fixed": (True, True), "Varying": (True, True), "Nothing": (False, False),
                       "Evolving": (False, False)}, f"write_can_fail {can_fail}")
    check(all(m["delta"] is False for m in f["messages"]), "delta false by default")
    fixed = messages["Fixed"]
    check(fixed["doc"] == "Every field has one size." and fixed["code"] is None and fixed["godot"] == "dict"
          and fixed["example"] is None and "example_line" not in fixed, f"Fixed: {fixed}")
    # TYPE facts, in the field: Kind is a uint16 (2 bytes) ranged over [0, 2] (2 bits) in packed, which can
    # fail; uint8[3] is 3 bytes, 24 raw bits, its length checked; each uint8 1 byte, 8 bits, nothing to fail.
    check(fixed["fields"][3]["type"] == {"kind": "enum", "name": "Kind", "spelled": "Kind",
                                         "file": "tests/cli/descriptor_facts.yaml",
                                         "facts": {"min_size": 2, "fixed_size": 2, "packed_min_bits": 2,
                                                   "write_can_fail": False, "packed_write_can_fail": True}},
          f"enum TYPE {fixed['fields'][3]['type']}")
    u8_facts = {"min_size": 1, "fixed_size": 1, "packed_min_bits": 8, "write_can_fail": False,
                "packed_write_can_fail": False}
    check(fixed["fields"][4]["type"] == {"kind": "array", "element": {"kind": "builtin", "name": "uint8",
                                                                      "spelled": "uint8", "facts": u8_facts},
                                         "count": 3, "spelled": "uint8[3]",
                                         "facts": {"min_size": 3, "fixed_size": 3, "packed_min_bits": 24,
                                                   "write_can_fail": True, "packed_write_can_fail": False}},
          f"array TYPE {fixed['fields'][4]['type']}")
    # Fixed[] with max_count 4: each element 22 bytes and 131 bits, the count's limit checked.
    items = messages["Varying"]["fields"][2]["type"]
    check((items["facts"], items["element"]["facts"]) == (
        {"min_size": 4, "fixed_size": None, "packed_min_bits": 3, "write_can_fail": True, "packed_write_can_fail": True},
        {"min_size": 22, "fixed_size": 22, "packed_min_bits": 131, "write_can_fail": True,
         "packed_write_can_fail": True}), f"list TYPE facts {items}")
    name_field = messages["Varying"]["fields"][0]
    check(name_field == {"name": "name", "doc": "the name", "line": 20, "column": 16,
                         "type": {"kind": "builtin", "name": "string", "spelled": "string",
                                  "facts": {"min_size": 4, "fixed_size": None, "packed_min_bits": 5,
                                            "write_can_fail": True, "packed_write_can_fail": True}},
                         "optional": False,
                         "required": False, "deprecated": False, "since": 1, "max_length": 16, "max_count": None,
                         "packing": None, "packed": None,
                         "packed_length": {"kind": "ranged", "bits": 5, "min": 0, "span": 16},
                         "packed_element_length": None, "packed_min_bits": 5, "initial": ""},
          f"FIELD {name_field}")
    # --- initial: what a new message holds (docs/descriptor.md): default:, null, or the type's zero
    initial = {(m, f["name"]): f["initial"] for m in messages for f in messages[m]["fields"]}
    check(initial[("Values", "pos")] == [1, 2.5, 3], "initial: the default: when written")
    check(initial[("Holder", "maybe")] is None and initial[("Varying", "pair")] == [{}, {}]
          and initial[("Holder", "inner")] == {}, f"initial: null, {{}}, N elements {initial}")
    # --- values in their typed forms
    values = messages["Values"]
    check(values["code"] == 85 and values["godot"] == "array", "Values: code 'U', godot array")
    defaults = {fd["name"]: fd.get("default", "absent") for fd in values["fields"]}
    check(defaults == {"pos": [1, 2.5, 3], "f": "nan", "g": "-inf", "kind": "b", "blob": [0, 255],
                       "big": 18446744073709551615, "opt": None, "inner": "absent"}, f"defaults {defaults}")
    check(values["example"] == {"pos": [4, 5, 6], "opt": None, "inner": {"a": 1, "d": [8, 7]}}
          and list(values["example"]) == ["pos", "opt", "inner"], f"example {values['example']}")
    check((values["example_line"], values["example_column"]) == (52, 14), "example position")
    evolving = {fd["name"]: fd for fd in messages["Evolving"]["fields"]}
    check(evolving["b"]["default"] == 1.5 and evolving["b"]["since"] == 2 and evolving["d"]["default"] == [1, 2],
          "Evolving defaults")

# --- packed: the options as written and the codes the front end computes (docs/packed.md)
d = describe("tests/schemas/packed.yaml")
if d is not None:
    check_consistent(d, ["tests/schemas/packed.yaml"])
    messages = {m["name"]: m for m in d["files"][0]["messages"]}
    fields = {(m["name"], fd["name"]): fd for m in messages.values() for fd in m["fields"]}
    check(messages["Scene"]["delta"] is True and messages["Cube"]["delta"] is False, "delta")
    packed = {key: fd["packed"] for key, fd in fields.items()}
    want = {
        ("Numbers", "flag"): {"kind": "bool"},
        ("Numbers", "percent"): {"kind": "ranged", "bits": 7, "min": 0, "span": 100},
        ("Numbers", "raw8"): {"kind": "raw", "bits": 8},
        ("Numbers", "temperature"): {"kind": "ranged", "bits": 7, "min": -40, "span": 100},
        ("Numbers", "zig"): {"kind": "zigzag"},
        ("Numbers", "varint"): {"kind": "varint"},
        ("Numbers", "wide"): {"kind": "ranged", "bits": 64, "min": -2 ** 63, "span": 2 ** 64 - 1},
        ("Numbers", "only"): {"kind": "ranged", "bits": 3, "min": 0, "span": 5},  # 0 (the default) counts
        ("Numbers", "offset"): {"kind": "ranged", "bits": 5, "min": -10, "span": 30},
        # 6.4 / 0.001 is 6400.000000000001: within 1e-9 of 6400
        ("Floats", "angle"): {"kind": "quantized", "bits": 13, "min": -3.2, "max": 3.2, "steps": 6400},
        ("Floats", "ratio"): {"kind": "quantized", "bits": 8, "min": 0.0, "max": 1.0, "steps": 255},
        ("Floats", "raw64"): {"kind": "raw", "bits": 64},
        ("Floats", "position"): {"kind": "quantized", "bits": 17, "min": -50.0, "max": 50.0, "steps": 100000},
        ("Floats", "cell"): {"kind": "ranged", "bits": 10, "min": -512, "span": 1023},
        ("Floats", "rotation"): {"kind": "smallest_three", "bits": 9},
        ("Floats", "raw_rotation"): {"kind": "raw", "bits": 32},
        ("Collections", "name"): None,
        ("Collections", "scores"): {"kind": "ranged", "bits": 10, "min": 0, "span": 1000},
        ("Collections", "samples"): {"kind": "quantized", "bits": 8, "min": -1.0, "max": 1.0, "steps": 200},
        ("Collections", "numbers"): None,
    }
    for key, code in want.items():
        check(packed[key] == code, f"packed of {key}: {packed[key]} != {code}")
    check(fields[("Floats", "angle")]["packing"] == {"range": [-3.2, 3.2], "precision": 0.001, "bits": None},
          f"packing {fields[('Floats', 'angle')]['packing']}")
    check(fields[("Numbers", "percent")]["packing"] == {"range": [0, 100], "precision": None, "bits": None},
          "packing of an integer")
    check(fields[("Numbers", "flag")]["packing"] is None, "no packing")
    lengths = {key: (fd["packed_length"], fd["packed_element_length"]) for key, fd in fields.items()
               if key[0] == "Collections"}
    check(lengths[("Collections", "note")] == ({"kind": "varint"}, None), f"note {lengths[('Collections', 'note')]}")
    check(lengths[("Collections", "tags")] == ({"kind": "ranged", "bits": 3, "min": 0, "span": 4},
                                              {"kind": "ranged", "bits": 4, "min": 0, "span": 10}), "tags")
    check(lengths[("Collections", "corners")] == (None, None), "a fixed array has no count")
    # Cube: 10 + 3 x 17 + 2 + 3 x 9 + 1 = 91; Camera: 3 x 15 + 7 = 52;
    # Scene: varint 8 + count over [0, 64] 7 + 52 + 2 x 91 + Phase 2 + optional 1 = 252
    bits = {name: m["facts"]["packed_min_bits"] for name, m in messages.items()}
    check((bits["Cube"], bits["Camera"], bits["Scene"]) == (91, 52, 252), f"packed_min_bits {bits}")
    check(fields[("Scene", "score")]["packed_min_bits"] == 1, "an optional takes 1 bit at least")

# --- -I: the importing file's folder first, then each -I folder in order, spelled as joined
with tempfile.TemporaryDirectory() as tmp:
    def write(path, text):
        os.makedirs(os.path.dirname(os.path.join(tmp, path)), exist_ok=True)
        with open(os.path.join(tmp, path), "w", encoding="utf-8") as out:
            out.write(text)

    write("app/main.yaml", "package: app\nimports: [lib.yaml, sub/local.yaml]\n"
                           "messages:\n  M: {fields: [{name: l, type: L}, {name: x, type: X}]}\n")
    write("app/sub/local.yaml", "package: local\nmessages:\n  X: {fields: [{name: a, type: int8}]}\n")
    write("inc1/sub/local.yaml", "package: wrong\nmessages:\n  X: {fields: []}\n")  # the app's own folder wins
    write("inc1/lib.yaml", "package: first\nmessages:\n  L: {fields: [{name: a, type: uint16}]}\n")
    write("inc2/lib.yaml", "package: second\nmessages:\n  L: {fields: []}\n")
    d = describe("-I", "./inc1/", "--import-dir", "inc2", "app/main.yaml", cwd=tmp)
    if d is not None:
        check([f["path"] for f in d["files"]] == ["./inc1/lib.yaml", "app/sub/local.yaml", "app/main.yaml"],
              f"-I paths {[f['path'] for f in d['files']]}")
        check([f["package"] for f in d["files"]] == ["first", "local", "app"], "-I order")
        check(d["files"][2]["imports"] == ["./inc1/lib.yaml", "app/sub/local.yaml"], "imports spelled as files")
    d = describe("-Iinc2", "app/main.yaml", cwd=tmp)
    check(d is not None and d["files"][0]["path"] == "inc2/lib.yaml", "-IDIR")
    check(run("check", "-I", "inc1", "app/main.yaml", cwd=tmp).returncode == 0, "pakt check -I")
    missing = run("describe", "app/main.yaml", cwd=tmp)
    check(missing.returncode == 1 and missing.stderr ==
          "app/main.yaml:2:11: error: cannot read schema 'app/lib.yaml': No such file or directory\n"
          "app/main.yaml:4:32: error: unknown type 'L'\n2 errors\n" and missing.stderr ==
          run("check", "app/main.yaml", cwd=tmp).stderr, f"import without -I: {missing.stderr}")
    check(run("describe", "-I", cwd=tmp).returncode == 2, "-I without a folder is a usage error")

# --- nesting that would make facts unbounded (each level doubles the wire shape) is refused
with tempfile.TemporaryDirectory() as tmp:
    diamond = os.path.join(tmp, "diamond.yaml")
    with open(diamond, "w") as out:
        out.write("package: d\nmessages:\n  M0: {fields: [{name: a, type: int32}]}\n")
        for i in range(1, 64):
            out.write(f"  M{i}: {{fields: [{{name: a, type: M{i - 1}}}, {{name: b, type: M{i - 1}}}]}}\n")
    check(run("check", diamond).returncode == 0, "the diamond is a valid schema")
    r = run("describe", diamond)
    check(r.returncode == 1 and r.stdout == "" and r.stderr.startswith("pakt describe: error: ")
          and len(r.stderr.splitlines()) == 1, f"diamond: exit {r.returncode}: {r.stderr}")

# --- usage
check(run("describe").returncode == 2, "describe without schemas: exit 2")
check(run("describe", "--bogus", "x.yaml").returncode == 2, "describe --bogus: exit 2")
helped = run("describe", "--help")
check(helped.returncode == 0 and helped.stdout.startswith("usage: pakt describe"), "describe --help")

print(f"{len(failures)} failure(s)" if failures else "all describe tests passed")
sys.exit(1 if failures else 0)
