#!/usr/bin/env bash
# Installs what pakt's build, demo and tests need on Debian 12 (idempotent; uses sudo when not root).
set -euo pipefail

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev            # build, sanitizers, fuzzing
  python3 python3-jinja2 python3-yaml python3-pytest      # the back ends (pakt_gen: Jinja2, names.yaml) and the tests
  libgtest-dev libgmock-dev libbenchmark-dev               # C++ tests and benchmarks
  libboost1.81-dev libyaml-cpp-dev nlohmann-json3-dev libcli11-dev  # PFR fallback, the pakt tool (schema front end, command line)
  libenet-dev libcereal-dev                                # ENet example, benchmark peer
  godot3-server chromium                                   # real Godot 3.2.3 and the browser for Godot 4.6
  mono-mcs mono-runtime                                    # the C# back end tests (mcs, mono)
  tshark                                                   # the Wireshark back end test (the generated dissector)
)
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

# install_missing PACKAGE...: apt-get installs those not installed yet; fails when apt-get does.
install_missing() {
  local p missing=() sudo=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "setup: installing ${missing[*]}"
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_missing "${packages[@]}"

# The big-endian cross check (scripts/cross.sh, ctest cross.s390x): where these cannot be installed
# the check is skipped with a message, and the rest of the suite runs.
install_missing g++-s390x-linux-gnu qemu-user-static ||
  echo "setup: could not install g++-s390x-linux-gnu qemu-user-static: the s390x cross check (ctest cross.s390x) will be skipped" >&2

# The Godot 4 engine tests drive Chromium with playwright-core from Node.js; the package they pin
# (tests/godot/engine4/package.json, "engines") runs on Debian 12's Node.js 18 and later.
node_needed=18
node_major="$(node --version 2>/dev/null | sed -n 's/^v\([0-9][0-9]*\)\..*/\1/p')"
if [[ -z $node_major || $node_major -lt $node_needed ]]; then
  echo "setup: the Godot 4 engine tests need Node.js $node_needed or newer; found '$(command -v node || echo none)'" \
       "$(node --version 2>/dev/null || true). Install Debian's nodejs (apt-get install nodejs npm) or put a" \
       "newer node first on PATH." >&2
  exit 1
fi
