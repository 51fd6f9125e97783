#!/usr/bin/env bash
# Set up, build everything and run the whole suite through ctest: once in a normal build (every
# test, the real Godot engines, the CMake consumer builds and the s390x cross check included); once
# with the pakt tool built with GCC's AddressSanitizer + UndefinedBehaviorSanitizer and the portable
# fallbacks of pakt/config.hpp, driven by the tests labelled `tool` (C#, Python, node and the
# conformance run start it) beside the runtime tests labelled `portable`; and once built with clang's
# ASan + UBSan (every test that runs pakt's own code in-process, and every decoder fuzzed for a
# bounded time).
#
# Every pass runs even when an earlier one failed; the output ends with one summary line per pass
# (tests passed and failed, fuzzing executions, duration). Exit status: 0 when every pass passed.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
jobs="$(nproc)"
python=/usr/bin/python3
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

summaries=()
failed=0

# summarize NAME STATUS SECONDS LOG: one line from ctest's "N% tests passed, F tests failed out of T"
# (and, for the fuzzing pass, the executions every fuzz target reported).
summarize() {
  local name=$1 status=$2 seconds=$3 log=$4 tests extra=""
  tests="$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)"
  [[ -n $tests ]] || tests="no ctest result (the build or configuration failed: see above)"
  if grep -q '^fuzz\.run\.' "$log"; then
    extra="$(awk '/^fuzz\.run\.[a-z0-9_]+ stat::number_of_executed_units:/ { runs += $3; targets++ }
                  END { if (targets) printf "; fuzzing: %d executions in %d libFuzzer targets", runs, targets }' "$log")"
  fi
  local verdict=PASS
  if [[ $status != 0 ]]; then
    verdict="FAIL (exit $status)"
    failed=1
  fi
  summaries+=("$(printf '%-28s %s: %s%s; %dm%02ds' "$name" "$verdict" "$tests" "$extra" $((seconds / 60)) $((seconds % 60)))")
}

# run_pass NAME COMMAND...: runs the pass, its output shown and kept for the summary. (errexit does
# not apply inside a command whose status is tested, so each pass returns at its first failure.)
run_pass() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" 2>&1 | tee "$logs/pass.log" || status=$?
  summarize "$name" "$status" $((SECONDS - start)) "$logs/pass.log"
}

# The normal pass builds Release (-O3, warnings as errors) as a packager or the bench does; the ASan
# pass builds Debug and the clang pass RelWithDebInfo: three build types, no extra build.
normal_pass() {
  echo "== build (Release)"
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE="$python" >/dev/null || return
  cmake --build build -j"$jobs" || return
  echo "== ctest (Release)"
  ctest --test-dir build --output-on-failure -j"$jobs"
}

# The pakt tool built with GCC's ASan + UBSan, driven by the tests labelled `tool` (C#, pytest, node,
# the conformance run): target pakt_tool_tests builds what they need. The in-process tests run under
# clang's ASan + UBSan in the third pass. Built with PAKT_PORTABLE_FALLBACKS: the code a compiler
# without GNU extensions (MSVC) takes, with the runtime tests of what it switches (label portable).
sanitizer_pass() {
  echo "== build (ASan + UBSan, portable fallbacks: the pakt tool and what its tests run)"
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPAKT_SANITIZE=ON -DPAKT_PORTABLE_FALLBACKS=ON \
        -DPAKT_BUILD_BENCH=OFF -DPython3_EXECUTABLE="$python" >/dev/null || return
  cmake --build build-asan -j"$jobs" --target pakt_tool_tests pakt_portable_tests || return
  echo "== ctest (ASan + UBSan, portable fallbacks; the tests labelled tool or portable)"
  ctest --test-dir build-asan --output-on-failure -j"$jobs" -L "tool|portable" -LE "engine|cmake|bench"
}

run_pass "GCC Release" normal_pass
run_pass "GCC ASan+UBSan (tool, portable)" sanitizer_pass
# Third pass: the suite built with clang 14 (libFuzzer instrumentation, ASan + UBSan, warnings
# as errors); its ctest run includes every fuzz target fuzzing PAKT_FUZZ_SECONDS (default 20; scripts/fuzz.sh alone defaults to 60).
run_pass "clang ASan+UBSan + fuzzing" ./scripts/fuzz.sh --whole-suite "${PAKT_FUZZ_SECONDS:-20}"

echo
echo "== summary"
printf '%s\n' "${summaries[@]}"
exit "$failed"
