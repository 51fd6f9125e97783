# A Godot 3 client and server exchanging pakt messages over a real PacketPeer (PacketPeerUDP on
# 127.0.0.1), both in this one script so that it runs headless:
#
#   pakt generate --lang gdscript --godot 3 --out pakt schemas/game.yaml schemas/common.yaml
#   godot3-server --no-window --path . -s res://multiplayer3.gd      # project.godot + pakt/ here
#
# The client sends MoveUpdate.to_bytes() (COMPACT, then MSLIMA as a PUN2 / Unity peer would), the
# server get_packet()s each datagram and from_bytes() it into one reused instance, checks the
# fields and replies with an acknowledgement (a MoveUpdate carrying the tick it got); a truncated
# datagram gives ERR_INVALID_DATA and last_error. The values sent are the schema's example of
# MoveUpdate (schemas/game.yaml). ctest gdscript.multiplayer3 runs it (tests/gdscript/
# run_multiplayer_example.py) and reads its output lines: KIND|... (CHECK lines must say ok).
# PAKT_UDP_PORT sets the server's port (default 47300).
extends SceneTree

const Game = preload("res://pakt/game.pakt.gd")

var server := PacketPeerUDP.new()
var client := PacketPeerUDP.new()
var received = Game.MoveUpdate.new()    # the server's one instance, reused for every packet


func _init():
	var port := int(OS.get_environment("PAKT_UDP_PORT")) if OS.has_environment("PAKT_UDP_PORT") else 47300
	var err := server.listen(port, "127.0.0.1")
	print("LISTEN|", port, "|", err)
	if err == OK:
		client.set_dest_address("127.0.0.1", port)
		run()
	print("DONE|")
	quit()


# The client side (the docs' send_move): one MoveUpdate in a datagram. Returns the message sent.
func send_move(peer: PacketPeer, pos: Vector3, format: int):
	var m = Game.MoveUpdate.new()
	m.player_id = 7
	m.tick = 1024
	m.position = pos
	m.velocity = Vector3(1, 0, 0)
	m.rotation = Quat(0, 0.7071068, 0, 0.7071068)
	m.crouching = false
	peer.put_packet(m.to_bytes(format))
	return m


# The server side (the docs' on_packet): decode into the reused instance.
func on_packet(bytes: PoolByteArray, format: int) -> int:
	if received.from_bytes(bytes, format) != OK:
		push_warning(received.last_error)
		return ERR_INVALID_DATA
	return OK


func wait_packet(peer: PacketPeerUDP) -> PoolByteArray:
	for i in 2000:                      # up to ~2 s
		if peer.get_available_packet_count() > 0:
			return peer.get_packet()
		OS.delay_msec(1)
	return PoolByteArray()


func check(what: String, ok: bool) -> void:
	print("CHECK|", what, "|", "ok" if ok else "FAILED")


func run() -> void:
	for format in [Game.COMPACT, Game.MSLIMA]:
		var name := "compact" if format == Game.COMPACT else "mslima"
		var pos := Vector3(10.5, 0, -3.25)
		var m = send_move(client, pos, format)
		var sent: PoolByteArray = m.to_bytes(format)   # what put_packet sent
		print("SENT|", name, "|", sent.hex_encode())
		var got := wait_packet(server)
		check(name + " datagram arrived whole", got.size() == sent.size() and got.size() > 0)
		print("GOT|", name, "|", got.hex_encode())
		var err := on_packet(got, format)
		check(name + " from_bytes OK", err == OK and received.last_error == "")
		check(name + " player_id", received.player_id == m.player_id)
		check(name + " tick", received.tick == m.tick)
		check(name + " position", received.position == m.position)
		check(name + " velocity", received.velocity == m.velocity)
		check(name + " rotation", received.rotation == m.rotation)
		check(name + " crouching", received.crouching == m.crouching)

		# The server replies to the sender's address: an acknowledgement with the tick it read.
		var ack = Game.MoveUpdate.new()
		ack.player_id = received.player_id
		ack.tick = received.tick
		server.set_dest_address(server.get_packet_ip(), server.get_packet_port())
		server.put_packet(ack.to_bytes(format))
		var reply := wait_packet(client)
		var a = Game.MoveUpdate.new()
		check(name + " reply decodes", reply.size() > 0 and a.from_bytes(reply, format) == OK)
		check(name + " reply acknowledges the tick", a.player_id == m.player_id and a.tick == m.tick)

		# A datagram cut short (a broken sender): ERR_INVALID_DATA and why, never a script error.
		var cut := sent.subarray(0, sent.size() - 5)   # all but the last 4 bytes (Godot 3's subarray includes its end)
		client.put_packet(cut)
		var bad := wait_packet(server)
		var verdict: int = received.from_bytes(bad, format)
		check(name + " truncated datagram refused", cut.size() == sent.size() - 4 and bad.size() == cut.size()
				and verdict == ERR_INVALID_DATA)
		print("TRUNC|", name, "|", bad.hex_encode(), "|", verdict, "|", received.last_error)
