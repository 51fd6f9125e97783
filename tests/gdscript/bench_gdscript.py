#!/usr/bin/env python3
"""Speed of the generated GDScript in the real engines, Godot 3.2.3 (godot3-server) and Godot 4.6 (the
web build in headless Chromium, as tests/gdscript runs it). Run by hand, not a ctest (it takes a few
minutes on a loaded machine):

    cmake --build build --target pakt && ctest --test-dir build -R godot.engine4.setup  # the Godot 4 driver
    tests/gdscript/bench_gdscript.py build/pakt /tmp/gdbench --godot3 godot3-server \
        --node node --driver build/tests/godot/engine4/run_godot4.mjs --out tests/gdscript/RESULTS.md

(--engines 3 or 4 runs one engine. The values are checked before they are timed: the full decode and
the delta applied in place and into a copy give the same value, else the run fails.)

Writes (--out) and prints two tables per engine:
- snapshots (bench/snapshot.yaml, tests/gdscript/bench_snapshot.py): CubeScene and Players64 in
  packed (full), packed delta (applied in place with apply_delta, and into a copy with
  from_bytes_delta), compact, and var_to_bytes / bytes_to_var (Godot 3: var2bytes / bytes2var) of
  to_variant(), ms per call;
- small messages: µs per to_bytes / from_bytes (COMPACT) of photon_seed's SeedGameStruct example,
  game's Player example and a Snapshot holding a 1000-point path (spawn_points), next to
  var_to_bytes / bytes_to_var of the same value's to_variant(), and the bytes on the wire of each.
"""
import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_snapshot  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

API = {
    "4": dict(header="extends Node\n\nfunc _ready():\n\trun()\n\tget_tree().quit()\n", now="Time.get_ticks_usec()",
              enc="var_to_bytes", dec="bytes_to_var", base="/tmp/pakt/", quat="Quaternion"),
    "3": dict(header="extends SceneTree\n\nfunc _init():\n\trun()\n\tquit()\n", now="OS.get_ticks_usec()",
              enc="var2bytes", dec="bytes2var", base=None, quat="Quat"),
}


def script(godot, base):
    a = API[godot]
    return a["header"] + f"""
func bench(label, m, n):
	var b = m.to_bytes()
	var v = m.to_variant()
	var vb = {a["enc"]}(v)
	var best = [1e9, 1e9, 1e9, 1e9]
	for rep in 5:  # the fastest of 5 runs of n calls each: the machine is shared
		var t = {a["now"]}
		for i in n:
			b = m.to_bytes()
		best[0] = min(best[0], float({a["now"]} - t) / n)
		t = {a["now"]}
		for i in n:
			m.from_bytes(b)
		best[1] = min(best[1], float({a["now"]} - t) / n)
		t = {a["now"]}
		for i in n:
			vb = {a["enc"]}(m.to_variant())
		best[2] = min(best[2], float({a["now"]} - t) / n)
		t = {a["now"]}
		for i in n:
			v = {a["dec"]}(vb)
		best[3] = min(best[3], float({a["now"]} - t) / n)
	print("BENCH|%s|%d|%d|%.1f|%.1f|%.1f|%.1f" % [label, b.size(), vb.size(), best[0], best[1], best[2], best[3]])

func run():
	run_snapshots()
	var seed_s = load("{base}photon_seed.pakt.gd")
	var game = load("{base}game.pakt.gd")
	var s = seed_s.SeedGameStruct.new()
	s.int_1 = 30
	s.int_2 = 71
	s.float_1 = 0.162
	s.bool_1 = true
	s.string_1 = "ABC가나다"
	s.vector3_1 = Vector3(-23, 62, 26)
	s.vector3_2 = Vector3(1, 7, -15)
	s.quaternion_1 = {a["quat"]}(0.29798496, -0.039225, 0.12452618, 0.9455186)
	bench("SeedGameStruct", s, 2000)
	var p = game.Player.new()
	p.id = 7
	p.name = "ABC가나다"
	p.team = 1
	p.pos = Vector3(1, 2, 3)
	var inv = p.inventory  # Godot 3 hands out copies of Pool arrays: fill a local, then assign it
	inv.append_array([1, 2, 3])
	p.inventory = inv
	p.color = [255, 128, 0, 255]
	var w = load("{base}common.pakt.gd").Weapon.new()
	w.name = "Sword"
	w.damage = 12
	var weapons = p.weapons
	weapons.append(w)
	p.weapons = weapons
	p.score = 1500
	bench("Player", p, 2000)
	var snap = game.Snapshot.new()
	var path = snap.spawn_points
	for i in 1000:
		path.append(Vector3(i, i * 0.5, -i))
	snap.spawn_points = path
	bench("Snapshot, 1000-point path", snap, 100)
""" + bench_snapshot.script(a, base)


