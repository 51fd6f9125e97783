#!/bin/bash
# End-to-end tests of the pakt schema commands: worked examples (the seed's bytes and sizes), and
# bad input to every command — exit code 1 and exactly one error line, never a crash or a hang;
# usage errors exit 2.
# usage: cli_test.sh PAKT SOURCE_DIR
set -u
pakt=$1
cd "$2" || exit 1
failures=0
seed=schemas/photon_seed.yaml
rich=tests/schemas/rich.yaml
game_json='{"int_1":30,"int_2":71,"float_1":0.162,"bool_1":true,"string_1":"ABC가나다","vector3_1":[-23,62,26],"vector3_2":[1,7,-15],"quaternion_1":[0.29798496,-0.039225,0.12452618,0.9455186]}'
game_decoded='{"int_1":30,"int_2":71,"float_1":0.162,"bool_1":true,"string_1":"ABC가나다","vector3_1":{"x":-23,"y":62,"z":26},"vector3_2":{"x":1,"y":7,"z":-15},"quaternion_1":{"x":0.29798496,"y":-0.039225,"z":0.12452618,"w":0.9455186}}'
mslima_hex=0000001e000000473e25e354010000000ca48beb9882eb80b0ea434241c1b800004278000041d000003f80000040e00000c17000003e98917cbd20aa653dff07953f720d82

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_output NAME EXPECTED COMMAND... (stdin from $input)
expect_output() {
  local name=$1 expected=$2; shift 2
  local out
  out=$(printf '%s' "$input" | timeout 20 "$@" 2>&1)
  [ "$out" = "$expected" ] || fail "$name: got '$out', expected '$expected'"
}

# expect_error NAME CODE COMMAND...: exit CODE, nothing on stdout, and for code 1 one stderr line.
# (expect_inspect_error: the same, but inspect prints the lines it decoded before the error.)
expect_inspect_error() { stdout_allowed=1 expect_error "$@"; }
expect_error() {
  local name=$1 code=$2; shift 2
  local err out status
  out=$(printf '%s' "$input" | timeout 20 "$@" 2>/tmp/pakt_cli_err.$$)
  status=$?
  err=$(cat /tmp/pakt_cli_err.$$)
  rm -f /tmp/pakt_cli_err.$$
  [ "$status" -eq "$code" ] || fail "$name: exit $status, expected $code (stderr: $err)"
  if [ "$code" -eq 1 ]; then
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$name: expected one error line, got: $err"
    case $err in "pakt "*": error: "*) ;; *) fail "$name: not an error line: $err" ;; esac
  fi
  [ -z "$out" ] || [ -n "${stdout_allowed:-}" ] || fail "$name: unexpected stdout: $out"
}

# --- worked examples
input=$game_json
expect_output "mslima bytes of the seed" "$mslima_hex" \
  "$pakt" encode --schema $seed --message SeedGameStruct --format mslima --hex
