#!/usr/bin/env bash
# Builds pakt_bench in Release (in build-bench/), runs every benchmark with repetitions, all
# interleaved in one run, and writes bench/RESULTS.md (medians, ratios, machine, compiler).
#
#   bench/run.sh                      # the full run (a few minutes)
#   PAKT_BENCH_REPETITIONS=3 PAKT_BENCH_MIN_TIME=0.05 bench/run.sh   # quicker, noisier
#   PAKT_BENCH_FILTER=Monster50 bench/run.sh                         # a subset (RESULTS.md gets only it)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PAKT_BENCH_BUILD_DIR:-$root/build-bench}"
repetitions="${PAKT_BENCH_REPETITIONS:-5}"
min_time="${PAKT_BENCH_MIN_TIME:-0.1}"
filter="${PAKT_BENCH_FILTER:-.}"
jobs="${PAKT_BENCH_JOBS:-2}"
python="$(command -v /usr/bin/python3 || command -v python3)"

generator=()
if command -v ninja > /dev/null; then generator=(-G Ninja); fi
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DPython3_EXECUTABLE="$python" \
    -DPAKT_BUILD_BENCH=ON -DPAKT_BUILD_TESTS=OFF -DPAKT_BUILD_EXAMPLES=OFF
fi
cmake --build "$build" --target pakt_bench pakt_snapshot_sizes -j "$jobs"

json="$build/bench/results.json"
"$build/bench/pakt_bench" --benchmark_filter="$filter" --benchmark_repetitions="$repetitions" \
  --benchmark_min_time="$min_time" --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true --benchmark_context=pakt_repetitions="$repetitions" \
  --benchmark_out="$json" --benchmark_out_format=json

model="$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)"
cpus="$(nproc)"
compiler_path="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")"
compiler="$("${compiler_path:-c++}" --version | head -n 1)"
sizes="$build/bench/snapshot_sizes.json"
"$build/bench/pakt_snapshot_sizes" > "$sizes"
# The replication soak's section (tests/replication/soak/soak_table.py writes it, last in the file) is kept.
soak_section="$(sed -n '/^## Replication over lossy UDP/,$p' "$root/bench/RESULTS.md" 2>/dev/null || true)"
"$python" "$root/bench/results_table.py" "$json" "$model, $cpus logical CPUs" "$compiler" "$sizes" \
  "$root/bench/snapshot_kbps.svg" > "$root/bench/RESULTS.md"
if [[ -n $soak_section ]]; then printf '\n%s\n' "$soak_section" >> "$root/bench/RESULTS.md"; fi
echo "wrote $root/bench/RESULTS.md"
