#!/usr/bin/env bash
# The C# benchmark under mono: generates the C# of bench/monster.yaml, schemas/photon_seed.yaml and
# bench/snapshot.yaml,
# compiles it with bench/csharp/*.cs (mcs -optimize+, as Unity: UNITY_5_3_OR_NEWER with UnityEngine
# stand-ins), checks that every codec writes the same bytes and reads them back, times them all in one
# run and writes bench/csharp/RESULTS.md.
#
#   bench/csharp/run.sh                                                     # without MSLIMA's column
#   PAKT_MSLIMA_SERIALIZER=/path/to/Serializer.cs bench/csharp/run.sh       # with it
#   PAKT_CSBENCH_REPETITIONS=3 PAKT_CSBENCH_MIN_TIME=0.05 bench/csharp/run.sh   # quicker, noisier
#
# MSLIMA's Serializer.cs (github.com/MS-LIMA/PhotonSerializer, Assets/Plugins/PhotonSerializer/Runtime/
# MSLIMA/Serializer/Serializer.cs) is not part of this repository; without PAKT_MSLIMA_SERIALIZER its
# column is skipped (and says so). PAKT is the pakt tool (default: build/pakt, else it is built in
# build-csharp-bench/). PAKT_CSBENCH_OUT changes where the table is written (default bench/csharp/RESULTS.md).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/bench/csharp"
repetitions="${PAKT_CSBENCH_REPETITIONS:-5}"
min_time="${PAKT_CSBENCH_MIN_TIME:-0.2}"
out="${PAKT_CSBENCH_OUT:-$here/RESULTS.md}"
mslima="${PAKT_MSLIMA_SERIALIZER:-}"

for tool in mcs mono; do
  command -v "$tool" > /dev/null || { echo "run.sh: $tool is missing (apt-get install mono-mcs mono-runtime)" >&2; exit 1; }
done
pakt="${PAKT:-}"
if [[ -z "$pakt" ]]; then
  if [[ -x "$root/build/pakt" ]]; then
    pakt="$root/build/pakt"
  else
    build="$root/build-csharp-bench"
    generator=()
    if command -v ninja > /dev/null; then generator=(-G Ninja); fi
    [[ -f "$build/CMakeCache.txt" ]] || cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DPAKT_BUILD_TESTS=OFF -DPAKT_BUILD_EXAMPLES=OFF -DPAKT_BUILD_BENCH=OFF
    cmake --build "$build" --target pakt -j "${PAKT_BENCH_JOBS:-2}"
    pakt="$build/pakt"
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$pakt" generate --lang csharp --out "$work/generated" "$root/bench/monster.yaml" "$root/schemas/photon_seed.yaml" \
  "$root/bench/snapshot.yaml" > /dev/null
