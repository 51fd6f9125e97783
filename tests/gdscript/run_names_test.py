#!/usr/bin/env python3
"""Schema names that collided with the generated GDScript (issue 30), in the real engines
(ctest gdscript.names4 / gdscript.names3).

    run_names_test.py 4 PAKT WORKDIR --node NODE --driver run_godot4.mjs --schemas S.yaml...
    run_names_test.py 3 PAKT WORKDIR --godot3 godot3-server --schemas S.yaml...

tests/gdscript/schemas/gd_names.yaml names fields after the generated code's parameters, locals
and constants (r, g, b, a, w, h, base, OK, PACKED, bytes, format, i0, tags_n0, ...), after their own
type (Role: Role, Weapon: Weapon) or another type (Colour: Box), and messages and enums after Godot
classes (Timer, Node2D, Geometry) and Godot's OK. One engine run checks that the scripts load
without an error and, for the defaults and seeded random values of every message (JSON made here from
`pakt describe`'s descriptor), against the tool's run-time codec (`pakt encode` / `pakt decode`, an
implementation independent of the generated code):
  - from_bytes of the tool's compact bytes returns OK, and to_bytes gives the tool's compact,
    mslima and packed bytes of the same JSON; var_to_bytes(to_variant()) gives its godot4 / godot3
    bytes;
  - from_bytes of the tool's mslima and packed bytes, and from_variant of its godot bytes, give the
    same value (the tool's compact bytes; for packed, the bytes of the tool's own decode and encode);
  - M.new().to_bytes() in each format is the tool's encoding of `{}`;
  - every truncation of one value per message and format (and of the deltas): the tool's verdict
    and, word for word, its error text;
  - deltas (`delta: true`): to_bytes_delta(baseline) is `pakt encode --baseline`'s, and
    from_bytes_delta of the tool's delta gives the value the tool decodes.
Expected bytes and texts come from the tool at test time, never from this back end's output.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

VALUES = 5  # seeded random values per message, after its defaults


def die(msg):
    print(f"run_names_test: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        die(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.strip()[-2000:]}")
    return p


class Tool:
    """`pakt encode` / `pakt decode` of one schema: (ok, hex or JSON text or error text)."""

    def __init__(self, pakt, schema, work):
        self.pakt, self.schema, self.work = pakt, schema, work
        self.n = 0

    def _baseline(self, baseline):
        self.n += 1
        path = os.path.join(self.work, f"baseline_{self.n}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(baseline, f)
        return ["--baseline", path]

    def encode(self, message, value, fmt, baseline=None):
        cmd = [self.pakt, "encode", "--schema", self.schema, "--message", message, "--format", fmt, "--hex"]
        if baseline is not None:
            cmd += self._baseline(baseline)
        p = subprocess.run(cmd, input=json.dumps(value), capture_output=True, text=True)
        return (True, p.stdout.strip()) if p.returncode == 0 else (False, p.stderr.strip())

    def decode(self, message, hx, fmt, baseline=None):
        cmd = [self.pakt, "decode", "--schema", self.schema, "--message", message, "--format", fmt, "--hex"]
        if baseline is not None:
            cmd += self._baseline(baseline)
        p = subprocess.run(cmd, input=hx + "\n", capture_output=True, text=True)
        if p.returncode == 0:
            return True, p.stdout.strip()
        err = p.stderr.strip().splitlines()
        return False, re.sub(r"^pakt decode: error: ", "", err[-1] if err else "")


def load_json(text):
    """The tool's JSON output, with its -0 (a float's negative zero) kept as -0.0: `pakt encode`
    reads a JSON -0 as +0.0."""
    return json.loads(text, parse_int=lambda s: -0.0 if s == "-0" else int(s))


# --------------------------------------------------------------------------- random values
class Values:
    """Random JSON values of the descriptor's messages (within their packed ranges and limits)."""

    def __init__(self, descriptor, rng):
        self.rng = rng
        self.messages, self.enums = {}, {}
        for f in descriptor["files"]:
            for m in f["messages"]:
                self.messages[(f["path"], m["name"])] = m
            for e in f["enums"]:
                self.enums[(f["path"], e["name"])] = e

    def number(self, name, packing):
        r = self.rng
        lo_hi = packing.get("range") if packing else None
        if name in ("float32", "float64"):
            if lo_hi:
                return r.choice([lo_hi[0], lo_hi[1], round(r.uniform(lo_hi[0], lo_hi[1]), 3)])
            return r.choice([0.0, -0.0, 1.5, -2.25, 1e-3, 3.4e38, round(r.uniform(-1e4, 1e4), 3)])
        bits = int(re.sub(r"\D", "", name))
        lo, hi = (0, 2**bits - 1) if name.startswith("u") else (-(2**(bits - 1)), 2**(bits - 1) - 1)
        if lo_hi:
            lo, hi = lo_hi
        return r.choice([lo, hi, r.randint(lo, hi)])

    def builtin(self, name, field):
        r, packing = self.rng, field.get("packing")
        if name == "bool":
            return r.random() < 0.5
        if name in ("string", "bytes"):
            n = r.randint(0, field.get("max_length") or 10)
            if name == "bytes":
                return [r.randrange(256) for _ in range(n)]
            return "".join(r.choice("abcXYZ09 _é✓") for _ in range(n)).encode("utf-8")[:n].decode("utf-8", "ignore")
        if name == "Quaternion":
            q = [r.uniform(-1, 1) for _ in range(4)]
            s = sum(x * x for x in q) ** 0.5 or 1.0
            return [round(x / s, 6) for x in q]
        comps = {"Vector2": 2, "Vector3": 3, "Color": 4, "Vector2i": 2, "Vector3i": 3}.get(name)
        if comps:
            return [self.number("int32" if name.endswith("i") else "float32", packing) for _ in range(comps)]
        return self.number(name, packing)

    def of(self, t, field, path):
        r = self.rng
        kind = t["kind"]
        if kind == "builtin":
            return self.builtin(t["name"], field)
        if kind == "enum":
            return r.choice(self.enums[(t.get("file", path), t["name"])]["values"])["name"]
        if kind == "message":
            return self.message(t.get("file", path), t["name"])
        n = t["count"] if kind == "array" else r.randint(0, field.get("max_count") or 3)
        return [self.of(t["element"], field, path) for _ in range(n)]

    def message(self, path, name):
        m = self.messages[(path, name)]
        out = {}
        for f in m["fields"]:
            if f["deprecated"]:
                continue
            out[f["name"]] = None if f["optional"] and self.rng.random() < 0.3 else self.of(f["type"], f, path)
        return out


