#!/usr/bin/env bash
# Fuzzes every decoder for a bounded time: builds the fuzz targets of tests/fuzz with clang,
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer in build-fuzz, runs each one for
# SECONDS (default 60) from its committed seed corpus (tests/fuzz/corpus/<target>/), then runs the
# schema loader fuzzer (tests/fuzz/schema_loader_fuzz.py) as long.
#
# usage: scripts/fuzz.sh [SECONDS] [TARGET...]      (targets: the names of tests/fuzz/corpus/*/)
#
# New interesting inputs stay in build-fuzz/fuzz-corpus/<target>/. A crash is saved in
# build-fuzz/fuzz-findings/<target>/; add it to tests/fuzz/corpus/<target>/ (named for what it
# found) together with the fix, so that the replay tests of every build keep checking it.
# Exit status: 0 when no target found anything.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
build=build-fuzz
jobs="${JOBS:-2}"
python=/usr/bin/python3

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for dir in tests/fuzz/corpus/*/; do
    name="$(basename "$dir")"
    [ "$name" = schema_loader ] || targets+=("$name")
  done
fi

echo "== build (clang, libFuzzer, ASan + UBSan) in $build"
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAKT_SANITIZE=ON \
  -DPAKT_FUZZ_WITH_LIBFUZZER=ON -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DPAKT_BUILD_EXAMPLES=OFF \
  -DPython3_EXECUTABLE="$python" >/dev/null
cmake --build "$build" -j"$jobs" --target pakt_fuzz_targets

failed=()
for target in "${targets[@]}"; do
  work_corpus="$build/fuzz-corpus/$target"
  findings="$build/fuzz-findings/$target"
  mkdir -p "$work_corpus" "$findings"
  echo "== $target: ${seconds} s"
  # -malloc_limit_mb: a single allocation above 64 MiB from an input of at most 4 KiB is a bug
  # (allocation per decode is bounded by a constant factor of the payload; docs/security.md).
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
      -malloc_limit_mb=64 -print_final_stats=1 -artifact_prefix="$findings/" \
      "$work_corpus" "tests/fuzz/corpus/$target" >"$build/fuzz-findings/$target.log" 2>&1; then
    failed+=("$target")
    grep -E "ERROR|SUMMARY|fuzz property violated|Test unit written" "$build/fuzz-findings/$target.log" || true
  fi
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$build/fuzz-findings/$target.log" | tr '\n' ' '
  echo
done

if [ "$#" -eq 0 ]; then
  echo "== schema_loader: ${seconds} s"
  if ! "$python" tests/fuzz/schema_loader_fuzz.py --seconds "$seconds" --findings "$build/fuzz-findings/schema_loader"; then
    failed+=(schema_loader)
  fi
fi

if [ "${#failed[@]}" -gt 0 ]; then
  echo "findings in: ${failed[*]} (inputs in $build/fuzz-findings/)"
  exit 1
fi
echo "no findings"
