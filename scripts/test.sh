#!/usr/bin/env bash
# Set up, build everything and run the whole suite through ctest: once in a normal build (every
# test, the real Godot engines and the CMake consumer builds included), once with
# AddressSanitizer + UndefinedBehaviorSanitizer (every test that runs pakt's own code in-process).
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

# Optional third pass (PAKT_TEST_CLANG=1): the suite built with clang 14, warnings as errors.
# Not in CI's default run yet: its time next to the two passes above has not been measured.
if [[ "${PAKT_TEST_CLANG:-0}" == 1 ]]; then
  echo "== build (clang; warnings are errors in pakt's own code)"
  CC=clang CXX=clang++ cmake -S . -B build-clang -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DPAKT_BUILD_BENCH=OFF -DPython3_EXECUTABLE="$python" >/dev/null
  cmake --build build-clang -j"$jobs"
  echo "== ctest (clang)"
  ctest --test-dir build-clang --output-on-failure -j"$jobs" -LE "engine|cmake|bench"
fi
