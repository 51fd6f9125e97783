#!/usr/bin/env bash
# Runs inside a fresh Debian 12 root (tests/package/fresh_debian12.sh starts it there as the user dev):
# installs ./pakt_*.deb with apt, uses pakt from /usr as a user would, removes it and checks that
# nothing of it is left. Not a ctest (it needs a fresh root and the network for apt); docs/debian.md.
set -euo pipefail
deb=$(ls "$PWD"/pakt_*.deb)
step() { printf '\n== %s\n' "$*"; }

# Paths outside the package's reach that change by themselves (apt/dpkg state, logs, caches, homes).
snapshot() {
  sudo find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /srv \
    -o -path /home -o -path /root -o -path /var/log -o -path /var/cache -o -path /var/lib/apt \
    -o -path /var/lib/dpkg \) -prune -o -print | LC_ALL=C sort
}

step "apt-get install $(basename "$deb")"
sudo apt-get update -qq
sudo apt-get install -y -q "$deb" | grep -E '^(The following NEW|  |Setting up|Unpacking)' || true
dpkg-query -W -f='${Package} ${Version} ${Status}\n' pakt
dpkg-query -W -f='Depends: ${Depends}\n' pakt
command -v pakt
pakt --help | head -n 1

step "pakt generate from /usr on a schema of the user's"
work=$(mktemp -d)
cat >"$work/arena.yaml" <<'YAML'
package: arena.wire
enums:
  Kind: {type: uint8, values: {melee: 0, ranged: 3}}
messages:
  Hit:
    code: 'H'
    fields:
      - {name: kind, type: Kind}
      - {name: string, type: string, max_length: 16}
      - {name: Kind, type: "Vector3[]", max_count: 4}
      - {name: damage, type: float32, optional: true}
    example: {kind: melee, string: "공격", Kind: [[1, 2, 3]]}
YAML
for lang in cpp csharp gdscript; do
  pakt generate --lang "$lang" --out "$work/$lang" "$work/arena.yaml"
done
pakt generate --lang gdscript --godot 3 --out "$work/gd3" "$work/arena.yaml"
cat >"$work/main.cpp" <<'CPP'
#include <cstdio>
#include "arena.pakt.h"
int main() {
  arena::wire::Hit hit = arena::wire::ExampleHit();
  std::vector<std::uint8_t> bytes;
  if (!Serialize(hit, bytes, pakt::mslima)) return 1;
  arena::wire::Hit back{};
  if (!Deserialize(bytes, back, pakt::mslima) || !(back == hit)) return 1;
  std::printf("Hit: %zu bytes in mslima, round trip ok\n", bytes.size());
  return 0;
}
CPP
g++ -std=c++17 -I"$work/cpp" "$work/main.cpp" "$work/cpp/arena.pakt.cpp" -lpakt_godot -o "$work/hit" && "$work/hit"
pakt sizes --schema "$work/arena.yaml"  # no mono in this root: the BinaryFormatter column says why

step "examples/cmake_consumer with find_package(pakt)"
cmake -S examples/cmake_consumer -B "$work/consumer" -G Ninja >/dev/null
cmake --build "$work/consumer"
ctest --test-dir "$work/consumer" --output-on-failure

step "apt-get remove pakt"
sudo pakt generate --lang cpp --out "$work/as_root" "$work/arena.yaml" >/dev/null  # root leaves __pycache__ in /usr
find /usr/share/pakt -name __pycache__ | sed 's/^/before removal: /'
files=$(dpkg -L pakt)
before=$(snapshot)
sudo apt-get remove -y -q pakt | grep -E '^(Removing|The following packages will be REMOVED)' || true
after=$(snapshot)
# Nothing new, and every path of the package that still exists is a folder another package owns.
new=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after"))
[ -z "$new" ] || { echo "appeared with apt-get remove:"; echo "$new"; exit 1; }
left=()
while IFS= read -r path; do
  if [ -e "$path" ] && ! dpkg -S "$path" >/dev/null 2>&1; then left+=("$path"); fi
done <<<"$files"
((${#left[@]} == 0)) || { echo "left behind by apt-get remove:"; printf '  %s\n' "${left[@]}"; exit 1; }
! ls /var/lib/dpkg/info/pakt.* 2>/dev/null || { echo "dpkg still lists pakt's files"; exit 1; }
hash -r  # bash remembers where pakt was
! command -v pakt || { echo "pakt is still on PATH"; exit 1; }
echo "removed: nothing of the package is left ($(printf '%s\n' "$files" | wc -l) paths of dpkg -L checked," \
     "$(comm -23 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | wc -l) paths gone, none new)"
