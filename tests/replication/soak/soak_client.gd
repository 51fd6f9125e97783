# The GDScript client of replication_soak (--external-client) for Godot 3: the runtime's Receiver
# (pakt_runtime.gd, generated with bench/snapshot.yaml's script) over a PacketPeerUDP on 127.0.0.1.
# It speaks SoakClient.cs's protocol: prints "port N" (after the engine's banner), then answers
# every datagram it gets, to the address it came from:
#   applied: the 7-byte ack, the FNV-1a 64 of the compact encoding of receiver.snapshot (8 bytes,
#            little-endian) and the applied packet's kind byte: 16 bytes;
#   refused: 0xF0 (state unchanged) or 0xF1 (the refusal changed the receiver's tick or snapshot),
#            then the refusal's message in UTF-8.
# An empty datagram ends it; it then prints on stderr its CPU time per datagram answered (user +
# system from /proc/self/stat, from the "port" line on: receive, digest and reply). Run from a folder
# holding this script, a project.godot and pakt/ (`pakt generate --lang gdscript --godot 3 --out pakt
# bench/snapshot.yaml`; tests/replication/soak/soak_gdscript.py makes one):
#
#   godot3-server --no-window --path DIR -s res://soak_client.gd -- cubes|players
extends SceneTree

const Snapshot = preload("res://pakt/snapshot.pakt.gd")
const Pakt = preload("res://pakt/pakt_runtime.gd")

# FNV-1a 64 (offset basis 0xCBF29CE484222325 as a signed int64; prime 0x100000001B3). GDScript's int
# is a signed 64-bit integer whose multiplication wraps, which is the unsigned product's 64 bits.
const FNV_OFFSET_BASIS = -3750763034362895579
const FNV_PRIME = 1099511628211
const REFUSED_UNCHANGED = 0xF0
const REFUSED_CHANGED = 0xF1
const MAX_REPLY = 1024
const RECEIVE_BUFFER = 4 << 20
const CLOCK_TICKS_PER_SECOND = 100  # USER_HZ, the unit of /proc's times on Linux

var udp := PacketPeerUDP.new()
var receiver
var digest := 0
var answered := 0
var applied := 0


func _init():
	var args := OS.get_cmdline_args()
	var scene: String = args[args.size() - 1] if args.size() > 0 else ""
	if scene == "cubes":
		receiver = Pakt.Receiver.new(Snapshot.CubeScene)
	elif scene == "players":
		receiver = Pakt.Receiver.new(Snapshot.PlayerSnapshot)
	else:
		printerr("usage: godot3-server --no-window --path DIR -s res://soak_client.gd -- cubes|players")
		quit(2)
		return
	# The FNV spec's vectors (draft-eastlake-fnv): "a" 0xAF63DC4C8601EC8C, "foobar" 0x85944171F73967E8.
	if fnv1a64("a".to_ascii()) != -5808556873153909620 or fnv1a64("foobar".to_ascii()) != -8821353812377114648:
		printerr("soak_client: FNV-1a 64 disagrees with the FNV spec's test vectors")
		quit(1)
		return
	var port := bind_loopback()
	if port == 0:
		printerr("soak_client: no free UDP port on 127.0.0.1")
		quit(1)
		return
	print("port %d" % port)
	var cpu_before := cpu_ticks()
	serve()
	var cpu_ms := (cpu_ticks() - cpu_before) * 1000.0 / CLOCK_TICKS_PER_SECOND
	printerr("soak_client.gd: answered %d datagrams (%d applied) in %.0f ms of CPU: %.2f ms per datagram" % [
		answered, applied, cpu_ms, cpu_ms / max(1, answered)])
	udp.close()
	quit()


# Godot 3.2's PacketPeerUDP cannot tell which port listen(0) took: try random ones until one binds.
func bind_loopback() -> int:
	var rng := RandomNumberGenerator.new()
	rng.randomize()
	for attempt in 200:
		var port := rng.randi_range(20000, 32767)
		if udp.listen(port, "127.0.0.1", RECEIVE_BUFFER) == OK:
			return port
	return 0


func serve() -> void:
	while udp.wait() == OK:
		while udp.get_available_packet_count() > 0:
			var packet: PoolByteArray = udp.get_packet()
			if packet.size() == 0:
				return
			udp.set_dest_address(udp.get_packet_ip(), udp.get_packet_port())
			udp.put_packet(answer(packet))
			answered += 1


func answer(packet: PoolByteArray) -> PoolByteArray:
	var had: bool = receiver.has_snapshot
	var tick: int = receiver.tick
	var reply := PoolByteArray()
	if receiver.receive(packet) != OK:
		var same: bool = receiver.has_snapshot == had and (not had or (receiver.tick == tick and snapshot_digest() == digest))
		reply.append(REFUSED_UNCHANGED if same else REFUSED_CHANGED)
		var why: PoolByteArray = receiver.last_error.to_utf8()
		if why.size() > MAX_REPLY - 1:
			why.resize(MAX_REPLY - 1)
		reply.append_array(why)
		return reply
	applied += 1
	digest = snapshot_digest()
	reply.append_array(receiver.ack)
	for i in 8:
		reply.append((digest >> (8 * i)) & 0xFF)
	reply.append(packet[0])
	return reply


func snapshot_digest() -> int:
	return fnv1a64(receiver.snapshot.to_bytes(Snapshot.COMPACT))


func fnv1a64(bytes: PoolByteArray) -> int:
	var h := FNV_OFFSET_BASIS
	for b in bytes:
		h = (h ^ b) * FNV_PRIME
	return h


# This process's user + system CPU time in clock ticks (/proc/self/stat's fields 14 and 15).
func cpu_ticks() -> int:
	var f := File.new()
	if f.open("/proc/self/stat", File.READ) != OK:
		return 0
	var line := f.get_line()
	f.close()
	var fields := line.substr(line.find_last(")") + 2).split(" ")
	return int(fields[11]) + int(fields[12])
