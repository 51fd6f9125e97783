#!/usr/bin/env python3
"""pakt godot encode|decode: exit codes, error lines and the hex/typed JSON round trip."""
import json
import subprocess
import sys

PAKT = sys.argv[1]
failures = []


def run(args, stdin):
    p = subprocess.run([PAKT, "godot", *args], input=stdin, capture_output=True, timeout=30)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


# Godot 4 test suite vector (tests/core/io/test_marshalls.h): int64 0x0f123456789abcdef.
rc, out, err = run(["encode"], b'{"type":"int","value":"-1070935975390360081"}')
check("encode int64", rc == 0 and out.strip() == "02000100efcdab89674523f1", (rc, out, err))

rc, out, err = run(["decode"], b"02000100 efcd ab89\n674523f1\n")
check("decode ignores whitespace", rc == 0 and json.loads(out) == {"type": "int", "value": "-1070935975390360081"},
      (rc, out, err))

rc, out, err = run(["decode", "--binary"], bytes.fromhex("0200000005000000"))
check("decode --binary", rc == 0 and json.loads(out) == {"type": "int", "value": 5}, (rc, out, err))

rc, out, err = run(["decode"], b"04000000 09000000 68656c6c6f000000")
check("bad input exits 1", rc == 1 and out == "", (rc, out, err))
check("error line", err.strip() == "error: String length 9 exceeds the 8 bytes that remain at offset 4", err)

rc, out, err = run(["decode"], b"0x02")
check("bad hex", rc == 1 and err.startswith("error: invalid hex") and "at offset 1" in err, (rc, err))

rc, out, err = run(["decode"], b"18000000 0a000000 526566436f756e746564 0000 00000000")
check("full object unauthorized", rc == 1 and "allow_objects" in err and "at offset 0" in err, (rc, err))
rc, out, err = run(["decode", "--allow-objects"], b"18000000 0a000000 526566436f756e746564 0000 00000000")
check("--allow-objects", rc == 0 and json.loads(out)["value"]["class"] == "RefCounted", (rc, out, err))

rc, out, err = run(["encode", "--godot", "3"], b'{"type":"Quat","value":{"x":0,"y":0,"z":0,"w":1}}')
check("godot 3 alias", rc == 0 and out.strip() == "0a000000" + "00000000" * 3 + "0000803f", (rc, out, err))

# Options before or after the subcommand: the same bytes.
quat = b'{"type":"Quat","value":{"x":0,"y":0,"z":0,"w":1}}'
before, after = run(["--godot", "3", "encode"], quat), run(["encode", "--godot", "3"], quat)
check("--godot 3 before encode", before[0] == 0 and before == after, (before, after))
quat_bytes = b"0a000000" + b"00000000" * 3 + b"0000803f"
before, after = run(["--godot", "3", "decode"], quat_bytes), run(["decode", "--godot", "3"], quat_bytes)
check("--godot 3 before decode", before[0] == 0 and before == after and before != run(["decode"], quat_bytes),
      (before, after))

rc, out, err = run(["encode", "--double"], b'{"type":"Vector2","value":{"x":1,"y":2}}')
check("--double", rc == 0 and out.strip() == "05000100" + "000000000000f03f" + "0000000000000040", (rc, out, err))

rc, out, err = run(["encode", "--full-objects"], b'{"type":"Object","value":{"class":"Node","properties":[]}}')
check("--full-objects", rc == 0 and out.strip() == "18000000" + "04000000" + "4e6f6465" + "00000000", (rc, out, err))
rc, out, err = run(["encode"], b'{"type":"Object","value":{"class":"Node","properties":[]}}')
check("full object without --full-objects", rc == 1 and err.startswith("error: "), (rc, err))

rc, out, err = run(["encode", "--godot", "3"], b'{"type":"Vector3i","value":{"x":1,"y":2,"z":3}}')
check("godot 3 lacks Vector3i", rc == 1 and "does not exist in Godot 3" in err, (rc, err))

rc, out, err = run(["encode"], b'{"type":"Vector2","value":{"x":1}}')
check("typed JSON error", rc == 1 and err.strip() == 'error: value: missing "y"', (rc, err))
rc, out, err = run(["encode"], b"{not json")
check("not JSON", rc == 1 and err.startswith("error: "), (rc, err))

for args in (["frobnicate"], ["encode", "--godot", "5"], ["decode", "--double"], [], ["--godot", "3"],
             ["encode", "decode"], ["--double", "encode"]):
    rc, out, err = run(args, b"")
    check(f"usage error {args}", rc == 2 and out == "" and "usage:" in err and "--help" in err, (rc, err))
rc, out, err = run(["--help"], b"")
check("--help", rc == 0 and "pakt godot encode" in out and "pakt godot decode" in out, (rc, out))
for args, options in ((["encode", "--help"], ["--godot", "--double", "--full-objects"]),
                      (["decode", "-h"], ["--godot", "--allow-objects", "--binary"])):
    rc, out, err = run(args, b"")
    check(f"{args} names its options", rc == 0 and all(o in out for o in options), (rc, out))

for failure in failures:
    print("FAIL", failure)
print(f"pakt godot CLI: {failures and 'FAILED' or 'ok'}")
sys.exit(1 if failures else 0)
