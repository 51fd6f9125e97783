# The Godot 4 client of the replication example (../README.md): receives the arena server's
# snapshots with the generated runtime's Receiver over PacketPeerUDP. Run it headless from this
# folder once pakt/ is generated:
#
#   pakt generate --lang gdscript --godot 4 --out pakt ../arena.yaml
#   godot --headless --path . -s res://client.gd
#
# (In a game, the same code goes in a Node's _ready / _process.) It says hello to the arena server
# (ARENA_HOST, default 127.0.0.1; ARENA_PORT, default 47400) until the first snapshot arrives, then
# applies each snapshot packet with the Receiver, prints the tick's players and sends back the ack.
# On "bye" (or after 10 s without a packet) it prints a summary line whose hash is the server's
# hash of the last snapshot it sent (FNV-1a of the snapshot's packed encoding: equal hashes, equal
# state). ARENA_QUIET=1: no line per tick. ../godot3_client/client.gd is the Godot 3 version.
extends SceneTree

const ArenaSchema = preload("res://pakt/arena.pakt.gd")
const Pakt = preload("res://pakt/pakt_runtime.gd")

const TIMEOUT_MSEC = 10000
const HELLO_EVERY_MSEC = 500

var udp := PacketPeerUDP.new()
var receiver = Pakt.Receiver.new(ArenaSchema.Arena)
var quiet := OS.get_environment("ARENA_QUIET") == "1"
var last_packet_msec := 0
var last_hello_msec := 0
var applied := 0
var refused := 0
var full := 0
var delta := 0
var full_bytes := 0
var delta_bytes := 0


func _initialize() -> void:
	var host := OS.get_environment("ARENA_HOST") if OS.has_environment("ARENA_HOST") else "127.0.0.1"
	var port := int(OS.get_environment("ARENA_PORT")) if OS.has_environment("ARENA_PORT") else 47400
	Engine.max_fps = 240                 # poll often, without spinning a core
	udp.connect_to_host(host, port)     # only the server's datagrams arrive
	say_hello()
	last_packet_msec = Time.get_ticks_msec()


func say_hello() -> void:
	udp.put_packet("hello".to_ascii_buffer())
	last_hello_msec = Time.get_ticks_msec()


# Every frame: apply what arrived, acknowledge it; hello again until the first snapshot.
func _process(_delta: float) -> bool:
	var now := Time.get_ticks_msec()
	while udp.get_available_packet_count() > 0:
		var packet: PackedByteArray = udp.get_packet()
		last_packet_msec = now
		if packet.get_string_from_ascii() == "bye":
			report_and_quit(true)
			return true
		on_snapshot_packet(packet)
	if not receiver.has_snapshot and now - last_hello_msec >= HELLO_EVERY_MSEC:
		say_hello()
	if now - last_packet_msec > TIMEOUT_MSEC:
		report_and_quit(false)
		return true
	return false


func on_snapshot_packet(packet: PackedByteArray) -> void:
	if receiver.receive(packet) != OK:
		# Refused (stale, duplicated, unknown baseline, another schema...): nothing changed, no ack.
		refused += 1
		printerr("refused a packet of %d bytes: %s" % [packet.size(), receiver.last_error])
		return
	udp.put_packet(receiver.ack)
	applied += 1
	if packet[0] & 3 == Pakt.REPLICATION_FULL:
		full += 1
		full_bytes += packet.size()
	else:
		delta += 1
		delta_bytes += packet.size()
	if not quiet:
		print_tick(receiver.snapshot)


func print_tick(arena) -> void:
	var line := "tick %d: %d players" % [arena.tick, arena.players.size()]
	for p in arena.players:
		line += " %s(%.2f,%.2f)" % [p.name, p.position.x, p.position.y]
	print(line)


# FNV-1a (32 bits) of the snapshot's full packed encoding: the server's hash of the same state.
func snapshot_hash(arena) -> int:
	var h := 2166136261
	for b in arena.to_bytes(ArenaSchema.PACKED):
		h = ((h ^ b) * 16777619) & 0xFFFFFFFF
	return h


func report_and_quit(bye: bool) -> void:
	var arena = receiver.snapshot
	print("summary applied=%d refused=%d full=%d delta=%d full_bytes=%d delta_bytes=%d last_tick=%d players=%d hash=%08x bye=%s" % [
		applied, refused, full, delta, full_bytes, delta_bytes, receiver.tick,
		arena.players.size() if arena != null else 0, snapshot_hash(arena) if arena != null else 0,
		"yes" if bye else "no"])
	udp.close()
	quit()
