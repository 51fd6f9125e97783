#!/usr/bin/env bash
# Set up, build everything and run the whole suite through ctest: once in a normal build (every
# test, the real Godot engines and the CMake consumer builds included), once with GCC's
# AddressSanitizer + UndefinedBehaviorSanitizer and once with clang's (every test that runs pakt's
# own code in-process; the clang build also fuzzes every decoder for a bounded time).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
jobs="$(nproc)"
python=/usr/bin/python3

echo "== build (RelWithDebInfo)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPython3_EXECUTABLE="$python" >/dev/null
cmake --build build -j"$jobs"
echo "== ctest (RelWithDebInfo)"
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== build (ASan + UBSan)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPAKT_SANITIZE=ON -DPAKT_BUILD_BENCH=OFF \
      -DPython3_EXECUTABLE="$python" >/dev/null
cmake --build build-asan -j"$jobs"
echo "== ctest (ASan + UBSan; engine, CMake-consumer and bench tests ran in the first pass)"
ctest --test-dir build-asan --output-on-failure -j"$jobs" -LE "engine|cmake|bench"

# Third pass: the suite built with clang 14 (libFuzzer instrumentation, ASan + UBSan, warnings
# as errors); its ctest run includes every fuzz target fuzzing PAKT_FUZZ_SECONDS (default 60).
./scripts/fuzz.sh --whole-suite "${PAKT_FUZZ_SECONDS:-60}"
