#!/usr/bin/env python3
"""The C# back end's tests (ctest label csharp): generated C# compiled with Debian's mono `mcs`
(warnings as errors) and run with `mono` against the C++ generated code.

    run_csharp_tests.py compile PAKT WORKDIR SCHEMA...
        every schema's C# (with its imports and Pakt.Runtime.cs) compiles with mcs -warnaserror; all at
        once also with PUN_2_OR_NEWER (tests/csharp/PhotonStandIn.cs) and as Unity compiles them
        (UNITY_5_3_OR_NEWER, bench/csharp/UnityStandIn.cs)
    run_csharp_tests.py cross PAKT CROSS_VECTORS WORKDIR SOURCE_DIR
        C++ bytes -> C# decode / re-encode / ToJson; the seed's real MSLIMA bytes; truncations; hostile
        bytes; allocations (tests/csharp/CrossTest.cs); packed: the C++ packed bytes, encode errors and
        Scene deltas (cross_vectors write-packed) equal the C# ones (C# bytes -> C++ decode, with
        truncations and mutations, is the conformance run's: tests/conformance/README.md);
        the tool's run-time codec (pakt encode --format packed) writes the same bytes for packed.yaml's values
    run_csharp_tests.py user PAKT WORKDIR SOURCE_DIR
        issue 30's reports, on schemas a user could write (tests/csharp/schemas): new M() of every message
        encodes as `pakt encode` of {} (the run-time codec: Quaternion identity, Color alpha 1, ...) in
        compact, mslima and packed; names that collide with the generated code's (collisions.yaml) compile
        and round-trip; truncated payloads are refused with `pakt decode`'s "offset N: ..." text; the
        PUN2 glue's RegisterTypes() throws on a code that is taken (tests/csharp/UserTest.cs); the replication
        layer's rules on packed_delta.yaml's Room (tests/csharp/ReplicationTest.cs, docs/replication.md)
    run_csharp_tests.py bench PAKT BENCH_DATA WORKDIR ROOT
        the C# benchmark (bench/csharp) compiles as bench/csharp/run.sh compiles it; its codecs write
        the C++ benchmark's bytes (BENCH_DATA dumps them, with the snapshot simulations' compact,
        packed and packed-delta bytes) and the seed's real MSLIMA bytes, read them back, reject
        truncations and bad UTF-8; one quick timed pass prints every table (times are not checked). PAKT_MSLIMA_SERIALIZER=/path/Serializer.cs adds MSLIMA's column.

A missing mcs or mono is a failure (scripts/setup.sh installs mono-mcs and mono-runtime).
"""

import json
import os
import re
import shutil
import subprocess
import sys


def die(msg: str) -> None:
    print(f"run_csharp_tests: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        die(f"'{name}' is not installed: the C# tests need Debian's mono-mcs and mono-runtime "
            "(scripts/setup.sh installs them)")
    return path


def run(cmd, **kw) -> subprocess.CompletedProcess:
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.stdout.write(p.stdout)
        sys.stderr.write(p.stderr)
        die(f"{' '.join(cmd)} exited with {p.returncode}")
    return p


def describe(pakt: str, schemas) -> dict:
    return json.loads(run([pakt, "describe"] + list(schemas)).stdout)


def generate(pakt: str, out: str, schemas) -> list:
    """The C# of the schemas and of everything they import; returns the .cs paths."""
    files = [f["path"] for f in describe(pakt, schemas)["files"]]
    shutil.rmtree(out, ignore_errors=True)
    run([pakt, "generate", "--lang", "csharp", "--out", out] + files)
    outputs = sorted(os.path.join(out, n) for n in os.listdir(out))
    expected = {os.path.splitext(os.path.basename(p))[0] + ".pakt.cs" for p in files} | {"Pakt.Runtime.cs"}
    if {os.path.basename(p) for p in outputs} != expected:
        die(f"pakt generate --lang csharp wrote {outputs}, expected {sorted(expected)}")
    return outputs


def pascal(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p) or name


def cs_namespace(package: str) -> str:
    return ".".join(pascal(p) for p in package.split("."))


