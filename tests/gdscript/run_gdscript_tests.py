#!/usr/bin/env python3
"""The GDScript back end in the real engines (ctest gdscript.engine4 / gdscript.engine3, label engine).

    run_gdscript_tests.py 4 PAKT GD_VECTORS WORKDIR --node NODE --driver run_godot4.mjs --schemas S.yaml...
    run_gdscript_tests.py 3 PAKT GD_VECTORS WORKDIR --godot3 godot3-server --schemas S.yaml...

One engine run checks, against the C++ generated code (tests/gdscript/gd_vectors.cpp):
  - every generated script (all the schemas given, and the runtime) loads without error;
  - R: every C++ value (defaults + seeded values with edge values, compact and mslima) decodes with
    from_bytes (into one reused instance per message) and to_bytes gives the same bytes; those
    GDScript-made bytes decode in C++ to the C++ value's ToJson;
  - D: the defaults of M.new(), encoded by GDScript, decode in C++ to the JSON of C++'s M{};
  - T: every truncation of the first values of each message and format, and of every schema example:
    the same verdict as C++
    (rejected with the same Status text, or accepted — an older version's payload — and re-encoded
    to the same bytes);
  - H: mutated and random bytes: the same verdict as C++, and the engine never stops on a script error;
  - the seed's real MSLIMA bytes of SeedGameStruct (tests/generated/seed_test.cpp) decode, and re-encode
    to themselves;
  - packed (docs/packed.md): C++ values' packed bytes and encode errors, decode and re-encode, truncations,
    mutations and crafted inputs, deltas of packed.yaml's Scene (gd_vectors packed / delta), and
    packed_delta.yaml's Room against `pakt encode --format packed [--baseline]`;
  - a negative control: a corrupted expectation must be reported.
Expectations come from the C++ side at test time, never from this back end's own output.
"""
import argparse
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import time

TRUNCATED_VALUES = 8  # per message and format: every prefix of each
MUTATED_VALUES = 24   # per message and format: two mutations of each


