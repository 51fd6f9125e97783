"""The packed format's section of bench/RESULTS.md (issue 15) and its chart.

Reads pakt_snapshot_sizes' JSON (bytes per snapshot, per phase of each simulation) and pakt_bench's
medians of the CubeScene / Players64 benchmarks (Compact, Packed, PackedDelta).
"""
import json
import math

FORMATS = [("compact", "Compact", "compact"), ("packed", "Packed", "packed"), ("delta", "PackedDelta", "packed+delta")]
COLORS = {"compact": "#8c8c8c", "packed": "#3b75af", "delta": "#e07b39"}


def kbps(bytes_per_snapshot, ticks_per_second):
    return bytes_per_snapshot * 8 * ticks_per_second / 1000


def load(path):
    with open(path) as f:
        return json.load(f)["data_sets"]


def rows_of(data_sets):
    """(data set, phase, format key, label, bytes, bits per entity, kbps, share of compact)."""
    rows = []
    for ds in data_sets:
        for phase in ds["phases"]:
            for key, _, label in FORMATS:
                size = phase[key]
                rows.append((ds["name"], phase, key, label, size, size * 8 / ds["entities"],
                             kbps(size, ds["ticks_per_second"]), size / phase["compact"]))
    return rows


def targets(data_sets):
    out = []
    for ds in data_sets:
        phase = next(p for p in ds["phases"] if p["name"] == "all")
        share = phase["packed"] / phase["compact"]
        out.append((f"packed ≤ 40% of compact, {ds['name']} (all ticks)", f"{share:.1%}", share <= 0.40))
    cubes = next(ds for ds in data_sets if ds["name"] == "CubeScene")
    settled = next(p for p in cubes["phases"] if p["name"] == "settled")
    share = settled["delta"] / settled["compact"]
    out.append(("packed+delta ≤ 5% of compact, CubeScene once it settles", f"{share:.1%}", share <= 0.05))
    out.append(("quantization error within the schema's precision on every value",
                "checked on every snapshot by pakt_snapshot_sizes (ctest bench.snapshot_checks)", True))
    return out


def section(data_sets, medians, chart_name, fmt_ns):
    out = ["## Snapshots: packed and packed+delta (issue 15)\n"]
    ticks = data_sets[0]["ticks_per_second"]
    out.append(
        f"`pakt_snapshot_sizes` simulates the data sets of bench/snapshot.yaml tick by tick at {ticks} Hz and "
        "encodes every snapshot in each format; the delta's baseline is the snapshot "
        f"{data_sets[0]['ack_ticks']} ticks older (acknowledged after a 100 ms round trip; the first ones go in "
        "full). CubeScene: 901 cubes dropped from up to 8 m onto a floor (they settle within 5 s), then a player "
        "cube drives through them and pushes the ones it touches. Players64: 64 players running, turning, "
        "jumping, firing, dying and respawning. Every packed decode is checked against its input (within half "
        "the schema's precision) and every delta decode against the full decode. Times are pakt_bench medians "
        "of tick 600 (delta against tick 594).\n")
    out.append("| Data set | Phase (ticks) | Format | bytes / snapshot | bits / entity | kbps at "
               f"{ticks} Hz | of compact | active entities | Serialize ns | Deserialize ns |")
    out.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, phase, key, label, size, bits, rate, share in rows_of(data_sets):
        codec = dict((k, c) for k, c, _ in FORMATS)[key]
        times = []
        for op in ("Serialize", "Deserialize"):
            run = medians.get((name, codec, op)) if phase["name"] == "all" else None
            times.append(fmt_ns(run["ns"]) if run else "")
        out.append(f"| {name} | {phase['name']} ({phase['first_tick']}–{phase['last_tick']}) | {label} | "
                   f"{size:,.0f} | {bits:.1f} | {rate:,.0f} | {share:.1%} | {phase['active']:.0f} | "
                   f"{times[0]} | {times[1]} |")
    out.append("")
    out.append("Active entities: cubes not at rest (CubeScene), players alive (Players64).\n")
    out.append(f"![kbps per format]({chart_name})\n")
    out.append("| Target (issue 15) | Measured | Met |")
    out.append("|---|---|---|")
    for text, figure, met in targets(data_sets):
        out.append(f"| {text} | {figure} | {'yes' if met else '**no**'} |")
    out.append("")
    out.extend(speed(data_sets, medians, fmt_ns))
    return out