def compile_all(pakt: str, work: str, schemas) -> None:
    mcs = tool("mcs")
    for schema in schemas:
        stem = os.path.splitext(os.path.basename(schema))[0]
        out = os.path.join(work, stem)
        sources = generate(pakt, out, [schema])
        run([mcs, "-target:library", "-warnaserror", "-warn:4", "-langversion:7.2", f"-out:{out}.dll"] + sources)
        print(f"{schema}: {len(sources)} C# files compile with mcs -warnaserror -langversion:7.2")
    # All of them at once with the PUN2 glue, against the stand-in of Photon's signatures.
    out = os.path.join(work, "all")
    sources = generate(pakt, out, schemas)
    run([mcs, "-target:library", "-warnaserror", "-warn:4", "-langversion:7.2", "-define:PUN_2_OR_NEWER",
         f"-out:{out}.dll", os.path.join(os.path.dirname(os.path.abspath(__file__)), "PhotonStandIn.cs")] + sources)
    print(f"all {len(schemas)} schemas at once, with PUN_2_OR_NEWER: {len(sources)} C# files compile")
    # As Unity compiles them (UNITY_5_3_OR_NEWER: UnityEngine's vector types), against stand-ins of those types.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run([mcs, "-target:library", "-warnaserror", "-warn:4", "-langversion:7.2", "-define:UNITY_5_3_OR_NEWER",
         "-define:PUN_2_OR_NEWER", f"-out:{out}-unity.dll",
         os.path.join(os.path.dirname(os.path.abspath(__file__)), "PhotonStandIn.cs"),
         os.path.join(root, "bench", "csharp", "UnityStandIn.cs")] + sources)
    print(f"all {len(schemas)} schemas at once, with UNITY_5_3_OR_NEWER and PUN_2_OR_NEWER: "
          f"{len(sources)} C# files compile against UnityEngine stand-ins")


def cross(pakt: str, vectors_tool: str, work: str, source_dir: str) -> None:
    mcs, mono = tool("mcs"), tool("mono")
    root = os.path.dirname(os.path.dirname(source_dir))
    schemas = [os.path.join(root, p) for p in ("tests/schemas/rich.yaml", "tests/schemas/framed.yaml",
                                                 "tests/schemas/evolution_v2.yaml", "schemas/photon_seed.yaml",
                                                 "schemas/game.yaml", "tests/schemas/packed.yaml",
                                                 "tests/schemas/packed_edges.yaml")]
    os.makedirs(work, exist_ok=True)
    sources = generate(pakt, os.path.join(work, "generated"), schemas)
    exe = os.path.join(work, "CrossTest.exe")
    # PUN_2_OR_NEWER: the generated PUN2 glue, against a stand-in of Photon's signatures.
    run([mcs, "-warnaserror", "-langversion:7.2", "-define:PUN_2_OR_NEWER", f"-out:{exe}",
         os.path.join(source_dir, "CrossTest.cs"), os.path.join(source_dir, "PhotonStandIn.cs")] + sources)

    # Messages whose top-level payload may end at a version boundary (an older version's payload).
    boundary = []
    for f in describe(pakt, schemas)["files"]:
        for m in f["messages"]:
            if m["facts"]["version_boundaries"] and not m["extensible"]:  # a frame's length is never cut
                boundary.append(cs_namespace(f["package"]) + "." + m["name"])

    seed_hex = seed_mslima_hex(root)

    cpp_values = os.path.join(work, "cpp_values.tsv")
    cpp_packed = os.path.join(work, "cpp_packed.tsv")
    run([vectors_tool, "write", cpp_values])
    run([vectors_tool, "write-packed", cpp_packed])
    p = run([mono, "--debug", exe, cpp_values, seed_hex, ",".join(boundary), cpp_packed])
    sys.stdout.write(p.stdout)
    tool_packed(pakt, cpp_packed, root, work)