def die(msg):
    print(f"run_gdscript_tests: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.stdout.write(p.stdout[-4000:])
        sys.stderr.write(p.stderr[-4000:])
        die(f"{' '.join(cmd)} exited with {p.returncode}")
    return p


REPLICATION_GD = r'''
# ---- replication (docs/replication.md): packed_delta.yaml's Room through the runtime's Sender / Receiver
func rp(what, ok, detail = ""):
	print("RP|", what, "|", "OK" if ok else "FAIL|" + str(detail))

func room_from(Room, h):
	var m = Room.new()
	m.from_bytes(hex(h), 0)
	return m

func pk(m):
	return "null" if m == null else m.to_bytes(2).hex_encode()

# What a receiver shows, to check that a refused packet changes none of it.
func rstate(rc):
	return [rc.tick, rc.has_snapshot, pk(rc.snapshot), rc.ack.hex_encode(), rc.history]

# The baseline tick of a snapshot packet, -1 for a full one.
func base_of(p):
	if p.size() < 3 or p[0] & 3 != 2:
		return -1
	var at = 1 + (8 if p[0] & 4 != 0 else 0)
	return p[at + 2] | (p[at + 3] << 8)

func ack_bytes(newest, bits):
	var a = BYTES()
	for v in [3, newest & 0xFF, newest >> 8, bits & 0xFF, (bits >> 8) & 0xFF, (bits >> 16) & 0xFF, (bits >> 24) & 0xFF]:
		a.append(v)
	return a

func with_byte(p, i, v):
	var q = BYTES()
	q.append_array(p)
	q[i] = v
	return q

func prefix(p, n):
	var q = BYTES()
	for i in n:
		q.append(p[i])
	return q

# A refused packet: ERR_INVALID_DATA with a reason, and the receiver as it was.
func refused(what, rc, p):
	var before = rstate(rc)
	var err = rc.receive(p)
	var after = rstate(rc)
	rp(what, err == ERR_INVALID_DATA and rc.last_error != "" and str(before) == str(after),
	   [err, rc.last_error, before, after])

func replication(scripts):
	if not scripts.has("packed_delta.pakt") or not scripts.has("pakt_runtime"):
		rp("setup", false, "no packed_delta.pakt.gd / pakt_runtime.gd")
		return
	var Room = scripts["packed_delta.pakt"].get_script_constant_map()["Room"]
	var RT = scripts["pakt_runtime"]
	var rooms = []
	for h in ROOM_HEX:
		rooms.append(room_from(Room, h))
	print("RF|", Room.PAKT_FINGERPRINT)

	# Full first (with the fingerprint), the ack, a delta against the acked tick across the wrap:
	# the bytes are checked against the tool's packed encodings.
	var s = RT.Sender.new(Room, 4)
	var r = RT.Receiver.new(Room, 4)
	rp("receiver.empty", not r.has_snapshot and r.snapshot == null and r.tick == -1 and r.ack.size() == 0)
	var p = s.encode(65534, rooms[2])
	print("RB|full|", p.hex_encode())
	rp("full.apply", r.receive(p) == OK and r.tick == 65534 and r.has_snapshot and pk(r.snapshot) == pk(rooms[2]), r.last_error)
	print("RB|ack1|", r.ack.hex_encode())
	rp("ack.accepted", s.receive_ack(r.ack) == OK, s.last_error)
	p = s.encode(3, rooms[3])
	print("RB|delta|", p.hex_encode())
	rp("delta.apply", r.receive(p) == OK and r.tick == 3 and pk(r.snapshot) == pk(rooms[3]), r.last_error)
	print("RB|ack2|", r.ack.hex_encode())
	refused("delta.duplicate", r, p)

	# Refusals leave the receiver as it was; the good packet is applied afterwards.
	var g = s.encode(4, rooms[4])
	refused("refuse.stale", r, with_byte(with_byte(g, 1, 2), 2, 0))  # tick 2
	refused("refuse.unknown_baseline", r, with_byte(g, 3, 9))
	refused("refuse.future_baseline", r, with_byte(with_byte(g, 3, 4), 4, 0))
	refused("refuse.version", r, with_byte(g, 0, g[0] | 8))
	refused("refuse.kind0", r, with_byte(g, 0, 0))
	refused("refuse.kind3", r, with_byte(g, 0, 3))
	refused("refuse.ack_packet", r, ack_bytes(4, 0))
	var full_fp = RT.Sender.new(Room, 4).encode(5, rooms[5])
	refused("refuse.fingerprint", r, with_byte(full_fp, 8, full_fp[8] ^ 1))
	refused("refuse.fingerprint_cut", r, prefix(full_fp, 5))
	var cut_ok = true
	for n in g.size():
		var before = rstate(r)
		if r.receive(prefix(g, n)) != ERR_INVALID_DATA or str(rstate(r)) != str(before):
			cut_ok = false
			print("RP|truncation ", n, "|", r.last_error)
	rp("refuse.truncations", cut_ok)
	rp("after.refusals", r.receive(g) == OK and r.tick == 4 and pk(r.snapshot) == pk(rooms[4]), r.last_error)
	rp("after.refusals.full", r.receive(full_fp) == OK and r.tick == 5, r.last_error)  # a full snapshot newer than 4

	# Fingerprint rules: a fresh receiver takes no packet without the fingerprint, nor a wrong one.
	var fresh = RT.Receiver.new(Room, 4)
	refused("fingerprint.delta_first", fresh, g)
	var no_fp = BYTES()
	no_fp.append(1)
	for i in range(9, full_fp.size()):
		no_fp.append(full_fp[i])
	refused("fingerprint.full_without", fresh, no_fp)
	rp("fingerprint.full_with", fresh.receive(full_fp) == OK, fresh.last_error)
	rp("fingerprint.bytes", full_fp[0] == 5 and prefix(full_fp, 9).hex_encode().substr(2) == RT.Replication.int64_bytes(Room.PAKT_FINGERPRINT).hex_encode())

	# Baselines: never an unacknowledged tick, always the newest acknowledged one still held.
	s = RT.Sender.new(Room, 8)
	r = RT.Receiver.new(Room, 8)
	p = s.encode(10, rooms[0])
	r.receive(p)
	var a10 = r.ack
	p = s.encode(11, rooms[1])
	rp("unacked.full_again", p[0] == 5 and base_of(p) == -1, p.hex_encode().substr(0, 30))
	rp("unacked.apply", r.receive(p) == OK, r.last_error)
	var a11 = r.ack
	rp("ack.bits", a11.hex_encode() == "030b0001000000", a11.hex_encode())
	s.receive_ack(a10)
	p = s.encode(12, rooms[2])
	rp("unacked.not_baseline", p[0] == 2 and base_of(p) == 10, base_of(p))
	rp("unacked.delta_apply", r.receive(p) == OK and pk(r.snapshot) == pk(rooms[2]), r.last_error)
	s.receive_ack(r.ack)  # names 12, 11, 10
	var p13 = s.encode(13, rooms[3])
	rp("newest.acked", base_of(p13) == 12, base_of(p13))
	s.receive_ack(a10)  # a late ack moves nothing back
	var p14 = s.encode(14, rooms[4])
	rp("late.ack", base_of(p14) == 12, base_of(p14))
	rp("late.apply", r.receive(p14) == OK and r.receive(p13) == ERR_INVALID_DATA and pk(r.snapshot) == pk(rooms[4]))

	# Forged and malformed acks.
	s = RT.Sender.new(Room, 4)
	r = RT.Receiver.new(Room, 4)
	rp("forged.ignored", s.receive_ack(ack_bytes(500, 0xFFFFFFFF)) == OK)
	p = s.encode(100, rooms[0])
	rp("forged.full", p[0] == 5)
	r.receive(p)
	s.receive_ack(ack_bytes(99, 0xFFFFFFFF))  # 99 and the 32 before: none sent
	s.receive_ack(ack_bytes(101, 0xFFFFFFFE))  # 101 (never sent) and 99..69, not 100
	p = s.encode(101, rooms[1])
	rp("forged.still_full", p[0] == 5, p[0])
	r.receive(p)
	rp("ack.short", s.receive_ack(prefix(r.ack, 6)) == ERR_INVALID_DATA and s.last_error != "")
	var long_ack = BYTES()
	long_ack.append_array(r.ack)
	long_ack.append(0)
	rp("ack.long", s.receive_ack(long_ack) == ERR_INVALID_DATA)
	rp("ack.kind", s.receive_ack(with_byte(r.ack, 0, 2)) == ERR_INVALID_DATA)
	p = s.encode(102, rooms[2])
	rp("ack.malformed_ignored", p[0] == 5)
	r.receive(p)
	rp("ack.real", s.receive_ack(r.ack) == OK)
	p = s.encode(103, rooms[3])
	rp("ack.real_delta", p[0] == 2 and base_of(p) == 102, base_of(p))

	# Age-out: the acked tick leaves the history of 4, the next packet is full; the receiver's
	# evicted baseline is unknown.
	s = RT.Sender.new(Room, 4)
	r = RT.Receiver.new(Room, 4)
	r.receive(s.encode(200, rooms[0]))
	s.receive_ack(r.ack)
	var last_delta
	for t in [201, 202, 203, 204]:
		p = s.encode(t, rooms[t - 200])
		rp("ageout.delta" + str(t), p[0] == 2 and base_of(p) == 200, base_of(p))
		rp("ageout.apply" + str(t), r.receive(p) == OK, r.last_error)  # acks lost
		last_delta = p
	p = s.encode(205, rooms[5])
	rp("ageout.full", p[0] == 5, p[0])
	refused("refuse.evicted_baseline", r, with_byte(last_delta, 1, 206))
	rp("ageout.apply_full", r.receive(p) == OK and pk(r.snapshot) == pk(rooms[5]))

	# Ticks wrap: 65530 -> 65535 -> 5; not newer is refused by both sides.
	s = RT.Sender.new(Room, 4)
	r = RT.Receiver.new(Room, 4)
	var wrap_ok = RT.Replication.newer(5, 65530) and not RT.Replication.newer(65530, 5) and not RT.Replication.newer(7, 7)
	for t in [65530, 65535, 5]:
		p = s.encode(t, rooms[t % 7])
		wrap_ok = wrap_ok and p.size() > 0 and r.receive(p) == OK and r.tick == t and s.receive_ack(r.ack) == OK
	rp("wrap", wrap_ok and r.ack.hex_encode() == "03050020040000", r.ack.hex_encode())
	rp("wrap.sender_not_newer", s.encode(65535, rooms[0]).size() == 0 and s.last_error != "" and s.last_tick == 5)
	rp("wrap.sender_range", s.encode(65536, rooms[0]).size() == 0 and s.encode(-1, rooms[0]).size() == 0)
	s.encode(6, rooms[1])
	var big = RT.Sender.new(Room, 4)
	refused("wrap.stale", r, big.encode(65533, rooms[2]))

	# An encode error uses no tick and changes nothing: the packets after it are a control's.
	var bad = room_from(Room, ROOM_HEX[0])
	bad.boss.name = "0123456789abc"
	s = RT.Sender.new(Room, 4)
	var c = RT.Sender.new(Room, 4)
	r = RT.Receiver.new(Room, 4)
	var same = s.encode(40, bad).size() == 0 and s.last_error != "" and s.last_tick == -1
	for t in [40, 41, 42, 43]:
		if t == 42:
			same = same and s.encode(t, bad).size() == 0 and s.last_tick == 41  # a delta's encode error
		var ps = s.encode(t, rooms[t - 40])
		var pc = c.encode(t, rooms[t - 40])
		same = same and ps.size() > 0 and ps.hex_encode() == pc.hex_encode() and r.receive(ps) == OK
		same = same and s.receive_ack(r.ack) == OK and c.receive_ack(r.ack) == OK
	rp("encode_error.no_change", same and s.last_error == "", s.last_error)

	# A seeded lossy run: loss, duplicates, late packets, lost acks and a blackout longer than the
	# history; every applied snapshot is the one sent for its tick, bit for bit.
	var rng = RandomNumberGenerator.new()
	rng.seed = 31
	s = RT.Sender.new(Room, 8)
	r = RT.Receiver.new(Room, 8)
	var sent = {}
	var held = []
	var stats = {"full": 0, "delta": 0, "applied": 0, "stale": 0, "bad": 0}
	var lossy_ok = true
	var tk = 65300
	for step in 500:
		tk = (tk + 1 + (rng.randi() % 3 if rng.randf() < 0.1 else 0)) & 0xFFFF
		var v = rooms[(step / 3) % (rooms.size() / 2) * 2 + step % 2]
		p = s.encode(tk, v)
		if p.size() == 0:
			lossy_ok = false
			print("RP|lossy encode ", tk, "|", s.last_error)
			continue
		sent[tk] = pk(v)
		var kind = p[0]
		if kind == 5:
			stats["full"] += 1
		elif kind == 2:
			stats["delta"] += 1
		else:
			lossy_ok = false
		var deliver = []
		var x = rng.randf()
		var blackout = step >= 200 and step < 230
		if blackout or x < 0.2:
			pass
		elif x < 0.3:
			held.append([step + 1 + rng.randi() % 3, p])
		elif x < 0.35:
			deliver = [p, p]
		else:
			deliver = [p]
		var still = []
		for h in held:
			if h[0] <= step and not blackout:
				deliver.append(h[1])
			else:
				still.append(h)
		held = still
		for q in deliver:
			var before = rstate(r)
			if r.receive(q) == OK:
				stats["applied"] += 1
				if pk(r.snapshot) != sent[r.tick]:
					lossy_ok = false
					print("RP|lossy snapshot ", r.tick, "|differs")
				if rng.randf() >= 0.3 and not blackout:
					if s.receive_ack(r.ack) != OK:
						lossy_ok = false
			elif r.last_error.begins_with("tick ") and str(rstate(r)) == str(before):
				stats["stale"] += 1
			else:
				stats["bad"] += 1
				lossy_ok = false
				print("RP|lossy refused ", r.last_error, "|")
	rp("lossy", lossy_ok and stats["delta"] > 150 and stats["full"] > 1 and stats["applied"] > 250 and stats["stale"] > 10, stats)
	print("RS|", stats["full"], "|", stats["delta"], "|", stats["applied"], "|", stats["stale"])
'''


# The engine generations' APIs the test script uses.
API = {
    "4": {
        "header": "extends Node\n\nfunc _ready():\n\tvar t0 = Time.get_ticks_usec()\n\trun()\n"
                  "\tprint(\"TIME|\", Time.get_ticks_usec() - t0)\n\tprint(\"DONE|\")\n\tget_tree().quit()\n",
        "open": "FileAccess.open(path, FileAccess.READ)",
        "hex": "\treturn h.hex_decode()\n",
        "bytes": "PackedByteArray",
        "slice": "b.slice(0, n)",
        "extra": "",
        "var_to_bytes": "var_to_bytes",
        "bytes_to_var": "bytes_to_var",
    },
    "3": {
        "header": "extends SceneTree\n\nfunc _init():\n\tvar t0 = OS.get_ticks_usec()\n\trun()\n"
                  "\tprint(\"TIME|\", OS.get_ticks_usec() - t0)\n\tprint(\"DONE|\")\n\tquit()\n",
        "open": "_open3(path)",
        "hex": "\tvar out = PoolByteArray()\n\tout.resize(h.length() / 2)\n\tfor i in out.size():\n"
               "\t\tout[i] = (\"0x\" + h.substr(2 * i, 2)).hex_to_int()\n\treturn out\n",
        "bytes": "PoolByteArray",
        "slice": "(b.subarray(0, n - 1) if n > 0 else PoolByteArray())",
        "var_to_bytes": "var2bytes",
        "bytes_to_var": "bytes2var",
        "extra": "func _open3(path):\n\tvar f = File.new()\n\tf.open(path, File.READ)\n\treturn f\n",
    },
}


# printf("%.9g") of doubles, which the packed range errors print (the runtime's Bits.g9): subnormals
# (the conformance fuzzer's seed 91104 found -4.94065646e-324 printed as "--.9223372e-321"), the
# ends of the double range, powers of ten and roundings at the 9th digit. Expected: Python's '%.9g'.
G9_VALUES = [5e-324, -5e-324, 2.225073858507201e-308, 2.2250738585072014e-308, 1e-310, -1.5e-320, 1e-300, 1e300,
             1.7976931348623157e308, -1.7976931348623157e308, 0.1, 100.0, 123456789.0, 1234567890.0, 0.000123456789,
             1e-05, 999999999.5, 3.141592653589793, -0.5, 2.5e-07, 12345.6789012, 1e+16]


def g9_bits():
    """The G9_VALUES as signed 64-bit integers (their IEEE bits), as GDScript literals take them."""
    return [struct.unpack("<q", struct.pack("<d", v))[0] for v in G9_VALUES]


def engine_script(godot, base, stems, room_hex=()):
    api = API[godot]
    pool = (lambda g4, g3: g4 if godot == "4" else g3)
    limits = ["func limits():", f'\tvar R = load("{base}rich.pakt.gd")', "\tvar m"]
    for i, (stmts, _, *formats) in enumerate(limit_cases(pool)):
        limits += [f"\tif true:"] + [f"\t\t{st}" for st in stmts]
        limits += [f'\t\tfor f in {list(formats[0] if formats else (0, 1))}:',
                   f'\t\t\tprint("L|{i}|", f, "|", m.to_bytes(f).size(), "|", m.last_error)']
    replication = (f"const ROOM_HEX = {list(room_hex)!r}\n\nfunc BYTES():\n\treturn {api['bytes']}()\n"
                   + REPLICATION_GD)
    g9 = ["func g9_cases(scripts):", '\tvar RT = scripts.get("pakt_runtime")', f"\tvar bits = {g9_bits()!r}",
          "\tfor i in bits.size():", "\t\tvar sp = StreamPeerBuffer.new()", "\t\tsp.put_64(bits[i])",
          "\t\tsp.seek(0)", '\t\tprint("G|", i, "|", RT.Bits.g9(sp.get_double()) if RT != null else "no runtime")']
    return api["header"] + "\n" + "\n".join(limits) + "\n" + "\n".join(g9) + "\n" + replication + "\n" + f"""
{api["extra"]}
func hex(h):
{api["hex"]}
const FORMATS = {{"compact": 0, "mslima": 1, "packed": 2}}

func run():
	var scripts = {{}}
	for stem in {stems!r}:
		var s = load("{base}" + stem + ".gd")
		print("LOAD|", stem, "|", s != null)
		if s != null:
			scripts[stem] = s
	limits()
	g9_cases(scripts)
	replication(scripts)
	var instances = {{}}
	var negdone = {{}}
	var path = "{base}inputs.txt"
	var f = {api["open"]}
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		var p = line.split("\\t")
		var kind = p[0]
		var name = p[2].split(".")
		var script = scripts.get(name[0] + ".pakt")
		if script == null:
			print(kind, "|", p[1], "|NOSCRIPT")
			continue
		var consts = script.get_script_constant_map()
		var cls = consts[name[1]] if consts.has(name[1]) else consts[name[1] + "_"]
		var fmt = FORMATS.get(p[3], 0)
		if kind == "Q":
			var q = cls.new()
			if q.from_bytes(hex(p[4]), 0) != OK:
				print("Q|", p[1], "|BADCOMPACT|", q.last_error)
				continue
			var qb = q.to_bytes(2)
			print("Q|", p[1], "|", "ERR|" + q.last_error if q.last_error != "" else "OK|" + qb.hex_encode())
			continue
		if kind == "X":
			var xb = cls.new()
			var xv = cls.new()
			if xb.from_bytes(hex(p[4]), 0) != OK or xv.from_bytes(hex(p[5]), 0) != OK:
				print("X|", p[1], "|BADCOMPACT|", xb.last_error, xv.last_error)
				continue
			var xd = xv.to_bytes_delta(xb)
			print("X|", p[1], "|", "ERR|" + xv.last_error if xv.last_error != "" else "OK|" + xd.hex_encode())
			continue
		if kind == "Y" or kind == "Z":
			var yb = cls.new()
			if yb.from_bytes(hex(p[5]), 0) != OK:
				print(kind, "|", p[1], "|BADCOMPACT|", yb.last_error)
				continue
			var yo = yb if p[1].ends_with("self") else cls.new()
			var yrc = yo.apply_delta(hex(p[4])) if yo == yb else yo.from_bytes_delta(hex(p[4]), yb)  # in place: apply_delta
			if yrc == OK:
				print(kind, "|", p[1], "|OK|", yo.to_bytes(2).hex_encode())
			else:
				print(kind, "|", p[1], "|ERR|", yo.last_error)
			continue
		if kind == "D":
			print("D|", p[1], "|", cls.new().to_bytes(fmt).hex_encode())
			continue
		if not instances.has(p[2]):
			instances[p[2]] = cls.new()
		var m = instances[p[2]]
		var b = hex(p[4])
		if kind == "V":
			if m.from_bytes(b, fmt) == OK:
				print("V|", p[1], "|", {api["var_to_bytes"]}(m.to_variant()).hex_encode())
			else:
				print("V|", p[1], "|ERR|", m.last_error)
			var m2 = cls.new()
			var e2 = m2.from_variant({api["bytes_to_var"]}(hex(p[5])))
			print("F|", p[1], "|", e2, "|", m2.to_bytes(fmt).hex_encode() if e2 == OK else m2.last_error)
			if not negdone.has(p[2]):
				negdone[p[2]] = true
				var base = m2.to_variant()
				var keys = range(base.size()) if typeof(base) == TYPE_ARRAY else base.keys()
				for k in keys:
					var bad = base.duplicate()
					bad[k] = NodePath("x")
					var m3 = cls.new()
					print("N|", p[2], "|", k, "|", m3.from_variant(bad), "|", m3.last_error)
				print("N|", p[2], "|self|", cls.new().from_variant(NodePath("x")), "|")
			continue
		if kind == "T":
			for n in b.size():
				if m.from_bytes({api["slice"]}, fmt) == OK:
					print("T|", p[1], "|", n, "|OK|", m.to_bytes(fmt).hex_encode())
				else:
					print("T|", p[1], "|", n, "|ERR|", m.last_error)
			continue
		var err = m.from_bytes(b, fmt)
		if err == OK:
			print(kind, "|", p[1], "|OK|", m.to_bytes(fmt).hex_encode())
		elif err == ERR_INVALID_DATA and m.last_error != "":
			print(kind, "|", p[1], "|ERR|", m.last_error)
		else:
			print(kind, "|", p[1], "|BADERR|", err, "|", m.last_error)
"""


# Encode-side limits: (GDScript statements building `m` from the script `R` = rich.pakt.gd, expected
# last_error of to_bytes). The texts are the C++ ones of tests/generated/limits_test.cpp; "" means the
# value is within its limits. The fixed array's length check has no C++ counterpart (std::array).
ALL_FORMATS = (0, 1, 2)  # compact, mslima, packed; the limit cases above: compact and mslima


def limit_cases(pool):
    strings, ints = pool("PackedStringArray", "PoolStringArray"), pool("PackedInt32Array", "PoolIntArray")
    nbytes = pool("PackedByteArray", "PoolByteArray")
    return [
        (['m = R.Texts.new()', 'm.limited = "123456789"'], "Texts.limited: string length 9 exceeds max_length 8"),
        (['m = R.Texts.new()', 'm.limited = "가나다"'], "Texts.limited: string length 9 exceeds max_length 8"),
        (['m = R.Texts.new()', 'm.limited = "12345678"', f'm.raw_limited = {nbytes}([1, 2, 3, 4])'], ""),
        (['m = R.Lists.new()', f'm.strings = {strings}(["a", "b", "c", "d", "e"])'],
         "Lists.strings: count 5 exceeds max_count 4"),
        (['m = R.Lists.new()', f'm.strings = {strings}(["a", "123456789"])'],
         "Lists.strings[1]: string length 9 exceeds max_length 8"),
        (['m = R.Lists.new()', f'm.blobs.append({nbytes}([1]))', f'm.blobs.append({nbytes}([1, 2, 3, 4, 5, 6]))'],
         "Lists.blobs[1]: length 6 exceeds max_length 5"),
        (['m = R.Lists.new()', 'var a = R.Inner.new()', 'a.id = 1', 'a.label = "ok"', 'm.inners.append(a)',
          'var b = R.Inner.new()', 'b.id = 2', 'b.label = "this label is far too long"', 'm.inners.append(b)'],
         "Lists.inners[1].label: string length 26 exceeds max_length 16"),
        (['m = R.Optionals.new()', 'var a = R.Inner.new()', 'a.label = "a label longer than sixteen"',
          'm.maybe_inner = a'], "Optionals.maybe_inner.label: string length 27 exceeds max_length 16"),
        (['m = R.Fixed.new()', 'var n = m.names', 'n[1] = "123456789"', 'm.names = n'],
         "Fixed.names[1]: string length 9 exceeds max_length 8"),
        (['m = R.Fixed.new()', f'm.rgba = {ints}([1, 2, 3])'], "Fixed.rgba: array length 3 is not 4"),
        # A GDScript int (64 bits) its field's integer type cannot hold: refused in every format, with
        # the packed decoder's words (helper's new-user trial: compact wrote 70000 as 4464). Expected
        # texts written here, by the rule of runtime/include/pakt/packed.hpp's "does not fit".
        (['m = R.Scalars.new()', 'm.u16 = 70000'], "Scalars.u16: value 70000 does not fit uint16", ALL_FORMATS),
        (['m = R.Scalars.new()', 'm.i8 = -129'], "Scalars.i8: value -129 does not fit int8", ALL_FORMATS),
        (['m = R.Scalars.new()', 'm.u8 = 256'], "Scalars.u8: value 256 does not fit uint8", ALL_FORMATS),
        (['m = R.Scalars.new()', 'm.u32 = -1'], "Scalars.u32: value -1 does not fit uint32", ALL_FORMATS),
        (['m = R.Scalars.new()', 'm.i32 = 2147483648'], "Scalars.i32: value 2147483648 does not fit int32", ALL_FORMATS),
        (['m = R.Scalars.new()', 'm.small = 300'], "Scalars.small: value 300 does not fit uint8", (0, 1)),
        # packed writes the enum ranged over its values (docs/packed.md): the range check words
        (['m = R.Scalars.new()', 'm.small = 300'], "Scalars.small: value 300 is outside the range [0, 255]", (2,)),
        (['m = R.Scalars.new()', 'm.u8 = 255', 'm.i8 = -128', 'm.u16 = 65535', 'm.u32 = 4294967295',
          'm.i32 = -2147483648', 'm.small = 255', 'm.signed_enum = -32768'], "", ALL_FORMATS),
        (['m = R.Lists.new()', 'var a = R.Inner.new()', 'm.inners.append(a)', 'var b = R.Inner.new()',
          'b.id = 1099511627776', 'm.inners.append(b)'],
         "Lists.inners[1].id: value 1099511627776 does not fit int32", ALL_FORMATS),
    ]


def bits_to_hex(fields):
    """Packed bytes of (value, bit count) pairs, least significant bit first (docs/packed.md "Bits")."""
    v, n = 0, 0
    for value, width in fields:
        v |= (value & ((1 << width) - 1)) << n
        n += width
    return v.to_bytes((n + 7) // 8, "little").hex()


def crafted_packed():
    """Hostile packed inputs the seeded mutations rarely make: (kind, id, name, format, hex[, baseline])."""
    return [
        # Collections.name: length 1, then the byte 0xFF: not UTF-8.
        ("H", "c.utf8", "packed.Collections", "packed", bits_to_hex([(1, 5), (0xFF, 8)])),
        # Collections.note's length: ten varint groups, the last above 1: above 64 bits.
        ("H", "c.varint64", "packed.Collections", "packed", bits_to_hex([(0, 5)] + [(0xFF, 8)] * 9 + [(0x02, 8)])),
        # ... and an overlong one (a last group of 0).
        ("H", "c.overlong", "packed.Collections", "packed", bits_to_hex([(0, 5), (0x80, 8), (0x00, 8)])),
        # Numbers.zig: a zig-zag varint beyond int32 is fine for int64; small_zig's is not.
        ("H", "c.int32", "packed.Numbers", "packed",
         bits_to_hex([(0, 1), (0, 7), (0, 8), (0, 8), (0, 7), (0, 8)] + [(0xFF, 8)] * 4 + [(0x7F, 8)])),
    ]


def crafted_deltas(base_hex, count):
    """Scene deltas against a baseline of `count` cubes (1 <= count <= 64): the sparse mode with an index
    gap of more than 64 bits, and with an index past the cubes."""
    head = [(0, 1), (1, 1), (count, 7), (1, 1), (1, 7)]  # frame unchanged; cubes: same count, sparse, 1 changed
    return [
        ("Y", "c.gap64", "packed.Scene", "delta", bits_to_hex(head + [(0, 64), (0, 8)]), base_hex),
        # gap count + 1 (x = count + 1: the index `count`, past the baseline's last cube)
        ("Y", "c.past", "packed.Scene", "delta",
         bits_to_hex(head + [(0, (count + 1).bit_length() - 1)] +
                     [((count + 1) >> i & 1, 1) for i in reversed(range((count + 1).bit_length()))] + [(0, 8)]), base_hex),
    ]


def room_pairs(pakt, schema, work, n=30, extra=None):
    """tests/schemas/packed_delta.yaml's Room (a message delta inside an element delta, no quaternions),
    which the C++ generated test code does not build: (baseline, value) pairs as JSON, their compact
    bytes, the value's packed bytes and its delta, all from the tool's run-time codec (`pakt encode`)."""
    import copy
    import json
    rng = random.Random(1616)

    def player():
        p = {"id": rng.randrange(64), "position": [rng.uniform(-100, 100), rng.choice([-100, 100, 0.25, rng.uniform(-100, 100)])],
             "health": rng.randrange(-10, 101), "name": "".join(rng.choice("abcé✓") for _ in range(rng.randrange(4))),
             "inventory": [rng.randrange(65536) for _ in range(rng.randrange(5))], "team": rng.choice(["red", "blue", "green"]),
             "stats": {"kills": rng.randrange(65536), "ratio": rng.uniform(0, 4)}}
        if rng.randrange(2):
            p["shield"] = rng.randrange(256)
        return p

    def room():
        r = {"tick": rng.randrange(2**32), "players": [player() for _ in range(rng.randrange(6))],
             "spectators": [player() for _ in range(rng.randrange(3))], "boss": player(),
             "slots": [player() for _ in range(3)], "flags": [rng.random() < 0.5 for _ in range(rng.randrange(4))],
             "raw": rng.uniform(-1e6, 1e6)}
        if rng.randrange(2):
            r["motd"] = "".join(rng.choice("xyz") for _ in range(rng.randrange(9)))
        return r

    def changed(base):
        v = copy.deepcopy(base)
        for p in v["players"] + v["spectators"] + v["slots"] + [v["boss"]]:
            if rng.random() < 0.3:
                p["stats"]["kills"] = (p["stats"]["kills"] + 1) % 65536  # a nested delta inside an element
            if rng.random() < 0.2:
                p["position"][0] = min(100.0, p["position"][0] + rng.choice([0.1, 0.3, 1.0]))  # may stay on its step
        if rng.random() < 0.3:
            v["players"] = v["players"][:rng.randrange(len(v["players"]) + 1)] + [player() for _ in range(rng.randrange(3))]
        if rng.random() < 0.3:
            v["tick"] = (v["tick"] + 1) % 2**32
        return v

    def tool(value, fmt, baseline=None):
        cmd = [pakt, "encode", "--schema", schema, "--message", "Room", "--format", fmt, "--hex"]
        if baseline is not None:
            path = os.path.join(work, "room_baseline.json")
            open(path, "w", encoding="utf-8").write(json.dumps(baseline))
            cmd += ["--baseline", path]
        p = subprocess.run(cmd, input=json.dumps(value), capture_output=True, text=True)
        if p.returncode != 0:
            die(f"{' '.join(cmd)}: {p.stderr.strip()}")
        return p.stdout.strip()

    rows = []
    for i in range(n):
        base = room()
        value = base if i % 10 == 0 else changed(base)
        rows.append((tool(base, "compact"), tool(value, "compact"), tool(value, "packed"), tool(value, "packed", base)))
        if i == 1 and extra is not None:  # the replication test's full snapshot
            extra["base1_packed"] = tool(base, "packed")
    return rows


def room_fingerprint(pakt, schema):
    """Room's fingerprint in `pakt describe` (the front end's, never computed here)."""
    import json
    d = json.loads(run([pakt, "describe", schema]).stdout)
    found = []

    def walk(x):
        if isinstance(x, dict):
            if x.get("name") == "Room" and isinstance(x.get("facts"), dict):
                found.append(int(x["facts"]["fingerprint"], 16))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(d)
    if len(found) != 1:
        die(f"pakt describe {schema}: {len(found)} messages Room with facts")
    return found[0]


def mutate(rng, data):
    b = bytearray(data)
    kind = rng.randrange(4)
    if kind == 0 and b:
        b[rng.randrange(len(b))] = rng.randrange(256)
    elif kind == 1 and b:
        i = rng.randrange(len(b))
        b[i:i + 4] = bytes([0xff, 0xff, 0xff, 0x7f])  # a huge length or count
    elif kind == 2:
        b += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4)))
    else:
        b = bytearray(rng.randrange(256) for _ in range(rng.randrange(0, 64)))
    return bytes(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("godot", choices=["4", "3"])
    ap.add_argument("pakt")
    ap.add_argument("vectors")
    ap.add_argument("work")
    ap.add_argument("--node", default="node")
    ap.add_argument("--driver")
    ap.add_argument("--godot3")
    ap.add_argument("--schemas", nargs="+", required=True)
    ap.add_argument("--source-dir", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    args = ap.parse_args()
    started = time.time()

    work = os.path.abspath(args.work)
    gen = os.path.join(work, "generated")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(gen)
    schemas = list(args.schemas)
    run([args.pakt, "generate", "--lang", "gdscript", "--godot", args.godot, "--out", gen] + schemas)
    outputs = sorted(os.listdir(gen))
    expected = sorted({os.path.splitext(os.path.basename(s))[0] + ".pakt.gd" for s in args.schemas} | {"pakt_runtime.gd"})
    if outputs != expected:
        die(f"pakt generate --lang gdscript wrote {outputs}, expected {expected}")
    stems = [o[:-3] for o in expected]

    # The C++ values.
    values_path = os.path.join(work, "cpp_values.tsv")
    run([args.vectors, "write", values_path])
    values = [l.split("\t") for l in open(values_path, encoding="utf-8").read().splitlines()]
    # The packed format: C++ values (packed.yaml's within their ranges, and any) as compact bytes with
    # their packed bytes or the packed encode error, the JSON of their packed decode and its packed bytes.
    packed_path = os.path.join(work, "cpp_packed.tsv")
    run([args.vectors, "packed", packed_path])
    packed_rows = [l.split("\t") for l in open(packed_path, encoding="utf-8").read().splitlines()]
    for name, fmt, chex, status, payload, js, again in packed_rows:
        if js.startswith("DECODE"):
            die(f"C++ does not decode its own packed bytes of {name}: {js}")
    delta_path = os.path.join(work, "cpp_delta.tsv")
    run([args.vectors, "delta", delta_path])
    delta_rows = [l.split("\t") for l in open(delta_path, encoding="utf-8").read().splitlines()]
    by_group = {}
    for i, (name, fmt, hx, js) in enumerate(values):
        by_group.setdefault((name, fmt), []).append(i)
    # The schemas' examples (ForEachExample), after the seeded values: decoded, re-encoded and every
    # truncation of each.
    n_seeded = len(values)
    examples_path = os.path.join(work, "cpp_examples.tsv")
    run([args.vectors, "examples", examples_path])
    values += [l.split("\t") for l in open(examples_path, encoding="utf-8").read().splitlines()]

    # The seed's real MSLIMA bytes (from the original issue, as tests/generated/seed_test.cpp has them).
    seed_src = open(os.path.join(args.source_dir, "tests/generated/seed_test.cpp"), encoding="utf-8").read()
    sm = re.search(r"kMslimaSeedGameStruct = pakt::internal::hex_bytes\(\s*((?:\"[0-9a-f]*\"\s*)+)\)", seed_src)
    if not sm:
        die("cannot find kMslimaSeedGameStruct in tests/generated/seed_test.cpp")
    seed_hex = "".join(re.findall(r"\"([0-9a-f]*)\"", sm.group(1)))
    if not seed_hex.startswith("0000001e000000473e25e354") or not seed_hex.endswith("3f720d82"):
        die("the seed's MSLIMA bytes in seed_test.cpp are not the issue's")

    rng = random.Random(14)
    inputs = []
    for i, (name, fmt, hx, js) in enumerate(values):
        inputs.append(("R", str(i), name, fmt, hx))
    for (name, fmt), idx in by_group.items():
        inputs.append(("D", f"{idx[0]}", name, fmt, ""))
        for i in idx[:TRUNCATED_VALUES]:
            inputs.append(("T", str(i), name, fmt, values[i][2]))
        for k, i in enumerate(idx[:MUTATED_VALUES]):
            for j in range(2):
                inputs.append(("H", f"{i}.{j}", name, fmt, mutate(rng, bytes.fromhex(values[i][2])).hex()))
    variants_path = os.path.join(work, "cpp_variants.tsv")
    run([args.vectors, "variants", variants_path])
    variants = [l.split("\t") for l in open(variants_path, encoding="utf-8").read().splitlines()]
    for i, (name, fmt, hx, g4, g3) in enumerate(variants):
        if (g4 if args.godot == "4" else g3) != "-":
            inputs.append(("V", str(i), name, fmt, hx, g4 if args.godot == "4" else g3))
    for i in range(n_seeded, len(values)):
        inputs.append(("T", str(i), values[i][0], values[i][1], values[i][2]))
    inputs.append(("S", "seed", "photon_seed.SeedGameStruct", "mslima", seed_hex))
    packed_groups = {}
    for i, (name, fmt, chex, status, payload, js, again) in enumerate(packed_rows):
        inputs.append(("Q", str(i), name, "packed", chex))
        if status != "OK":
            continue
        inputs.append(("P", str(i), name, "packed", payload))
        k = packed_groups.setdefault(name, 0)
        packed_groups[name] += 1
        if k < TRUNCATED_VALUES:
            inputs.append(("T", f"p{i}", name, "packed", payload))
        if k < MUTATED_VALUES:
            for j in range(2):
                inputs.append(("H", f"p{i}.{j}", name, "packed", mutate(rng, bytes.fromhex(payload)).hex()))
    room_schema = next((x for x in args.schemas if os.path.basename(x) == "packed_delta.yaml"), None)
    room_extra = {}
    rooms = room_pairs(args.pakt, room_schema, work, extra=room_extra) if room_schema else []
    room_hex = [h for b, v, _, _ in rooms for h in (b, v)]
    for i, (bhex, vhex, phex, dhex) in enumerate(rooms):
        inputs.append(("Q", f"r{i}", "packed_delta.Room", "packed", vhex))
        inputs.append(("X", f"r{i}", "packed_delta.Room", "delta", bhex, vhex))
        inputs.append(("Z", f"r{i}", "packed_delta.Room", "delta", dhex, bhex))
        inputs.append(("Z", f"r{i}.self", "packed_delta.Room", "delta", dhex, bhex))
    inputs += crafted_packed()
    with_cubes = next(r for r in delta_rows if r[4] == "OK" and len(r[2]) > 200)  # a baseline with cubes
    n_cubes = int.from_bytes(bytes.fromhex(with_cubes[2][8:16]), "little")  # compact: frame, then the count
    inputs += crafted_deltas(with_cubes[2], n_cubes)
    for i, (name, fmt, bhex, vhex, status, payload, result) in enumerate(delta_rows):
        inputs.append(("X", str(i), name, "delta", bhex, vhex))
        if status != "OK":
            continue
        inputs.append(("Y", f"{i}", name, "delta", payload, bhex))
        inputs.append(("Y", f"{i}.self", name, "delta", payload, bhex))
        if i < 24:
            for n in range(len(payload) // 2):
                inputs.append(("Y", f"{i}.t{n}", name, "delta", payload[:2 * n], bhex))
        for j in range(2):
            inputs.append(("Y", f"{i}.m{j}", name, "delta", mutate(rng, bytes.fromhex(payload)).hex(), bhex))
    with open(os.path.join(gen, "inputs.txt"), "w", encoding="utf-8") as f:
        for rec in inputs:
            f.write("\t".join(rec) + "\n")

    # One engine run.
    if args.godot == "4":
        script = engine_script("4", "/tmp/pakt/", stems, room_hex)
        script_path = os.path.join(work, "test.gd")
        open(script_path, "w", encoding="utf-8").write(script)
        files = [os.path.join(gen, n) for n in sorted(os.listdir(gen))]
        p = subprocess.run([args.node, args.driver, script_path] + files, capture_output=True, timeout=280)
    else:
        script = engine_script("3", gen + "/", stems, room_hex)
        script_path = os.path.join(work, "test.gd")
        open(script_path, "w", encoding="utf-8").write(script)
        p = subprocess.run([args.godot3, "--no-window", "-s", script_path], capture_output=True, timeout=280, cwd=work)
    out = p.stdout.decode("utf-8", errors="replace")
    err = p.stderr.decode("utf-8", errors="replace")
    open(os.path.join(work, "engine_stdout.txt"), "w", encoding="utf-8").write(out)
    open(os.path.join(work, "engine_stderr.txt"), "w", encoding="utf-8").write(err)
    lines = [l.split("|") for l in out.splitlines() if "|" in l]
    if ["DONE", ""] not in lines:
        die(f"the engine did not finish the script (exit {p.returncode}).\nstdout:\n{out[-3000:]}\nstderr:\n{err[-3000:]}")
    bad_output = [l for l in (out + "\n" + err).splitlines()
                  if re.search(r"SCRIPT ERROR|Parse Error|Invalid (call|get|set|index|operands)|\.gd:\d+", l)]
    failures = []
    if bad_output:
        failures += [f"engine reported: {l}" for l in bad_output[:20]]
    loads = {l[1]: l[2].lower() for l in lines if l[0] == "LOAD"}
    loaded = sum(loads.get(s) == "true" for s in stems)
    for s in stems:
        if loads.get(s) != "true":
            failures.append(f"{s}.gd did not load in Godot {args.godot}")

    # What C++ says about the same bytes.
    cpp_inputs = []  # (key, name, fmt, hex)
    gd = {}
    for l in lines:
        kind = l[0]
        if kind in ("R", "H", "S", "D", "V", "Q", "X", "Y", "P", "Z"):
            gd[(kind, l[1])] = l[2:]
        elif kind == "T":
            gd[("T", l[1], l[2])] = l[3:]
    fv = {l[1]: l[2:] for l in lines if l[0] == "F"}
    neg = [l[1:] for l in lines if l[0] == "N"]
    for r in inputs:
        kind, ident, name, fmt, hx = r[:5]
        if kind in ("H",):
            cpp_inputs.append((("H", ident), name, fmt, hx))
        if kind == "Y":
            cpp_inputs.append((("Y", ident), name, fmt, hx + "\t" + r[5]))
        elif kind == "T":
            for n in range(len(hx) // 2):
                cpp_inputs.append((("T", ident, str(n)), name, fmt, hx[:2 * n]))
        res = gd.get((kind, ident))
        if kind in ("R", "S", "P") and res and res[0] == "OK":
            cpp_inputs.append((("GD", kind, ident), name, fmt, res[1]))
        if kind == "D" and res:
            cpp_inputs.append((("GD", "D", ident), name, fmt, res[0]))
    decode_path = os.path.join(work, "cpp_decode_in.tsv")
    with open(decode_path, "w", encoding="utf-8") as f:
        for key, name, fmt, hx in cpp_inputs:
            f.write(f"{name}\t{fmt}\t{hx}\n")
    cpp_out = run([args.vectors, "decode", decode_path]).stdout.splitlines()
    if len(cpp_out) != len(cpp_inputs):
        die(f"gd_vectors decode printed {len(cpp_out)} lines for {len(cpp_inputs)} inputs")
    cpp = {key: line.split("\t") for (key, _, _, _), line in zip(cpp_inputs, cpp_out)}

    def compare_r(i, res):
        name, fmt, hx, js = values[int(i)]
        if res is None:
            return f"R {name} {fmt} #{i}: no result from the engine"
        if res[0] != "OK":
            return f"R {name} {fmt} #{i}: GDScript rejects the C++ bytes: {'|'.join(res[1:])}"
        if res[1] != hx:
            return f"R {name} {fmt} #{i}: re-encoded bytes differ\n  C++:      {hx}\n  GDScript: {res[1]}"
        c = cpp.get(("GD", "R", i))
        if c is None or c[0] != "OK" or c[2] != js:
            return f"R {name} {fmt} #{i}: the GDScript bytes decode in C++ to {c}, expected {js}"
        return None

    def only_quieted_nans(cpp_hex, gd_hex):
        """GDScript floats are doubles: a signalling float32 NaN read into one comes back quiet (its
        quiet bit 0x00400000 set), the one difference allowed for bytes C++ did not write itself."""
        a, b = bytes.fromhex(cpp_hex), bytes.fromhex(gd_hex)
        return len(a) == len(b) and all(x == y or y == x | 0x40 for x, y in zip(a, b))

    def only_quieted_packed_nans(cpp_hex, gd_hex):
        """The packed format's raw floats are not byte-aligned: each bit GDScript sets that C++ has
        clear must be the quiet bit of a signalling float32 or float64 NaN in the C++ bytes."""
        a, b = int.from_bytes(bytes.fromhex(cpp_hex), "little"), int.from_bytes(bytes.fromhex(gd_hex), "little")
        if len(cpp_hex) != len(gd_hex) or a & ~b:
            return False
        diff = a ^ b
        while diff:
            p = diff.bit_length() - 1
            diff &= ~(1 << p)
            u32 = (a >> (p - 22)) & 0xFFFFFFFF if p >= 22 else None
            u64 = (a >> (p - 51)) & 0xFFFFFFFFFFFFFFFF if p >= 51 else None
            nan32 = u32 is not None and (u32 >> 23) & 0xFF == 0xFF and u32 & 0x3FFFFF != 0
            nan64 = u64 is not None and (u64 >> 52) & 0x7FF == 0x7FF and u64 & ((1 << 51) - 1) != 0
            if not (nan32 or nan64):
                return False
        return True

    counts = dict(rooms=0, P=0, Q=0, Q_err=0, X=0, X_err=0, Y=0, Y_ok=0, L=0, G=0, examples=0, F=0, N=0, V=0, R=0, D=0, T=0, H=0, S=0, T_ok=0, H_ok=0, quieted=0)
    for r in inputs:
        kind, ident, name, fmt, hx = r[:5]
        res = gd.get((kind, ident))
        if kind == "V":
            f_ = fv.get(ident)
            if f_ is None or f_[0] != "0" or f_[1] != hx:
                failures.append(f"F {name} #{ident}: from_variant of the C++ godot{args.godot} bytes gives {f_}, "
                                f"expected OK and the compact bytes {hx}")
            else:
                counts["F"] += 1
        if kind == "R":
            problem = compare_r(ident, res)
            if problem:
                failures.append(problem)
            else:
                counts["R"] += 1
                counts["examples"] += int(ident) >= n_seeded
        elif kind == "D":
            c = cpp.get(("GD", "D", ident))
            want = values[int(ident)][3]
            if res is None or c is None or c[0] != "OK" or c[2] != want or c[1] != res[0]:
                failures.append(f"D {name} {fmt}: GDScript defaults {res} decode in C++ to {c}, expected {want}")
            else:
                counts["D"] += 1
        elif kind == "V":
            want = variants[int(ident)][3 if args.godot == "4" else 4]
            if res is None or res[0] != want:
                failures.append(f"V {name} #{ident}: var_to_bytes(to_variant()) differs from C++ Serialize(m, godot{args.godot})"
                                f"\n  C++:      {want}\n  GDScript: {'|'.join(res or [])}")
            else:
                counts["V"] += 1
        elif kind == "S":
            if res is None or res[0] != "OK" or res[1] != seed_hex:
                failures.append(f"the seed's MSLIMA SeedGameStruct: GDScript gives {res}, expected {seed_hex}")
            else:
                counts["S"] += 1
        elif kind in ("T", "H"):
            keys = ([("T", ident, str(n)) for n in range(len(hx) // 2)] if kind == "T" else [("H", ident)])
            for key in keys:
                g = gd.get(key if kind == "T" else ("H", ident))
                c = cpp[key]
                what = f"{kind} {name} {fmt} #{'/'.join(key[1:])}"
                if g is None:
                    failures.append(f"{what}: no result from the engine")
                elif c[0] == "ERR" and (g[0] != "ERR" or g[1] != c[1]):
                    failures.append(f"{what}: C++ rejects ({c[1]}), GDScript says {'|'.join(g)}")
                elif c[0] == "OK" and g[0] == "OK" and g[1] != c[1] and kind == "H" and (
                        only_quieted_nans(c[1], g[1]) if fmt != "packed" else only_quieted_packed_nans(c[1], g[1])):
                    counts["quieted"] += 1
                    counts[kind] += 1
                    counts[kind + "_ok"] += 1
                elif c[0] == "OK" and (g[0] != "OK" or g[1] != c[1]):
                    failures.append(f"{what}: C++ accepts ({c[1]}), GDScript says {'|'.join(g)}")
                else:
                    counts[kind] += 1
                    counts[kind + "_ok"] += c[0] == "OK"

    # packed: the GDScript encoding of each C++ value (read from its compact bytes) is the C++ packed
    # bytes, or the C++ encode error word for word.
    for i, (name, fmt, chex, status, payload, js, again) in enumerate(packed_rows):
        if status == "OK":  # GDScript decodes the C++ packed bytes and encodes them again as C++ does
            g, c = gd.get(("P", str(i))), cpp.get(("GD", "P", str(i)))
            if g is None or g[0] != "OK" or g[1] != again:
                failures.append(f"P {name} #{i}: GDScript from_bytes + to_bytes(PACKED) of {payload} gives {g}, C++ {again}")
            elif c is None or c[0] != "OK":
                failures.append(f"P {name} #{i}: C++ does not decode the GDScript packed bytes: {c}")
            else:
                counts["P"] += 1
        g = gd.get(("Q", str(i)))
        if g is None or g[0] != status or g[1] != payload:
            failures.append(f"Q {name} #{i}: GDScript to_bytes(PACKED) gives {g}, C++ {status} {payload}")
        else:
            counts["Q"] += 1
            counts["Q_err"] += status == "ERR"
    # packed deltas: to_bytes_delta is the C++ delta (or its error), from_bytes_delta of the C++ delta
    # (into a new message and into the baseline itself), of its truncations and mutations gives the
    # C++ verdict: the same packed bytes after, or the same error text.
    for i, (name, fmt, bhex, vhex, status, payload, result) in enumerate(delta_rows):
        g = gd.get(("X", str(i)))
        if g is None or g[0] != status or g[1] != payload:
            failures.append(f"X {name} #{i}: GDScript to_bytes_delta gives {g}, C++ {status} {payload}")
        else:
            counts["X"] += 1
            counts["X_err"] += status == "ERR"
    for r in inputs:
        if r[0] != "Y":
            continue
        ident = r[1]
        g, c = gd.get(("Y", ident)), cpp.get(("Y", ident))
        if g is None or c is None:
            failures.append(f"Y {r[2]} #{ident}: no result (GDScript {g}, C++ {c})")
        elif g[0] != c[0] or g[1] != c[1]:
            failures.append(f"Y {r[2]} #{ident}: C++ says {'|'.join(c)}, GDScript {'|'.join(g)}")
        else:
            counts["Y"] += 1
            counts["Y_ok"] += c[0] == "OK"
            if "." not in ident and c[1] != delta_rows[int(ident)][6]:
                failures.append(f"Y #{ident}: C++ decode differs from gd_vectors delta's own")

    # packed_delta.yaml's Room against the tool's run-time codec: to_bytes(PACKED) and to_bytes_delta give
    # `pakt encode --format packed [--baseline]`'s bytes, and from_bytes_delta of the tool's delta (into a
    # new Room and into the baseline itself) the value's packed bytes (its codes are canonical).
    for i, (bhex, vhex, phex, dhex) in enumerate(rooms):
        got = [gd.get(("Q", f"r{i}")), gd.get(("X", f"r{i}")), gd.get(("Z", f"r{i}")), gd.get(("Z", f"r{i}.self"))]
        want = [["OK", phex], ["OK", dhex], ["OK", phex], ["OK", phex]]
        if [g[:2] if g else g for g in got] != want:
            failures.append(f"Room #{i}: GDScript packed / delta / decoded delta {got}, the tool's {want}")
        else:
            counts["rooms"] += 1

    # Replication (docs/replication.md): every rule's check passed in the engine, and the packets' bytes
    # are the header the spec gives around the tool's packed payloads, with the descriptor's fingerprint.
    repl = {"checks": 0, "bytes": 0, "stats": ""}
    if rooms:
        rps = {l[1]: l[2:] for l in lines if l[0] == "RP"}
        for what in sorted(set(re.findall(r'(?:\brp|\brefused)\("([\w.]+)"', REPLICATION_GD)) - {"setup"}):
            got = [k for k in rps if k == what or (k.startswith(what) and k[len(what):].isdigit())]
            if not got:
                failures.append(f"replication {what}: no result from the engine")
            for k in got:
                if rps[k][0] != "OK":
                    failures.append(f"replication {k}: {'|'.join(rps[k])}")
                else:
                    repl["checks"] += 1
        for k, v in rps.items():
            if v[0] != "OK" and not any(k == f.split()[1].rstrip(":") for f in failures if f.startswith("replication ")):
                failures.append(f"replication {k}: {'|'.join(v)}")
        fp = room_fingerprint(args.pakt, room_schema)
        got_fp = next((l[1] for l in lines if l[0] == "RF"), None)
        if got_fp != str(fp - (1 << 64) if fp >> 63 else fp):
            failures.append(f"Room.PAKT_FINGERPRINT is {got_fp}, the descriptor's fingerprint 0x{fp:016x}")
        fp_le = fp.to_bytes(8, "little").hex()
        want = {"full": "05" + fp_le + "feff" + room_extra["base1_packed"], "ack1": "03feff00000000",
                "delta": "02" + "0300" + "feff" + rooms[1][3], "ack2": "03030010000000"}
        rbs = {l[1]: l[2] for l in lines if l[0] == "RB"}
        for k, v in want.items():
            if rbs.get(k) != v:
                failures.append(f"replication packet {k}: GDScript {rbs.get(k)}, expected {v}")
            else:
                repl["bytes"] += 1
        repl["stats"] = next(("full {} delta {} applied {} stale {}".format(*l[1:5]) for l in lines if l[0] == "RS"), "")

    # Every field of one value per message replaced by a NodePath (no field takes one), and the whole
    # Variant replaced by one: ERR_INVALID_DATA (30) with the field's name in last_error.
    neg_messages = set()
    for name, key, err_code, last in neg:
        neg_messages.add(name)
        field_ok = key == "self" or key.isdigit() or ("." + key + ":") in last
        if err_code != "30" or not field_ok:
            failures.append(f"N {name} [{key}]: from_variant of a NodePath gives {err_code} '{last}'")
        else:
            counts["N"] += 1
    if len(neg_messages) < len({r[2] for r in inputs if r[0] == "V"}):
        failures.append(f"N: only {len(neg_messages)} messages were given a bad Variant")

    # Encode-side limits, both formats.
    got_limits = {(l[1], l[2]): l[3:] for l in lines if l[0] == "L"}
    for i, (_, want, *formats) in enumerate(limit_cases(lambda a, b: a)):
        for f in [str(x) for x in (formats[0] if formats else (0, 1))]:
            g = got_limits.get((str(i), f))
            ok = g is not None and ((want == "" and g[0] != "0" and g[1] == "") or
                                    (want != "" and g[0] == "0" and g[1] == want))
            if ok:
                counts["L"] += 1
            else:
                failures.append(f"limit case {i} format {f}: to_bytes gives {g}, expected '{want}'")

    # The number texts of the range errors, against Python's printf-style '%.9g'.
    got_g9 = {l[1]: l[2] for l in lines if l[0] == "G"}
    for i, v in enumerate(G9_VALUES):
        if got_g9.get(str(i)) == "%.9g" % v:
            counts["G"] += 1
        else:
            failures.append(f"Bits.g9({v!r}) gives {got_g9.get(str(i))!r}, printf's %.9g {'%.9g' % v!r}")

    # Negative control: the comparison must catch a corrupted expectation.
    i0 = by_group[("rich.Scalars", "compact")][1]
    saved = values[i0]
    values[i0] = [saved[0], saved[1], saved[2][:-2] + ("00" if saved[2][-2:] != "00" else "01"), saved[3]]
    if compare_r(str(i0), gd.get(("R", str(i0)))) is None:
        failures.append("negative control: a corrupted expected value was not reported")
    values[i0] = saved

    for f_ in failures[:40]:
        print("FAIL", f_)
    engine_us = next((int(l[1]) for l in lines if l[0] == "TIME"), -1)
    print(f"Godot {args.godot}: {loaded} of {len(stems)} scripts load; {counts['R']} C++ values ({counts['examples']} of them the schemas' examples) decoded and re-encoded byte for byte "
          f"and read back by C++ to the same JSON; {counts['D']} GDScript defaults; {counts['T']} truncations "
          f"({counts['T_ok']} complete older-version payloads accepted) and {counts['H']} mutated/random inputs "
          f"({counts['H_ok']} accepted, {counts['quieted']} of them re-encoded with signalling NaNs quieted) with the C++ verdict and error text; seed MSLIMA bytes: {counts['S']}; "
          f"{counts['V']} values whose {'var_to_bytes' if args.godot == '4' else 'var2bytes'}(to_variant()) equals C++ "
          f"Serialize(m, pakt::godot{args.godot}) and "
          f"from_variant of those bytes gives the compact bytes again ({counts['F']}); {counts['N']} bad Variants rejected; "
          f"{counts['L']} encode-side limit checks; {counts['G']} number texts as printf's %.9g; "
          f"packed: {counts['P']} C++ payloads decoded and re-encoded as C++ does, {counts['Q']} C++ values encoded by GDScript to the C++ bytes or error ({counts['Q_err']} errors), "
          f"{counts['X']} deltas ({counts['X_err']} encode errors), {counts['Y']} delta decodes incl. truncations and mutations "
          f"({counts['Y_ok']} accepted) with the C++ verdict; "
          f"{counts['rooms']} packed_delta.yaml Rooms as `pakt encode --format packed [--baseline]` writes them; "
          f"replication: {repl['checks']} rule checks, {repl['bytes']} packets as the spec and the tool give them, lossy run: {repl['stats']}; "
          f"script time {engine_us / 1e6:.1f} s, total {time.time() - started:.1f} s")
    if failures:
        print(f"{len(failures)} failures")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
