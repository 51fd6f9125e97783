#!/usr/bin/env python3
"""The generated Wireshark dissector against `pakt decode`, headless with Debian's tshark.

For each schema: `pakt generate --lang wireshark`, random values of every message encoded by `pakt encode` in
compact, mslima and packed, their truncations and byte mutations, all written to one pcap (a UDP packet per
payload, a port per message and format, bound with the dissector's `bindings` preference) and read by tshark
once (`-T json`). A payload `pakt decode` accepts must show the same field values and no expert info; one it
rejects must show the dissector's expert info; no packet may show a Lua error.

    wireshark_test.py --pakt build/pakt [--seed N] [--values N] SCHEMA.yaml...

Exits 77 (ctest's SKIP_RETURN_CODE) with a message when tshark is not installed.
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "generator"))
from pakt_gen.descriptor import load_descriptor  # noqa: E402
from pakt_gen.model import INTEGER_TYPES, VECTOR_COMPONENTS  # noqa: E402
from pakt_gen.wireshark.render import proto_name  # noqa: E402

FORMATS = ["compact", "mslima", "packed"]
INT_RANGE = {t: ((-(1 << (int(t[3:]) - 1)), (1 << (int(t[3:]) - 1)) - 1) if t.startswith("int")
                 else (0, (1 << int(t[4:])) - 1)) for t in INTEGER_TYPES}
TEXT = "abcXYZ019 _-가나다é€😀"
DEFAULT = object()  # a field after the version boundary a payload ends at


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class Values:
    """Random values of a descriptor's messages, within every limit and range the schema sets."""

    def __init__(self, rng):
        self.rng = rng

    def message(self, m, depth=0):
        return {f.name: self.field(f, depth) for f in m.fields if not f.deprecated}

    def field(self, f, depth):
        if f.optional and self.rng.random() < 0.3:
            return None
        return self.value(f, f.type, depth, f.max_count)

    def value(self, f, t, depth, max_count):
        if t.kind == "message":
            return self.message(t.message, depth + 1)
        if t.kind in ("list", "array"):
            n = t.count if t.kind == "array" else self.rng.randint(0, min(max_count or 3, 0 if depth > 2 else 3))
            return [self.value(f, t.element, depth, 0) for _ in range(n)]
        if t.kind == "enum":
            return self.rng.choice(t.enum.values).number
        code = f.packed
        name = t.name
        if name == "bool":
            return self.rng.random() < 0.5
        if name in INTEGER_TYPES:
            return self.integer(name, code)
        if name in ("float32", "float64"):
            return self.real(name, code)
        if name == "string":
            limit = f.max_length or 12
            s = ""
            for _ in range(self.rng.randint(0, 6)):
                c = self.rng.choice(TEXT)
                if len((s + c).encode()) <= limit:
                    s += c
            return s
        if name == "bytes":
            return [self.rng.randint(0, 255) for _ in range(self.rng.randint(0, min(f.max_length or 6, 6)))]
        if name == "Quaternion" and code is not None and code.kind == "smallest_three":
            q = [self.rng.gauss(0, 1) for _ in range(4)]
            norm = math.sqrt(sum(x * x for x in q)) or 1.0
            return dict(zip("xyzw", (x / norm for x in q)))
        components = VECTOR_COMPONENTS[name]
        if name.endswith("i"):
            return {c: self.integer("int32", code) for c in components}
        return {c: self.real("float32", code) for c in components}

    def integer(self, name, code):
        if code is not None and code.kind == "ranged":
            return code.min + self.rng.randint(0, code.span)
        lo, hi = INT_RANGE[name]
        return self.rng.choice([lo, hi, 0, self.rng.randint(lo, hi), self.rng.randint(-100, 100) if lo < 0 else 7])

    def real(self, name, code):
        if code is not None and code.kind == "quantized":
            x = self.rng.uniform(code.min, code.max)
        else:
            x = self.rng.choice([0.0, -1.5, self.rng.uniform(-1e6, 1e6), self.rng.uniform(-1, 1) * 1e-3])
        return f32(x) if name == "float32" else x


def run(cmd, stdin=b""):
    return subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def pcap(packets):
    """A classic pcap of raw IPv4/UDP packets: (destination port, payload) each."""
    out = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 101)
    for i, (port, payload) in enumerate(packets):
        udp = struct.pack(">HHHH", 50000, port, 8 + len(payload), 0) + payload
        ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), i & 0xFFFF, 0, 64, 17, 0, b"\x7f\0\0\1",
                         b"\x7f\0\0\1") + udp
        out += struct.pack("<IIII", i, 0, len(ip), len(ip)) + ip
    return out


def as_list(x):
    if x is None:
        return []
    return x if isinstance(x, list) else [x]


