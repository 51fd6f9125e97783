#!/usr/bin/env bash
# pakt photon decode | pakt photon encode must give back the bytes (hand-written, canonical
# Protocol 1.6 / 1.8 inputs), and bad input must exit 1 with "error: <reason> at offset N".
# usage: cli_roundtrip.sh <pakt binary>
set -u
pakt="$1"
passed=0
failed=0

round_trip() {  # protocol kind hex
  local out
  out=$(echo "$3" | "$pakt" photon decode --protocol "$1" --kind "$2" | "$pakt" photon encode --protocol "$1" --kind "$2")
  if [ "$out" = "$(echo "$3" | tr -d ' ')" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL round trip --protocol $1 --kind $2: $3 came back as $out"
  fi
}

bad_input() {  # protocol kind hex expected-offset
  local err status
  err=$(echo "$3" | "$pakt" photon decode --protocol "$1" --kind "$2" 2>&1 >/dev/null)
  status=$?
  if [ "$status" -eq 1 ] && [[ "$err" == error:*" at offset $4" ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL bad input --protocol $1 --kind $2: $3 gave exit $status, '$err' (expected offset $4)"
  fi
}

# Protocol 1.6
round_trip 16 value "2a"
round_trip 16 value "6b fffe"
round_trip 16 value "6c 8000000000000000"
round_trip 16 value "66 7fc00000"
round_trip 16 value "64 fff0000000000000"
round_trip 16 value "73 0009 414243eab080eb8298"
round_trip 16 value "79 0002 63 41 0001 aa 0002 bbcc"
round_trip 16 value "79 0001 44 62 69 0001 01 00000002"
round_trip 16 value "44 00 00 0001 69 00000001 2a"
round_trip 16 value "68 0002 62 00 69 000003e9 73 0001 6b 7a 0001 6f 01"
round_trip 16 event "c8 0002 f5 68 0001 62 03 73 0004 46697265 fe 69 00000002"
round_trip 16 request "fd 0001 f4 62 07"
round_trip 16 response "e2 ffff 73 0002 6f6b 0000"
round_trip 16 message "f3 04 01 0001 04 63 41 0002 aabb"
round_trip 16 message "f3 08 69 00000005"
round_trip 16 message "f3 09 0102030405"
# Protocol 1.8
round_trip 18 value "08"
round_trip 18 value "0e 2c01"
round_trip 18 value "09 e0c508"
round_trip 18 value "0a 808080808040"
round_trip 18 value "05 0000c07f"
round_trip 18 value "42 09 0d01"
round_trip 18 value "53 02 41 01 aa 02 bbcc"
round_trip 18 value "13 c8 02 aabb"
round_trip 18 value "54 03 03 01 01 01 02"
round_trip 18 value "40 01 49 01 0a"
round_trip 18 value "14 09 00 01 01 1c"
round_trip 18 event "c8 02 f5 15 01 22 0b 07 fe 0b 02"
round_trip 18 response "e2 feff 08 00"
round_trip 18 message "f3 02 fd 01 f4 03 01"

bad_input 16 value "7a 7fff 2a" 1
bad_input 16 value "69 0000" 1
bad_input 16 value "ff" 0
bad_input 16 event "01 0001 04 69 00" 5
bad_input 18 value "07 05 61" 1
bad_input 18 value "e5" 0
bad_input 18 message "f2 04" 0
bad_input 18 value "1e 00" 1

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
