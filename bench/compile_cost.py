#!/usr/bin/env python3
"""Compile cost of generated code: how long `g++ -c` of one generated .pakt.cpp takes, how much memory it
peaks at and how big its object is, for synthetic schemas of N messages, flat and nested, beside protoc's
C++ for the equivalent .proto when protoc is installed. Not part of CI (minutes per compile).

Each message has the 9 fields of issue 34: int32, uint16, float32, string, Vector3, bool, uint8[], int64
and a list of a message. Three shapes:
  flat    every list holds the one one-field Leaf (issue 34's baseline). The N messages are then
          identical, and GCC's identical code folding (-fipa-icf, on at -O2) compiles one body for all
          of them: this baseline measures one message's code generation, N messages' front end.
  leaves  flat too, but message i lists its own one-field Leaf<i>: N distinct messages and list
          element types, nothing nested (what the nested shape costs without the nesting).
  nested  each message lists the one before it, in chains of 10 (the first of each chain lists a
          Leaf), so a read of the chain's last message walks 10 levels.

usage: bench/compile_cost.py [--pakt build/pakt] [--messages 100 [1000 ...]] [--shapes flat leaves nested]
                             [--formats all compact ...] [--results bench/RESULTS.md]
  --formats  one row per entry: `all` (pakt generate's default: every codec) or a --formats list of
             `pakt generate --lang cpp` (e.g. compact, or compact,json): the code of the codecs not asked
             for is not generated, so a program that speaks one format pays for one. `floor` is no
             codec: a file that includes the generated header and grows a std::vector of each message
             (`v.resize(n)`: the message's destructor, value-initialisation and relocation), which any
             decoder that fills the generated structs instantiates; what a codec costs is the rest.
  --results  replaces (or appends) the heading, paragraph and table of the section "## Compile cost
             (issue 34)" of that file; the commentary and subsections after the table are kept.

Times are CPU seconds (user + sys) of the compiler process, which a loaded machine inflates less than
wall time; the load average is printed with the table.
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTION = "## Compile cost (issue 34)"
CHAIN = 10


SHAPES = ("flat", "leaves", "nested")


def list_target(i, shape):
    """The message that message i lists."""
    if shape == "nested" and i % CHAIN:
        return f"M{i - 1}"
    return f"Leaf{i}" if shape == "leaves" else "Leaf"


def leaf_names(n, shape):
    return [f"Leaf{i}" for i in range(n)] if shape == "leaves" else ["Leaf"]


def pakt_schema(n, shape):
    lines = ["package: compile.cost", "version: 1", "messages:"]
    for leaf in leaf_names(n, shape):
        lines += [f"  {leaf}:", "    fields:", "      - {name: v, type: int32}"]
    for i in range(n):
        lines += [f"  M{i}:", "    fields:",
                  "      - {name: a, type: int32}",
                  "      - {name: b, type: uint16}",
                  "      - {name: c, type: float32}",
                  "      - {name: d, type: string}",
                  "      - {name: e, type: Vector3}",
                  "      - {name: f, type: bool}",
                  '      - {name: g, type: "uint8[]"}',
                  "      - {name: h, type: int64}",
                  f'      - {{name: items, type: "{list_target(i, shape)}[]"}}']
    return "\n".join(lines) + "\n"


def proto_schema(n, shape):
    lines = ['syntax = "proto3";', "package compile_cost;",
             "message Vector3 { float x = 1; float y = 2; float z = 3; }"]
    lines += [f"message {leaf} {{ int32 v = 1; }}" for leaf in leaf_names(n, shape)]
    for i in range(n):
        lines.append(f"message M{i} {{ int32 a = 1; uint32 b = 2; float c = 3; string d = 4; Vector3 e = 5; "
                     f"bool f = 6; bytes g = 7; int64 h = 8; repeated {list_target(i, shape)} items = 9; }}")
    return "\n".join(lines) + "\n"


def compile_one(source, include_dirs, work):
    """(CPU seconds, peak RSS in MB, object bytes) of `g++ -std=c++17 -O2 -c source`."""
    obj = os.path.join(work, os.path.basename(source) + ".o")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["g++", "-std=c++17", "-O2", "-c", source, "-o", obj] +
                   [f"-I{d}" for d in include_dirs], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest so far: compile the biggest last or read it per process.
    return cpu, after.ru_maxrss / 1024.0, os.path.getsize(obj)


def floor_source(n, shape):
    """The `floor` row's file: the generated header and, per message, a std::vector of it grown."""
    lines = ['#include "cost.pakt.h"', "", "namespace compile::cost {"]
    for name in leaf_names(n, shape) + [f"M{i}" for i in range(n)]:
        lines.append(f"void Grow{name}(std::vector<{name}>& v, std::size_t n) {{ v.resize(n); }}")
    return "\n".join(lines + ["}  // namespace compile::cost"]) + "\n"


def measure_pakt(pakt, n, shape, formats, work):
    d = os.path.join(work, f"pakt_{n}_{shape}_{formats.replace(',', '_')}")
    os.makedirs(d, exist_ok=True)
    schema = os.path.join(d, "cost.yaml")
    open(schema, "w").write(pakt_schema(n, shape))
    chosen = [] if formats == "all" else ["--formats", "compact" if formats == "floor" else formats]
    subprocess.run([pakt, "generate", "--lang", "cpp", *chosen, "--out", d, schema], check=True,
                   stdout=subprocess.DEVNULL)  # the files it wrote: not part of the table
    source = os.path.join(d, "cost.pakt.cpp")
    if formats == "floor":
        source = os.path.join(d, "floor.cpp")
        open(source, "w").write(floor_source(n, shape))
    return compile_one(source, [d, os.path.join(ROOT, "runtime", "include")], d)