# --------------------------------------------------------------------------- the engine script
API = {
    "4": {
        "header": "extends Node\n\nfunc _ready():\n\trun()\n\tprint(\"DONE|\")\n\tget_tree().quit()\n",
        "open": "FileAccess.open(path, FileAccess.READ)",
        "hex": "\treturn h.hex_decode()\n",
        "var_to_bytes": "var_to_bytes",
        "bytes_to_var": "bytes_to_var",
        "extra": "",
    },
    "3": {
        "header": "extends SceneTree\n\nfunc _init():\n\trun()\n\tprint(\"DONE|\")\n\tquit()\n",
        "open": "_open3(path)",
        "hex": "\tvar out = PoolByteArray()\n\tout.resize(h.length() / 2)\n\tfor i in out.size():\n"
               "\t\tout[i] = (\"0x\" + h.substr(2 * i, 2)).hex_to_int()\n\treturn out\n",
        "var_to_bytes": "var2bytes",
        "bytes_to_var": "bytes2var",
        "extra": "func _open3(path):\n\tvar f = File.new()\n\tf.open(path, File.READ)\n\treturn f\n",
    },
}


def engine_script(godot, base, stems):
    api = API[godot]
    return api["header"] + f"""
{api["extra"]}
func hex(h):
{api["hex"]}
const FORMATS = {{"compact": 0, "mslima": 1, "packed": 2}}

func yes(ok):
	return "true" if ok else "false"

func cls_of(scripts, qualified):
	var name = qualified.split(".")
	var consts = scripts[name[0]].get_script_constant_map()
	return consts[name[1]] if consts.has(name[1]) else consts[name[1] + "_"]

func run():
	var scripts = {{}}
	for stem in {stems!r}:
		var s = load("{base}" + stem + ".gd")
		print("LOAD|", stem, "|", yes(s != null))
		if s != null:
			scripts[stem.split(".")[0]] = s
	# The public constants: the script's COMPACT / MSLIMA / PACKED.
	for stem in scripts:
		print("CONST|", stem, "|", scripts[stem].COMPACT, ",", scripts[stem].MSLIMA, ",", scripts[stem].PACKED)
	var path = "{base}inputs.txt"
	var f = {api["open"]}
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		var p = line.split("\\t")
		var kind = p[0]
		var key = p[1]
		var cls = cls_of(scripts, p[2])
		if kind == "N":  # the defaults of M.new()
			var m = cls.new()
			print("N|", key, "|", m.to_bytes().hex_encode(), "|", m.to_bytes(0).hex_encode(), "|", m.to_bytes(1).hex_encode(), "|",
				m.to_bytes(2).hex_encode(), "|", {api["var_to_bytes"]}(m.to_variant()).hex_encode(), "|", m.last_error)
		elif kind == "V":  # compact bytes in; every format out
			var m = cls.new()
			var rc = m.from_bytes(hex(p[3]))
			print("V|", key, "|", yes(rc == OK), "|", m.last_error, "|", m.to_bytes(0).hex_encode(), "|", m.to_bytes(1).hex_encode(), "|",
				m.to_bytes(2).hex_encode(), "|", {api["var_to_bytes"]}(m.to_variant()).hex_encode())
		elif kind == "F":  # bytes of format p[3] in (into a used instance); compact and packed out
			var m = cls.new()
			m.from_bytes(hex(p[5]))
			var rc = m.from_bytes(hex(p[4]), FORMATS[p[3]]) if p[3] != "godot" else m.from_variant({api["bytes_to_var"]}(hex(p[4])))
			print("F|", key, "|", yes(rc == OK), "|", m.last_error, "|", m.to_bytes(0).hex_encode(), "|", m.to_bytes(2).hex_encode())
		elif kind == "T":  # a truncation (or any bytes) of format p[3]: the verdict and error
			var m = cls.new()
			var rc = m.from_bytes(hex(p[4]), FORMATS[p[3]])
			print("T|", key, "|", yes(rc == OK), "|", m.last_error)
		elif kind == "X":  # to_bytes_delta(baseline): the value and the baseline in compact
			var b = cls.new()
			var m = cls.new()
			var rb = b.from_bytes(hex(p[4]))
			var rm = m.from_bytes(hex(p[3]))
			print("X|", key, "|", yes(rb == OK and rm == OK), "|", m.to_bytes_delta(b).hex_encode(), "|", m.last_error)
		elif kind == "Y":  # from_bytes_delta(delta, baseline): the verdict, error and packed bytes
			var b = cls.new()
			b.from_bytes(hex(p[4]))
			var m = cls.new()
			var rc = m.from_bytes_delta(hex(p[3]), b)
			print("Y|", key, "|", yes(rc == OK), "|", m.last_error, "|", m.to_bytes(2).hex_encode())
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("godot", choices=["4", "3"])
    ap.add_argument("pakt")
    ap.add_argument("work")
    ap.add_argument("--node", default="node")
    ap.add_argument("--driver")
    ap.add_argument("--godot3")
    ap.add_argument("--schemas", nargs="+", required=True)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--values", type=int, default=VALUES, help="seeded random values per message")
    ap.add_argument("--prefixes", type=int, default=0, help="at most this many truncations per payload, evenly "
                    "spread (0: every prefix), for a quicker run on larger schemas")
    args = ap.parse_args()

    work = os.path.abspath(args.work)
    gen = os.path.join(work, "generated")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(gen)
    run([args.pakt, "generate", "--lang", "gdscript", "--godot", args.godot, "--out", gen] + args.schemas)
    stems = sorted(n[:-3] for n in os.listdir(gen) if n.endswith(".gd"))
    descriptor = json.loads(run([args.pakt, "describe"] + args.schemas).stdout)
    values = Values(descriptor, random.Random(args.seed))
    godot_format = "godot4" if args.godot == "4" else "godot3"

    # The values and what the tool makes of them.
    jobs = []  # (message qualified name, tool, message name, key, value, baseline)
    for f in descriptor["files"]:
        tool = Tool(args.pakt, f["path"], work)
        for m in f["messages"]:
            q = f"{f['stem']}.{m['name']}"
            vals = [{}] + [values.message(f["path"], m["name"]) for _ in range(args.values)]
            for k, v in enumerate(vals):
                base = vals[(k + 1) % len(vals)] if m["delta"] else None
                jobs.append((q, tool, m["name"], f"{q}#{k}", v, base))

    def expect(job):
        q, tool, name, key, v, base = job
        e = {"q": q, "key": key, "value": v}
        for fmt in ("compact", "mslima", "packed", godot_format):
            e[fmt] = tool.encode(name, v, fmt)
        if not e["compact"][0]:
            die(f"pakt encode refuses the test's own value {key}: {e['compact'][1]}\n{json.dumps(v)}")
        if e["packed"][0]:  # the value the tool decodes (quantized), encoded again by the tool
            ok, js = tool.decode(name, e["packed"][1], "packed")
            e["packed_again"] = tool.encode(name, load_json(js), "packed") if ok else (False, js)
            e["packed_compact"] = tool.encode(name, load_json(js), "compact") if ok else (False, js)
        if base is not None:
            e["base_compact"] = tool.encode(name, base, "compact")
            e["delta"] = tool.encode(name, v, "packed", base)
            if e["delta"][0]:
                ok, js = tool.decode(name, e["delta"][1], "packed", base)
                e["delta_again"] = tool.encode(name, load_json(js), "packed") if ok else (False, js)
        return e

    with ThreadPoolExecutor(3) as pool:
        expected = list(pool.map(expect, jobs))

    def prefixes(size):
        if not args.prefixes or size <= args.prefixes:
            return range(size)
        return sorted({size * k // args.prefixes for k in range(args.prefixes)})

    inputs = []
    truncations = []  # (key, qualified name, tool, message, format, hex, baseline JSON)
    first = set()
    for j, ((q, tool, name, key, v, base), e) in enumerate(zip(jobs, expected)):
        other = expected[j + 1] if j + 1 < len(expected) and expected[j + 1]["q"] == q else expected[j - 1]
        if key.endswith("#0"):
            inputs.append(("N", key, q))
        c = e["compact"][1]
        inputs.append(("V", key, q, c))
        for fmt in ("mslima", "packed", "godot"):
            got = e[godot_format if fmt == "godot" else fmt]
            if got[0]:
                # into an instance that holds another value of the message (its arrays and messages reused)
                inputs.append(("F", f"{key}/{fmt}", q, fmt, got[1], other["compact"][1]))
        if base is not None and e["delta"][0]:
            inputs.append(("X", key, q, c, e["base_compact"][1]))
            inputs.append(("Y", key, q, e["delta"][1], e["base_compact"][1]))
        # every truncation of the first random value of each message in each format, and of its delta
        if key.endswith("#1") and q not in first:
            first.add(q)
            for fmt in ("compact", "mslima", "packed"):
                if e[fmt][0]:
                    hx = e[fmt][1]
                    truncations += [(f"{key}/{fmt}/{n}", q, tool, name, fmt, hx[:2 * n], None) for n in prefixes(len(hx) // 2)]
                    # and bytes appended
                    truncations.append((f"{key}/{fmt}/+", q, tool, name, fmt, hx + "00ff", None))
            if base is not None and e["delta"][0]:
                hx = e["delta"][1]
                truncations += [(f"{key}/delta/{n}", q, tool, name, "delta", hx[:2 * n], base) for n in prefixes(len(hx) // 2)]

    def verdict(t):
        key, q, tool, name, fmt, hx, base = t
        return tool.decode(name, hx, "packed" if fmt == "delta" else fmt, base)

    with ThreadPoolExecutor(3) as pool:
        verdicts = list(pool.map(verdict, truncations))
    by_key = {e["key"]: e for e in expected}
    for (key, q, tool, name, fmt, hx, base), _ in zip(truncations, verdicts):
        if fmt == "delta":
            inputs.append(("Y", key, q, hx, by_key[key.split("/")[0]]["base_compact"][1]))
        else:
            inputs.append(("T", key, q, fmt, hx))
    with open(os.path.join(gen, "inputs.txt"), "w", encoding="utf-8") as f:
        for rec in inputs:
            f.write("\t".join(rec) + "\n")

    # One engine run.
    if args.godot == "4":
        script = engine_script("4", "/tmp/pakt/", stems)
        script_path = os.path.join(work, "test.gd")
        open(script_path, "w", encoding="utf-8").write(script)
        files = [os.path.join(gen, n) for n in sorted(os.listdir(gen))]
        p = subprocess.run([args.node, args.driver, script_path] + files, capture_output=True, timeout=280)
    else:
        script = engine_script("3", gen + "/", stems)
        script_path = os.path.join(work, "test.gd")
        open(script_path, "w", encoding="utf-8").write(script)
        p = subprocess.run([args.godot3, "--no-window", "-s", script_path], capture_output=True, timeout=280, cwd=work)
    out = p.stdout.decode("utf-8", errors="replace")
    err = p.stderr.decode("utf-8", errors="replace")
    open(os.path.join(work, "engine_stdout.txt"), "w", encoding="utf-8").write(out)
    open(os.path.join(work, "engine_stderr.txt"), "w", encoding="utf-8").write(err)
    lines = [l.split("|") for l in out.splitlines() if "|" in l]
    failures = []
    bad_output = [l for l in (out + "\n" + err).splitlines()
                  if re.search(r"SCRIPT ERROR|Parse Error|Invalid (call|get|set|index|operands)|\.gd:\d+", l)]
    failures += [f"engine reported: {l}" for l in bad_output[:20]]
    if ["DONE", ""] not in lines:
        die(f"the engine did not finish the script (exit {p.returncode}).\nstdout:\n{out[-3000:]}\nstderr:\n{err[-3000:]}")
    loads = {l[1]: l[2].lower() for l in lines if l[0] == "LOAD"}
    for s in stems:
        if loads.get(s) != "true":
            failures.append(f"{s}.gd did not load in Godot {args.godot}")
    for l in lines:
        if l[0] == "CONST" and l[2] != "0,1,2":
            failures.append(f"{l[1]}: COMPACT, MSLIMA, PACKED are {l[2]}, not 0,1,2")
    got = {(l[0], l[1]): l[2:] for l in lines if l[0] in "NVFTXY" and len(l) > 2}

    def check(cond, what):
        if not cond:
            failures.append(what)
        return cond

    counts = dict(values=0, formats=0, defaults=0, truncations=0, deltas=0)
    for e in expected:
        key = e["key"]
        if key.endswith("#0"):  # M.new() is the tool's {}
            r = got.get(("N", key))
            if check(r is not None, f"N {key}: no result"):
                want = [e["compact"][1], e["compact"][1], e["mslima"][1], e["packed"][1],
                        e[godot_format][1] if e[godot_format][0] else r[4], ""]
                check(r == want, f"N {key}: M.new() encodes to\n  GDScript: {r}\n  pakt:     {want}")
                counts["defaults"] += 1
        r = got.get(("V", key))
        if not check(r is not None, f"V {key}: no result"):
            continue
        counts["values"] += 1
        want = ["true", "", e["compact"][1], e["mslima"][1], e["packed"][1] if e["packed"][0] else "",
                e[godot_format][1] if e[godot_format][0] else r[5]]
        check(r == want, f"V {key}: from_bytes(compact) then to_bytes(compact, mslima, packed), var_to_bytes:\n"
                         f"  GDScript: {r}\n  pakt:     {want}\n  value: {json.dumps(e['value'])}")
        for fmt in ("mslima", "packed", "godot"):
            r = got.get(("F", f"{key}/{fmt}"))
            tool_has = e[godot_format if fmt == "godot" else fmt][0]
            if not tool_has:
                continue
            if not check(r is not None, f"F {key}/{fmt}: no result"):
                continue
            counts["formats"] += 1
            if fmt == "packed":  # the quantized value the tool decodes
                want = ["true", "", e["packed_compact"][1], e["packed_again"][1]]
            else:
                want = ["true", "", e["compact"][1], e["packed"][1] if e["packed"][0] else ""]
            check(r == want, f"F {key}/{fmt}: from_bytes / from_variant then to_bytes(compact, packed):\n"
                             f"  GDScript: {r}\n  pakt:     {want}")
        if "delta" in e and e["delta"][0]:
            counts["deltas"] += 1
            r = got.get(("X", key))
            check(r == ["true", e["delta"][1], ""], f"X {key}: to_bytes_delta\n  GDScript: {r}\n  pakt:     {e['delta'][1]}")
            r = got.get(("Y", key))
            want = ["true", "", e["delta_again"][1]]
            check(r == want, f"Y {key}: from_bytes_delta\n  GDScript: {r}\n  pakt:     {want}")
    for (key, q, tool, name, fmt, hx, base), (ok, text) in zip(truncations, verdicts):
        r = got.get(("Y" if fmt == "delta" else "T", key))
        if not check(r is not None, f"{key}: no result"):
            continue
        counts["truncations"] += 1
        if ok:
            check(r[0] == "true" and r[1] == "", f"{key}: pakt accepts {hx!r}, GDScript says {r}")
        else:
            check(r[0] == "false" and r[1] == text, f"{key}: {hx!r}\n  GDScript: {r[1]!r}\n  pakt:     {text!r}")

    print(f"run_names_test (Godot {args.godot}): {len(stems)} scripts loaded; {counts['values']} values "
          f"(defaults included) from compact to compact/mslima/packed/{godot_format}; {counts['formats']} from "
          f"mslima/packed/{godot_format}; {counts['defaults']} M.new(); {counts['deltas']} deltas both ways; "
          f"{counts['truncations']} truncated or extended payloads")
    has_delta = any(m["delta"] for f in descriptor["files"] for m in f["messages"])
    if not counts["values"] or not counts["truncations"] or (has_delta and not counts["deltas"]):
        failures.append("nothing compared")
    if failures:
        for f in failures[:40]:
            print(f"FAIL: {f}", file=sys.stderr)
        die(f"{len(failures)} failures")
    print("run_names_test: PASS")


if __name__ == "__main__":
    main()
