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
for format in compact mslima godot4 godot3 json; do
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
input=$mslima_hex
inspect=$(printf '%s' "$input" | "$pakt" inspect --schema $seed --message SeedGameStruct --format mslima --hex)
printf '%s\n' "$inspect" | grep -q '^00000d  .*SeedGameStruct.string_1 = "ABC가나다"$' || fail "inspect: $inspect"
input=$(printf '%s' "$game_json" | "$pakt" encode --schema $seed --message SeedGameStruct --format godot4 --hex)
inspect=$(printf '%s' "$input" | "$pakt" inspect --schema $seed --message SeedGameStruct --format godot4 --hex)
[ "$(printf '%s\n' "$inspect" | grep -c 'SeedGameStruct\.')" -eq 8 ] || fail "godot4 inspect: $inspect"

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
[ "$(printf '%s\n' "$err" | head -1)" = "pakt encode: --format: unknown format 'xml' (use compact, mslima, godot4, godot3 or json)" ] &&
  [ "$(printf '%s\n' "$err" | sed -n 2p)" = "usage: pakt encode --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex]" ] &&
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
expect_help -- godot photon check describe generate compat encode decode inspect sizes
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
expect_help encode -- --schema --message --format --hex godot4
expect_help decode -- --schema --message --format --hex --partial --style
expect_help inspect -- --schema --message --format --hex
expect_help sizes -- --schema --message --json --svg

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
  for format in compact mslima godot4 godot3 json; do
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

[ $failures -eq 0 ] && echo "all CLI checks passed"
exit $((failures != 0))
