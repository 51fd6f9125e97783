#!/usr/bin/env python3
"""The cross-language conformance run (issue 30; ctest label conformance; README.md in this folder).

    run_conformance.py --pakt PAKT --reference conformance_reference --work DIR
        [--schemas N] [--values V] [--seed S] [--soak N] [--langs cpp,csharp,godot3,godot4]
        [--godot3 godot3-server] [--node node --driver4 run_godot4.mjs] [--generator-dir DIR]
        [--schema FILE]... [--expect-failures FILE]

For N random schemas (schema_fuzz.py, seeds S..S+N-1): `pakt check` either rejects the schema with
positioned diagnostics (file:line:col: error: ..., then the count), or every language's generated code
builds/loads it and, for V random values per schema, answers every request of the driver protocol
exactly as the reference (the tool's run-time codec, reference.cpp) does: encoded bytes in compact,
mslima, packed and the Godot 4 / Godot 3 Variant formats (GDScript: the engine's var_to_bytes),
SerializedSize, decoding the reference's bytes (= every language's bytes, since they
are equal) to the same value, ToJson, the default-constructed message, packed deltas both ways, and
truncations and mutations of the payloads and deltas (the same verdict: error text or value); every
fourth value has its fields at their edges. Prints the numbers; exit 1 on any conformance failure.
--soak N: N schemas from a seed drawn from the clock (printed), for local runs;
PAKT_CONFORMANCE_SOAK=N does the same. --schema FILE (repeatable): a schema of the user's (without
imports), V random values of it, the same requests in every language; with --schema the random
schemas are only those --schemas N asks for.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import schema_fuzz  # noqa: E402
import drivers  # noqa: E402

FORMATS = ("compact", "mslima", "packed")
# The Godot Variant formats (README.md "The Godot Variant formats"): ops N, E, S and D. Each language
# speaks those of SPEAKS and answers NA in the others.
GODOT_FORMATS = ("godot4", "godot3")
SPEAKS = {"cpp": FORMATS + GODOT_FORMATS, "csharp": FORMATS, "godot3": FORMATS + ("godot3",),
          "godot4": FORMATS + ("godot4",)}
EDGE_EVERY, EDGE_FIRST = 4, 2  # values 2, 6, 10, ... of each schema are edge values
DIAG = re.compile(r"^(.+?):(\d+):(\d+): (error|warning): (.+)$")


def log(msg):
    print(msg, flush=True)


def check_schema(pakt, path, env):
    """(accepted, reasons, problem): reasons of a rejection, problem when the diagnostics are not positioned."""
    p = subprocess.run([pakt, "check", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    text = (p.stdout + p.stderr).strip()
    if p.returncode == 0:
        return True, [], None
    lines = text.splitlines()
    reasons, problem = [], None
    if p.returncode != 1:
        problem = f"pakt check exited with {p.returncode}: {text[-500:]}"
    for l in lines:
        m = DIAG.match(l)
        if m:
            if m.group(1) != path:
                problem = problem or f"diagnostic names another file: {l}"
            if m.group(4) == "error":
                # The reason without the names: "field name 'X' is a C++ keyword".
                reasons.append(re.sub(r"'[^']*'", "'X'", m.group(5)).split(" (did you mean")[0])
        elif re.fullmatch(r"\d+ errors?", l):
            continue
        else:
            problem = problem or f"not a positioned diagnostic: {l}"
    if not reasons:
        problem = problem or f"rejected without an error line: {text[-500:]}"
    return False, reasons, problem


def user_schema(pakt, path, env):
    """The model of a schema given with --schema: its descriptor's, after `pakt check` accepts it."""
    p = subprocess.run([pakt, "check", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"--schema {path}: pakt check refuses it:\n{p.stdout.strip()}")
    p = subprocess.run([pakt, "describe", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"--schema {path}: pakt describe failed: {p.stderr.strip()}")
    files = json.loads(p.stdout)["files"]
    if len(files) != 1 or files[0]["imports"]:
        sys.exit(f"--schema {path}: it imports other schemas; the conformance run takes schemas without imports")
    return schema_fuzz.model_from_descriptor(files[0])


def read_responses(path):
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if "\t" in line:
                k, v = line.split("\t", 1)
                out[k] = v
    return out


def write_requests(path, reqs):
    with open(path, "w", encoding="utf-8") as f:
        for r in reqs:
            f.write("\t".join(r) + "\n")


def run_reference(ref, schema_dir, work, name, reqs):
    rq, rs = os.path.join(work, name + ".req"), os.path.join(work, name + ".res")
    write_requests(rq, reqs)
    p = subprocess.run([ref, schema_dir, rq, rs], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"the reference exited with {p.returncode}: {p.stderr[-2000:]}")
    return read_responses(rs)


def truncations(hexs, every, rng, sample=2):
    """Prefixes (hex) of a payload: all of them when `every`, else `sample` random ones."""
    n = len(hexs) // 2
    if n == 0:
        return []
    cuts = range(n) if every else sorted(set(rng.randrange(n) for _ in range(sample)))
    if every and n > 48:  # long payloads: the first and last 16 bytes and a sample in between
        cuts = sorted(set(list(range(16)) + list(range(n - 16, n)) + [rng.randrange(n) for _ in range(16)]))
    return [hexs[:2 * c] for c in cuts]


def mutations(hexs, fmt, every, rng):
    """Mutated payloads (hex) of a payload of FORMAT, each differing from it: with `every` (the first
    values of each schema) a trailing byte, the last byte's top bit set (packed: a padding bit), three
    single bit flips, a byte set to 0xff, and length fields set huge: compact's (int32 little-endian)
    and mslima's (int32 big-endian) at the first two offsets whose four bytes read as a length that
    fits the bytes after them, set to 2^31 - 1 and to -2^31; packed's lengths are bits, so five bytes
    of 0xff there (a varint or ranged length at its largest). Else one bit flip."""
    data = bytes.fromhex(hexs)
    n = len(data)
    out = []

    def put(i, chunk):
        out.append(data[:i] + chunk + data[i + len(chunk):])

    if n and not every:
        i = rng.randrange(n)
        put(i, bytes([data[i] ^ (1 << rng.randrange(8))]))
    elif every:
        out.append(data + b"\x00")
        if n:
            put(n - 1, bytes([data[-1] | 0x80]))
            for _ in range(3):
                i = rng.randrange(n)
                put(i, bytes([data[i] ^ (1 << rng.randrange(8))]))
            put(rng.randrange(n), b"\xff")
        if fmt == "packed":
            if n:
                put(rng.randrange(n), b"\xff" * 5)
        else:
            order = "little" if fmt == "compact" else "big"
            lengths = [i for i in range(n - 3) if int.from_bytes(data[i:i + 4], order, signed=True) in range(1, n - i - 3)]
            for i in lengths[:2]:
                for huge in (2 ** 31 - 1, -2 ** 31):
                    put(i, huge.to_bytes(4, order, signed=True))
    seen, result = {data}, []
    for m in out:
        if m not in seen:
            seen.add(m)
            result.append(m.hex())
    return result


KNOWN = ("MISMATCH", "quieted NaN", "string cut at NUL")  # stats rows that are not answers compared


def only_quieted_nans(want, have):
    """True when two decode answers (OK + compact hex) differ only by the quiet bit (0x00400000) of
    float32 NaNs set in `have`: GDScript floats are doubles, and a signalling float32 NaN read into one
    comes back quiet (docs/gdscript.md). Compact is little-endian: the bit is bit 6 of a float's third
    byte, whose next byte holds the exponent's top seven bits (all ones) and whose own top bit the
    exponent's last one (also one)."""
    if not (want or "").startswith("OK ") or not (have or "").startswith("OK "):
        return False
    a, b = bytes.fromhex(want[3:]), bytes.fromhex(have[3:])
    if len(a) != len(b) or a == b:
        return False
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            continue
        if y != x | 0x40 or i + 1 >= len(a) or a[i + 1] & 0x7F != 0x7F or not x & 0x80:
            return False
        if not (x & 0x3F or (i >= 1 and a[i - 1]) or (i >= 2 and a[i - 2])):  # infinity is no NaN
            return False
    return True


def strings_cut_at_nul(v):
    """A JSON value with every string cut at its first U+0000 (what a Godot String keeps of it)."""
    if isinstance(v, str):
        return v.split("\x00", 1)[0]
    if isinstance(v, list):
        return [strings_cut_at_nul(x) for x in v]
    if isinstance(v, dict):
        return {k: strings_cut_at_nul(x) for k, x in v.items()}
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pakt", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--schemas", type=int, help="random schemas (default: 200, or 0 with --schema)")
    ap.add_argument("--values", type=int, default=50, help="values per accepted schema")
    ap.add_argument("--seed", type=int, default=30000)
    ap.add_argument("--schema", action="append", default=[], metavar="FILE",
                    help="a schema of yours (no imports), beside the random ones; repeatable")
    ap.add_argument("--soak", type=int, default=int(os.environ.get("PAKT_CONFORMANCE_SOAK", "0") or 0))
    ap.add_argument("--langs", default="cpp,csharp,godot3,godot4")
    ap.add_argument("--godot3", default=shutil.which("godot3-server"))
    ap.add_argument("--node", default=shutil.which("node"))
    ap.add_argument("--driver4")
    ap.add_argument("--generator-dir", help="PAKT_GENERATOR_DIR for pakt generate")
    ap.add_argument("--cxx-flags", default="", help="extra flags of the C++ driver's compile and link "
                    "(the sanitizer passes: -fsanitize=address,undefined)")
    ap.add_argument("--jobs", type=int, default=2, help="compilers and generators at once (per language)")
    ap.add_argument("--no-parallel", dest="parallel", action="store_false",
                    help="the languages one after the other (default: all at once, each in a thread)")
    ap.add_argument("--keep-going", action="store_true", help="exit 0 even on conformance failures")
    ap.add_argument("--show", type=int, default=12, help="mismatches shown per language")
    args = ap.parse_args()
    started = time.time()
    if args.schemas is None:
        args.schemas = 0 if args.schema else 200
    if args.soak:
        args.schemas = args.soak
        args.seed = int(time.time()) % 1000000 * 1000
        log(f"soak: {args.schemas} schemas from seed {args.seed} (rerun with --seed {args.seed} --schemas {args.schemas})")
    env = dict(os.environ)
    if args.generator_dir:
        env["PAKT_GENERATOR_DIR"] = os.path.abspath(args.generator_dir)
    langs = [l for l in args.langs.split(",") if l]
    known = ("cpp", "csharp", "godot3", "godot4")
    if not langs or any(l not in known for l in langs):
        ap.error(f"--langs: '{args.langs}': a comma-separated list of {', '.join(known)}")
    if args.values < 1 or args.schemas < 0 or (not args.schemas and not args.schema):
        ap.error("nothing to compare: --values must be 1 or more, and --schemas N or --schema FILE give the schemas")
    for option, path in (("--pakt", args.pakt), ("--reference", args.reference)):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            ap.error(f"{option} {path}: no such executable")
    args.pakt, args.reference = os.path.abspath(args.pakt), os.path.abspath(args.reference)
    for path in args.schema:
        if not os.path.isfile(path):
            ap.error(f"--schema {path}: no such file")
    if "godot4" in langs and not args.driver4:
        ap.error("--langs godot4 needs --node and --driver4 (tests/godot/engine4/run_godot4.mjs of a build)")

    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    sdir = os.path.join(work, "schemas")
    try:
        os.makedirs(sdir)
    except OSError as e:
        ap.error(f"--work {args.work}: {e.strerror}")
    pools = schema_fuzz.load_name_pools()

    # 1. Schemas, and what pakt check says of each.
    models, paths = {}, {}
    for i in range(args.schemas):
        seed = args.seed + i
        sid = f"s{i:04d}"
        model = schema_fuzz.gen_schema(seed, i, pools)
        paths[sid] = os.path.join(sdir, sid + ".yaml")
        open(paths[sid], "w", encoding="utf-8").write(schema_fuzz.to_yaml(model, seed))
        models[sid] = model
    for i, user_path in enumerate(args.schema):  # after the random ones, which keep their numbers
        sid = f"s{args.schemas + i:04d}"
        models[sid] = user_schema(args.pakt, user_path, env)
        paths[sid] = os.path.join(sdir, sid + ".yaml")
        shutil.copyfile(user_path, paths[sid])
        log(f"{sid}: {user_path}")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        checks = dict(zip(models, ex.map(lambda s: check_schema(args.pakt, paths[s], env), models)))
    failures = collections.OrderedDict()  # (sid, language) -> text
    rejected_by = collections.Counter()
    accepted = []
    for sid, (ok, reasons, problem) in checks.items():
        if problem:
            failures[(sid, "pakt check")] = problem
        if ok:
            m = models[sid]
            accepted.append(drivers.Schema(sid, paths[sid], m["package"], [x["name"] for x in m["messages"]],
                                           {x["name"] for x in m["messages"] if x["delta"]}))
        else:
            for r in sorted(set(reasons)):
                rejected_by[r] += 1
    seeds = f" (seeds {args.seed}..{args.seed + args.schemas - 1})" if args.schemas else ""
    log(f"schemas: {len(args.schema)} given, {args.schemas} generated{seeds}, "
        f"{len(accepted)} accepted by pakt check, {len(models) - len(accepted)} rejected")

    # 2. Values: JSON -> compact bytes by the reference.
    rng = random.Random(args.seed)
    vreqs, pairs = [], {}
    for s in accepted:
        vg = schema_fuzz.ValueGen(models[s.sid], random.Random(args.seed * 7 + int(s.sid[1:])))
        for k in range(args.values):
            msg = s.messages[k % len(s.messages)]
            prev = pairs.get((s.sid, msg))
            # Every EDGE_EVERY-th value has its fields at their edges (schema_fuzz.ValueGen.edge_leaf); the
            # first of them is among the first three values, whose payloads get every truncation and mutation.
            # A delta message's value made from the previous one changes some of its fields to edges.
            edge = k % EDGE_EVERY == EDGE_FIRST
            value = (vg.mutate(msg, prev, edge=edge) if (msg in s.delta and prev is not None and k % 3)
                     else vg.message(msg, edge=edge))
            pairs[(s.sid, msg)] = value
            vreqs.append((f"{s.sid}.v{k}", s.sid, msg, "V", "compact", schema_fuzz.json_text(value)))
    vres = run_reference(args.reference, sdir, work, "values", vreqs)
    values = collections.defaultdict(list)  # (sid, msg) -> [(key, compact hex)]
    refused = collections.Counter()
    for key, sid, msg, _, _, js in vreqs:
        r = vres.get(key, "MISSING")
        if r.startswith("OK "):
            values[(sid, msg)].append((key, r[3:]))
        else:
            refused[re.sub(r"^ERR [^:]*: ", "", r)[:80]] += 1
    n_values = sum(len(v) for v in values.values())
    log(f"values: {len(vreqs)} generated, {n_values} accepted by the reference (pakt's run-time codec), "
        f"{sum(refused.values())} refused")
    for r, n in refused.most_common(5):
        log(f"  refused x{n}: {r}")

    # 3. Requests. Pass 1: encodings and deltas; pass 2: decodes of the reference's bytes, truncations.
    p1 = []
    for s in accepted:
        for msg in s.messages:
            for f in FORMATS + GODOT_FORMATS:
                p1.append((f"{s.sid}.{msg}.N.{f}", s.sid, msg, "N", f))
            vals = values[(s.sid, msg)]
            for key, hx in vals:
                for f in FORMATS + GODOT_FORMATS:
                    p1.append((f"{key}.E.{f}", s.sid, msg, "E", f, hx))
                    p1.append((f"{key}.S.{f}", s.sid, msg, "S", f, hx))
                p1.append((f"{key}.J", s.sid, msg, "J", "compact", hx))
    r1 = run_reference(args.reference, sdir, work, "pass1", p1)
    # Deltas (X) only between consecutive values that the reference encodes in full packed without an
    # error. A known, documented difference (README.md "Deltas of out-of-range values"): the reference
    # refuses a delta when either value has a packed field outside its range, the generated delta
    # encoders check only the fields they write. Out-of-range values stay in the E requests above.
    deltas, skipped_deltas = [], 0
    for s in accepted:
        for msg in sorted(s.delta):
            vals = values[(s.sid, msg)]
            for i in range(1, len(vals)):
                (pkey, phx), (key, hx) = vals[i - 1], vals[i]
                if r1.get(f"{pkey}.E.packed", "").startswith("OK ") and r1.get(f"{key}.E.packed", "").startswith("OK "):
                    deltas.append((f"{key}.X", s.sid, msg, "X", "packed", phx, hx))
                else:
                    skipped_deltas += 1
    # Replication scenarios (R, README.md "The replication scenario"): per delta message, the values the
    # reference encodes in full packed, in order, with a random script of packet and ack fates.
    scenarios = []
    for s in accepted:
        for msg in sorted(s.delta):
            vals = [hx for key, hx in values[(s.sid, msg)] if r1.get(f"{key}.E.packed", "").startswith("OK ")][:10]
            if vals:
                script = "".join(rng.choice("oooooaaldh") for _ in vals)
                scenarios.append((f"{s.sid}.{msg}.R", s.sid, msg, "R", "packed", ",".join(vals), script))
    deltas += scenarios
    r1.update(run_reference(args.reference, sdir, work, "pass1x", deltas))
    p1 += deltas
    p2 = []
    for req in p1:
        key, sid, msg, op, f = req[:5]
        res = r1.get(key, "")
        if not res.startswith("OK "):
            continue
        payload = res[3:]
        vm = re.match(r"s\d+\.v(\d+)\.", key)  # a value's key (a default's is sNNNN.<message>.N.<format>)
        idx = int(vm.group(1)) if vm else -1
        every = 0 <= idx < 3  # every prefix of the first values of each schema
        if op in ("E", "N"):
            p2.append((f"{key}.D", sid, msg, "D", f, payload))
            for t in truncations(payload, every and op == "E" and f in FORMATS, rng):
                p2.append((f"{key}.D.t{len(t) // 2}", sid, msg, "D", f, t))
            # Godot payloads: truncations only (README.md "Mutated Godot payloads": known differences)
            for j, m in enumerate(mutations(payload, f, every and op == "E", rng) if f in FORMATS else []):
                p2.append((f"{key}.D.m{j}", sid, msg, "D", f, m))
        elif op == "X":
            p2.append((f"{key}.Y", sid, msg, "Y", "packed", req[5], payload))
            for t in truncations(payload, every, rng):
                p2.append((f"{key}.Y.t{len(t) // 2}", sid, msg, "Y", "packed", req[5], t))
            for j, m in enumerate(mutations(payload, "packed", every, rng)):
                p2.append((f"{key}.Y.m{j}", sid, msg, "Y", "packed", req[5], m))
    requests = p1 + p2
    rq = os.path.join(work, "requests.txt")
    write_requests(rq, requests)
    ref = run_reference(args.reference, sdir, work, "all", requests)
    n_mutated = sum(1 for r in p2 if re.search(r"\.[DY]\.m\d+$", r[0]))
    log(f"requests: {len(requests)} ({len(p1)} encodings, sizes, JSON, defaults and deltas; {len(p2)} decodes of the "
        f"reference's bytes, {n_mutated} of them mutated, truncations included) in {rq}")

    # 4. Every language.
    all_drivers = {
        "cpp": lambda: drivers.CppDriver(args.pakt, os.path.join(work, "cpp"), jobs=args.jobs, env=env,
                                         cxx_flags=args.cxx_flags.split()),
        "csharp": lambda: drivers.CSharpDriver(args.pakt, os.path.join(work, "csharp"), env=env),
        "godot3": lambda: drivers.GDScriptDriver("3", args.pakt, os.path.join(work, "godot3"), env=env,
                                                 godot3=args.godot3),
        "godot4": lambda: drivers.GDScriptDriver("4", args.pakt, os.path.join(work, "godot4"), env=env,
                                                 node=args.node, driver4=args.driver4),
    }

    def no_variant_form(lang, req):
        """GDScript is not asked to encode a value that has no Variant form in its Godot format: the
        reference and C++ refuse it (uint64 above INT64_MAX, Vector2i/3i in Godot 3, README.md), while
        GDScript's to_variant() and the engine's var_to_bytes() have no error to give."""
        return (lang.startswith("godot") and req[3] in ("N", "E", "S") and req[4] in SPEAKS[lang]
                and req[4] in GODOT_FORMATS and ref.get(req[0], "").startswith("ERR "))

    def drive(lang):
        """Builds and runs one language's driver (in a thread of its own: the languages run at once)."""
        t0 = time.time()
        out = {"bad": {}, "error": None, "reqs": [], "seconds": {}}
        d = all_drivers[lang]()
        try:
            out["bad"] = dict(d.build(accepted))
        except Exception as e:  # noqa: BLE001
            out["error"] = f"build: {e}"
            return out
        # In a format the language does not speak it answers NA: asked for the defaults (N) only.
        out["reqs"] = [r for r in requests if r[1] not in out["bad"] and not no_variant_form(lang, r)
                       and (r[4] in SPEAKS[lang] or r[3] == "N")]
        lrq = os.path.join(work, f"requests_{lang}.txt")
        write_requests(lrq, out["reqs"])
        try:
            out["more"] = d.run(lrq, os.path.join(work, f"responses_{lang}.txt")) or {}
        except Exception as e:  # noqa: BLE001
            out["error"] = f"run: {e}"
        out["seconds"] = dict(d.seconds, total=time.time() - t0)
        return out

    def cut_at_nul(m, st):
        """A GDScript mismatch of a decode whose only difference is a string cut at its first NUL
        (README.md "Known, documented differences"): the reference's ToJson of both decoded values,
        the reference's strings cut at U+0000, are equal. Counts it in st."""
        key, sid, msg, op, f, _, want, have = m
        if op not in "DY" or not (want or "").startswith("OK ") or not (have or "").startswith("OK "):
            return False
        if "00" not in want[3:]:
            return False
        js = run_reference(args.reference, sdir, work, "nul",
                           [(key + ".want", sid, msg, "J", "compact", want[3:]),
                            (key + ".have", sid, msg, "J", "compact", have[3:])])
        a, b = js.get(key + ".want", ""), js.get(key + ".have", "")
        if not (a.startswith("OK ") and b.startswith("OK ")):
            return False
        if strings_cut_at_nul(json.loads(a[3:])) != json.loads(b[3:]):
            return False
        st[("string cut at NUL", f)] += 1
        st[("MISMATCH", f)] -= 1
        return True

    stats = {}
    mismatches = {}
    timings = {}
    t_langs = time.time()
    workers = len(langs) if args.parallel else 1
    log(f"languages: {', '.join(langs)} ({'at once' if workers > 1 else 'one after the other'}; "
        f"{time.time() - started:.1f} s so far)")
    with concurrent.futures.ThreadPoolExecutor(max(1, workers)) as ex:
        results = dict(zip(langs, ex.map(drive, langs)))
    t_langs = time.time() - t_langs
    for lang in langs:
        res = results[lang]
        bad = res["bad"]
        for sid, why in bad.items():
            failures[(sid, lang)] = why
        if res["error"]:
            failures[("*", lang)] = res["error"]
            continue
        lang_reqs = res["reqs"]
        for sid, why in res["more"].items():
            failures.setdefault((sid, lang), why)
            bad[sid] = why
        lrs = os.path.join(work, f"responses_{lang}.txt")
        got = read_responses(lrs)
        st = collections.Counter()
        mm = []
        for r in lang_reqs:
            key, sid, msg, op, f = r[:5]
            if sid in bad:
                continue
            want, have = ref.get(key), got.get(key)
            if lang.startswith("godot") and op == "J":
                continue  # GDScript has no ToJson
            if f not in SPEAKS[lang]:
                want = "NA"
            elif (lang.startswith("godot") and op == "D" and f in GODOT_FORMATS and (want or "").startswith("ERR ")
                  and (have or "").startswith("ERR ")):
                # The engine's bytes_to_var() refuses the bytes (its error text has no offset) or
                # from_variant() does: the verdict is compared, not the text (README.md).
                have = want
            st[(op, f) if want != "NA" else ("NA", f)] += 1
            if have != want:
                if lang.startswith("godot") and op in "DY" and only_quieted_nans(want, have):
                    st[("quieted NaN", f)] += 1
                    continue
                mm.append((key, sid, msg, op, f, r[5:], want, have))
                st[("MISMATCH", f)] += 1
        if lang.startswith("godot"):
            mm = [m for m in mm if not cut_at_nul(m, st)]
        stats[lang] = st
        mismatches[lang] = mm
        timings[lang] = res["seconds"]
        for sid in sorted({m[1] for m in mm}):
            ex = next(m for m in mm if m[1] == sid)
            n = sum(1 for m in mm if m[1] == sid)
            failures.setdefault((sid, lang), f"{n} answers differ from the reference; first: {ex[0]} ({ex[3]} {ex[4]})\n"
                                             f"    input:     {' '.join(x[:200] for x in ex[5])}\n"
                                             f"    reference: {(ex[6] or '(none)')[:300]}\n"
                                             f"    {lang}:{' ' * (10 - len(lang))}{(ex[7] or '(no answer)')[:300]}")
        known_diffs = ", ".join(f"{what} x{sum(v for k, v in st.items() if k[0] == what)}"
                                for what in KNOWN[1:] if any(k[0] == what for k in st))
        log(f"{lang}: {sum(v for k, v in st.items() if k[0] not in KNOWN)} answers compared, "
            f"{len(mm)} differ; {len(bad)} schemas failed to build/load; "
            + (f"known differences (README.md): {known_diffs}; " if known_diffs else "")
            + ", ".join(f"{k} {v:.1f} s" for k, v in timings[lang].items()))

    # 5. The numbers.
    log("")
    log("== numbers ==")
    log(f"schemas: {len(args.schema)} given, {args.schemas} generated; accepted: {len(accepted)}; rejected: {len(models) - len(accepted)}")
    log("rejected by reason (schemas with at least one such error):")
    for r, n in rejected_by.most_common():
        log(f"  {n:5d}  {r}")
    log(f"values: {n_values} accepted by the reference ({sum(refused.values())} refused)")
    log(f"deltas: {len(deltas) - len(scenarios)} consecutive pairs of delta messages and {len(scenarios)} replication "
        f"scenarios; {skipped_deltas} pairs not sent, the "
        f"reference's full packed encoding of one of the two values fails (README.md)")
    ops = [("E", "encode"), ("S", "size"), ("D", "decode"), ("N", "default"), ("X", "delta encode"),
           ("Y", "delta decode"), ("R", "replication"), ("J", "ToJson")]
    header = "language   " + "".join(f"{name + ' ' + f[:4]:>17}" for op, name in ops for f in FORMATS
                                     if (op in "XYR" and f == "packed") or (op == "J" and f == "compact")
                                     or op not in "XYRJ")
    log(header)
    for lang, st in stats.items():
        row = f"{lang:10s} "
        for op, name in ops:
            for f in FORMATS:
                if (op in "XYR" and f != "packed") or (op == "J" and f != "compact"):
                    continue
                row += f"{st.get((op, f), 0):>17d}"
        log(row)
    log("language   " + "".join(f"{name + ' ' + f:>17}" for op, name in ops if op in "ESDN" for f in GODOT_FORMATS)
        + f"{'not spoken (NA)':>17}")
    for lang, st in stats.items():
        log(f"{lang:10s} " + "".join(f"{st.get((op, f), 0):>17d}" for op, name in ops if op in "ESDN"
                                     for f in GODOT_FORMATS) + f"{sum(st.get(('NA', f), 0) for f in GODOT_FORMATS):>17d}")
    n_no_form = sum(1 for r in requests if r[3] in ("N", "E", "S") and r[4] in GODOT_FORMATS
                    and ref.get(r[0], "").startswith("ERR "))
    log(f"Godot formats: {n_no_form} N/E/S requests the reference refuses (no Variant form, README.md) are not sent "
        f"to GDScript")
    for lang, st in stats.items():
        log(f"{lang}: values compared {sum(v for (o, f), v in st.items() if o == 'E')} encodings "
            f"({', '.join(f'{f} {st.get((chr(69), f), 0)}' for f in FORMATS)}), "
            f"{sum(v for (o, f), v in st.items() if o == 'D')} decodes, mismatches {len(mismatches.get(lang, []))}")
    log(f"total time {time.time() - started:.1f} s (the languages {t_langs:.1f} s)")

    if failures:
        log("")
        log(f"== CONFORMANCE FAILURES: {len(failures)} ==")
        for (sid, lang), why in failures.items():
            log(f"--- {sid} [{lang}] {paths.get(sid, '')}")
            log("    " + why.replace("\n", "\n    "))
        for lang, mm in mismatches.items():
            if mm:
                log(f"--- first mismatches of {lang}:")
                for key, sid, msg, op, f, a, want, have in mm[:args.show]:
                    log(f"  {key}: {op} {f} {' '.join(x[:120] for x in a)}\n    reference: {(want or '')[:200]}\n"
                        f"    {lang}: {(have or '(no answer)')[:200]}")
        return 0 if args.keep_going else 1
    log("conformance: every language agrees with the reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
