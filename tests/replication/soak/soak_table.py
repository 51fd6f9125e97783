#!/usr/bin/env python3
"""The table of bench/RESULTS.md's "Replication over lossy UDP": replication_soak over every loss
rate, for both scenes, each run its own process (so that its peak RSS is its own).

  python3 tests/replication/soak/soak_table.py build/tests/replication/soak/replication_soak [--seconds 120] [--clients 4]

Every run: 2 s blackout at half time, 50 ms one-way delay, seed 1; the steady window (bandwidth) is
from 10 s to the end, less the blackout and the 3 s after it. Exits 1 when a run misses a goal
(a desync, a refused packet that changed state, recovery beyond 3 round trips)."""
import argparse
import json
import subprocess
import sys

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--clients", type=int, default=4)
    a = parser.parse_args()
    failed = []
    print("| scene | loss | dup | reorder | snapshots kbps/client | × lossless | + UDP/IPv4 kbps | acks kbps/client "
          "| full snapshots (steady) | recovery: first packet | first delta | desyncs | refused (stale / baseline) "
          "| allocs per packet | peak RSS |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for scene in ("cubes", "players"):
        lossless = None
        for loss, dup, reorder in CONDITIONS:
            r = run(a.binary, scene, a.seconds, a.clients, loss, dup, reorder)
            if lossless is None:
                lossless = r["snapshot_kbps"]
            rtt = r["rtt_ms"]
            per_call = r["replication_allocations"] / max(1, r["replication_calls"])
            print(f"| {scene} | {loss}% | {dup}% | {reorder}% | {r['snapshot_kbps']:.1f} | {r['snapshot_kbps'] / lossless:.3f} "
                  f"| {r['snapshot_kbps_udp_ip']:.1f} | {r['ack_kbps']:.1f} | {100 * r['full_share']:.2f}% ({100 * r['steady_full_share']:.2f}%) "
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
    print()
    print(f"Peak RSS, cubes, 20 s lossless: {one['peak_rss_kb'] / 1024:.1f} MB with 1 client, "
          f"{eight['peak_rss_kb'] / 1024:.1f} MB with 8: "
          f"{(eight['peak_rss_kb'] - one['peak_rss_kb']) / 7 / 1024:.2f} MB per client (its Sender and Receiver).")
    print(f"RTT {one['rtt_ms']:.1f} ms (2 × 50 ms + 1 tick); {a.clients} clients per run; {a.seconds:g} s simulated per run.")
    for f in failed:
        print("FAIL", f, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