sources=("$here/Bench.cs" "$here/SnapshotBench.cs" "$here/HandWritten.cs" "$here/MslimaCodec.cs" "$here/UnityStandIn.cs" "$work"/generated/*.cs)
defines=(-define:UNITY_5_3_OR_NEWER)
mslima_note="not compiled in (PAKT_MSLIMA_SERIALIZER not set): its rows are skipped"
if [[ -n "$mslima" ]]; then
  [[ -f "$mslima" ]] || { echo "run.sh: PAKT_MSLIMA_SERIALIZER=$mslima is not a file" >&2; exit 1; }
  sources+=("$here/MslimaStandIn.cs" "$mslima")
  defines+=(-define:PAKT_MSLIMA)
  mslima_note="\`Serializer.cs\` sha256 $(sha256sum "$mslima" | cut -c1-16)…"
fi
mcs -optimize+ -warnaserror -langversion:7.2 "${defines[@]}" -out:"$work/Bench.exe" "${sources[@]}"

load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
mono "$work/Bench.exe" --repetitions "$repetitions" --min-time "$min_time" > "$work/tables.md"
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

model="$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)"
{
  echo "# pakt C# benchmark results"
  echo
  echo "Written by \`bench/csharp/run.sh\` — do not edit by hand. Rerun: \`PAKT_MSLIMA_SERIALIZER=/path/to/Serializer.cs bench/csharp/run.sh\`."
  echo "Median of $repetitions repetitions (each about ${min_time} s) of wall-clock time per operation, all cases interleaved in a"
  echo "shuffled order in the same run; allocated bytes per operation from \`GC.GetAllocatedBytesForCurrentThread()\`."
  echo
  echo "- Machine: ${model:-unknown CPU}, $(nproc) logical CPUs; $(mono --version | head -n 1)"
  echo "- Date: $date; load average (1, 5, 15 min) before: $load_before, after: $load_after"
  echo "- MSLIMA: $mslima_note"
  echo "- Compiled with \`mcs -optimize+ -define:UNITY_5_3_OR_NEWER\` (UnityEngine's vector types as stand-ins, so the generated"
  echo "  code and MSLIMA's use the same types, as in Unity). Before timing, every codec's bytes are compared with the"
  echo "  generated code's and decoded back (the ctest \`csharp.bench\` also compares them with the C++ benchmark's bytes)."
  echo "- Codecs: **Memcpy**: \`Buffer.BlockCopy\` of the compact bytes, there and back (the floor). **HandWritten**: a"
  echo "  careful hand-written mslima codec (bench/csharp/HandWritten.cs) with the checks pakt makes on untrusted input:"
  echo "  bounds, lengths against the remaining bytes, strict UTF-8, trailing bytes; into a reused buffer / object."
  echo "  **Generated**: \`M.Serialize(value, buffer, 0, format)\` into a reused buffer and \`M.Deserialize(data, 0, n, into,"
  echo "  format)\` into a reused object. **GeneratedNew**: the allocating calls \`M.Serialize(value, Format.Mslima)\` →"
  echo "  new \`byte[]\` and \`M.Deserialize(bytes, Format.Mslima)\` → new object (the calls the PUN2 glue makes). **MSLIMA**:"
  echo "  MSLIMA's \`Serializer.Serialize(x, ref bytes)\` / \`DeserializeX(bytes, ref offset)\` per field, as its users write"
  echo "  them (bench/csharp/MslimaCodec.cs): each field is appended with \`bytes.Concat(field).ToArray()\`, which copies"
  echo "  the whole payload so far (quadratic in its size); a new object per Deserialize; no UTF-8 or length checks."
  echo "  It is not reflection-based: reflection is used once, in RegisterCustomType, not per message."
  echo "- ×Memcpy: (Serialize + Deserialize) time over Memcpy's; ×Generated: over Generated mslima's (Serialize /"
  echo "  Deserialize / both). Same-run ratios are what to compare: the absolute times depend on the machine's load."
  echo "- Snapshots (bench/csharp/SnapshotBench.cs, the last two tables): bench/snapshot.yaml's CubeScene (901 cubes) and"
  echo "  PlayerSnapshot (64 players) at tick 600 of bench/snapshot/simulation.cpp's simulations, ported to C# (the ctest"
  echo "  \`csharp.bench\` checks the C# bytes against the C++ simulation's); **packed delta** against tick 594 (the sender's"
  echo "  tick-594 value; decoded onto the receiver's packed decode of it, into another reused object). **BinaryWriter**: .NET's"
  echo "  own way, \`BinaryWriter\` / \`BinaryReader\` over a reused \`MemoryStream\`, each field raw, written by hand."
  echo "  Timed in the calling thread's CPU time (\`clock_gettime(CLOCK_THREAD_CPUTIME_ID)\`), not wall-clock time: on a"
  echo "  loaded machine the wall clock mostly counts other processes' time slices. ×compact: over the generated compact's."
  echo
  cat "$work/tables.md"
} > "$out"
echo "wrote $out"
