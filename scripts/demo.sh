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
