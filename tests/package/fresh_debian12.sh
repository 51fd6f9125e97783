#!/usr/bin/env bash
# By hand, as root: tests/package/fresh_debian12.sh [PAKT.deb]
# Copies the package (default: the one scripts/package.sh made), tests/package/install_test.sh and
# examples/cmake_consumer into a fresh Debian 12 root (the fresh-debian12 tool of ../shared/tools, or
# $FRESH_DEBIAN12) and runs the install test there as the unprivileged user dev (docs/debian.md).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
deb=$(readlink -f "${1:-$(ls "$repo"/build-package/pakt_*.deb)}")
fresh=${FRESH_DEBIAN12:-}
if [[ -z $fresh ]]; then
  for candidate in "$repo/../shared/tools/fresh-debian12" "$repo/../../shared/tools/fresh-debian12" /work/shared/tools/fresh-debian12; do
    [[ -x $candidate ]] && { fresh=$candidate; break; }
  done
fi
[[ -n $fresh ]] || { echo "fresh-debian12 not found: set FRESH_DEBIAN12" >&2; exit 2; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/project/examples"
cp "$deb" "$stage/project/"
cp "$repo/tests/package/install_test.sh" "$stage/project/"
cp -r "$repo/examples/cmake_consumer" "$stage/project/examples/"
FRESH_USER=dev "$fresh" "$stage/project" ./install_test.sh
