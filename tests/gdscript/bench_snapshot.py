"""The snapshot part of bench_gdscript.py: bench/snapshot.yaml's CubeScene and Players64 in GDScript,
full (PACKED), delta (to_bytes_delta / apply_delta in place / from_bytes_delta into a copy), COMPACT and
the engine's own var_to_bytes / bytes_to_var (Godot 3: var2bytes / bytes2var) of to_variant().

The values come from a seeded generator here, the same for both engines: a settled CubeScene of 901
cubes (a 30 × 30 grid and one more, at rest, random rotations) and the same scene 6 ticks later with 13
cubes moved (the delta of bench/RESULTS.md's settled scene is 13 cubes too); 64 players with random
positions, velocities, angles, health and flags, and the same 6 ticks later with every player moved.
"""
import math
import random

CUBES, MOVED, PLAYERS = 901, 13, 64


def _quat(rng):
    """A random unit quaternion (x, y, z, w) in float32-friendly digits."""
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    q = (math.sqrt(1 - u1) * math.sin(2 * math.pi * u2), math.sqrt(1 - u1) * math.cos(2 * math.pi * u2),
         math.sqrt(u1) * math.sin(2 * math.pi * u3), math.sqrt(u1) * math.cos(2 * math.pi * u3))
    return tuple(round(c, 6) for c in q)


def cube_scenes(seed=600):
    """(baseline, current): lists of cubes (x, y, z, qx, qy, qz, qw, at_rest)."""
    rng = random.Random(seed)
    base = []
    for i in range(CUBES):
        x, z = (i % 30) * 2.0 - 30.0, (i // 30) * 2.0 - 30.0
        base.append((x, 0.5, z) + _quat(rng) + (1,))
    cur = list(base)
    for i in sorted(rng.sample(range(CUBES), MOVED)):
        x, y, z = base[i][:3]
        cur[i] = (round(x + rng.uniform(-1, 1), 3), round(y + rng.uniform(0, 2), 3), round(z + rng.uniform(-1, 1), 3)) + \
            _quat(rng) + (0,)
    return base, cur


def _player(rng, i):
    return (i, round(rng.uniform(-500, 500), 2), round(rng.uniform(0, 40), 2), round(rng.uniform(-500, 500), 2),
            round(rng.uniform(-8, 8), 2), round(rng.uniform(-8, 8), 2), round(rng.uniform(-8, 8), 2),
            round(rng.uniform(0, 359.9), 1), round(rng.uniform(-89, 89), 1), rng.randint(1, 100), rng.randint(0, 7),
            rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 1), 1)


def player_snapshots(seed=64):
    """(baseline, current): lists of players (id, position xyz, velocity xyz, yaw, pitch, health,
    weapon, crouching, firing, reloading, alive)."""
    rng = random.Random(seed)
    base = [_player(rng, i) for i in range(PLAYERS)]
    cur = []
    for p in base:
        moved = list(p)
        for c in range(1, 4):  # 6 ticks of running
            moved[c] = round(max(-500.0, min(500.0, p[c] + p[c + 3] * 0.1)), 2)
        moved[7] = round((p[7] + rng.uniform(0, 20)) % 360, 1)
        cur.append(tuple(moved))
    return base, cur


def _gd_rows(rows):
    return "[" + ",\n\t".join("[" + ", ".join(repr(float(v)) if isinstance(v, float) else str(v) for v in r) + "]"
                              for r in rows) + "]"


