#!/usr/bin/env python3
"""Runs pakt against a real Godot engine and checks parts (a), (b), (c) of interop.py.

  run_engine_tests.py --engine 3 --pakt build/pakt --godot3 /usr/bin/godot3-server --part a
  run_engine_tests.py --engine 4 --pakt build/pakt --node /usr/bin/node --driver <build>/engine4/run_godot4.mjs --part c
"""
import argparse
import os
import subprocess
import sys
import tempfile

import gdscript
import interop


def run_godot3(binary, script_text):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "interop.gd")
        with open(path, "w", encoding="utf-8") as f:
            f.write(script_text)
        p = subprocess.run([binary, "--no-window", "-s", path], capture_output=True, timeout=300, cwd=tmp)
        return p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def run_godot4(node, driver, script_text):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "interop.gd")
        with open(path, "w", encoding="utf-8") as f:
            f.write(script_text)
        p = subprocess.run([node, driver, path], capture_output=True, timeout=600)
        if p.returncode != 0:
            raise RuntimeError(f"the Godot 4 driver failed ({p.returncode}): {p.stderr.decode(errors='replace')}")
        return p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def main():
    sys.setrecursionlimit(20000)  # the deep-nesting inputs decode to deeply nested JSON
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", choices=["3", "4"], required=True)
    parser.add_argument("--pakt", required=True)
    parser.add_argument("--godot3", help="the godot3-server binary")
    parser.add_argument("--driver", help="the Godot 4 web-engine driver script (node)")
    parser.add_argument("--node", default="node", help="the Node.js that runs the driver")
    parser.add_argument("--part", choices=["a", "b", "c"], required=True)
    args = parser.parse_args()

    if args.engine == "3":
        import cases_godot3 as cases
        if not args.godot3 or not os.path.exists(args.godot3):
            sys.exit(f"FAIL: godot3-server not found ({args.godot3}); install the Debian package godot3-server")
    else:
        import cases_godot4 as cases
        if not args.driver or not os.path.exists(args.driver):
            sys.exit(f"FAIL: the Godot 4 driver is missing ({args.driver})")
    if not os.path.exists(args.pakt):
        sys.exit(f"FAIL: pakt binary not found: {args.pakt}")

    pakt = interop.Pakt(args.pakt, args.engine)
    values = cases.VALUES if args.part in ("a", "b") else []
    malformed = cases.MALFORMED if args.part == "c" else []
    pakt_hexes = [pakt.encode(c.value, c.full_objects) if args.part == "b" and c.engine_decode else None
                  for c in values]
    script_text = gdscript.script(args.engine, values, pakt_hexes, malformed)
    if args.engine == "3":
        stdout, stderr = run_godot3(args.godot3, script_text)
    else:
        stdout, stderr = run_godot4(args.node, args.driver, script_text)
    lines = interop.parse_engine_output(stdout)
    if not lines:
        sys.exit(f"FAIL: the engine printed no results.\nstdout:\n{stdout[-4000:]}\nstderr:\n{stderr[-4000:]}")

    if args.part == "a":
        failures, count = interop.check_values_a(pakt, values, lines), len(values)
        what = "engine encodings decoded and re-encoded byte for byte"
    elif args.part == "b":
        failures, count = interop.check_values_b(pakt, values, pakt_hexes, lines)
        what = "pakt encodings decoded by the engine to its own value"
    else:
        failures, count = interop.check_malformed_c(pakt, malformed, lines), len(malformed)
        what = "malformed/edge inputs with the same verdict as the engine"
    for failure in failures:
        print("FAIL", failure)
    print(f"Godot {args.engine} part ({args.part}): {count - len(failures)}/{count} {what}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
