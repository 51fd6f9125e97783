#!/usr/bin/env python3
"""Speed of the generated GDScript in the real engines (run by hand; not a ctest):

    bench_gdscript.py 4 PAKT WORKDIR --node NODE --driver run_godot4.mjs
    bench_gdscript.py 3 PAKT WORKDIR --godot3 godot3-server

µs per to_bytes / from_bytes (COMPACT) of photon_seed's SeedGameStruct example, game's Player example and
a Snapshot holding a 1000-point path (spawn_points), next to var_to_bytes / bytes_to_var of the same
value's to_variant(), and the bytes on the wire of each.
"""
import argparse
import os
import shutil
import subprocess

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
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("godot", choices=["4", "3"])
    ap.add_argument("pakt")
    ap.add_argument("work")
    ap.add_argument("--node", default="node")
    ap.add_argument("--driver")
    ap.add_argument("--godot3")
    args = ap.parse_args()
    work = os.path.abspath(args.work)
    gen = os.path.join(work, "generated")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(gen)
    schemas = [os.path.join(ROOT, "schemas", n) for n in ("common.yaml", "game.yaml", "photon_seed.yaml")]
    subprocess.run([args.pakt, "generate", "--lang", "gdscript", "--godot", args.godot, "--out", gen] + schemas,
                   check=True)
    path = os.path.join(work, "bench.gd")
    with open(path, "w", encoding="utf-8") as f:
        f.write(script(args.godot, API[args.godot]["base"] or gen + "/"))
    if args.godot == "4":
        files = [os.path.join(gen, n) for n in sorted(os.listdir(gen))]
        out = subprocess.run([args.node, args.driver, path] + files, capture_output=True, text=True).stdout
    else:
        out = subprocess.run([args.godot3, "--no-window", "-s", path], capture_output=True, text=True).stdout
    enc, dec = API[args.godot]["enc"], API[args.godot]["dec"]
    print(f"| Godot {args.godot} | compact bytes | Variant bytes | to_bytes µs | from_bytes µs | {enc}(to_variant()) µs "
          f"| {dec} µs | from_bytes / {dec} |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for line in out.splitlines():
        if line.startswith("BENCH|"):
            _, label, nb, nv, e, d, ve, vd = line.split("|")
            print(f"| {label} | {nb} | {nv} | {e} | {d} | {ve} | {vd} | {float(d) / max(float(vd), 0.05):.1f}× |")


if __name__ == "__main__":
    main()
