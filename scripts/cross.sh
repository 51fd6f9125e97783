#!/usr/bin/env bash
# Cross-architecture check: the generated code of the repository's schemas (those the generated
# tests use, in every format) and the runtime, built natively and for another CPU with Debian's
# cross compilers, run there (qemu-user, or wine for Windows), print the same bytes and the same
# error verdicts. tests/cross/cross_driver.cpp prints them: every encoding of seeded values, their
# decoding, and the verdict of every truncation and of seeded mutations; this script diffs the
# outputs line by line.
#
# usage: scripts/cross.sh [--pakt PATH] [--native PATH] [--work DIR] [TARGET...]
#   TARGET   s390x (big-endian; the default, and the ctest cross.s390x of the normal build),
#            aarch64, armhf (32-bit ARM: a 32-bit size_t), mingw (x86-64 Windows, MinGW-w64, run
#            under wine)
#   --pakt   the pakt tool that generates the code (default build/pakt, built when missing)
#   --native the native driver, already built (the ctest passes the build's target cross_driver);
#            default: built here
#   --work   where the code and the builds go (default build-cross)
#
# A target whose compiler or runner is not installed is skipped with a message naming the Debian
# packages to install (scripts/setup.sh installs s390x's); exit status 77 when every target asked
# for was skipped, 1 when an output differs or a build fails, else 0.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pakt=build/pakt
native_driver=""
work=build-cross
targets=()
while (($#)); do
  case $1 in
    --pakt) pakt=$2; shift 2 ;;
    --native) native_driver=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=(s390x)
jobs="${JOBS:-$(nproc)}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"

# The compiler, the runner and the packages that bring them, per target.
describe_target() {
  suffix=""
  case $1 in
    s390x) cxx=s390x-linux-gnu-g++; runner=(qemu-s390x-static); packages="g++-s390x-linux-gnu qemu-user-static" ;;
    aarch64) cxx=aarch64-linux-gnu-g++; runner=(qemu-aarch64-static); packages="g++-aarch64-linux-gnu qemu-user-static" ;;
    armhf) cxx=arm-linux-gnueabihf-g++; runner=(qemu-arm-static); packages="g++-arm-linux-gnueabihf qemu-user-static" ;;
    mingw) cxx=x86_64-w64-mingw32-g++-posix; packages="g++-mingw-w64-x86-64-posix wine64"; suffix=.exe
           # Debian's wine64 alone installs its loader outside PATH; the wine package adds /usr/bin/wine.
           runner=(wine); command -v wine >/dev/null || [[ ! -x /usr/lib/wine/wine64 ]] || runner=(/usr/lib/wine/wine64) ;;
    *) echo "cross.sh: no target '$1'; the targets are s390x, aarch64, armhf, mingw" >&2; exit 2 ;;
  esac
}
for target in "${targets[@]}"; do describe_target "$target"; done

if [[ ! -x $pakt ]]; then
  echo "== building the pakt tool ($pakt)"
  cmake --build "$(dirname "$pakt")" --target pakt >/dev/null
fi

# The schemas the generated tests use (tests/generated/test_values.hpp, packed_random.hpp).
schemas=(tests/schemas/rich.yaml tests/schemas/framed.yaml tests/schemas/packed.yaml tests/schemas/packed_edges.yaml
         tests/schemas/evolution_v2.yaml schemas/photon_seed.yaml schemas/common.yaml schemas/game.yaml)
PAKT_GENERATOR_DIR="$root/generator" "$pakt" generate --lang cpp --out "$work/generated" "${schemas[@]}" >/dev/null

# Boost.PFR and googletest's headers (test_values.hpp; nothing of gtest is linked) are the same for
# every CPU: the cross compilers see them here, without the host's other headers.
mkdir -p "$work/include"
ln -sfn /usr/include/boost "$work/include/boost"
ln -sfn /usr/include/gtest "$work/include/gtest"
sources=("$root/tests/cross/cross_driver.cpp" "$work"/generated/*.pakt.cpp)
for f in variant_type equality engine_utf8 value_writer value_reader encode decode; do
  sources+=("$root/runtime/src/godot/$f.cpp")
done

# build NAME COMPILER: compiles every source (in parallel) and links NAME/cross_driver, statically
# (so that qemu-user and wine need no libraries of the target).
build() {
  local name=$1 compiler=$2 dir="$work/$1"
  mkdir -p "$dir"
  printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} sh -c \
    "$compiler -std=c++17 -O2 -I'$work/generated' -I'$root/runtime/include' -I'$root/tools/internal' \
       -I'$root/tests/generated' -isystem '$work/include' -c '{}' -o '$dir/'\$(basename '{}').o"
  "$compiler" -static -o "$dir/cross_driver$3" "$dir"/*.o
}

status=0
ran=0
native=""
for target in "${targets[@]}"; do
  describe_target "$target"
  missing=()
  command -v "$cxx" >/dev/null || missing+=("$cxx")
  command -v "${runner[0]}" >/dev/null || missing+=("${runner[0]}")
  if ((${#missing[@]})); then
    echo "cross: SKIPPED $target: ${missing[*]} not installed (apt-get install $packages)"
    continue
  fi
  if [[ -z $native ]]; then
    if [[ -z $native_driver ]]; then
      echo "== building the driver natively ($(uname -m))"
      build native g++ ""
      native_driver="$work/native/cross_driver"
    fi
    native="$work/native.txt"
    "$native_driver" >"$native"
  fi
  echo "== building the driver for $target ($cxx)"
  if ! build "$target" "$cxx" "$suffix"; then
    echo "cross: FAILED $target: the build failed"
    status=1
    continue
  fi
  ran=$((ran + 1))
  run_status=0
  WINEDEBUG=-all "${runner[@]}" "$work/$target/cross_driver$suffix" >"$work/$target.out" 2>"$work/$target.stderr" ||
    run_status=$?
  tr -d '\r' <"$work/$target.out" >"$work/$target.txt"  # wine: Windows line ends
  if ((run_status != 0)); then
    echo "cross: FAILED $target: the driver exited with status $run_status:"
    tail -n 5 "$work/$target.stderr"
    status=1
  elif diff -q "$native" "$work/$target.txt" >/dev/null; then
    echo "cross: $target: $(wc -l <"$native") lines (encodings, decodings, truncation and mutation verdicts)" \
         "identical to $(uname -m)'s"
  else
    echo "cross: FAILED $target: its output differs from $(uname -m)'s ($work/$target.txt, $native):"
    diff "$native" "$work/$target.txt" | head -n 20 || true
    status=1
  fi
done
if ((status == 0 && ran == 0)); then
  exit 77
fi
exit "$status"
