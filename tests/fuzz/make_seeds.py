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
  cli_dynamic            the generated_* seeds behind the byte that selects format and message
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


# describe_fuzz.cpp: one schema file (it may import common.yaml, which the target puts next to it).
DESCRIBE_SEEDS = ["schemas/common.yaml", "schemas/game.yaml", "schemas/photon_seed.yaml", "tests/schemas/rich.yaml",
                  "tests/schemas/framed.yaml", "tests/schemas/evolution_v2.yaml",
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
    describe_seeds()
    return 0


if __name__ == "__main__":
    sys.exit(main())