def measure_protobuf(protoc, n, shape, work):
    d = os.path.join(work, f"proto_{n}_{shape}")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "cost.proto"), "w").write(proto_schema(n, shape))
    subprocess.run([protoc, f"--proto_path={d}", f"--cpp_out={d}", "cost.proto"], check=True,
                   stdout=subprocess.DEVNULL)
    return compile_one(os.path.join(d, "cost.pb.cc"), [d], d)


def run_isolated(fn, *args):
    """fn(*args) in a child process, so that ru_maxrss is that compile's own peak."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            result = repr(fn(*args))
        except subprocess.CalledProcessError as e:
            result = repr(("error", str(e)))
        os.write(write_end, result.encode())
        os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 4096):
        data += chunk
    os.waitpid(pid, 0)
    return eval(data.decode())  # our own repr of a tuple of numbers and strings


def table(rows, load):
    out = [SECTION, "",
           "`bench/compile_cost.py` (not in CI): `g++ 12 -std=c++17 -O2 -c` of the one generated file of a schema of",
           "N messages of 9 fields (int32, uint16, float32, string, Vector3, bool, uint8[], int64, a list of a",
           "message); *flat*: each list holds the one one-field Leaf (the N messages are identical, and GCC's",
           "identical code folding compiles one body for all); *leaves*: message i lists its own Leaf<i>;",
           f"*nested*: each message lists the previous one in chains of {CHAIN}. CPU seconds of the compiler, its",
           f"peak memory, the object's size. *formats*: pakt's codecs generated (`all`, the default, or",
           "`pakt generate --formats`); *floor*: no codec, the generated structs and a `std::vector<M>::resize`",
           "per message (what any decoder into them instantiates); protobuf generates its one binary format.",
           "Load average at the end: "
           f"{load}.", "",
           "| schema | formats | pakt CPU s | pakt peak MB | pakt object KB | protobuf CPU s | protobuf peak MB | protobuf object KB | pakt ÷ protobuf (CPU) | pakt ÷ flat (CPU / object) |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    flat = {}
    for (n, shape, formats), (p, pb) in rows:
        name = f"{n} messages, {shape}"
        if shape == "flat":
            flat[n, formats] = p
        ratio = f"{p[0] / pb[0]:.2f}×" if pb else "n/a (protoc not installed)"
        pbcols = [f"{pb[0]:.1f}", f"{pb[1]:.0f}", f"{pb[2] / 1024:.0f}"] if pb else ["", "", ""]
        base = flat.get((n, formats))
        growth = f"{p[0] / base[0]:.2f}× / {p[2] / base[2]:.2f}×" if shape != "flat" and base else ""
        out.append(f"| {name} | {formats} | {p[0]:.1f} | {p[1]:.0f} | {p[2] / 1024:.0f} | " + " | ".join(pbcols) +
                   f" | {ratio} | {growth} |")
    return "\n".join(out) + "\n"


def write_section(path, text):
    """Replaces the generated part of the section (its heading, the paragraph and the table this
    script writes) with text, or appends text when the file has no such section. What follows the
    table (commentary, ### subsections of earlier runs) is kept."""
    content = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    start = content.find(SECTION)
    if start < 0:
        content = content.rstrip("\n") + "\n\n" + text
    else:
        after = content[start + len(SECTION):]
        table = re.search(r"^\|.*\n(?:\|.*\n)*", after, re.M)
        heading = re.search(r"^##", after, re.M)
        if table and (not heading or table.start() < heading.start()):
            end = start + len(SECTION) + table.end()
        else:  # no table before the next heading: the text up to that heading is the generated part
            end = start + len(SECTION) + (heading.start() if heading else len(after))
        rest = content[end:]
        content = content[:start] + text + ("\n" if rest.startswith("#") else "") + rest
    open(path, "w", encoding="utf-8").write(content)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pakt", default=os.path.join(ROOT, "build", "pakt"))
    ap.add_argument("--messages", type=int, nargs="+", default=[100])
    ap.add_argument("--shapes", nargs="+", choices=SHAPES, default=list(SHAPES))
    ap.add_argument("--formats", nargs="+", default=["all"],
                    help="one row each: all (every codec, the default), a --formats list such as compact, or floor")
    ap.add_argument("--results", help="the markdown file whose compile-cost section is replaced")
    ap.add_argument("--work", help="where schemas, generated code and objects go (default: a temporary folder)")
    args = ap.parse_args()
    if not os.access(args.pakt, os.X_OK):
        sys.exit(f"compile_cost: no pakt tool at {args.pakt} (build it: cmake --build build --target pakt)")
    protoc = shutil.which("protoc")
    if not protoc:
        print("compile_cost: protoc not found: protobuf's columns are left empty "
              "(apt-get install protobuf-compiler libprotobuf-dev)", file=sys.stderr)
    work = args.work or tempfile.mkdtemp(prefix="pakt_compile_cost_")
    rows = []
    for n in args.messages:
        for shape in args.shapes:
            pb = run_isolated(measure_protobuf, protoc, n, shape, work) if protoc else None
            if pb and pb[0] == "error":
                sys.exit(f"compile_cost: protobuf failed: {pb[1]}")
            for formats in args.formats:
                started = time.time()
                p = run_isolated(measure_pakt, args.pakt, n, shape, formats, work)
                if p[0] == "error":
                    sys.exit(f"compile_cost: pakt failed: {p[1]}")
                print(f"{n} {shape} {formats}: pakt {p}, protobuf {pb} ({time.time() - started:.0f} s wall)",
                      file=sys.stderr)
                rows.append(((n, shape, formats), (p, pb)))
    text = table(rows, ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    print(text)
    if args.results:
        write_section(args.results, text)


if __name__ == "__main__":
    main()