def speed(data_sets, medians, fmt_ns):
    """The timings of tick 600 side by side with compact and the hand-written packed floor (issue 32)."""
    codecs = [("Compact", "compact"), ("Packed", "packed"), ("PackedDelta", "packed+delta (tick 600 against 594)"),
              ("HandPacked", "hand-written packed (floor)")]
    out = ["### Packed speed (issue 32)\n",
           "pakt_bench medians of the same run; HandPacked is bench/snapshot/hand_packed.cpp, a hand-written "
           "packed codec of CubeScene (the same bytes, checked by bench.snapshot_checks).\n",
           "| Data set | Codec | Serialize ns | Deserialize ns | Serialize × compact | Deserialize × compact | "
           "allocs (ser / deser) |",
           "|---|---|---:|---:|---:|---:|---:|"]
    goals = []
    for ds in data_sets:
        name = ds["name"]
        compact = {op: medians.get((name, "Compact", op)) for op in ("Serialize", "Deserialize")}
        for codec, label in codecs:
            runs = {op: medians.get((name, codec, op)) for op in ("Serialize", "Deserialize")}
            if not all(runs.values()):
                continue
            ratio = [f"{runs[op]['ns'] / compact[op]['ns']:.1f}×" if compact[op] else "" for op in runs]
            allocs = " / ".join(f"{runs[op].get('allocs', 0):g}" for op in runs)
            out.append(f"| {name} | {label} | {fmt_ns(runs['Serialize']['ns'])} | "
                       f"{fmt_ns(runs['Deserialize']['ns'])} | {ratio[0]} | {ratio[1]} | {allocs} |")
        packed = {op: medians.get((name, "Packed", op)) for op in ("Serialize", "Deserialize")}
        if all(packed.values()) and all(compact.values()):
            s = packed["Serialize"]["ns"] / compact["Serialize"]["ns"]
            d = packed["Deserialize"]["ns"] / compact["Deserialize"]["ns"]
            goals.append((f"packed Serialize ≤ 5× compact's, {name}", f"{s:.1f}×", s <= 5))
            goals.append((f"packed Deserialize ≤ 4× compact's, {name}", f"{d:.1f}×", d <= 4))
        hand = {op: medians.get((name, "HandPacked", op)) for op in ("Serialize", "Deserialize")}
        if all(hand.values()) and all(packed.values()):
            for op in ("Serialize", "Deserialize"):
                r = packed[op]["ns"] / hand[op]["ns"]
                goals.append((f"packed {op} within 1.2× of the hand-written floor, {name}", f"{r:.2f}×", r <= 1.2))
        delta = medians.get((name, "PackedDelta", "Serialize"))
        if name == "CubeScene" and delta and packed["Serialize"]:
            r = delta["ns"] / packed["Serialize"]["ns"]
            goals.append(("delta Serialize of the settled scene ≤ packed Serialize, CubeScene", f"{r:.2f}×", r <= 1))
    out.append("")
    out.append("| Target (issue 32) | Measured | Met |")
    out.append("|---|---|---|")
    for text, figure, met in goals:
        out.append(f"| {text} | {figure} | {'yes' if met else '**no**'} |")
    out.append("")
    return out


def chart(data_sets):
    """Horizontal bars of kbps per format for each data set and phase, on a log scale."""
    groups = [(ds, p) for ds in data_sets for p in ds["phases"]]
    bar, gap, left, width = 16, 14, 230, 460
    height = 40 + len(groups) * (3 * bar + gap) + 40
    values = [kbps(p[k], ds["ticks_per_second"]) for ds, p in groups for k, _, _ in FORMATS]
    lo = 10 ** math.floor(math.log10(max(min(values), 1e-3)))
    hi = 10 ** math.ceil(math.log10(max(values)))

    def x(v):
        return left + width * (math.log10(max(v, lo)) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 120}" height="{height}" '
           'font-family="sans-serif" font-size="12">',
           f'<text x="10" y="20" font-size="14">Bandwidth per client at {data_sets[0]["ticks_per_second"]} Hz, '
           'kbps (log scale)</text>']
    decade = lo
    while decade <= hi * 1.0001:
        svg.append(f'<line x1="{x(decade):.1f}" y1="30" x2="{x(decade):.1f}" y2="{height - 30}" stroke="#ddd"/>')
        svg.append(f'<text x="{x(decade):.1f}" y="{height - 14}" text-anchor="middle">{decade:,.0f}</text>')
        decade *= 10
    y = 40
    for ds, phase in groups:
        svg.append(f'<text x="10" y="{y + 1.5 * bar + 4}">{ds["name"]}, {phase["name"]}</text>')
        for key, _, label in FORMATS:
            v = kbps(phase[key], ds["ticks_per_second"])
            svg.append(f'<rect x="{left}" y="{y}" width="{x(v) - left:.1f}" height="{bar - 2}" fill="{COLORS[key]}"/>')
            svg.append(f'<text x="{x(v) + 4:.1f}" y="{y + bar - 5}">{label} {v:,.0f}</text>')
            y += bar
        y += gap
    svg.append("</svg>")
    return "\n".join(svg) + "\n"