class Shown:
    """Reads tshark's -T json tree of one payload back into the JSON value pakt decode prints."""

    def __init__(self, proto):
        self.proto = proto

    def message(self, node, m, abbrev_of):
        out = {}
        older = f"{self.proto}.older_version" in node  # the payload ends at a version boundary
        for f in m.fields:
            abbrev = f"{self.proto}.{abbrev_of(m)}.{f.name}"
            if older and not any(key == abbrev or key.startswith(abbrev + ".") for key in node):
                out[f.name] = DEFAULT  # not in the payload: pakt decode gives it its default
                continue
            if f.optional and node.get(abbrev + ".present") in ("0", "False", "false"):
                out[f.name] = None
                continue
            out[f.name] = self.value(node, f.type, abbrev, abbrev_of)
        return out

    def value(self, node, t, abbrev, abbrev_of):
        if t.kind in ("list", "array"):
            children = node.get(abbrev + ".items_tree", {})
            shown = as_list(children.get(abbrev))
            if t.element.kind in ("message",) or (t.element.kind == "builtin" and t.element.name in VECTOR_COMPONENTS):
                return [self.value({abbrev: item}, t.element, abbrev, abbrev_of) for item in shown]
            return [self.value({abbrev: item}, t.element, abbrev, abbrev_of) for item in shown]
        raw = node.get(abbrev)
        if t.kind == "message":
            return self.message(raw if isinstance(raw, dict) else {}, t.message, abbrev_of)
        if raw is None:
            return None  # not shown: the comparison reports it
        name = t.enum.underlying if t.kind == "enum" else t.name
        if name == "bool":
            return raw in ("1", "True", "true")
        if name in INTEGER_TYPES:
            return int(raw)
        if name in ("float32", "float64"):
            return float(raw)
        if name == "string":
            return raw
        if name == "bytes":
            return [int(b, 16) for b in raw.split(":")] if raw else []
        components = VECTOR_COMPONENTS[name]
        integer = name.endswith("i")
        return {c: (int if integer else float)(raw[f"{abbrev}.{c}"]) for c in components}


def same(expected, shown, path, diffs):
    """Compares pakt decode's value with the dissector's: floats at the digits tshark prints (float32: 6
    significant digits, float64: 15)."""
    if shown is DEFAULT:
        return
    if expected in ("NaN", "Infinity", "-Infinity"):
        expected = float(expected.lower().replace("infinity", "inf"))
    if isinstance(expected, float) and math.isnan(expected):
        if not (isinstance(shown, float) and math.isnan(shown)):
            diffs.append(f"{path}: expected NaN, shown {shown!r}")
        return
    if isinstance(expected, dict):
        if not isinstance(shown, dict):
            diffs.append(f"{path}: expected {expected!r}, shown {shown!r}")
            return
        for k, v in expected.items():
            same(v, shown.get(k), f"{path}.{k}", diffs)
    elif isinstance(expected, list):
        if not isinstance(shown, list) or len(shown) != len(expected):
            diffs.append(f"{path}: expected {expected!r}, shown {shown!r}")
            return
        for i, (a, b) in enumerate(zip(expected, shown)):
            same(a, b, f"{path}[{i}]", diffs)
    elif isinstance(expected, float) or (isinstance(shown, float) and isinstance(expected, int)):
        ok = isinstance(shown, float) and (shown == expected or
                                          math.isclose(shown, expected, rel_tol=1e-5, abs_tol=1e-37))
        if not ok:
            diffs.append(f"{path}: expected {expected!r}, shown {shown!r}")
    elif isinstance(expected, str):
        # an FT_STRING ends at its first NUL
        if expected.split("\0")[0] != shown:
            diffs.append(f"{path}: expected {expected!r}, shown {shown!r}")
    elif expected != shown:
        diffs.append(f"{path}: expected {expected!r}, shown {shown!r}")


def mutations(rng, payload):
    """A truncation, and one of: a flipped bit, a byte set to 0x7F, 0x80 or 0xFF, a byte appended."""
    if not payload:
        return [b"\x00"]
    b = bytearray(payload)
    kind = rng.randrange(3)
    if kind == 0:
        b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    elif kind == 1:
        b[rng.randrange(len(b))] = rng.choice([0x7F, 0x80, 0xFF])
    else:
        b.append(rng.randrange(256))
    return [payload[: rng.randrange(len(payload))], bytes(b)]



def frame_layer(frame, proto):
    """(the protocol's layer, the frame's JSON text, a problem or None) of one frame of `tshark -T json`:
    a Lua error or a missing layer is the problem."""
    layers = frame["_source"]["layers"]
    text = json.dumps(layers, ensure_ascii=False)
    if "Lua Error" in text or "the dissector failed" in text:
        at = max(text.find("Lua Error"), text.find("the dissector failed"))
        return None, text, f"a Lua error: {text[at:at + 300]}"
    layer = layers.get(proto)
    if layer is None:
        return None, text, f"the {proto} layer is missing"
    return layer, text, None

