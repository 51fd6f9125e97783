#!/usr/bin/env python3
"""bench/RESULTS.md's section "Replication over lossy UDP": replication_soak over every loss rate,
for both scenes, each run its own process (so that its peak RSS is its own). Prints the section;
with --results FILE, writes it into FILE in place of the old one (bench/run.sh keeps it when it
rewrites the rest).

  python3 tests/replication/soak/soak_table.py build/tests/replication/soak/replication_soak \
      [--seconds 120] [--clients 4] [--results bench/RESULTS.md]

Every run: 2 s blackout at half time, 50 ms one-way delay, seed 1; the steady window (bandwidth) is
from 10 s to the end, less the blackout and the 3 s after it. Exits 1 when a run misses a goal
(a desync, a refused packet that changed state, recovery beyond 3 round trips)."""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys

HEADING = "## Replication over lossy UDP (issue 31)"

CONDITIONS = [  # loss, duplicate, reorder (percent)
    (0, 0, 0),
    (5, 0, 0),
    (10, 0, 0),
    (25, 0, 0),
    (10, 10, 10),
    (25, 10, 10),
]


def run(binary, scene, seconds, clients, loss, dup, reorder, blackout=True):
    args = [binary, "--json", "--scene", scene, "--seconds-simulated", str(seconds), "--clients", str(clients),
            "--loss", str(loss), "--dup", str(dup), "--reorder", str(reorder), "--seed", "1"]
    if blackout:
        args += ["--blackout-at", str(seconds / 2), "--blackout-ms", "2000"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def machine():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return model, os.cpu_count(), load


def section(a):
    out = []
    failed = []
    model, cpus, load = machine()
    out.append(HEADING)
    out.append("")
    out.append("Written by `tests/replication/soak/soak_table.py` (bench/run.sh keeps this section). "
               "`replication_soak` replicates the snapshot data sets over real UDP sockets on 127.0.0.1: a server "
               "(a `pakt::replication::Sender` per client) sends each 60 Hz tick of simulated time through a "
               "deterministic lossy relay (drop, duplicate: a copy 0–2 ticks later, reorder: 1–3 ticks later, "
               "in both directions, decided by the seed and the packet's index) to clients (a `Receiver` each) "
               "that ack back through it. Every applied snapshot is compared with the server's own decode of "
               "its tick (desyncs), every refused packet is checked to leave the receiver as it was. "
               "docs/replication.md, \"Measured\", says what the figures mean.")
    out.append("")
    out.append(f"- Machine: {model}, {cpus} logical CPUs; load average at start: {load} "
               "(shared; timings are not measured here, only bytes, counts and simulated time)")
    out.append(f"- Date: {datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()}")
    out.append(f"- Command: `python3 tests/replication/soak/soak_table.py build/tests/replication/soak/replication_soak "
               f"--seconds {a.seconds:g} --clients {a.clients} --results bench/RESULTS.md` (RelWithDebInfo build)")
    out.append(f"- Each run: {a.seconds:g} s simulated, {a.clients} clients, history 32, 50 ms one-way delay "
               "(RTT = 2 × 50 ms + 1 tick = 116.7 ms), seed 1, a 2 s blackout (everything dropped both ways) "
               "at half time. Bandwidth: bytes of the replication packets (header included) per client per "
               "simulated second in the steady window (from 10 s, less the blackout and the 3 s after it); "
               "\"+ UDP/IPv4\" adds 28 bytes per datagram. Recovery: from the end of the blackout until the "
               "client applies a packet (a full snapshot), and until it applies a delta again (its ack came back).")
    out.append("")
    out.append("| scene | loss | dup | reorder | snapshots kbps/client | × lossless | + UDP/IPv4 kbps | acks kbps/client "
               "| full snapshots (steady) | recovery: first packet | first delta | desyncs | refused (stale / baseline) "
               "| allocs per packet | peak RSS |")
    out.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for scene in ("cubes", "players"):
        lossless = None
        for loss, dup, reorder in CONDITIONS:
            r = run(a.binary, scene, a.seconds, a.clients, loss, dup, reorder)
            if lossless is None:
                lossless = r["snapshot_kbps"]
            rtt = r["rtt_ms"]
            per_call = r["replication_allocations"] / max(1, r["replication_calls"])
            out.append(f"| {scene} | {loss}% | {dup}% | {reorder}% | {r['snapshot_kbps']:.1f} | {r['snapshot_kbps'] / lossless:.3f} "
                       f"| {r['snapshot_kbps_udp_ip']:.1f} | {r['ack_kbps']:.1f} "
                       f"| {100 * r['full_share']:.2f}% ({100 * r['steady_full_share']:.2f}%) "
                       f"| {r['recovery_first_ms']:.0f} ms ({r['recovery_first_ms'] / rtt:.2f} RTT) "
                       f"| {r['recovery_delta_ms']:.0f} ms ({r['recovery_delta_ms'] / rtt:.2f} RTT) | {r['desyncs']} "
                       f"| {r['refused_stale']} / {r['refused_baseline']} | {per_call:g} | {r['peak_rss_kb'] / 1024:.1f} MB |")
            bad = (r["desyncs"] or r["refusals_that_changed_state"] or r["refused_other"] or r["kernel_lost"]
                   or r["replication_allocations"] or not 0 <= r["recovery_delta_ms"] <= 3 * rtt
                   or not 0 <= r["recovery_first_ms"] <= 3 * rtt)
            if bad:
                failed.append(f"{scene} {loss}/{dup}/{reorder}: {r['first_error'] or 'see the row'}")
    # Memory by client count: each client adds a Sender and a Receiver (history 32 each).
    one = run(a.binary, "cubes", 20, 1, 0, 0, 0, blackout=False)
    eight = run(a.binary, "cubes", 20, 8, 0, 0, 0, blackout=False)
    out.append("")
    out.append("Full snapshots: the whole run's share (the start, and the blackout: once the acked ticks age out "
               "of the history, every packet is full until one is acked), in parentheses the steady window's. "
               "Refused: stale or duplicate (a tick not newer than the newest applied) / unknown baseline; "
               "nothing else was refused, and no refusal changed state. Allocs per packet: operator new calls "
               "per accepted `encode`, `receive` and `receive_ack` after a 2 s warm-up (a refusal allocates "
               "its error Status).")
    out.append("")
    out.append(f"Peak RSS (the whole process: server, relay, clients), CubeScene, 20 s lossless: "
               f"{one['peak_rss_kb'] / 1024:.1f} MB with 1 client, {eight['peak_rss_kb'] / 1024:.1f} MB with 8: "
               f"{(eight['peak_rss_kb'] - one['peak_rss_kb']) / 7 / 1024:.2f} MB per client (a Sender and a "
               "Receiver of 33 CubeScenes each, fixed by the history N).")
    return out, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--results", help="write the section into this markdown file (bench/RESULTS.md)")
    a = parser.parse_args()
    lines, failed = section(a)
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if a.results:
        try:
            with open(a.results) as f:
                old = f.read()
        except FileNotFoundError:
            old = ""
        at = old.find(HEADING)
        if at >= 0:
            end = old.find("\n## ", at + len(HEADING))
            new = old[:at] + text + (old[end + 1:] if end >= 0 else "")
        else:
            new = old.rstrip("\n") + "\n\n" + text
        with open(a.results, "w") as f:
            f.write(new)
    for f in failed:
        print("FAIL", f, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
