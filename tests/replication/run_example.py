#!/usr/bin/env python3
"""The replication example (examples/replication) end to end (ctest examples.replication).

    run_example.py PAKT ARENA_SERVER WORKDIR EXAMPLE_DIR --godot3 godot3-server [--seconds 3]

Generates the example's C# and Godot 3 GDScript with `pakt generate` (as its README says), compiles
the C# client with mcs (warnings as errors), starts arena_server on a free 127.0.0.1 port for
--seconds and runs both clients against it at once: the C# client under mono and the Godot 3 client
under godot3-server. Checks, on loopback (no loss):
  - each client applied snapshots (a full one, then deltas), refused none, and got the server's bye;
  - each client's last applied tick and the hash of its snapshot (FNV-1a of its packed encoding) are
    the server's last tick and hash for one of its clients (the Sender's kept copy), whose packet
    count is the client's applied count; the server took every ack it got (no bad ones);
  - the Godot client printed one line per applied tick, and the engine reported no script error.
"""
import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import time

SUMMARY = re.compile(r"^summary (.*)$", re.M)


def die(msg):
    print(f"run_example: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        die(f"{' '.join(cmd)} exited with {p.returncode}:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p


def tool(name):
    path = shutil.which(name)
    if path is None:
        die(f"'{name}' is not installed (scripts/setup.sh installs mono-mcs, mono-runtime and godot3-server)")
    return path


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def summaries(text):
    """The key=value pairs of each `summary ...` line."""
    return [dict(kv.split("=", 1) for kv in m.group(1).split()) for m in SUMMARY.finditer(text)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pakt")
    ap.add_argument("server")
    ap.add_argument("work")
    ap.add_argument("example")
    ap.add_argument("--godot3", required=True)
    ap.add_argument("--seconds", default="3")
    args = ap.parse_args()
    started = time.time()
    mcs, mono = tool("mcs"), tool("mono")
    godot3 = args.godot3 if os.path.isfile(args.godot3) else tool("godot3-server")
    schema = os.path.join(args.example, "arena.yaml")
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)

    # The C# client: generated code + ArenaClient.cs, as the README compiles it.
    cs = os.path.join(work, "csharp_client")
    run([args.pakt, "generate", "--lang", "csharp", "--out", os.path.join(cs, "generated"), schema])
    exe = os.path.join(cs, "ArenaClient.exe")
    generated = sorted(os.path.join(cs, "generated", n) for n in os.listdir(os.path.join(cs, "generated")))
    run([mcs, "-warnaserror", "-warn:4", "-langversion:7.2", f"-out:{exe}",
         os.path.join(args.example, "csharp_client", "ArenaClient.cs")] + generated)

    # The Godot 3 client: the example's project folder with its pakt/ generated.
    gd = os.path.join(work, "godot3_client")
    shutil.copytree(os.path.join(args.example, "godot3_client"), gd)
    run([args.pakt, "generate", "--lang", "gdscript", "--godot", "3", "--out", os.path.join(gd, "pakt"), schema])

    port = free_udp_port()
    env = dict(os.environ, ARENA_PORT=str(port))
    # The server starts its --seconds once both clients said hello: each gets the whole run.
    server = subprocess.Popen([args.server, "--port", str(port), "--seconds", args.seconds, "--wait-clients", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if "listening on" not in server.stdout.readline():
        server.kill()
        die(f"arena_server did not start: {server.stderr.read()}")
    clients = {
        "csharp": subprocess.Popen([mono, "--debug", exe, "--port", str(port)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True),
        "godot3": subprocess.Popen([godot3, "--no-window", "--path", gd, "-s", "res://client.gd"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=gd),
    }
    limit = float(args.seconds) + 30
    try:
        server_out, server_err = server.communicate(timeout=limit)
        outputs = {name: p.communicate(timeout=limit) for name, p in clients.items()}
    except subprocess.TimeoutExpired:
        for p in [server] + list(clients.values()):
            p.kill()
        die(f"the example did not finish within {limit} s")
    for name, (out, err) in [("server", (server_out, server_err))] + list(outputs.items()):
        with open(os.path.join(work, f"{name}.txt"), "w", encoding="utf-8") as f:
            f.write(out + "\n--- stderr\n" + err)

    failures = []
    if server.returncode != 0:
        failures.append(f"arena_server exited with {server.returncode}: {server_err[-1000:]}")
    sent = summaries(server_out)
    if len(sent) != len(clients):
        failures.append(f"the server served {len(sent)} clients, expected {len(clients)}:\n{server_out[-2000:]}")
    for s in sent:
        if s["bad_acks"] != "0" or s["acks"] == "0":
            failures.append(f"server: client {s['client']} sent {s['acks']} acks, {s['bad_acks']} refused")
    for name, (out, err) in outputs.items():
        got = summaries(out)
        if clients[name].returncode != 0 or len(got) != 1:
            failures.append(f"{name} client: exit {clients[name].returncode}, summary {got}:\n{out[-1500:]}{err[-1500:]}")
            continue
        c = got[0]
        applied = int(c["applied"])
        if applied < 10 * float(args.seconds) or c["refused"] != "0" or c["full"] == "0" or c["delta"] == "0" or c["bye"] != "yes":
            failures.append(f"{name} client: {c} (expected ticks applied, full then deltas, 0 refused, the bye)")
        twin = [s for s in sent if s["last_tick"] == c["last_tick"] and s["hash"] == c["hash"]
                and int(s["full"]) + int(s["delta"]) == applied]
        if not twin:
            failures.append(f"{name} client: last tick {c['last_tick']} hash {c['hash']} after {applied} packets; "
                            f"the server sent: {[(s['last_tick'], s['hash'], s['full'], s['delta']) for s in sent]}")
        errors = [l for l in (out + "\n" + err).splitlines()
                  if re.search(r"SCRIPT ERROR|Parse Error|Invalid (call|get|set|index|operands)|\.gd:\d+|Exception", l)
                  and not re.search(r"locale 'C'", l)]
        failures += [f"{name} client reported: {l}" for l in errors[:10]]
        if name == "godot3":
            ticks = len(re.findall(r"^tick \d+: \d+ players", out, re.M))
            if ticks != applied:
                failures.append(f"godot3 client: {ticks} tick lines for {applied} applied snapshots")

    for f in failures:
        print("FAIL", f)
    for name, (out, _) in outputs.items():
        print(f"{name}: {SUMMARY.search(out).group(0) if SUMMARY.search(out) else 'no summary'}")
    print(f"server: {len(sent)} clients; total {time.time() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
