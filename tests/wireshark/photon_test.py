#!/usr/bin/env python3
"""The generated dissector's Photon binding (photon16 / photon18) against `pakt photon decode --schema`.

Traffic of two kinds, written to one pcap (a UDP packet per payload) and read by tshark once (`-T json`):

- the Photon examples: PUN-like messages around the custom types of schemas/photon_seed.yaml and
  schemas/game.yaml (a RaiseEvent request, the event it becomes, a PUN RPC event whose Hashtable holds an
  object[] of arguments, an operation response with a typed array of customs and a Dictionary), random
  values, in Protocol 1.6 and 1.8, bodies in mslima and compact; each as a bare message and inside a Photon
  UDP packet (the 12-byte header and a reliable or unreliable command, built here from the reference's
  layout); plus truncations and byte mutations of each;
- the ENet room (examples/pun_like_room): the real server and two real clients on 127.0.0.1, one client
  talking through a UDP relay in this script that records every datagram; the Photon messages are taken out
  of the ENet commands and written as UDP payloads (Wireshark has no ENet dissector), plus truncations.

`pakt photon decode --kind message --schema S --format F` is the oracle: a payload it accepts must show the
same message type, codes, parameter keys, value types and values, and each custom type's message fields,
with no expert info; one it rejects must show the dissector's expert info; no packet may show a Lua error.

    photon_test.py --pakt build/pakt [--room-server S --room-client C] [--seed N] [--values N] [--keep DIR]

Exits 77 (ctest's SKIP_RETURN_CODE) with a message when tshark is not installed.
"""

import argparse
import json
import math
import os
import random
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "generator"))
from pakt_gen.descriptor import load_descriptor  # noqa: E402
from pakt_gen.wireshark.render import proto_name  # noqa: E402
from wireshark_test import Shown, Values, as_list, frame_layer, mutations, pcap, run, same  # noqa: E402

SCHEMAS = [os.path.join(ROOT, "schemas", "photon_seed.yaml"), os.path.join(ROOT, "schemas", "game.yaml")]
ROOM_SCHEMA = os.path.join(ROOT, "examples", "pun_like_room", "room.yaml")
FORMATS = ["mslima", "compact"]


class Schema:
    def __init__(self, args, path, work, port):
        self.path = path
        self.port = port  # base port: + 0/1 for 16/18 in mslima, + 2/3 in compact
        r = run([args.pakt, "generate", "--lang", "wireshark", "--out", os.path.join(work, str(port)), path])
        if r.returncode != 0:
            raise SystemExit(f"{path}: pakt generate failed: {r.stderr.decode()}")
        self.lua = r.stdout.decode().split()[0]
        descriptor = load_descriptor(run([args.pakt, "describe", path]).stdout.decode())
        self.schema = descriptor.roots[0]
        self.proto = proto_name(self.schema)
        self.coded = [m for m in self.schema.messages if m.code is not None]
        self.by_name = {m.name: m for m in self.schema.messages}

    def port_of(self, protocol, fmt):
        return self.port + (0 if protocol == 16 else 1) + 2 * FORMATS.index(fmt)

    def bindings(self):
        return ",".join(f"udp:{self.port_of(p, f)}=photon{p}/{f}" for p in (16, 18) for f in FORMATS)

    def abbrev_of(self, m):
        return m.name if m.schema is self.schema else m.full_name


def typed(t, v):
    return {"type": t, "value": v}


def custom(m, value):
    return {"type": "custom", "code": m.code, "value": value}


