#!/usr/bin/env python3
"""Turns pakt_bench's JSON output (with repetitions) into bench/RESULTS.md.

Usage: results_table.py RESULTS.json MACHINE COMPILER [SNAPSHOT_SIZES.json CHART.svg] > RESULTS.md
Times are medians over the repetitions of CPU time per operation (CPU time, not wall time: the
machines are shared, and a descheduled benchmark should not be charged for others' work).
"""
import json
import os
import sys

import snapshot_section

CODEC_ORDER = ["Memcpy", "HandWritten", "Compact", "Mslima", "Pfr", "GodotDict", "GodotArray", "Cereal",
               "NlohmannJson", "Protobuf", "FlatBuffers"]
MESSAGE_ORDER = ["SeedStruct", "SeedGameStruct", "Monster50", "Path1000"]
SNAPSHOT_ORDER = ["CubeScene", "Players64"]  # snapshot_section's data sets, not in the tables above
OPERATIONS = ["Serialize", "Deserialize", "RoundTrip"]
TIME_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load_medians(path):
    """{(message, codec, op): {"ns": .., "bytes": .., "allocs": ..}} from the median aggregates."""
    with open(path) as f:
        data = json.load(f)
    medians = {}
    for run in data["benchmarks"]:
        if run.get("run_type") == "aggregate" and run.get("aggregate_name") != "median":
            continue
        message, codec, op = run["run_name"].split("/")[:3]
        key = (message, codec, op)
        if run.get("run_type") != "aggregate" and key in medians:
            continue  # without repetitions there is one iteration run per benchmark
        medians[key] = {
            "ns": run["cpu_time"] * TIME_UNIT_NS[run.get("time_unit", "ns")],
            "bytes": run.get("bytes", 0),
            "allocs": run.get("allocs", 0),
        }
    return data.get("context", {}), medians


def fmt_ns(ns):
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


def fmt_ratio(r):
    return "—" if r is None else (f"{r:.2f}×" if r < 100 else f"{r:,.0f}×")


def fmt_allocs(a):
    return f"{a:.0f}" if abs(a - round(a)) < 0.01 else f"{a:.2f}"


def ratio(medians, message, codec, reference, op="RoundTrip"):
    a, b = medians.get((message, codec, op)), medians.get((message, reference, op))
    if not a or not b or b["ns"] == 0:
        return None
    return a["ns"] / b["ns"]


def targets(medians):
    """The issue's targets, each as (description, figures, met)."""
    rows = []

    def check(text, pairs, limit, at_least=False):
        values = [(m, ratio(medians, m, c, r)) for (m, c, r) in pairs]
        values = [(m, v) for m, v in values if v is not None]
        if not values:
            rows.append((text, "not measured", None))
            return
        met = all((v >= limit) if at_least else (v <= limit) for _, v in values)
        rows.append((text, ", ".join(f"{m} {fmt_ratio(v)}" for m, v in values), met))

    def check_per_byte(text, codec, limit):
        values = []
        for m in MESSAGE_ORDER:
            a, b = medians.get((m, codec, "RoundTrip")), medians.get((m, "Compact", "RoundTrip"))
            if a and b and a["bytes"] and b["bytes"] and b["ns"]:
                values.append((m, (a["ns"] / a["bytes"]) / (b["ns"] / b["bytes"])))
        if not values:
            rows.append((text, "not measured", None))
            return
        rows.append((text, ", ".join(f"{m} {fmt_ratio(v)}" for m, v in values), all(v <= limit for _, v in values)))

    check("Compact RoundTrip ≤ 1.1× HandWritten (UTF-8 validated) on all four",
          [(m, "Compact", "HandWritten") for m in MESSAGE_ORDER], 1.1)
    check("Compact RoundTrip ≤ 1.5× Memcpy on SeedGameStruct", [("SeedGameStruct", "Compact", "Memcpy")], 1.5)
    check("Compact RoundTrip ≤ 12× Memcpy on Monster50", [("Monster50", "Compact", "Memcpy")], 12)
    check("Mslima ≤ 1.3× Compact (RoundTrip)", [(m, "Mslima", "Compact") for m in MESSAGE_ORDER], 1.3)
    check_per_byte("GodotArray ≤ 3× Compact per byte on the wire (RoundTrip ns / byte)", "GodotArray", 3)
    check_per_byte("GodotDict ≤ 5× Compact per byte on the wire (RoundTrip ns / byte)", "GodotDict", 5)
    check("Pfr ≤ 1.1× Compact (RoundTrip)", [(m, "Pfr", "Compact") for m in MESSAGE_ORDER], 1.1)
    for codec in ("Compact", "Mslima", "GodotArray", "GodotDict"):
        allocating = []
        for m in MESSAGE_ORDER:
            for op in ("Serialize", "Deserialize"):
                run = medians.get((m, codec, op))
                if run is not None and run["allocs"] != 0:
                    allocating.append(f"{m} {op} {fmt_allocs(run['allocs'])}")
        if any((m, codec, "RoundTrip") in medians for m in MESSAGE_ORDER):
            rows.append((f"{codec}: 0 allocations per Serialize into a reused buffer / Deserialize into a reused object",
                         ", ".join(allocating) if allocating else "0 everywhere", not allocating))
    return rows


