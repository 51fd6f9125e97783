#!/usr/bin/env python3
"""Writes the seed corpora under tests/fuzz/corpus/ from real payloads.

  godot4*, godot3*       the real-engine interop cases (tests/godot/engine): every value, encoded by
                         `pakt godot encode`, and every malformed input
  photon16, photon18     the 0xF3 messages of tests/photon/npm/cases.json (`pakt photon encode`)
                         and the hand-written inputs of tests/photon/cli_roundtrip.sh, wrapped in
                         0xF3 messages
  generated_*            rich.yaml's examples and framed.yaml's extensible messages (of several
                         versions, and malformed frames), written by the fuzz_write_generated_seeds
                         target
  cli_dynamic            the generated_* seeds behind the byte that selects format and message; and
                         packed payloads and deltas (`pakt encode --format packed [--baseline]`) of
                         tests/schemas/packed.yaml, packed_delta.yaml and rich.yaml messages
  describe               schema files: the repository's schemas and a few of the bad-schema corpus

Seeds are overwritten in place; other files (regression inputs found by fuzzing) are kept.

usage: make_seeds.py --pakt BUILD/pakt --write-generated BUILD/tests/fuzz/fuzz_write_generated_seeds
"""
import argparse
import json
import os
import re
import subprocess
import sys
from typing import Optional

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
sys.path.insert(0, os.path.join(ROOT, "tests", "godot", "engine"))

import cases_godot3  # noqa: E402
import cases_godot4  # noqa: E402

# The message type byte that wraps a body of each `--kind` of the photon CLI.
PHOTON_MESSAGE_TYPES = {"event": "04", "request": "02", "response": "03", "value": "08"}


def write_seed(target: str, name: str, data: bytes) -> None:
    directory = os.path.join(CORPUS, target)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, re.sub(r"[^A-Za-z0-9_.-]", "_", name)), "wb") as f:
        f.write(data)


def run_pakt(pakt: str, args, stdin: str) -> Optional[bytes]:
    """The bytes `pakt ARGS` prints as hex, or None when the value has no encoding (exit 1)."""
    run = subprocess.run([pakt] + args, input=stdin, capture_output=True, text=True)
    if run.returncode == 1:
        print(f"skipped ({run.stderr.strip()}): pakt {' '.join(args)}", file=sys.stderr)
        return None
    run.check_returncode()
    return bytes.fromhex(run.stdout.strip())


def godot_seeds(pakt: str) -> None:
    for version, cases in (("4", cases_godot4), ("3", cases_godot3)):
        for case in cases.VALUES:
            if case.value is None:
                continue
            flags = ["--full-objects"] if case.full_objects else []
            data = run_pakt(pakt, ["godot", "encode", "--godot", version] + flags, json.dumps(case.value))
            if data is None:
                continue
            write_seed(f"godot{version}_objects", case.name, data)
            if not case.full_objects:
                write_seed(f"godot{version}", case.name, data)
        for case in cases.MALFORMED:
            data = bytes.fromhex(case.hex)
            write_seed(f"godot{version}_objects", "malformed_" + case.name, data)
            if not case.allow_objects:
                write_seed(f"godot{version}", "malformed_" + case.name, data)