def examples(rng, schema, values):
    """PUN-like messages (typed JSON, custom types given by value) around the schema's coded messages."""
    out = []
    for m in schema.coded:
        def c():
            return custom(m, values.message(m))
        actor = {"type": "int", "value": rng.choice([1, 2, 300, 70000, -5])}
        # RaiseEvent (253): 244 the event code, 245 the data, 247 the caching option
        out.append({"message_type": "request", "body": {"type": "request", "operation_code": 253, "parameters": [
            [244, typed("byte", rng.randrange(200))], [245, c()], [247, typed("byte", 0)]]}})
        # the event the receivers get: 245 the data, 254 the sender
        out.append({"message_type": "event", "body": {"type": "event", "code": rng.randrange(1, 200),
                                                      "parameters": [[245, c()], [254, actor]]}})
        # a PUN RPC (event 200): 245 a Hashtable {0 view id, 2 timestamp, 3 method, 4 object[] arguments}
        rpc = {"type": "hashtable", "entries": [
            [typed("byte", 0), typed("int", rng.randrange(1, 100000))],
            [typed("byte", 2), typed("int", rng.randrange(-2 ** 31, 2 ** 31))],
            [typed("byte", 3), typed("string", rng.choice(["Fire", "Move가", ""]))],
            [typed("byte", 4), {"type": "object[]", "items": [
                c(), typed("float", rng.choice([0.5, -1.25e10, 3.0])), typed("long", rng.randrange(-2 ** 63, 2 ** 63)),
                typed("bool", rng.random() < 0.5), typed("short", rng.randrange(-32768, 32768)),
                typed("double", rng.uniform(-1e300, 1e300)), {"type": "null"}, typed("byte[]", "00ff10")]}]]}
        out.append({"message_type": "event", "body": {"type": "event", "code": 200,
                                                      "parameters": [[245, rpc], [254, actor]]}})
        # a response with a typed array of this custom type and a Dictionary<string, object>
        items = [custom(m, values.message(m)) for _ in range(rng.randrange(0, 3))]
        out.append({"message_type": "response", "body": {
            "type": "response", "operation_code": 226, "return_code": rng.choice([0, -2, 32767]),
            "debug_message": rng.choice([None, "ok", "Game full"]), "parameters": [
                [249, {"type": "array", "element": "custom", "code": m.code, "items": items}],
                [250, {"type": "dictionary", "key": "string", "value": "object",
                       "entries": [[typed("string", "k"), c()], [typed("string", "n"), typed("int", 7)]]}],
                [251, {"type": "array", "element": "int", "items": [typed("int", 1), typed("int", -70000)]}],
                [252, {"type": "array", "element": "string", "items": [typed("string", "a"), typed("string", "bé")]}]]}})
    for message in out:
        message["type"] = "message"
    return out


def photon_packet(rng, messages):
    """A Photon UDP packet (photon-wire-format.md §2.4): the 12-byte header, an Ack, then each message in a
    SendReliable (6) or SendUnreliable (7) command."""
    commands = struct.pack(">BBBBII", 1, 0, 0, 4, 20, rng.randrange(1000)) + struct.pack(">II", 5, 1234)
    for message in messages:
        if rng.random() < 0.5:
            commands += struct.pack(">BBBBII", 6, 0, 1, 4, 12 + len(message), rng.randrange(1, 1000)) + message
        else:
            commands += struct.pack(">BBBBIII", 7, 1, 0, 4, 16 + len(message), rng.randrange(1000),
                                    rng.randrange(1000)) + message
    header = struct.pack(">HBBII", rng.randrange(1, 100), 0, 1 + len(messages), rng.randrange(2 ** 31), 0x1234)
    return header + commands


# ------------------------------------------------------------------------------------------ the ENet room
ENET_COMMAND_SIZES = {1: 8, 2: 48, 3: 44, 4: 8, 5: 4, 6: 6, 7: 8, 8: 24, 9: 8, 10: 12, 11: 16, 12: 24}


def enet_packets(datagram):
    """The packets' data of the SendReliable / SendUnreliable / SendUnsequenced commands of one ENet datagram
    (enet/protocol.h: a 2-byte peer id with flags, the 2-byte sent time when flagged, then commands)."""
    peer = struct.unpack_from(">H", datagram, 0)[0]
    if peer & 0x4000:
        raise ValueError("a compressed ENet datagram")
    pos = 4 if peer & 0x8000 else 2
    out = []
    while pos < len(datagram):
        number = datagram[pos] & 0x0F
        size = ENET_COMMAND_SIZES.get(number)
        if size is None:
            raise ValueError(f"ENet command {number}")
        if number == 6:
            n = struct.unpack_from(">H", datagram, pos + 4)[0]
        elif number in (7, 9):
            n = struct.unpack_from(">H", datagram, pos + 6)[0]
        elif number in (8, 12):
            raise ValueError("a fragmented ENet packet")
        else:
            n = 0
        if n:
            out.append(datagram[pos + size: pos + size + n])
        pos += size + n
    return out


