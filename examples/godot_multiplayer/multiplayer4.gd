# The Godot 4 version of multiplayer3.gd: a client and a server exchanging pakt messages through
# PacketPeer, in one script. The Godot 4.6 engine the tests run is the web build, which has no
# UDP or TCP sockets, so the PacketPeer here is PacketPeerStream (4-byte length + packet, what it
# sends over a StreamPeerTCP) over StreamPeerBuffers that deliver() hands from one side to the
# other. In a game: PacketPeerUDP, ENetPacketPeer or WebSocketPeer (also a PacketPeer, and
# available on the web) instead; send_move and on_packet stay the same.
#
#   pakt generate --lang gdscript --godot 4 --out pakt schemas/game.yaml schemas/common.yaml
#   attach this script to a scene's root Node in a project holding pakt/ (res://pakt/).
#
# The values sent are the schema's example of MoveUpdate (schemas/game.yaml). ctest
# gdscript.multiplayer4 runs it (tests/gdscript/run_multiplayer_example.py) and reads its output
# lines: KIND|... (CHECK lines must say ok).
extends Node

const Game = preload("res://pakt/game.pakt.gd")

var client := PacketPeerStream.new()
var server := PacketPeerStream.new()
var received := Game.MoveUpdate.new()   # the server's one instance, reused for every packet


func _ready():
	client.stream_peer = StreamPeerBuffer.new()
	server.stream_peer = StreamPeerBuffer.new()
	print("LISTEN|PacketPeerStream|0")
	run()
	print("DONE|")
	get_tree().quit()


# The network hop: what one side's PacketPeerStream wrote becomes what the other side reads. Each
# side's StreamPeerBuffer is both its input and its output (one position for reading and writing),
# so the receiving PacketPeerStream takes the bytes in at once (get_available_packet_count() polls
# its stream) and the buffer is emptied for that side's own writes.
func deliver(from: PacketPeerStream, to: PacketPeerStream) -> void:
	var out: StreamPeerBuffer = from.stream_peer
	var into: StreamPeerBuffer = to.stream_peer
	into.data_array = out.data_array      # the reading position starts at 0
	out.clear()
	to.get_available_packet_count()
	into.clear()


# The client side (the docs' send_move): one MoveUpdate in a packet. Returns the message sent.
func send_move(peer: PacketPeer, pos: Vector3, format: int) -> Game.MoveUpdate:
	var m := Game.MoveUpdate.new()
	m.player_id = 7
	m.tick = 1024
	m.position = pos
	m.velocity = Vector3(1, 0, 0)
	m.rotation = Quaternion(0, 0.7071068, 0, 0.7071068)
	m.crouching = false
	peer.put_packet(m.to_bytes(format))
	return m


# The server side (the docs' on_packet): decode into the reused instance.
func on_packet(bytes: PackedByteArray, format: int) -> int:
	if received.from_bytes(bytes, format) != OK:
		push_warning(received.last_error)
		return ERR_INVALID_DATA
	return OK


func next_packet(peer: PacketPeer) -> PackedByteArray:
	return peer.get_packet() if peer.get_available_packet_count() > 0 else PackedByteArray()


func check(what: String, ok: bool) -> void:
	print("CHECK|", what, "|", "ok" if ok else "FAILED")


func run() -> void:
	for format in [Game.COMPACT, Game.MSLIMA]:
		var name := "compact" if format == Game.COMPACT else "mslima"
		var pos := Vector3(10.5, 0, -3.25)
		var m := send_move(client, pos, format)
		var sent := m.to_bytes(format)   # what put_packet sent
		print("SENT|", name, "|", sent.hex_encode())
		deliver(client, server)
		var got := next_packet(server)
		check(name + " packet arrived whole", got.size() == sent.size() and got.size() > 0)
		print("GOT|", name, "|", got.hex_encode())
		var err := on_packet(got, format)
		check(name + " from_bytes OK", err == OK and received.last_error == "")
		check(name + " player_id", received.player_id == m.player_id)
		check(name + " tick", received.tick == m.tick)
		check(name + " position", received.position == m.position)
		check(name + " velocity", received.velocity == m.velocity)
		check(name + " rotation", received.rotation == m.rotation)
		check(name + " crouching", received.crouching == m.crouching)

		# The server replies: an acknowledgement with the tick it read.
		var ack := Game.MoveUpdate.new()
		ack.player_id = received.player_id
		ack.tick = received.tick
		server.put_packet(ack.to_bytes(format))
		deliver(server, client)
		var reply := next_packet(client)
		var a := Game.MoveUpdate.new()
		check(name + " reply decodes", reply.size() > 0 and a.from_bytes(reply, format) == OK)
		check(name + " reply acknowledges the tick", a.player_id == m.player_id and a.tick == m.tick)

		# A packet cut short (a broken sender): ERR_INVALID_DATA and why, never a script error.
		var cut := sent.slice(0, sent.size() - 4)   # all but the last 4 bytes
		client.put_packet(cut)
		deliver(client, server)
		var bad := next_packet(server)
		var verdict := received.from_bytes(bad, format)
		check(name + " truncated packet refused", cut.size() == sent.size() - 4 and bad.size() == cut.size()
				and verdict == ERR_INVALID_DATA)
		print("TRUNC|", name, "|", bad.hex_encode(), "|", verdict, "|", received.last_error)