def check_schema(args, schema_path, work, rng):
    name = os.path.splitext(os.path.basename(schema_path))[0]
    out_dir = os.path.join(work, name)
    r = run([args.pakt, "generate", "--lang", "wireshark", "--out", out_dir, schema_path])
    if r.returncode != 0:
        return [f"{schema_path}: pakt generate failed: {r.stderr.decode()}"], 0
    lua = r.stdout.decode().split()[0]
    r = run([args.pakt, "describe", schema_path])
    descriptor = load_descriptor(r.stdout.decode())
    schema = descriptor.roots[0]
    proto = proto_name(schema)
    values = Values(rng)

    def abbrev_of(m):
        return m.name if m.schema is schema else m.full_name

    packets, cases, bindings = [], [], []
    # "code" bindings: the payload's first byte is the message's code: (a Photon custom type's)
    code_port = {fmt: 40000 + i for i, fmt in enumerate(FORMATS)}
    bindings += [f"udp:{code_port[fmt]}=code/{fmt}" for fmt in FORMATS]
    port = 41000
    for m in schema.messages:
        for fmt in FORMATS:
            if fmt == "packed" and m.delta:
                pass  # a full packed payload; a delta needs the baseline, which a capture does not hold
            port += 1
            bindings.append(f"udp:{port}={m.name}/{fmt}")
            for _ in range(args.values):
                value = values.message(m)
                enc = run([args.pakt, "encode", "--schema", schema_path, "--message", m.name, "--format", fmt],
                          json.dumps(value).encode())
                if enc.returncode != 0:
                    return [f"{schema_path} {m.name} {fmt}: pakt encode failed on {value}: {enc.stderr.decode()}"], 0
                for payload in [enc.stdout] + mutations(rng, enc.stdout):
                    if not payload:
                        continue  # Wireshark hands no empty UDP payload to a dissector
                    dec = run([args.pakt, "decode", "--schema", schema_path, "--message", m.name, "--format", fmt],
                              payload)
                    expected = json.loads(dec.stdout) if dec.returncode == 0 else None
                    why = dec.stderr.decode().strip()
                    packets.append((port, payload))
                    cases.append((m, fmt, payload, expected, why, payload == enc.stdout))
                    if m.code is not None:
                        packets.append((code_port[fmt], bytes([m.code]) + payload))
                        cases.append((m, fmt, payload, expected, why, payload == enc.stdout))
    capture = os.path.join(work, name + ".pcap")
    with open(capture, "wb") as f:
        f.write(pcap(packets))
    r = run(["tshark", "-n", "-r", capture, "-X", "lua_script:" + lua, "-o", f"{proto}.bindings:{','.join(bindings)}",
             "-T", "json", "--no-duplicate-keys"])
    if r.returncode != 0:
        return [f"{schema_path}: tshark failed: {r.stderr.decode()[:2000]}"], 0
    frames = json.loads(r.stdout)
    if len(frames) != len(cases):
        return [f"{schema_path}: tshark shows {len(frames)} packets of {len(cases)}"], 0
    failures = []
    if "Lua" in r.stderr.decode():
        failures.append(f"{schema_path}: tshark reports a Lua error: {r.stderr.decode()[:1000]}")
    shown_reader = Shown(proto)
    for frame, (m, fmt, payload, expected, why, original) in zip(frames, cases):
        where = f"{schema_path} {m.name} {fmt} {payload.hex()}"
        layer, text, problem = frame_layer(frame, proto)
        if problem:
            failures.append(f"{where}: {problem}")
            continue
        malformed = f"{proto}.malformed" in text
        if expected is None:
            if not malformed:
                failures.append(f"{where}: pakt decode rejects it ({why}) but the dissector shows no expert info")
                continue
            # the same offending byte: pakt decode says "offset N: ...", the expert info "... (byte N)"
            offset = re.search(r"offset (\d+):", why)
            shown_at = re.findall(r"\(byte (\d+)\)", text)
            if offset and offset.group(1) not in shown_at:
                failures.append(f"{where}: pakt decode: {why}; the dissector's expert info is at byte(s) {shown_at}")
            continue
        if malformed:
            failures.append(f"{where}: pakt decode accepts it but the dissector shows expert info: {text[-400:]}")
            continue
        diffs = []
        shown = shown_reader.message(layer, m, abbrev_of)
        if not original:
            # pakt decode gives a deprecated field its default; the dissector shows what the wire holds
            for f in m.fields:
                if f.deprecated:
                    expected.pop(f.name, None)
        same(expected, shown, m.name, diffs)
        if diffs:
            failures.append(f"{where}: " + "; ".join(diffs[:5]))
    return failures, len(cases)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pakt", required=True)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--values", type=int, default=1, help="random values per message and format")
    parser.add_argument("schemas", nargs="+")
    args = parser.parse_args()
    if shutil.which("tshark") is None:
        print("SKIP: tshark is not installed (apt-get install tshark; scripts/setup.sh installs it)")
        return 77
    rng = random.Random(args.seed)
    failures, total = [], 0
    with tempfile.TemporaryDirectory(prefix="pakt_wireshark_") as work:
        os.chmod(work, 0o755)
        for schema_path in args.schemas:
            f, n = check_schema(args, schema_path, work, rng)
            failures += f
            total += n
    for line in failures[:40]:
        print("FAIL", line)
    print(f"{total} payloads dissected, {len(failures)} failures")
    return 1 if failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