def main():
    path, machine, compiler = sys.argv[1], sys.argv[2], sys.argv[3]
    context, medians = load_medians(path)
    codecs = [c for c in CODEC_ORDER if any(k[1] == c and k[0] in MESSAGE_ORDER for k in medians)]
    out = []
    out.append("# pakt_bench results\n")
    out.append("Written by `bench/run.sh` — do not edit by hand. Median of "
               f"{context.get('pakt_repetitions', 'several')} repetitions of CPU time per operation, "
               "all measured in the same run (random interleaving).\n")
    out.append(f"- Machine: {machine}")
    out.append(f"- Compiler: {compiler}, Release (-O3)")
    out.append(f"- Date: {context.get('date', '?')}; load average at start: "
               f"{', '.join(f'{x:.2f}' for x in context.get('load_avg', []))}")
    out.append("- `bytes`: payload size; `allocs`: heap allocations per operation (malloc and operator new are "
               "counted); GB/s: payload bytes per RoundTrip time; ×Memcpy / ×HandWritten: RoundTrip time ratio.")
    out.append("- Codecs: Memcpy copies as many bytes as the compact encoding has (the floor); HandWritten is a careful "
               "hand-written compact codec (bounds, bools and UTF-8 checked); Compact / Mslima are the generated "
               "code; Pfr is compact through Boost.PFR on mirror aggregates; Cereal is its binary archive over reused "
               "streams; NlohmannJson dumps and parses; Protobuf and FlatBuffers use their generated types "
               "(FlatBuffers' Deserialize verifies and copies into the pakt struct).")
    out.append("- The C# code (generated vs hand-written vs MSLIMA's Serializer.cs, under mono) is measured by "
               "`bench/csharp/run.sh`: [csharp/RESULTS.md](csharp/RESULTS.md).\n")
    for message in MESSAGE_ORDER:
        if not any(k[0] == message and k[1] in codecs for k in medians):
            continue
        out.append(f"## {message}\n")
        out.append("| Codec | Serialize ns | Deserialize ns | RoundTrip ns | bytes | allocs (ser / deser) | GB/s "
                   "| ×Memcpy | ×HandWritten |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for codec in codecs:
            runs = {op: medians.get((message, codec, op)) for op in OPERATIONS}
            if not any(runs.values()):
                continue
            rt = runs["RoundTrip"]
            cells = [fmt_ns(runs[op]["ns"]) if runs[op] else "—" for op in OPERATIONS]
            size = next(r["bytes"] for r in runs.values() if r)
            allocs = " / ".join(fmt_allocs(runs[op]["allocs"]) if runs[op] else "—" for op in OPERATIONS[:2])
            gbps = f"{size / rt['ns']:.2f}" if rt and rt["ns"] else "—"
            out.append(f"| {codec} | {' | '.join(cells)} | {size:,.0f} | {allocs} | {gbps} | "
                       f"{fmt_ratio(ratio(medians, message, codec, 'Memcpy'))} | "
                       f"{fmt_ratio(ratio(medians, message, codec, 'HandWritten'))} |")
        out.append("")
    out.append("## Targets (issue 16)\n")
    out.append("| Target | Measured (RoundTrip time ratios) | Met |")
    out.append("|---|---|---|")
    for text, figures, met in targets(medians):
        out.append(f"| {text} | {figures} | {'—' if met is None else ('yes' if met else '**no**')} |")
    out.append("")
    if len(sys.argv) > 5:
        data_sets = snapshot_section.load(sys.argv[4])
        chart_path = sys.argv[5]
        with open(chart_path, "w") as f:
            f.write(snapshot_section.chart(data_sets))
        out.extend(snapshot_section.section(data_sets, medians, os.path.basename(chart_path), fmt_ns))
    print("\n".join(out))


if __name__ == "__main__":
    main()