def photon_seeds(pakt: str) -> None:
    with open(os.path.join(ROOT, "tests", "photon", "npm", "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    for protocol in ("16", "18"):
        for case in cases:
            message = {"type": "message", "message_type": case["message_type"], "body": case["body"]}
            data = run_pakt(pakt, ["photon", "encode", "--protocol", protocol, "--kind", "message"], json.dumps(message))
            if data is not None:
                write_seed(f"photon{protocol}", "npm_" + case["name"], data)
    with open(os.path.join(ROOT, "tests", "photon", "cli_roundtrip.sh"), encoding="utf-8") as f:
        lines = [line for line in f if re.match(r"(round_trip|bad_input) (16|18) ", line)]
    for number, line in enumerate(lines):
        check, protocol, kind, quoted = re.match(r'(\w+) (\d+) (\w+) "([0-9a-fA-F ]*)"', line).groups()
        hex_bytes = quoted.replace(" ", "")
        if kind != "message":
            hex_bytes = "f3" + PHOTON_MESSAGE_TYPES[kind] + hex_bytes
        write_seed(f"photon{protocol}", f"cli_{number:02d}_{check}_{kind}", bytes.fromhex(hex_bytes))


# cli_dynamic_fuzz.cpp: selector byte = message index * 4 + format index.
CLI_FORMATS = ["compact", "mslima", "godot4", "godot3"]
CLI_MESSAGES = {"nested": 0, "lists": 1, "texts": 2, "optionals": 3, "versioned": 4, "frame": 5, "framed": 6,
                "framing": 7}


def cli_dynamic_seeds() -> None:
    for format_index, format_name in enumerate(CLI_FORMATS):
        directory = os.path.join(CORPUS, "generated_" + format_name)
        for name in sorted(os.listdir(directory)):
            words = name.split("_")  # <message>_... or malformed_<message>_...
            message_index = CLI_MESSAGES.get(words[1] if words[0] == "malformed" else words[0])
            if message_index is None:
                continue
            with open(os.path.join(directory, name), "rb") as f:
                payload = f.read()
            write_seed("cli_dynamic", f"{format_name}_{name}", bytes([message_index * 4 + format_index]) + payload)


# cli_dynamic_fuzz.cpp, packed: selector byte = 0x80 + message index * 2 (+ 1 for a delta, whose
# input is then a 2-byte little-endian baseline length, the packed baseline, the delta).
PACKED_SCHEMA = os.path.join(ROOT, "tests", "schemas", "packed.yaml")
PACKED_DELTA_SCHEMA = os.path.join(ROOT, "tests", "schemas", "packed_delta.yaml")
RICH_SCHEMA = os.path.join(ROOT, "tests", "schemas", "rich.yaml")
NUMBERS = {"flag": True, "percent": 100, "raw8": -1, "temperature": -40, "zig": -300, "var": 1 << 40, "big": 1000,
           "negative": -1, "phase": "done", "only": "single", "offset": "high"}
CUBE = {"id": 1, "position": [1.5, 0, -2.25], "rotation": [0, 0.7071, 0, 0.7071], "at_rest": True}
PLAYER = {"id": 1, "position": [1.5, -2], "health": 100, "name": "ann", "inventory": [3, 4], "team": "blue",
          "stats": {"kills": 2, "ratio": 0.5}, "shield": 9}
SCENE = {"frame": 120, "cubes": [CUBE, dict(CUBE, id=2, at_rest=False)], "camera": {"eye": [0, 10, -20], "fov": 60},
         "anchors": [CUBE, CUBE], "phase": "running", "score": 7}
ROOM = {"tick": 7, "players": [PLAYER, dict(PLAYER, id=2, name="bob")], "spectators": [PLAYER],
        "boss": dict(PLAYER, id=63), "slots": [PLAYER, PLAYER, PLAYER], "motd": "hi", "flags": [True, False],
        "raw": 1.5}
PACKED_MESSAGES = [  # (schema, message, value) in the order of kPackedMessages
    (PACKED_SCHEMA, "Numbers", NUMBERS),
    (PACKED_SCHEMA, "Floats", {"angle": -3.2, "ratio": 1, "raw32": 0.1, "raw64": -2.5, "distance": 9999.5,
                               "position": [50, -50, 0.001], "flat": [10, 0], "tint": [1, 0.5, 0, 1],
                               "cell": [-512, 511], "voxel": [1, -2, 3], "rotation": [0, 0, 0, 1],
                               "raw_rotation": [0, 0, 0, 1]}),
    (PACKED_SCHEMA, "Collections", {"name": "pakt", "note": "bit-packed", "blob": [1, 2, 3], "scores": [0, 1000],
                                    "deltas": [-100, 100], "samples": [-1, 0, 0.5, 1], "tags": ["a", "bc"],
                                    "numbers": [NUMBERS], "points": [NUMBERS, NUMBERS],
                                    "corners": [[0, 0], [255, 0], [255, 255], [0, 255]], "maybe_level": 42,
                                    "maybe_name": "x"}),
    (PACKED_SCHEMA, "Cube", CUBE),
    (PACKED_SCHEMA, "Camera", {"eye": [0, 10, -20], "fov": 60}),
    (PACKED_SCHEMA, "Scene", SCENE),
    (RICH_SCHEMA, "Nested", {}),
    (RICH_SCHEMA, "Lists", {}),
    (RICH_SCHEMA, "Texts", {"limited": "12345678"}),
    (RICH_SCHEMA, "Optionals", {}),
    (PACKED_DELTA_SCHEMA, "Room", ROOM),
]
DELTA_MESSAGES = [(PACKED_SCHEMA, "Scene", SCENE), (PACKED_DELTA_SCHEMA, "Room", ROOM)]  # kDeltaMessages
DELTA_CHANGES = {  # name: the next value from the baseline
    "Scene": {"same": lambda v: v, "frame": lambda v: dict(v, frame=121),
              "cube": lambda v: dict(v, cubes=[v["cubes"][0], dict(v["cubes"][1], at_rest=True)]),
              "appended": lambda v: dict(v, cubes=v["cubes"] + [dict(CUBE, id=3)]),
              "dropped": lambda v: dict(v, cubes=v["cubes"][:1]),
              "many": lambda v: dict(v, cubes=[dict(CUBE, id=i) for i in range(40)]),
              "camera": lambda v: dict(v, camera={"eye": [0, 10, -20], "fov": 90}, score=None)},
    "Room": {"same": lambda v: v, "tick": lambda v: dict(v, tick=8, motd=None),
             "player": lambda v: dict(v, players=[v["players"][0], dict(v["players"][1], stats={"kills": 3})]),
             "appended": lambda v: dict(v, players=v["players"] + [dict(PLAYER, id=3)], flags=[True]),
             "dropped": lambda v: dict(v, players=[], spectators=[]),
             "slots": lambda v: dict(v, slots=[PLAYER, dict(PLAYER, health=5), PLAYER], boss=dict(PLAYER, id=0)),
             "many": lambda v: dict(v, players=[dict(PLAYER, id=i) for i in range(16)])},
}


def packed_seeds(pakt: str) -> None:
    for index, (schema, message, value) in enumerate(PACKED_MESSAGES):
        data = run_pakt(pakt, ["encode", "--schema", schema, "--message", message, "--format", "packed", "--hex"],
                        json.dumps(value))
        if data is not None:
            write_seed("cli_dynamic", f"packed_{message.lower()}", bytes([0x80 + index * 2]) + data)
    for index, (schema, message, value) in enumerate(DELTA_MESSAGES):
        args = ["encode", "--schema", schema, "--message", message, "--format", "packed", "--hex"]
        baseline = run_pakt(pakt, args, json.dumps(value))
        baseline_path = os.path.join(CORPUS, "baseline.json.tmp")
        with open(baseline_path, "w", encoding="utf-8") as f:
            json.dump(value, f)
        try:
            for name, change in DELTA_CHANGES[message].items():
                delta = run_pakt(pakt, args + ["--baseline", baseline_path], json.dumps(change(value)))
                if baseline is None or delta is None:
                    continue
                seed = bytes([0x80 + index * 2 + 1, len(baseline) & 0xFF, len(baseline) >> 8]) + baseline + delta
                write_seed("cli_dynamic", f"packed_delta_{message.lower()}_{name}", seed)
        finally:
            os.remove(baseline_path)


# describe_fuzz.cpp: one schema file (it may import common.yaml, which the target puts next to it).
DESCRIBE_SEEDS = ["schemas/common.yaml", "schemas/game.yaml", "schemas/photon_seed.yaml", "tests/schemas/rich.yaml",
                  "tests/schemas/framed.yaml", "tests/schemas/evolution_v2.yaml", "tests/schemas/packed.yaml",
                  "tests/schemas/packed_delta.yaml",
                  "tests/schemas/bad/every_error_at_once.yaml", "tests/schemas/bad/control_characters.yaml",
                  "tests/schemas/bad/recursive.yaml", "tests/schemas/bad/example_mismatch.yaml"]


def describe_seeds() -> None:
    for path in DESCRIBE_SEEDS:
        name = re.sub(r"^(tests/schemas/|schemas/)", "", path).replace("/", "_")
        with open(os.path.join(ROOT, path), "rb") as f:
            write_seed("describe", name, f.read())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pakt", required=True, help="the pakt command-line tool")
    parser.add_argument("--write-generated", required=True, help="the fuzz_write_generated_seeds executable")
    args = parser.parse_args()
    godot_seeds(args.pakt)
    photon_seeds(args.pakt)
    subprocess.run([args.write_generated, CORPUS], check=True)
    cli_dynamic_seeds()
    packed_seeds(args.pakt)
    describe_seeds()
    return 0


if __name__ == "__main__":
    sys.exit(main())
