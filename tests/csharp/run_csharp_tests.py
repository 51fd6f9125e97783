#!/usr/bin/env python3
"""The C# back end's tests (ctest label csharp): generated C# compiled with Debian's mono `mcs`
(warnings as errors) and run with `mono` against the C++ generated code.

    run_csharp_tests.py compile PAKT WORKDIR SCHEMA...
        every schema's C# (with its imports and Pakt.Runtime.cs) compiles with mcs -warnaserror
    run_csharp_tests.py cross PAKT CROSS_VECTORS WORKDIR SOURCE_DIR
        C++ bytes -> C# decode / re-encode / ToJson; C# bytes -> C++ decode / ToJson; the seed's
        real MSLIMA bytes; truncations; hostile bytes; allocations (tests/csharp/CrossTest.cs)

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


def cross(pakt: str, vectors_tool: str, work: str, source_dir: str) -> None:
    mcs, mono = tool("mcs"), tool("mono")
    root = os.path.dirname(os.path.dirname(source_dir))
    schemas = [os.path.join(root, p) for p in ("tests/schemas/rich.yaml", "tests/schemas/framed.yaml",
                                                 "tests/schemas/evolution_v2.yaml", "schemas/photon_seed.yaml",
                                                 "schemas/game.yaml")]
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

    # The real MSLIMA bytes of the seed's SeedGameStruct, as tests/generated/seed_test.cpp has them
    # from the original issue (not from pakt's output).
    seed_src = open(os.path.join(root, "tests/generated/seed_test.cpp"), encoding="utf-8").read()
    m = re.search(r"kMslimaSeedGameStruct = pakt::internal::hex_bytes\(\s*((?:\"[0-9a-f]*\"\s*)+)\)", seed_src)
    if not m:
        die("cannot find kMslimaSeedGameStruct in tests/generated/seed_test.cpp")
    seed_hex = "".join(re.findall(r"\"([0-9a-f]*)\"", m.group(1)))

    cpp_values = os.path.join(work, "cpp_values.tsv")
    cs_values = os.path.join(work, "cs_values.tsv")
    run([vectors_tool, "write", cpp_values])
    p = run([mono, "--debug", exe, cpp_values, cs_values, seed_hex, ",".join(boundary)])
    sys.stdout.write(p.stdout)
    p = run([vectors_tool, "read", cs_values])
    sys.stdout.write(p.stdout)


def main(argv) -> None:
    if len(argv) >= 4 and argv[1] == "compile":
        compile_all(argv[2], argv[3], argv[4:])
    elif len(argv) == 6 and argv[1] == "cross":
        cross(argv[2], argv[3], argv[4], argv[5])
    else:
        die(__doc__)


if __name__ == "__main__":
    main(sys.argv)
