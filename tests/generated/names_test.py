"""The generated C++ of tests/schemas/names/ (names that once broke it, issue 30) against the
run-time codec: for every message with an example and every format, `pakt encode` of the example as
the descriptor gives it (never our own output) is read back by the generated Deserialize to a value
equal to the generated example, and the generated Serialize writes the same bytes (names_check.cpp).

usage: names_test.py PAKT NAMES_CHECK SCHEMA.yaml...
"""

import json
import subprocess
import sys

FORMATS = ["compact", "mslima", "godot4", "godot3", "packed", "json"]


def main() -> int:
    pakt, check, schemas = sys.argv[1], sys.argv[2], sys.argv[3:]
    failures = checks = 0
    for schema in schemas:
        descriptor = json.loads(subprocess.run([pakt, "describe", schema], check=True, capture_output=True,
                                               text=True).stdout)
        root = next(f for f in descriptor["files"] if f["path"] == descriptor["roots"][0])
        for m in root["messages"]:
            if m["example"] is None:
                continue
            for fmt in FORMATS:
                encode = subprocess.run([pakt, "encode", "--schema", schema, "--message", m["name"], "--format", fmt]
                                        + ([] if fmt == "json" else ["--hex"]),
                                        input=json.dumps(m["example"]), capture_output=True, text=True)
                if encode.returncode != 0:
                    print(f"{m['name']} {fmt}: pakt encode failed: {encode.stderr.strip()}")
                    failures += 1
                    continue
                result = subprocess.run([check, m["name"], fmt, encode.stdout.strip()], capture_output=True, text=True)
                print(result.stdout.strip() or result.stderr.strip())
                checks += 1
                failures += result.returncode != 0
    print(f"{checks} checks, {failures} failures")
    return 1 if failures or not checks else 0


if __name__ == "__main__":
    sys.exit(main())