def room_traffic(args, work):
    """Runs the room (server, client A through the recording relay, client B direct): the datagrams as
    (from the client?, bytes)."""
    def free_port():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    server_port = free_port()
    front = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    front.bind(("127.0.0.1", 0))
    back = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    back.bind(("127.0.0.1", 0))
    recorded, stop, client = [], threading.Event(), [None]

    def relay():
        while not stop.is_set():
            ready, _, _ = select.select([front, back], [], [], 0.05)
            for s in ready:
                data, addr = s.recvfrom(65536)
                if s is front:
                    client[0] = addr
                    recorded.append((True, data))
                    back.sendto(data, ("127.0.0.1", server_port))
                elif client[0] is not None:
                    recorded.append((False, data))
                    front.sendto(data, client[0])

    thread = threading.Thread(target=relay)
    thread.start()
    logs = open(os.path.join(work, "room.log"), "w")
    server = subprocess.Popen([args.room_server, str(server_port), "6"], stdout=logs, stderr=logs)
    try:
        time.sleep(0.3)
        a = subprocess.Popen([args.room_client, "alice", str(front.getsockname()[1])], stdout=logs, stderr=logs)
        time.sleep(0.2)
        b = subprocess.Popen([args.room_client, "bob", str(server_port)], stdout=logs, stderr=logs)
        a.wait(timeout=20)
        b.wait(timeout=20)
    finally:
        server.kill()
        server.wait()
        stop.set()
        thread.join()
        front.close()
        back.close()
        logs.close()
    return recorded


# ------------------------------------------------------------------------------------------ reading tshark
def walk(node, key):
    """Every value of `key` in a -T json tree, depth first in document order."""
    out = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                out += as_list(v)
            else:
                out += walk(v, key)
    elif isinstance(node, list):
        for v in node:
            out += walk(v, key)
    return out


