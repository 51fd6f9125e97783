#!/usr/bin/env bash
# The main job: set up, generate code from schemas/, round-trip every example in every format,
# and print the size table.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build build --target pakt_demo pakt -j"$(nproc)"
echo
./build/pakt_demo
echo
echo "BinaryFormatter (.NET, run under mono on the C# back end's classes in an assembly named"
echo "Assembly-CSharp, by \`pakt sizes\`; docs/binary_formatter.md), beside the seed's Unity figures:"
echo
echo "| message          | BinaryFormatter | the seed (Unity)                                        |"
echo "|------------------|----------------:|---------------------------------------------------------|"
for schema in photon_seed common game; do
  ./build/pakt sizes --schema "schemas/$schema.yaml" --json
done | python3 -c '
import json, sys
notes = {"SeedStruct": "199 for TestStruct; mono writes 198 for it",
         "SeedGameStruct": "not measured (in Unity, Vector3 is not [Serializable])"}
decoder, text, rows = json.JSONDecoder(), sys.stdin.read().strip(), []
while text:
    table, end = decoder.raw_decode(text)
    text = text[end:].strip()
    rows += table
for r in rows:
    size = "n/a" if r["binary_formatter"] is None else r["binary_formatter"]
    print("| %-16s | %15s | %-55s |" % (r["message"], size, notes.get(r["message"], "")))
'
