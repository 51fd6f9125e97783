#!/usr/bin/env python3
"""`pakt photon decode|encode --schema`: custom-type bodies as schema messages.

The body is the reference's real MSLIMA TestStruct bytes (without its trailing enum: the schema's
SeedGameStruct, code 'A' = 65); the expected field values are the reference's, written by hand.

  cli_schema_test.py <pakt>
"""
import json
import os
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = os.path.join(ROOT, "schemas", "photon_seed.yaml")
BODY = ("0000001e 00000047 3e25e354 01 0000000c a48beb9882eb80b0ea434241 c1b80000 42780000 41d00000 "
        "3f800000 40e00000 c1700000 3e98a47f bd20c49c 3dfef49d 3f721038").replace(" ", "")


def f32(bits):
    return struct.unpack(">f", bytes.fromhex(bits))[0]


EXPECTED = {
    "int_1": 30, "int_2": 71, "float_1": f32("3e25e354"), "bool_1": True, "string_1": "ABC가나다",
    "vector3_1": {"x": -23.0, "y": 62.0, "z": 26.0}, "vector3_2": {"x": 1.0, "y": 7.0, "z": -15.0},
    "quaternion_1": {"x": f32("3e98a47f"), "y": f32("bd20c49c"), "z": f32("3dfef49d"), "w": f32("3f721038")},
}

failures = []


def pakt(args, stdin):
    return subprocess.run([PAKT, "photon", *args], input=stdin, capture_output=True, text=True)


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")
    print(("ok   " if condition else "FAIL ") + name)


def event_json(custom):
    return json.dumps({"type": "event", "code": 1, "parameters": [[245, custom], [254, {"type": "int", "value": 3}]]})


def close(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, float):  # JSON holds the float32's shortest text
        return isinstance(b, (int, float)) and struct.pack(">f", b) == struct.pack(">f", a)
    return a == b


def main():
    for protocol in ("16", "18"):
        base = ["--protocol", protocol, "--kind", "event"]
        plain = pakt(["encode", *base], event_json({"type": "custom", "code": 65, "bytes": BODY}))
        check(f"{protocol}: envelope encodes", plain.returncode == 0, plain.stderr)
        packet = plain.stdout.strip()

        decoded = pakt(["decode", *base, "--schema", SCHEMA], packet)
        check(f"{protocol}: decode --schema", decoded.returncode == 0, decoded.stderr)
        custom = json.loads(decoded.stdout)["parameters"][0][1] if decoded.returncode == 0 else {}
        check(f"{protocol}: custom 65 is SeedGameStruct", custom.get("message") == "SeedGameStruct", custom)
        check(f"{protocol}: the reference's values", close(EXPECTED, custom.get("value")), custom.get("value"))
        check(f"{protocol}: bytes kept", custom.get("bytes") == BODY, custom.get("bytes"))

        again = pakt(["encode", *base, "--schema", SCHEMA], decoded.stdout)
        check(f"{protocol}: decode | encode gives the packet back", again.stdout.strip() == packet, again.stdout)

        from_value = pakt(["encode", *base, "--schema", SCHEMA],
                          event_json({"type": "custom", "code": 65, "value": custom.get("value")}))
        check(f"{protocol}: encoding the value gives the real MSLIMA body", from_value.stdout.strip() == packet,
              from_value.stdout + from_value.stderr)

        # A body one byte short: exit 1, the JSON path, the message and the offset inside the body
        # (of the field that does not fit: quaternion_1 starts at byte 53).
        short = pakt(["encode", *base], event_json({"type": "custom", "code": 65, "bytes": BODY[:-2]})).stdout.strip()
        bad = pakt(["decode", *base, "--schema", SCHEMA], short)
        check(f"{protocol}: truncated body is an error", bad.returncode == 1 and
              bad.stderr.startswith("error: $.parameters[0][1]: custom type 65 (SeedGameStruct) body: offset 53")
              and "quaternion_1" in bad.stderr, bad.stderr)

    unknown = pakt(["encode", "--schema", SCHEMA], json.dumps({"type": "custom", "code": 99, "value": {}}))
    check("a value for a code no message has is an error", unknown.returncode == 1 and "code 99" in unknown.stderr,
          unknown.stderr)
    wrong = pakt(["encode", "--schema", SCHEMA], json.dumps({"type": "custom", "code": 65, "value": {"int_1": "x"}}))
    check("a wrong field is an error naming it", wrong.returncode == 1 and "int_1" in wrong.stderr, wrong.stderr)
    usage = pakt(["decode", "--format", "compact"], "2a")
    check("--format without --schema is a usage error", usage.returncode == 2, usage.stderr)
    no_schema = pakt(["decode", "--schema", os.path.join(ROOT, "tests", "schemas", "bad", "unknown_type.yaml")], "2a")
    check("an invalid schema exits 1", no_schema.returncode == 1 and "invalid schema" in no_schema.stderr,
          no_schema.stderr)

    if failures:
        sys.exit(f"{len(failures)} failed:\n" + "\n".join(failures))
    print("all passed")


if __name__ == "__main__":
    PAKT = sys.argv[1]
    main()