class Compare:
    def __init__(self, schema):
        self.schema = schema
        self.p = schema.proto + ".photon."
        self.shown = Shown(schema.proto)

    def children(self, tree, key):
        """The subtrees of `key` (a field with a value: `key_tree`; a text-only field: `key` itself)."""
        nodes = tree.get(self.p + key + "_tree", tree.get(self.p + key))
        return [t if isinstance(t, dict) else {} for t in as_list(nodes)]

    def message(self, expected, tree, path, diffs):
        names = {"request": 2, "response": 3, "event": 4}
        body = expected["body"]
        if "type" not in body or body["type"] not in names:
            self.value(body, self.children(tree, "value")[0] if self.children(tree, "value") else {}, path, diffs)
            return
        if body["type"] == "event":
            same(body["code"], int(tree.get(self.p + "event_code", -1)), path + ".code", diffs)
        else:
            same(body["operation_code"], int(tree.get(self.p + "operation_code", -1)), path + ".operation_code", diffs)
        if body["type"] == "response":
            same(body["return_code"], int(tree.get(self.p + "return_code", -99999)), path + ".return_code", diffs)
            debug = self.children(tree, "value")
            if not debug:
                diffs.append(f"{path}: no debug message shown")
            else:
                self.value({"type": "null"} if body["debug_message"] is None else
                           {"type": "string", "value": body["debug_message"]}, debug[0], path + ".debug", diffs)
        keys = [int(k) for k in as_list(tree.get(self.p + "parameter"))]
        same([k for k, _ in body["parameters"]], keys, path + ".keys", diffs)
        for (key, value), param in zip(body["parameters"], self.children(tree, "parameter")):
            values = self.children(param, "value")
            self.value(value, values[0] if values else {}, f"{path}[{key}]", diffs)

    def value(self, expected, tree, path, diffs):
        kind = tree.get(self.p + "kind")
        if expected["type"] != kind:
            diffs.append(f"{path}: expected a {expected['type']}, shown {kind!r}")
            return
        t = expected["type"]
        scalar = tree.get(self.p + "scalar")
        if t == "null":
            same("null", scalar, path, diffs)
        elif t in ("byte", "short", "int", "long"):
            same(expected["value"], int(scalar) if scalar is not None else None, path, diffs)
        elif t == "bool":
            same(expected["value"], scalar == "true", path, diffs)
        elif t in ("float", "double"):
            shown = float(scalar) if scalar is not None else None
            if t == "float" and shown is not None:
                e = expected["value"]
                e = float(e.lower().replace("infinity", "inf")) if isinstance(e, str) else e
                if not (math.isnan(e) and math.isnan(shown)) and struct.pack("<f", e) != struct.pack("<f", shown):
                    diffs.append(f"{path}: expected {e!r}, shown {shown!r}")
            else:
                same(expected["value"], shown, path, diffs)
        elif t in ("string", "byte[]"):
            same(expected["value"], scalar if scalar is not None else "", path, diffs)
        elif t == "custom":
            same(expected["code"], int(tree.get(self.p + "custom", -1)), path + ".code", diffs)
            if "message" in expected:
                m = self.schema.by_name[expected["message"]]
                same(expected["value"], self.shown.message(tree, m, self.schema.abbrev_of), path + "." + m.name, diffs)
        elif t in ("array", "object[]"):
            items = self.children(tree, "value")
            if len(items) != len(expected["items"]):
                diffs.append(f"{path}: expected {len(expected['items'])} items, shown {len(items)}")
                return
            for i, (e, s) in enumerate(zip(expected["items"], items)):
                self.value(e, s, f"{path}[{i}]", diffs)
        elif t in ("hashtable", "dictionary"):
            entries = self.children(tree, "entry")
            if len(entries) != len(expected["entries"]):
                diffs.append(f"{path}: expected {len(expected['entries'])} entries, shown {len(entries)}")
                return
            for i, ((k, v), s) in enumerate(zip(expected["entries"], entries)):
                kv = self.children(s, "value")
                if len(kv) != 2:
                    diffs.append(f"{path}.entry{i}: shown {len(kv)} values")
                    continue
                self.value(k, kv[0], f"{path}.entry{i}.key", diffs)
                self.value(v, kv[1], f"{path}.entry{i}.value", diffs)
        elif t in ("event", "request", "response"):
            self.message({"body": expected}, tree, path, diffs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pakt", required=True)
    parser.add_argument("--room-server")
    parser.add_argument("--room-client")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--values", type=int, default=1, help="random values per message, protocol and format")
    parser.add_argument("--keep", metavar="DIR", help="copy the capture and the dissectors to DIR")
    args = parser.parse_args()
    if shutil.which("tshark") is None:
        print("SKIP: tshark is not installed (apt-get install tshark; scripts/setup.sh installs it)")
        return 77
    rng = random.Random(args.seed)
    failures = []
    with tempfile.TemporaryDirectory(prefix="pakt_wireshark_photon_") as work:
        os.chmod(work, 0o755)
        schemas = [Schema(args, path, work, 42000 + 10 * i) for i, path in enumerate(SCHEMAS + [ROOM_SCHEMA])]
        packets, cases = [], []  # cases: (schema, protocol, format, payload, [expected messages] or None, why)

        def add(schema, protocol, fmt, payload, origin):
            dec = run([args.pakt, "photon", "decode", "--protocol", str(protocol), "--kind", "message", "--schema",
                       schema.path, "--format", fmt], payload.hex().encode())
            expected = [json.loads(dec.stdout)] if dec.returncode == 0 else None
            packets.append((schema.port_of(protocol, fmt), payload))
            cases.append((schema, protocol, fmt, payload, expected, dec.stderr.decode().strip(), origin))
            return expected is not None

        for schema in schemas[:len(SCHEMAS)]:
            values = Values(rng)
            for protocol in (16, 18):
                for fmt in FORMATS:
                    for _ in range(args.values):
                        for message in examples(rng, schema, values):
                            enc = run([args.pakt, "photon", "encode", "--protocol", str(protocol), "--kind", "message",
                                       "--schema", schema.path, "--format", fmt], json.dumps(message).encode())
                            if enc.returncode != 0:
                                failures.append(f"{schema.path}: pakt photon encode failed: {enc.stderr.decode()}")
                                continue
                            payload = bytes.fromhex(enc.stdout.decode().strip())
                            if not add(schema, protocol, fmt, payload, "example"):
                                failures.append(f"{schema.path}: pakt photon decode rejects its own encoding")
                                continue
                            expected = cases[-1][4]
                            for bad in mutations(rng, payload):
                                if bad:
                                    add(schema, protocol, fmt, bad, "mutated")
                            # the same message inside a Photon UDP packet
                            packets.append((schema.port_of(protocol, fmt), photon_packet(rng, [payload])))
                            cases.append((schema, protocol, fmt, packets[-1][1], expected, "", "packet"))
        room = schemas[-1]
        room_messages = 0
        if args.room_server and args.room_client:
            for _, datagram in room_traffic(args, work):
                try:
                    messages = enet_packets(datagram)
                except (ValueError, struct.error) as e:
                    failures.append(f"the room's ENet datagram {datagram.hex()}: {e}")
                    continue
                for message in messages:
                    room_messages += 1
                    if not add(room, 16, "mslima", message, "room"):
                        failures.append(f"the room's message {message.hex()}: {cases[-1][5]}")
                    add(room, 16, "mslima", message[: rng.randrange(1, len(message))], "room truncated")
            if room_messages < 10:
                failures.append(f"the room's traffic holds {room_messages} Photon messages, expected at least 10")
        else:
            print("note: --room-server/--room-client not given: the ENet room's traffic is not checked")

        capture = os.path.join(work, "photon.pcap")
        with open(capture, "wb") as f:
            f.write(pcap(packets))
        cmd = ["tshark", "-n", "-r", capture]
        for schema in schemas:
            cmd += ["-X", "lua_script:" + schema.lua, "-o", f"{schema.proto}.bindings:{schema.bindings()}"]
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            for path in [capture] + [schema.lua for schema in schemas]:
                shutil.copy(path, args.keep)
        r = run(cmd + ["-T", "json", "--no-duplicate-keys"])
        if r.returncode != 0:
            print(f"FAIL tshark failed: {r.stderr.decode()[:2000]}")
            return 1
        if "Lua" in r.stderr.decode():
            failures.append(f"tshark reports a Lua error: {r.stderr.decode()[:1000]}")
        frames = json.loads(r.stdout)
        if len(frames) != len(cases):
            print(f"FAIL tshark shows {len(frames)} packets of {len(cases)}")
            return 1
        counts = {}
        for frame, (schema, protocol, fmt, payload, expected, why, origin) in zip(frames, cases):
            counts[origin] = counts.get(origin, 0) + 1
            where = f"{os.path.basename(schema.path)} 1.{protocol - 10} {fmt} {origin} {payload.hex()}"
            layer, text, problem = frame_layer(frame, schema.proto)
            if problem:
                failures.append(f"{where}: {problem}")
                continue
            malformed = f"{schema.proto}.malformed" in text
            if expected is None:
                if not malformed:
                    failures.append(f"{where}: pakt photon decode rejects it ({why}) but no expert info is shown")
                continue
            if malformed:
                failures.append(f"{where}: pakt photon decode accepts it but expert info is shown: {text[-400:]}")
                continue
            compare = Compare(schema)
            shown = walk(layer, compare.p + "message_type_tree")
            types = [int(t) for t in walk(layer, compare.p + "message_type")]
            if len(shown) != len(expected):
                failures.append(f"{where}: {len(expected)} messages, {len(shown)} shown")
                continue
            diffs = []
            names = {"request": 2, "response": 3, "event": 4, "message": 8}
            for i, (e, tree) in enumerate(zip(expected, shown)):
                same(names.get(e["message_type"], e["message_type"]), types[i], f"message{i}.type", diffs)
                compare.message(e, tree, f"message{i}", diffs)
            if diffs:
                failures.append(f"{where}: " + "; ".join(diffs[:5]))
    for line in failures[:40]:
        print("FAIL", line)
    print(f"{len(cases)} payloads dissected ({', '.join(f'{n} {k}' for k, n in sorted(counts.items()))}), "
          f"{len(failures)} failures")
    return 1 if failures or not cases else 0


if __name__ == "__main__":
    sys.exit(main())