def script(api, base_path):
    """The GDScript of the snapshot bench (api: bench_gdscript.API[godot])."""
    cb, cc = cube_scenes()
    pb, pc = player_snapshots()
    now, enc, dec, quat = api["now"], api["enc"], api["dec"], api["quat"]
    return f"""
const CUBE_BASE = {_gd_rows(cb)}
const CUBE_NOW = {_gd_rows(cc)}
const PLAYER_BASE = {_gd_rows(pb)}
const PLAYER_NOW = {_gd_rows(pc)}

func cube_scene(snap, rows, tick):
	var s = snap.CubeScene.new()
	s.tick = tick
	var cubes = s.cubes
	for r in rows:
		var c = snap.Cube.new()
		c.position = Vector3(r[0], r[1], r[2])
		c.rotation = {quat}(r[3], r[4], r[5], r[6])
		c.at_rest = r[7] == 1
		cubes.append(c)
	s.cubes = cubes
	return s

func player_snapshot(snap, rows, tick):
	var s = snap.PlayerSnapshot.new()
	s.tick = tick
	var players = s.players
	for r in rows:
		var p = snap.Player.new()
		p.id = r[0]
		p.position = Vector3(r[1], r[2], r[3])
		p.velocity = Vector3(r[4], r[5], r[6])
		p.yaw = r[7]
		p.pitch = r[8]
		p.health = r[9]
		p.weapon = r[10]
		p.crouching = r[11] == 1
		p.firing = r[12] == 1
		p.reloading = r[13] == 1
		p.alive = r[14] == 1
		players.append(p)
	s.players = players
	return s

# The fastest of REPS runs of n calls, in µs per call: each run times every operation once, so that
# on a shared machine each has the same chances of a quiet moment.
const REPS = 25

func best(results, key, t):
	if not results.has(key) or t < results[key]:
		results[key] = t

func snapshot_bench(label, cls, base, now, n, PACKED):
	var r = {{}}
	var compact = now.to_bytes()
	var packed = now.to_bytes(PACKED)
	var delta = now.to_bytes_delta(base)
	var variant = {enc}(now.to_variant())
	var recv = cls.new()
	var copy = cls.new()
	# A delta applied to the decoded baseline gives the full decode (a decoded rotation need not encode
	# to the same bits again: docs/packed.md, so the values are compared, not re-encoded bytes).
	if recv.from_bytes(packed, PACKED) != OK:
		print("BENCHFAIL|%s packed: %s" % [label, recv.last_error])
	var full = {enc}(recv.to_variant())
	var acked = cls.new()
	acked.from_bytes(base.to_bytes(PACKED), PACKED)  # the receiver's baseline: the decoded one
	var applied = cls.new()
	applied.from_bytes(base.to_bytes(PACKED), PACKED)
	if applied.apply_delta(delta) != OK or {enc}(applied.to_variant()) != full:
		print("BENCHFAIL|%s apply_delta: %s" % [label, applied.last_error])
	if copy.from_bytes_delta(delta, acked) != OK or {enc}(copy.to_variant()) != full:
		print("BENCHFAIL|%s from_bytes_delta: %s" % [label, copy.last_error])
	var plain = cls.new()
	for rep in REPS:
		var t = {now}
		for i in n:
			compact = now.to_bytes()
		best(r, "compact_enc", float({now} - t) / n)
		t = {now}
		for i in n:
			recv.from_bytes(compact)
		best(r, "compact_dec", float({now} - t) / n)
		t = {now}
		for i in n:
			packed = now.to_bytes(PACKED)
		best(r, "packed_enc", float({now} - t) / n)
		t = {now}
		for i in n:
			recv.from_bytes(packed, PACKED)
		best(r, "packed_dec", float({now} - t) / n)
		t = {now}
		for i in n:
			delta = now.to_bytes_delta(base)
		best(r, "delta_enc", float({now} - t) / n)
		t = {now}
		for i in 10 * n:  # the same delta again: the same reads and stores each time (10× n: it is quick)
			applied.apply_delta(delta)
		best(r, "delta_dec", float({now} - t) / (10 * n))
		t = {now}
		for i in n:
			copy.from_bytes_delta(delta, acked)
		best(r, "delta_copy_dec", float({now} - t) / n)
		t = {now}
		for i in n:
			variant = {enc}(now.to_variant())
		best(r, "variant_enc", float({now} - t) / n)
		t = {now}
		for i in n:
			plain = {dec}(variant)
		best(r, "variant_dec", float({now} - t) / n)
	print("SNAP|%s|%d|%d|%d|%d|%.1f|%.1f|%.1f|%.1f|%.1f|%.1f|%.1f|%.1f|%.1f" % [label, compact.size(), packed.size(),
		delta.size(), variant.size(), r.compact_enc, r.compact_dec, r.packed_enc, r.packed_dec, r.delta_enc,
		r.delta_dec, r.delta_copy_dec, r.variant_enc, r.variant_dec])

func run_snapshots():
	var snap = load("{base_path}snapshot.pakt.gd")
	snapshot_bench("CubeScene", snap.CubeScene, cube_scene(snap, CUBE_BASE, 594), cube_scene(snap, CUBE_NOW, 600), 2, snap.PACKED)
	snapshot_bench("Players64", snap.PlayerSnapshot, player_snapshot(snap, PLAYER_BASE, 594),
		player_snapshot(snap, PLAYER_NOW, 600), 10, snap.PACKED)
"""


COLUMNS = ["compact_enc", "compact_dec", "packed_enc", "packed_dec", "delta_enc", "delta_dec", "delta_copy_dec",
           "variant_enc", "variant_dec"]


def table(engine, lines, enc, dec):
    """Markdown rows of one engine's SNAP lines (ms per call)."""
    out = []
    for line in lines:
        _, label, nc, np_, nd, nv, *times = line.split("|")
        t = dict(zip(COLUMNS, (float(x) / 1000.0 for x in times)))
        cd = t["compact_dec"]
        out += [
            f"| {engine} | {label} | packed (full) | {np_} | {t['packed_enc']:.3f} | {t['packed_dec']:.3f} | "
            f"{t['packed_dec'] / cd:.2f}× |",
            f"| {engine} | {label} | packed delta: `apply_delta` in place | {nd} | {t['delta_enc']:.3f} | "
            f"{t['delta_dec']:.3f} | {t['delta_dec'] / cd:.2f}× |",
            f"| {engine} | {label} | packed delta: `from_bytes_delta` into a copy | {nd} | | {t['delta_copy_dec']:.3f} | "
            f"{t['delta_copy_dec'] / cd:.2f}× |",
            f"| {engine} | {label} | compact | {nc} | {t['compact_enc']:.3f} | {cd:.3f} | 1.00× |",
            f"| {engine} | {label} | `{enc}` / `{dec}` of `to_variant()` | {nv} | {t['variant_enc']:.3f} | "
            f"{t['variant_dec']:.3f} | {t['variant_dec'] / cd:.2f}× |",
        ]
    return out