compact=$(printf '%s' "$game_json" | "$pakt" encode --schema $seed --message SeedGameStruct --hex)
[ ${#compact} -eq 138 ] || fail "SeedGameStruct compact is $((${#compact} / 2)) bytes, expected 69"
input=$mslima_hex
expect_output "mslima decode" "$game_decoded" \
  "$pakt" decode --schema $seed --message SeedGameStruct --format mslima --hex
for format in compact mslima godot4 godot3 packed json; do
  round=$(printf '%s' "$game_json" | "$pakt" encode --schema $seed --message SeedGameStruct --format $format |
          "$pakt" decode --schema $seed --message SeedGameStruct --format $format)
  [ "$round" = "$game_decoded" ] || fail "$format round trip: $round"
done
sizes=$("$pakt" sizes --schema $seed --json)
for check in "SeedGameStruct compact 69" "SeedStruct json_unity 94" "SeedShortNames json_unity 67"; do
  set -- $check
  got=$(printf '%s' "$sizes" | python3 -c "import json,sys; print(next(r['$2'] for r in json.load(sys.stdin) if r['message'] == '$1'))")
  [ "$got" = "$3" ] || fail "sizes: $1 $2 is $got, expected $3"
done
# BinaryFormatter under mono (MS-NRBF, docs/binary_formatter.md): mono writes 198 bytes for the seed's
# TestStruct in Assembly-CSharp; the generated class differs only in its full name, which the
# ClassWithMembersAndTypes record holds as a length-prefixed string: "Photon.Seed.SeedStruct" is 12
# characters longer than "TestStruct" (210), and SeedShortNames also has member names a..e (2 bytes
# each with the length prefix, not 6+6+9+8+8): 198 - 27 + 16 = 187.
if command -v mono >/dev/null && command -v mcs >/dev/null; then
  bf_expected="SeedStruct 210|SeedShortNames 187"
else
  bf_expected="SeedStruct None|SeedShortNames None"
fi
# Without mono on PATH: n/a in every row and the reason under the table.
no_mono=$(PATH=/nonexistent "$pakt" sizes --schema $seed)
[ "$(printf '%s\n' "$no_mono" | grep -c ' n/a$')" -eq 3 ] || fail "sizes without mono: $no_mono"
printf '%s\n' "$no_mono" | tail -n 1 | grep -qx 'BinaryFormatter: n/a (mono not installed)' ||
  fail "sizes without mono: no note: $no_mono"
IFS='|' read -r -a bf_checks <<<"$bf_expected"
for check in "${bf_checks[@]}"; do
  set -- $check
  got=$(printf '%s' "$sizes" | python3 -c "import json,sys; print(next(r['binary_formatter'] for r in json.load(sys.stdin) if r['message'] == '$1'))")
  [ "$got" = "$2" ] || fail "sizes: $1 binary_formatter is $got, expected $2"
done
input=$mslima_hex
inspect=$(printf '%s' "$input" | "$pakt" inspect --schema $seed --message SeedGameStruct --format mslima --hex)
printf '%s\n' "$inspect" | grep -q '^00000d  .*SeedGameStruct.string_1 = "ABC가나다"$' || fail "inspect: $inspect"
input=$(printf '%s' "$game_json" | "$pakt" encode --schema $seed --message SeedGameStruct --format godot4 --hex)
inspect=$(printf '%s' "$input" | "$pakt" inspect --schema $seed --message SeedGameStruct --format godot4 --hex)
[ "$(printf '%s\n' "$inspect" | grep -c 'SeedGameStruct\.')" -eq 8 ] || fail "godot4 inspect: $inspect"

# --- packed (docs/packed.md): bytes worked out by hand from the wire format, not from pakt's output
packed=tests/schemas/packed.yaml
# Camera {eye: [0, 10, -20], fov: 60}. eye: range [-100, 100], precision 0.01 -> steps
# ceil(200 / 0.01) = 20000, 15 bits each (2^14 < 20000 < 2^15); q = round((v + 100) * 20000 / 200):
# x 10000, y 11000, z 8000. fov: range [30, 120], bits 7 -> steps 127, q = round(30 * 127 / 90) = 42.
# LSB first: x bits 0-14, y 15-29, z 30-44, fov 45-51, then 4 zero padding bits (7 bytes):
#   byte 0 = x & 0xff = 0x10                      byte 1 = x >> 8 (0x27) | (y & 1) << 7 = 0x27
#   byte 2 = (y >> 1) & 0xff = 5500 & 0xff = 0x7c  byte 3 = y >> 9 (21) | (z & 3) << 6 = 0x15
#   byte 4 = (z >> 2) & 0xff = 2000 & 0xff = 0xd0  byte 5 = z >> 10 (7) | (fov & 7) << 5 (2 << 5) = 0x47
#   byte 6 = fov >> 3 = 5 = 0x05
camera_hex=10277c15d04705
input='{"eye":[0,10,-20],"fov":60}'
expect_output "packed bytes of Camera" "$camera_hex" "$pakt" encode --schema $packed --message Camera --format packed --hex
input=$camera_hex
# The decoded fov is its step's value: 30 + 90 * 42 / 127 as a float32.
expect_output "packed decode of Camera" '{"eye":{"x":0,"y":10,"z":-20},"fov":59.76378}' \
  "$pakt" decode --schema $packed --message Camera --format packed --hex
# The first line: the message's schema fingerprint, as `pakt describe` gives it.
camera_fingerprint=$("$pakt" describe $packed | grep -A200 '"name": "Camera"' | grep -m1 '"fingerprint"' | sed 's/.*"\(0x[0-9A-F]*\)".*/\1/')
[ ${#camera_fingerprint} = 18 ] || fail "describe gives Camera's fingerprint: '$camera_fingerprint'"
expect_output "packed inspect of Camera (bit offsets)" "$(printf '%s\n' \
  "Camera: schema fingerprint $camera_fingerprint" \
  'bit 0+45       Camera.eye = {"x":0,"y":10,"z":-20}' \
  'bit 45+7       Camera.fov = 59.76378' \
  'bit 52         (end: 52 bits in 7 bytes)')" "$pakt" inspect --schema $packed --message Camera --format packed --hex
# Truncated and corrupted payloads: one error line with the byte offset and the bit.
input=10277c
expect_output "packed truncated" "pakt decode: error: offset 1: Camera.eye.y: truncated value: needs 15 bits, 9 remain (bit 15)" \
  "$pakt" decode --schema $packed --message Camera --format packed --hex
input=ff7f7c15d04705  # x = 32767 > 20000 steps
expect_output "packed step above the range" \
  "pakt decode: error: offset 0: Camera.eye.x: quantized step 32767 is above the range's 20000 (bit 0)" \
  "$pakt" decode --schema $packed --message Camera --format packed --hex
input=10277c15d047f5  # a padding bit set
expect_output "packed padding" "pakt decode: error: offset 6: Camera: padding bits after the message are not 0 (bit 52)" \
  "$pakt" decode --schema $packed --message Camera --format packed --hex
input=${camera_hex}00
expect_output "packed trailing byte" "pakt decode: error: offset 6: Camera: 1 unexpected bytes after the message (bit 52)" \
  "$pakt" decode --schema $packed --message Camera --format packed --hex
for cut in 0 1 2 3 4 5 6; do
  input=${camera_hex:0:$((cut * 2))}
  expect_error "packed truncated to $cut bytes" 1 "$pakt" decode --schema $packed --message Camera --format packed --hex
  expect_inspect_error "packed inspect truncated to $cut bytes" 1 \
    "$pakt" inspect --schema $packed --message Camera --format packed --hex
done
input='{"eye":[0,100.5,0],"fov":60}'
expect_output "packed value outside its range" \
  "pakt encode: error: Camera.eye.y: value 100.5 is outside the range [-100, 100]" \
  "$pakt" encode --schema $packed --message Camera --format packed --hex

# Delta (docs/packed.md "Delta") against Scene's example. Scene's fields: frame (uint32, a varint),
# cubes (Cube[], max_count 64: a 7-bit count), camera (Camera), anchors (Cube[2]), phase, score.
baseline_file=/tmp/pakt_cli_baseline.$$.json
scene='{"frame":120,"cubes":[{"id":1,"position":[1.5,0,-2.25],"rotation":[0,0,0,1],"at_rest":false},{"id":2,"position":[-50,50,0.001],"rotation":[0,0.7071,0,0.7071],"at_rest":true}],"camera":{"eye":[0,10,-20],"fov":60},"phase":"running","score":7}'
printf '%s' "$scene" >$baseline_file
# frame 121: changed bit 1, varint 121 (0x79) in bits 1-8, then 5 unchanged bits (cubes, camera,
# anchors, phase, score): byte 0 = 1 | 0x79 << 1 = 0xf3, byte 1 = 0x79 >> 7 = 0 -> f300 (14 bits).
input=${scene/120/121}
expect_output "packed delta: frame" f300 \
  "$pakt" encode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
# fov 90: bit 0 frame 0, bit 1 cubes 0, bit 2 camera 1, camera's delta: bit 3 eye 0, bit 4 fov 1,
# bits 5-11 q = round(60 * 127 / 90) = 85 (0b1010101), bits 12-14 anchors, phase, score 0:
# byte 0 = 4 | 16 | (85 & 7) << 5 = 0xb4, byte 1 = 85 >> 3 = 0x0a -> b40a.
input=${scene/\"fov\":60/\"fov\":90}
expect_output "packed delta: nested message" b40a \
  "$pakt" encode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
# cubes[1].at_rest false: bit 0 frame 0, bit 1 cubes 1, bits 2-8 count 2, k = 2: one changed bit per
# element (2 bits) is shorter than sparse (7-bit count + gap 2 in 3 bits), so bit 9 mode 0; bit 10
# cube 0 unchanged, bit 11 cube 1 changed, its delta: bits 12-14 id, position, rotation 0, bit 15
# at_rest 1, bit 16 its value 0; bits 17-20 camera, anchors, phase, score 0 (21 bits):
# byte 0 = 2 | 2 << 2 = 0x0a, byte 1 = 1 << 3 | 1 << 7 = 0x88, byte 2 = 0 -> 0a8800.
input=${scene/\"at_rest\":true/\"at_rest\":false}
expect_output "packed delta: list element" 0a8800 \
  "$pakt" encode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
input=0a8800
decoded=$(printf '%s' "$input" | "$pakt" decode --schema $packed --message Scene --format packed --hex --baseline $baseline_file)
case $decoded in *'"w":0.7071},"at_rest":false}]'*) ;; *) fail "packed delta decode: $decoded" ;; esac
inspect=$(printf '%s' "$input" | "$pakt" inspect --schema $packed --message Scene --format packed --hex --baseline $baseline_file)
printf '%s\n' "$inspect" | grep -q '^bit 15+1       Scene.cubes\[1\].at_rest (changed) = true$' &&
  printf '%s\n' "$inspect" | grep -q '^bit 16+1       Scene.cubes\[1\].at_rest = false$' || fail "packed delta inspect: $inspect"
# 40 cubes, then one changed, one appended, one dropped, two changed: the delta applied to the
# baseline gives the value's full encoding, and is short.
many=$(python3 -c "
import json
cubes = [{'id': i, 'position': [i, -i, 0.5], 'rotation': [0, 0, 0, 1], 'at_rest': True} for i in range(40)]
print(json.dumps({'frame': 1, 'cubes': cubes, 'camera': {'fov': 30}}))")
printf '%s' "$many" >$baseline_file
for change in "c[17]['at_rest'] = False" "c.append(dict(c[0], id=40))" "c.pop()" "c[3]['id'] = 99; c[30]['position'] = [1, 2, 3]"; do
  next=$(printf '%s' "$many" | python3 -c "
import json, sys
v = json.load(sys.stdin); c = v['cubes']; $change
print(json.dumps(v))")
  full=$(printf '%s' "$next" | "$pakt" encode --schema $packed --message Scene --format packed --hex)
  delta=$(printf '%s' "$next" | "$pakt" encode --schema $packed --message Scene --format packed --hex --baseline $baseline_file)
  applied=$(printf '%s' "$delta" | "$pakt" decode --schema $packed --message Scene --format packed --hex --baseline $baseline_file |
            "$pakt" encode --schema $packed --message Scene --format packed --hex)
  [ -n "$full" ] && [ "$applied" = "$full" ] && [ ${#delta} -le 32 ] ||
    fail "packed delta ($change): ${#delta} hex digits, applied '$applied'"
done
# Delta errors: a count above max_count, truncated deltas, an invalid baseline, no delta: true.
printf '%s' "$scene" >$baseline_file
input=f2ff  # cubes changed, count 0b1111100 = 124 > 64
expect_output "packed delta count above max_count" \
  "pakt decode: error: offset 0: Scene.cubes: count 124 exceeds max_count 64 (bit 2)" \
  "$pakt" decode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
for input in "" fe 0a 0a88; do
  expect_error "packed delta truncated '$input'" 1 \
    "$pakt" decode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
done
printf '%s' '{"camera":{"fov":30},"cubes":[{"id":5000}]}' >$baseline_file
input=$scene
expect_output "packed delta: invalid baseline" \
  "pakt encode: error: baseline: Scene.cubes[0].id: value 5000 is outside the range [0, 1023]" \
  "$pakt" encode --schema $packed --message Scene --format packed --hex --baseline $baseline_file
input='{}'
expect_error "--baseline on a message without delta: true" 1 \
  "$pakt" encode --schema $packed --message Camera --format packed --baseline $baseline_file
expect_error "--baseline without --format packed" 2 "$pakt" decode --schema $packed --message Scene --baseline $baseline_file
expect_error "--baseline file missing" 1 \
  "$pakt" decode --schema $packed --message Scene --format packed --baseline /nonexistent.json
rm -f $baseline_file
sizes=$("$pakt" sizes --schema $packed --json --no-mono)
got=$(printf '%s' "$sizes" | python3 -c "import json,sys; print(next(r['packed'] for r in json.load(sys.stdin) if r['message'] == 'Scene'))")
full=$(printf '%s' "$scene" | "$pakt" encode --schema $packed --message Scene --format packed --hex)
[ "$got" = "$((${#full} / 2))" ] || fail "sizes: Scene packed is $got, its encoding ${#full} hex digits"
# An example one format cannot encode (a uint64 above INT64_MAX has no Godot int): n/a in those
# columns and why, the other columns and rows measured (a new user's schema lost every row to it).
# A uint64 is 8 bytes in compact and mslima, UINT64_MAX a 10-byte varint in packed.
huge_schema=$(mktemp --suffix=.yaml)
printf '%s\n' 'package: t.huge' 'messages:' \
  '  A: {fields: [{name: v, type: uint64}], example: {v: 18446744073709551615}}' \
  '  B: {fields: [{name: n, type: int32}], example: {n: 1}}' > "$huge_schema"
huge=$("$pakt" sizes --schema "$huge_schema" --no-mono) || fail "sizes of a uint64 example failed: $huge"
printf '%s\n' "$huge" | grep -Eq '^A +8 +8 +10 +n/a +n/a ' || fail "sizes: A's row: $huge"
printf '%s\n' "$huge" | grep -Eq '^B +4 +4 ' || fail "sizes: B's row: $huge"
printf '%s\n' "$huge" | grep -q '^n/a: A godot4 dict: .*INT64_MAX' || fail "sizes: no reason for A's n/a: $huge"
huge_json=$("$pakt" sizes --schema "$huge_schema" --no-mono --json)
[ "$(printf '%s' "$huge_json" | python3 -c "import json,sys; r=json.load(sys.stdin)[0]; print(r['godot4_array'], r['compact'], len(r['refused']))")" = "None 8 2" ] ||
  fail "sizes --json of A: $huge_json"
rm -f "$huge_schema"

# --- usage errors: exit 2
input=''
for command in check describe generate encode decode inspect sizes; do
  "$pakt" $command --help >/dev/null || fail "$command --help"
  expect_error "$command --bogus" 2 "$pakt" $command --bogus
done
expect_error "check without files" 2 "$pakt" check
expect_error "encode without --message" 2 "$pakt" encode --schema $seed
expect_error "decode --schema without value" 2 "$pakt" decode --schema
expect_error "unknown format" 2 "$pakt" encode --schema $seed --message SeedStruct --format xml
expect_error "sizes without --schema" 2 "$pakt" sizes
expect_error "no command" 2 "$pakt"
expect_error "unknown command" 2 "$pakt" frobnicate
expect_error "godot without encode or decode" 2 "$pakt" godot --godot 3
expect_error "photon --format without --schema" 2 "$pakt" photon --format compact decode
expect_error "inspect --format json" 2 "$pakt" inspect --schema $seed --message SeedStruct --format json
expect_error "compat with three schemas" 2 "$pakt" compat $seed $seed $seed
# A usage error is one line naming the command and the problem, the usage line, a hint to --help.
err=$("$pakt" encode --schema $seed --message SeedStruct --format xml 2>&1 >/dev/null)
[ "$(printf '%s\n' "$err" | head -1)" = "pakt encode: --format: unknown format 'xml' (use compact, mslima, godot4, godot3, packed or json)" ] &&
  [ "$(printf '%s\n' "$err" | sed -n 2p)" = "usage: pakt encode --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex] [--baseline FILE]" ] &&
  [ "$(printf '%s\n' "$err" | tail -1)" = "Run 'pakt encode --help' for more information." ] ||
  fail "usage error text: $err"
err=$("$pakt" godot decode --double 2>&1 >/dev/null)
case $err in "pakt godot decode: "*"--double"*"Run 'pakt godot decode --help'"*) ;; *) fail "nested usage error: $err" ;; esac

# --help: exit 0, the usage line first, and every option of the command (generated from one declaration)
expect_help() {  # COMMAND... -- OPTION...
  local args=() options out status
  while [ "$1" != -- ]; do args+=("$1"); shift; done; shift
  out=$("$pakt" "${args[@]}" --help 2>&1); status=$?
  [ $status -eq 0 ] || fail "pakt ${args[*]} --help: exit $status"
  case $out in "usage: pakt ${args[*]}"*) ;; *) fail "pakt ${args[*]} --help does not start with its usage: $out" ;; esac
  for option in "$@"; do
    case $out in *"$option"*) ;; *) fail "pakt ${args[*]} --help does not name $option" ;; esac
  done
  [ "$("$pakt" "${args[@]}" -h 2>&1)" = "$out" ] || fail "pakt ${args[*]} -h differs from --help"
}
expect_help -- godot photon check describe generate compat encode decode inspect sizes --version
# --version: "pakt MAJOR.MINOR.PATCH" of runtime/include/pakt/version.hpp, exit 0
version=$(sed -n 's/^inline constexpr int kVersion\(Major\|Minor\|Patch\) = \([0-9]*\);/\2/p' runtime/include/pakt/version.hpp | paste -sd.)
[ "$("$pakt" --version)" = "pakt $version" ] || fail "pakt --version: '$("$pakt" --version 2>&1)', expected 'pakt $version'"
expect_help godot -- --godot encode decode --double --full-objects --allow-objects --binary
expect_help godot encode -- --godot --double --full-objects
expect_help godot decode -- --godot --allow-objects --binary
expect_help photon -- --protocol --kind --schema --format decode encode
expect_help photon decode -- --protocol --kind --schema --format
expect_help photon encode -- --protocol --kind --schema --format
expect_help check -- --import-dir SCHEMA.yaml
expect_help describe -- --import-dir SCHEMA.yaml
expect_help generate -- --lang --out --formats --import-dir --depfile --python SCHEMA.yaml
expect_help compat -- OLD.yaml NEW.yaml
expect_help encode -- --schema --message --format --hex godot4 packed --baseline
expect_help decode -- --schema --message --format --hex --partial --style packed --baseline
expect_help inspect -- --schema --message --format --hex packed --baseline
expect_help sizes -- --schema --message --json --svg --no-mono

# --- options and subcommands in any order, --name=value, -IDIR
input=$game_json
expect_output "options in any order" "$mslima_hex" \
  "$pakt" encode --hex --format=mslima --message SeedGameStruct --schema=$seed
godot_quat='{"type":"Quat","value":{"x":0,"y":0,"z":0,"w":1}}'
before=$(printf '%s' "$godot_quat" | "$pakt" godot --godot 3 encode 2>&1)
after=$(printf '%s' "$godot_quat" | "$pakt" godot encode --godot 3 2>&1)
[ "$before" = "$after" ] && [ "$before" = 0a0000000000000000000000000000000000803f ] ||
  fail "pakt godot --godot 3 encode gave '$before', pakt godot encode --godot 3 gave '$after'"
before=$(echo 2a | "$pakt" photon --protocol 16 --kind value decode 2>&1)
after=$(echo 2a | "$pakt" photon decode --kind value --protocol 16 2>&1)
[ "$before" = "$after" ] && [ -n "$before" ] || fail "photon options before/after decode: '$before' / '$after'"
for spelling in "-Ischemas" "-I schemas" "--import-dir=schemas" "--import-dir schemas"; do
  # shellcheck disable=SC2086
  "$pakt" check $spelling schemas/game.yaml -I /nonexistent >/dev/null 2>&1 || fail "check $spelling"
done

# --- bad input: exit 1, one line
input='{}'
expect_error "wrong message name" 1 "$pakt" encode --schema $seed --message Nope
expect_error "missing schema file" 1 "$pakt" encode --schema does/not/exist.yaml --message A
expect_error "invalid schema" 1 "$pakt" encode --schema tests/schemas/bad/unknown_type.yaml --message A
input='{"int_1": 30,'
expect_error "malformed JSON" 1 "$pakt" encode --schema $seed --message SeedStruct
input='[1, 2]'
expect_error "JSON not an object" 1 "$pakt" encode --schema $seed --message SeedStruct
input='{"int_1": "thirty"}'
expect_error "wrong type" 1 "$pakt" encode --schema $seed --message SeedStruct
input='{"int_1": 2147483648}'
expect_error "int32 out of range" 1 "$pakt" encode --schema $seed --message SeedStruct
input='{"u8": -1}'
expect_error "uint8 negative" 1 "$pakt" encode --schema $rich --message Scalars
input='{"f32": 1e39}'
expect_error "float32 out of range" 1 "$pakt" encode --schema $rich --message Scalars
input='{"nope": 1}'
expect_error "unknown field" 1 "$pakt" encode --schema $seed --message SeedStruct
input='{"limited": "123456789"}'
expect_error "max_length on encode" 1 "$pakt" encode --schema $rich --message Texts
input='{"u64": 18446744073709551615}'
expect_error "uint64 above INT64_MAX in godot" 1 "$pakt" encode --schema $rich --message Scalars --format godot4
for format in compact mslima godot4 godot3; do
  full=$(printf '%s' "$game_json" | "$pakt" encode --schema $seed --message SeedGameStruct --format $format --hex)
  for cut in 0 1 4 9 20 40 68; do
    input=${full:0:$((cut * 2))}
    [ ${#input} -lt ${#full} ] || continue
    expect_error "$format truncated to $cut bytes" 1 "$pakt" decode --schema $seed --message SeedGameStruct --format $format --hex
    expect_inspect_error "$format inspect truncated" 1 "$pakt" inspect --schema $seed --message SeedGameStruct --format $format --hex
  done
  input="${full}00"
  expect_error "$format trailing byte" 1 "$pakt" decode --schema $seed --message SeedGameStruct --format $format --hex
done
input=1e00000047000000ffffff7f
expect_error "huge string length" 1 "$pakt" decode --schema $seed --message SeedStruct --hex
input=00000000ffffff7f
expect_error "huge list count" 1 "$pakt" decode --schema schemas/game.yaml --message Snapshot --hex
input=zz
expect_error "not hex" 1 "$pakt" decode --schema $seed --message SeedStruct --hex
for seed_value in 1 2 3 4 5 6 7 8; do  # seeded random bytes: decoded, or one error line
  input=$(python3 -c "import random; r = random.Random($seed_value); print(bytes(r.randrange(256) for _ in range(64)).hex())")
  for format in compact mslima godot4 godot3 packed json; do
    err=$(printf '%s' "$input" | timeout 20 "$pakt" decode --schema schemas/game.yaml --message Snapshot --format $format --hex 2>&1 >/dev/null)
    status=$?
    case $status in
      0) ;;
      1) [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "random bytes ($format): $err" ;;
      *) fail "random bytes ($format): exit $status: $err" ;;
    esac
  done
done

# --- --partial prints what was decoded before the error
input=1e000000470000000c000000
partial=$(printf '%s' "$input" | "$pakt" decode --schema $seed --message SeedStruct --hex --partial 2>/dev/null)
[ "$partial" = '{"int_1":30,"int_2":71,"string_1":null}' ] || fail "--partial: $partial"
input=10277c  # packed Camera cut in eye.y
partial=$(printf '%s' "$input" | "$pakt" decode --schema tests/schemas/packed.yaml --message Camera --format packed --hex --partial 2>/dev/null)
[ "$partial" = '{"eye":null}' ] || fail "packed --partial: $partial"

[ $failures -eq 0 ] && echo "all CLI checks passed"
exit $((failures != 0))
