#!/usr/bin/env bash
# Builds the Debian package pakt_<version>_<arch>.deb (docs/debian.md): a Release build of the tool
# and the runtime libraries in build-package/ (PAKT_PACKAGE_BUILD_DIR), installed under /usr by
# CPack from cmake/PaktInstall.cmake, Depends: from dpkg-shlibdeps plus the back ends' Python modules.
# Prints the package's path last.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${PAKT_PACKAGE_BUILD_DIR:-build-package}

# What the tool's build needs (a subset of scripts/setup.sh) and what CPack's DEB generator runs:
# dpkg-deb and dpkg-shlibdeps (dpkg-dev), file (to find the ELF files dpkg-shlibdeps reads).
missing=()
for p in cmake ninja-build g++ python3 python3-jinja2 python3-yaml libyaml-cpp-dev nlohmann-json3-dev \
         libcli11-dev dpkg-dev file; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# CMAKE_INSTALL_PREFIX=/usr: GNUInstallDirs then puts the libraries and the CMake package in Debian's
# multiarch directory (/usr/lib/x86_64-linux-gnu).
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DPAKT_BUILD_TESTS=OFF -DPAKT_BUILD_EXAMPLES=OFF -DPAKT_BUILD_BENCH=OFF \
  -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build "$build" -j"$(nproc)"
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/pakt_*.deb)
dpkg-deb --field "$deb" Package Version Architecture Depends Recommends Suggests
echo "$(dpkg-deb --contents "$deb" | wc -l) entries, $(du -h "$deb" | cut -f1)"
echo "$deb"
