#!/usr/bin/env bash
# Fuzzes every decoder for a bounded time. Configures a clang 14 build in build-fuzz with libFuzzer
# instrumentation, AddressSanitizer and UndefinedBehaviorSanitizer everywhere (warnings are errors),
# builds the fuzz targets of tests/fuzz and runs their ctest entries labelled `fuzzing`: each
# target fuzzes SECONDS (default 60) from its committed seed corpus (tests/fuzz/corpus/<target>/),
# two at a time; the schema loader fuzzer (tests/fuzz/schema_loader_fuzz.py) runs as long.
#
# usage: scripts/fuzz.sh [--whole-suite] [SECONDS] [TARGET...]
#   TARGET         the names of tests/fuzz/corpus/*/ (default: all of them)
#   --whole-suite  build everything and run the whole test suite in this build too (every test
#                  but the engine, CMake-consumer and bench ones), fuzzing included: the clang pass
#                  of scripts/test.sh
#
# New interesting inputs stay in build-fuzz/fuzz-corpus/<target>/. A finding is saved in
# build-fuzz/fuzz-findings/<target>/; add it to tests/fuzz/corpus/<target>/ (named for what it
# found) together with the fix, so that the replay tests of every build keep checking it.
# Exit status: 0 when every test passed and no target found anything.
set -euo pipefail
cd "$(dirname "$0")/.."
whole_suite=0
if [ "${1:-}" = --whole-suite ]; then
  whole_suite=1
  shift
fi
seconds="${1:-60}"
shift || true
build=build-fuzz
jobs="${JOBS:-$(nproc)}"
python=/usr/bin/python3

# The targets asked for, checked before anything is built.
filter='.*'
if [ "$#" -gt 0 ]; then
  for target in "$@"; do
    if [ ! -d "tests/fuzz/corpus/$target" ]; then
      echo "fuzz.sh: no fuzz target '$target'; the targets are: $(ls tests/fuzz/corpus | tr '\n' ' ')" >&2
      exit 2
    fi
  done
  filter="$(IFS='|'; echo "$*")"
fi

echo "== configure (clang, libFuzzer, ASan + UBSan; warnings are errors) in $build"
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAKT_SANITIZE=ON \
  -DPAKT_FUZZ_WITH_LIBFUZZER=ON -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DPAKT_BUILD_BENCH=OFF \
  -DPAKT_FUZZ_SECONDS="$seconds" -DPython3_EXECUTABLE="$python" >/dev/null
rm -rf "$build/fuzz-findings"

status=0
if [ "$whole_suite" = 1 ]; then
  echo "== build (clang)"
  cmake --build "$build" -j"$jobs"
  # Label tool: tests that drive the sanitized pakt tool from another process (C#, pytest, node,
  # the conformance run): the GCC sanitizer pass runs them (scripts/test.sh).
  echo "== ctest (clang, ASan + UBSan, ${seconds} s of fuzzing per target; engine, CMake-consumer and bench tests ran in the first pass, tool tests in the GCC sanitizer pass)"
  ctest --test-dir "$build" --output-on-failure -j"$jobs" -LE "engine|cmake|bench|tool" || status=$?
else
  cmake --build "$build" -j"$jobs" --target pakt_fuzz_targets
  echo "== fuzzing: ${seconds} s per target"
  ctest --test-dir "$build" --output-on-failure --no-tests=error -j"$jobs" -L fuzzing -R "^fuzz\.run\.($filter)\$" || status=$?
fi

# What each fuzzer did (libFuzzer's final statistics; the schema loader's summary line).
log="$build/Testing/Temporary/LastTest.log"
if [ -f "$log" ]; then
  awk '/^[0-9]+\/[0-9]+ Test: fuzz\.run\./ { name = $3 }
       name && /^stat::number_of_executed_units|^stat::peak_rss_mb|^schema_loader: / { printf "%s %s\n", name, $0 }
       /^"fuzz\.run\..*" end time/ { name = "" }' "$log"
fi
if [ -n "$(find "$build/fuzz-findings" -type f 2>/dev/null)" ]; then
  echo "findings (inputs in $build/fuzz-findings/):"
  find "$build/fuzz-findings" -type f
  status=1
fi
[ "$status" = 0 ] && echo "no findings"
exit "$status"
