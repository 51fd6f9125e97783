#!/usr/bin/env python3
"""The Godot multiplayer example (examples/godot_multiplayer) in the real engines (ctest gdscript.multiplayer3 / 4).

    run_multiplayer_example.py 3 PAKT WORKDIR --godot3 godot3-server --script multiplayer3.gd --schemas game.yaml common.yaml
    run_multiplayer_example.py 4 PAKT WORKDIR --node NODE --driver run_godot4.mjs --script multiplayer4.gd --schemas ...

Generates the schemas' GDScript into WORKDIR/pakt and runs the example script on it: Godot 3 in the
project WORKDIR (res://pakt/), over PacketPeerUDP on 127.0.0.1 (a free port, PAKT_UDP_PORT); Godot 4
(the web build: files at /tmp/pakt/, so the script's res://pakt/ is replaced by that) over
PacketPeerStream. Checks its output:
  - every CHECK line of the script says ok (the server read back the fields the client sent, the
    reply was read back, the truncated packet got ERR_INVALID_DATA), and all of them were printed;
  - the packets the client sent (COMPACT and MSLIMA) are the C++ side's bytes of the schema's
    example of MoveUpdate (`pakt encode` of `pakt describe`'s example), and arrived unchanged;
  - the truncated packet's last_error is the C++ decoder's error text for the same bytes (`pakt decode`);
  - the engine reported no script error.
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time

MESSAGE = "MoveUpdate"
CHECKS_PER_FORMAT = 11


def die(msg):
    print(f"run_multiplayer_example: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, stdin=None, check=True):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if check and p.returncode != 0:
        die(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr[-2000:]}")
    return p


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("godot", choices=["3", "4"])
    ap.add_argument("pakt")
    ap.add_argument("work")
    ap.add_argument("--godot3")
    ap.add_argument("--node", default="node")
    ap.add_argument("--driver")
    ap.add_argument("--script", required=True)
    ap.add_argument("--schemas", nargs="+", required=True)
    args = ap.parse_args()
    started = time.time()
    game = args.schemas[0]

    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "pakt"))
    run([args.pakt, "generate", "--lang", "gdscript", "--godot", args.godot, "--out", os.path.join(work, "pakt")] + args.schemas)
    open(os.path.join(work, "project.godot"), "w").close()
    shutil.copy(args.script, os.path.join(work, "example.gd"))

    # The C++ side: the schema's example of MoveUpdate, encoded by the C++ codecs.
    desc = json.loads(run([args.pakt, "describe", game]).stdout)
    example = next(m["example"] for f in desc["files"] for m in f.get("messages", []) if m["name"] == MESSAGE)
    expected = {}
    for fmt in ("compact", "mslima"):
        expected[fmt] = run([args.pakt, "encode", "--schema", game, "--message", MESSAGE, "--format", fmt, "--hex"],
                            stdin=json.dumps(example)).stdout.strip()

    if args.godot == "3":
        port = free_udp_port()
        transport = f"PacketPeerUDP 127.0.0.1:{port}"
        env = dict(os.environ, PAKT_UDP_PORT=str(port))
        p = subprocess.run([args.godot3, "--no-window", "--path", work, "-s", "res://example.gd"],
                           capture_output=True, timeout=60, env=env, cwd=work)
    else:
        transport = "PacketPeerStream over StreamPeerBuffer"
        script = open(args.script, encoding="utf-8").read()
        if "res://pakt/" not in script:
            die(f"{args.script} does not preload res://pakt/")
        script_path = os.path.join(work, "example.gd")
        open(script_path, "w", encoding="utf-8").write(script.replace("res://pakt/", "/tmp/pakt/"))
        gen = os.path.join(work, "pakt")
        p = subprocess.run([args.node, args.driver, script_path] + [os.path.join(gen, n) for n in sorted(os.listdir(gen))],
                           capture_output=True, timeout=280)
    out = p.stdout.decode("utf-8", errors="replace")
    err = p.stderr.decode("utf-8", errors="replace")
    open(os.path.join(work, "engine_stdout.txt"), "w", encoding="utf-8").write(out)
    open(os.path.join(work, "engine_stderr.txt"), "w", encoding="utf-8").write(err)
    lines = [l.split("|") for l in out.splitlines() if "|" in l]
    if ["DONE", ""] not in lines:
        die(f"the engine did not finish the script (exit {p.returncode}).\nstdout:\n{out[-3000:]}\nstderr:\n{err[-3000:]}")

    failures = []
    # Any engine error but the locale complaints of a C locale (godot3-server's own, at start).
    failures += [f"engine reported: {l}" for l in (out + "\n" + err).splitlines()
                 if re.search(r"SCRIPT ERROR|Parse Error|Invalid (call|get|set|index|operands)|\.gd:\d+|^ERROR:", l)
                 and not re.search(r"locale 'C'", l)][:20]
    listen = [l for l in lines if l[0] == "LISTEN"]
    if not listen or listen[0][2] != "0":
        failures.append(f"the server could not listen ({transport}): {listen}")
    checks = [l for l in lines if l[0] == "CHECK"]
    failures += [f"the script's check failed: {l[1]}" for l in checks if l[2] != "ok"]
    if len(checks) != 2 * CHECKS_PER_FORMAT:
        failures.append(f"{len(checks)} CHECK lines, expected {2 * CHECKS_PER_FORMAT}")
    sent = {l[1]: l[2] for l in lines if l[0] == "SENT"}
    got = {l[1]: l[2] for l in lines if l[0] == "GOT"}
    trunc = {l[1]: l[2:] for l in lines if l[0] == "TRUNC"}
    n_trunc_ok = 0
    for fmt in ("compact", "mslima"):
        if sent.get(fmt) != expected[fmt]:
            failures.append(f"{fmt}: the client sent {sent.get(fmt)}, the C++ bytes of the schema's example are {expected[fmt]}")
        if got.get(fmt) != sent.get(fmt):
            failures.append(f"{fmt}: the server got {got.get(fmt)}, the client sent {sent.get(fmt)}")
        t = trunc.get(fmt)
        if t is None or len(t) != 3:
            failures.append(f"{fmt}: no TRUNC line")
            continue
        cut_hex, verdict, last_error = t
        if not expected[fmt].startswith(cut_hex) or len(cut_hex) != len(expected[fmt]) - 8:
            failures.append(f"{fmt}: the truncated packet {cut_hex} is not the C++ bytes without their last 4")
        c = run([args.pakt, "decode", "--schema", game, "--message", MESSAGE, "--format", fmt, "--hex"],
                stdin=cut_hex, check=False)
        cpp_error = c.stderr.strip().split("error: ", 1)[-1]
        if c.returncode != 1 or verdict != "30" or last_error != cpp_error:
            failures.append(f"{fmt}: truncated packet: GDScript gives {verdict} '{last_error}', "
                            f"C++ exits {c.returncode} with '{cpp_error}'")
        else:
            n_trunc_ok += 1

    for f in failures:
        print("FAIL", f)
    print(f"Godot {args.godot} multiplayer example over {transport}: {len(checks)} checks of the script, "
          f"{sum(sent.get(f) == expected[f] for f in expected)} of 2 packets (compact, mslima) equal to the C++ bytes of "
          f"the schema's example; truncated packets refused with the C++ error text: {n_trunc_ok} of 2; total {time.time() - started:.1f} s")
    if failures:
        print(f"{len(failures)} failures")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