def run_engine(godot, args, work):
    """Generates the schemas' GDScript for one engine, runs the bench script and returns its output lines."""
    gen = os.path.join(work, "generated")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(gen)
    schemas = [os.path.join(ROOT, "schemas", n) for n in ("common.yaml", "game.yaml", "photon_seed.yaml")]
    schemas.append(os.path.join(ROOT, "bench", "snapshot.yaml"))
    subprocess.run([args.pakt, "generate", "--lang", "gdscript", "--godot", godot, "--out", gen] + schemas, check=True)
    path = os.path.join(work, "bench.gd")
    with open(path, "w", encoding="utf-8") as f:
        f.write(script(godot, API[godot]["base"] or gen + "/"))
    if godot == "4":
        files = [os.path.join(gen, n) for n in sorted(os.listdir(gen))]
        run = subprocess.run([args.node, args.driver, path] + files, capture_output=True, text=True)
    else:
        run = subprocess.run([args.godot3, "--no-window", "-s", path], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    failures = [x for x in lines if x.startswith("BENCHFAIL|")]
    if failures or not any(x.startswith("SNAP|") for x in lines):
        sys.exit(f"Godot {godot}: the bench failed\n" + "\n".join(failures) + run.stdout[-3000:] + run.stderr[-3000:])
    return lines


def small_table(godot, lines):
    enc, dec = API[godot]["enc"], API[godot]["dec"]
    out = [f"| Godot {godot} | compact bytes | Variant bytes | to_bytes µs | from_bytes µs | {enc}(to_variant()) µs "
           f"| {dec} µs | from_bytes / {dec} |", "|---|--:|--:|--:|--:|--:|--:|--:|"]
    for line in lines:
        if line.startswith("BENCH|"):
            _, label, nb, nv, e, d, ve, vd = line.split("|")
            out.append(f"| {label} | {nb} | {nv} | {e} | {d} | {ve} | {vd} | {float(d) / max(float(vd), 0.05):.1f}× |")
    return out


ENGINES = {"3": "Godot 3.2.3 (godot3-server)", "4": "Godot 4.6 (web, headless Chromium)"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pakt")
    ap.add_argument("work")
    ap.add_argument("--engines", default="3,4")
    ap.add_argument("--node", default="node")
    ap.add_argument("--driver", help="run_godot4.mjs of the build tree (Godot 4)")
    ap.add_argument("--godot3", default="godot3-server")
    ap.add_argument("--out", help="the Markdown file to write the tables to")
    args = ap.parse_args()
    engines = args.engines.split(",")
    results = {g: run_engine(g, args, os.path.join(os.path.abspath(args.work), "godot" + g)) for g in engines}
    load = os.getloadavg()[0]
    doc = ["# GDScript speed (tests/gdscript/bench_gdscript.py)", "",
           "Written by `tests/gdscript/bench_gdscript.py` (run by hand; the command is in its docstring). One run on one "
           f"machine, both engines one after the other; 1-minute load average {load:.1f} at the end (2 cores, shared). "
           "Each figure is the fastest of 25 runs (snapshots; each run times every operation once) or 5 runs (small "
           "messages) of n calls: on a loaded machine read the ratios, not the milliseconds.", "",
           "## Snapshots (bench/snapshot.yaml)", "",
           "CubeScene: 901 cubes, settled; the delta has 13 cubes moved. Players64: 64 players, every one moved in the "
           "delta. The values are seeded (tests/gdscript/bench_snapshot.py), the same in both engines. `apply_delta` "
           "applies the delta to the receiver's own object (it holds the baseline); `from_bytes_delta(bytes, acked)` "
           "first deep-copies the baseline. The last column: decode time over the same engine's compact decode.", "",
           "| engine | message | format | bytes | encode ms | decode ms | decode / compact decode |",
           "|---|---|---|--:|--:|--:|--:|"]
    for g in engines:
        snaps = [x for x in results[g] if x.startswith("SNAP|")]
        doc += bench_snapshot.table(ENGINES[g], snaps, API[g]["enc"], API[g]["dec"])
    doc += ["", "## Small messages (compact)", ""]
    for g in engines:
        doc += small_table(g, results[g]) + [""]
    text = "\n".join(doc)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