def tool_packed(pakt: str, cpp_packed: str, root: str, work: str, per_kind: int = 4) -> None:
    """The tool's run-time packed codec (`pakt encode --format packed [--baseline]`) writes the bytes
    C# wrote (CrossTest checked they equal the C++ generated code's) for the first values of each
    message of packed.yaml and packed_edges.yaml, from the value's JSON (`pakt decode` of its compact
    bytes), and refuses the values C# refuses with the same text."""
    schemas = {"Pakt.Test.Packed.": "tests/schemas/packed.yaml", "Pakt.Test.PackedEdges.": "tests/schemas/packed_edges.yaml"}
    seen, checked = {}, 0
    baseline_file = os.path.join(work, "tool_baseline.json")

    def to_json(schema, message, compact_hex):
        # --style unity: 17 significant digits (the shortest float text of FLT_MAX, 3.4028235e+38, reads
        # back as a double above FLT_MAX, which pakt encode refuses)
        return run([pakt, "decode", "--schema", schema, "--message", message, "--format", "compact", "--hex",
                    "--style", "unity"],
                   input=compact_hex).stdout

    for line in open(cpp_packed, encoding="utf-8").read().splitlines():
        parts = line.split("\t")
        prefix = next((k for k in schemas if parts[0].startswith(k)), None)
        key = (parts[0], parts[1], parts[2].startswith("!"))
        if prefix is None or seen.get(key, 0) >= per_kind:
            continue
        seen[key] = seen.get(key, 0) + 1
        schema, message = os.path.join(root, schemas[prefix]), parts[0][len(prefix):]
        cmd = [pakt, "encode", "--schema", schema, "--message", message, "--format", "packed", "--hex"]
        if parts[1] == "packed-delta":
            with open(baseline_file, "w", encoding="utf-8") as f:
                f.write(to_json(schema, message, parts[5]))
            cmd += ["--baseline", baseline_file]
        p = subprocess.run(cmd, input=to_json(schema, message, parts[4]), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if parts[2].startswith("!"):
            if p.returncode == 0 or parts[2][1:] not in p.stderr:
                die(f"{parts[0]} {parts[1]}: C# refuses with '{parts[2][1:]}', pakt encode: {p.stdout}{p.stderr}")
        elif p.returncode != 0 or p.stdout.strip() != parts[2]:
            die(f"{parts[0]} {parts[1]}: C# wrote {parts[2]}, pakt encode --format packed: {p.stdout}{p.stderr}")
        checked += 1
    if checked == 0:
        die("no packed values for the tool")
    print(f"pakt encode --format packed (the run-time codec) = C#: {checked} values and deltas of packed.yaml and "
          f"packed_edges.yaml ({sum(n for k, n in seen.items() if k[2])} refused with the same text)")


USER_SCHEMAS = ("defaults.yaml", "collisions.yaml", "duplicate_code.yaml")
FORMATS = ("compact", "mslima", "packed")


def user(pakt: str, work: str, source_dir: str) -> None:
    """Issue 30's reports: every expected value comes from the tool's run-time codec (`pakt encode` /
    `pakt decode`, tools/pakt/dynamic), never from the C# code under test."""
    mcs, mono = tool("mcs"), tool("mono")
    schemas = [os.path.join(source_dir, "schemas", n) for n in USER_SCHEMAS]
    root = os.path.dirname(os.path.dirname(source_dir))
    # The replication layer's tests (ReplicationTest.cs) run on packed_delta.yaml's Room, in the same
    # compile and run (no cases of its own below).
    replication_schema = os.path.join(root, "tests", "schemas", "packed_delta.yaml")
    os.makedirs(work, exist_ok=True)
    sources = generate(pakt, os.path.join(work, "generated"), schemas + [replication_schema])
    exe = os.path.join(work, "UserTest.exe")
    stand_ins = [os.path.join(source_dir, "PhotonStandIn.cs")]
    run([mcs, "-warnaserror", "-warn:4", "-langversion:7.2", "-define:PUN_2_OR_NEWER", f"-out:{exe}",
         os.path.join(source_dir, "UserTest.cs"), os.path.join(source_dir, "ReplicationTest.cs")] + stand_ins + sources)
    # As Unity compiles them: UnityEngine's math types (the aliases of each namespace block).
    run([mcs, "-target:library", "-warnaserror", "-warn:4", "-langversion:7.2", "-define:UNITY_5_3_OR_NEWER",
         "-define:PUN_2_OR_NEWER", f"-out:{os.path.join(work, 'unity.dll')}",
         os.path.join(root, "bench", "csharp", "UnityStandIn.cs")] + stand_ins + sources)

    def encode(schema, message, fmt, value_json):
        return run([pakt, "encode", "--schema", schema, "--message", message, "--format", fmt, "--hex"],
                   input=value_json).stdout.strip()

    def decode(schema, message, fmt, hex_bytes):
        """(JSON, None) or (None, the error text without the command's prefix)."""
        p = subprocess.run([pakt, "decode", "--schema", schema, "--message", message, "--format", fmt, "--hex",
                            "--style", "unity"], input=hex_bytes, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
        if p.returncode == 0:
            return p.stdout.strip(), None
        prefix = "pakt decode: error: "
        if not p.stderr.startswith(prefix) or p.stderr.count("\n") != 1:
            die(f"pakt decode {message} {fmt} {hex_bytes}: unexpected output {p.stdout}{p.stderr}")
        return None, p.stderr[len(prefix):].strip()

    def cuts(n):
        """Truncation lengths: empty, one byte, the middle, one byte short (conformance.run truncates
        every language's payloads of random schemas far more; these are the texts of these schemas)."""
        return sorted({k for k in (0, 1, n // 2, n - 1) if 0 <= k < n})

    cases = []
    for schema, fj in zip(schemas, describe(pakt, schemas)["files"]):
        ns = cs_namespace(fj["package"])
        truncate = os.path.basename(schema) == "defaults.yaml"
        for m in fj["messages"]:
            cs_type = f"{ns}.{m['name']}"
            values = [("{}", "default")]
            if m["example"] is not None:
                values.append((json.dumps(m["example"]), "value"))
                truncate_this = True
            else:
                truncate_this = truncate
            for fmt in FORMATS:
                for value_json, kind in values:
                    hex_bytes = encode(schema, m["name"], fmt, value_json)
                    if kind == "default":
                        cases.append(f"default\t{cs_type}\t{fmt}\t{hex_bytes}")
                    decoded, error = decode(schema, m["name"], fmt, hex_bytes)
                    if error is not None:
                        die(f"pakt decode refuses what pakt encode wrote: {m['name']} {fmt}: {error}")
                    cases.append(f"value\t{cs_type}\t{fmt}\t{hex_bytes}\t{decoded}")
                    if not truncate_this:
                        continue
                    for n in cuts(len(hex_bytes) // 2) + ["trailing"]:
                        cut = hex_bytes + "00" if n == "trailing" else hex_bytes[:2 * n]
                        decoded, error = decode(schema, m["name"], fmt, cut)
                        if error is not None:
                            cases.append(f"error\t{cs_type}\t{fmt}\t{cut}\t{error}")
    case_file = os.path.join(work, "cases.tsv")
    with open(case_file, "w", encoding="utf-8") as f:
        f.write("\n".join(cases) + "\n")
    p = run([mono, "--debug", exe, case_file])
    sys.stdout.write(p.stdout)
    errors = sum(1 for c in cases if c.startswith("error"))
    if errors < 100 or not any("offset 0: " in c for c in cases):
        die(f"only {errors} refused payloads: the truncations did not run")


def seed_mslima_hex(root: str) -> str:
    """The real MSLIMA bytes of the seed's SeedGameStruct, as tests/generated/seed_test.cpp has them
    from the original issue (not from pakt's output)."""
    seed_src = open(os.path.join(root, "tests/generated/seed_test.cpp"), encoding="utf-8").read()
    m = re.search(r"kMslimaSeedGameStruct = pakt::internal::hex_bytes\(\s*((?:\"[0-9a-f]*\"\s*)+)\)", seed_src)
    if not m:
        die("cannot find kMslimaSeedGameStruct in tests/generated/seed_test.cpp")
    return "".join(re.findall(r"\"([0-9a-f]*)\"", m.group(1)))


def bench(pakt: str, data_tool: str, work: str, root: str) -> None:
    mcs, mono = tool("mcs"), tool("mono")
    os.makedirs(work, exist_ok=True)
    sources = generate(pakt, os.path.join(work, "generated"),
                       [os.path.join(root, "bench/monster.yaml"), os.path.join(root, "schemas/photon_seed.yaml"),
                        os.path.join(root, "bench/snapshot.yaml")])
    here = os.path.join(root, "bench/csharp")
    sources += [os.path.join(here, n) for n in ("Bench.cs", "SnapshotBench.cs", "HandWritten.cs", "MslimaCodec.cs", "UnityStandIn.cs")]
    defines = ["-define:UNITY_5_3_OR_NEWER"]
    mslima = os.environ.get("PAKT_MSLIMA_SERIALIZER")
    if mslima:
        if not os.path.isfile(mslima):
            die(f"PAKT_MSLIMA_SERIALIZER={mslima} is not a file")
        sources += [os.path.join(here, "MslimaStandIn.cs"), mslima]
        defines.append("-define:PAKT_MSLIMA")
    exe = os.path.join(work, "Bench.exe")
    run([mcs, "-optimize+", "-warnaserror", "-langversion:7.2", f"-out:{exe}"] + defines + sources)
    cpp_bytes = os.path.join(work, "cpp_bytes.tsv")
    with open(cpp_bytes, "w", encoding="utf-8") as f:
        f.write(run([data_tool]).stdout)
    p = run([mono, "--debug", exe, "--check", "--cpp-bytes", cpp_bytes, "--seed-mslima", seed_mslima_hex(root)])
    sys.stderr.write(p.stderr)
    if "checks passed" not in p.stderr:
        die("the benchmark's --check did not report its checks")
    p = run([mono, exe, "--repetitions", "1", "--min-time", "0.001"])
    sys.stdout.write(p.stdout)
    for table in ("## SeedGameStruct (69 bytes)", "## Monster50 (9,272 bytes)", "## CubeScene snapshot", "## Players64 snapshot"):
        if table not in p.stdout:
            die(f"the benchmark printed no '{table}' table")
    if ("| MSLIMA | mslima | skipped" in p.stdout) == bool(mslima):
        die("the MSLIMA row does not match PAKT_MSLIMA_SERIALIZER")


def main(argv) -> None:
    if len(argv) >= 4 and argv[1] == "compile":
        compile_all(argv[2], argv[3], argv[4:])
    elif len(argv) == 6 and argv[1] == "cross":
        cross(argv[2], argv[3], argv[4], argv[5])
    elif len(argv) == 5 and argv[1] == "user":
        user(argv[2], argv[3], argv[4])
    elif len(argv) == 6 and argv[1] == "bench":
        bench(argv[2], argv[3], argv[4], argv[5])
    else:
        die(__doc__)


if __name__ == "__main__":
    main(sys.argv)
