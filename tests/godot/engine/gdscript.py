"""Generates the GDScript that the real engine runs: for every value case it prints the engine's own
encoding (A lines) and its verdict on pakt's encoding (B lines); for every malformed input, whether
the engine's decoder accepts it (C lines)."""

# The engine APIs that differ between the generations.
API = {
    "3": {
        "header": "extends SceneTree\n",
        "entry": "func _init():\n\trun_all()\n\tquit()\n",
        "bytes": "PoolByteArray",
        "encode": "var2bytes(v, full_objects)",
        "describe": "var2str(v)",
        # bytes2var raises a script error on bad input, which aborts this function: the caller
        # then gets null instead of the one-element array.
        "try_decode": "\tvar v = bytes2var(b, allow_objects)\n\treturn [v]\n",
    },
    "4": {
        "header": "extends Node\n",
        "entry": "func _ready():\n\trun_all()\n\tprint(\"DONE|\")\n\tget_tree().quit()\n",
        "bytes": "PackedByteArray",
        "encode": "(var_to_bytes_with_objects(v) if full_objects else var_to_bytes(v))",
        "describe": "var_to_str(v)",
        # bytes_to_var returns null on bad input, as for a valid NIL; decode_var_size tells them
        # apart (a value is at least 4 bytes; it returns 0 on error).
        "try_decode": "\tif b.decode_var_size(0, allow_objects) < 4:\n\t\treturn null\n"
                      "\treturn [b.decode_var(0, allow_objects)]\n",
    },
}


def prelude(version):
    api = API[version]
    return f"""{api["header"]}
func neg_zero():
\tvar z = 0.0
\treturn -z

func freed_object():
\tvar o = Node.new()
\to.free()
\treturn o

func hex_to_bytes(h):
\tvar out = {api["bytes"]}()
\tvar digits = "0123456789abcdef"
\tfor i in range(0, h.length(), 2):
\t\tout.append(digits.find(h[i]) * 16 + digits.find(h[i + 1]))
\treturn out

func try_decode(b, allow_objects):
{api["try_decode"]}
func encode(v, full_objects):
\treturn {api["encode"]}.hex_encode()

func describe(v):
\treturn {api["describe"]}.c_escape()

{api["entry"]}"""


def case_function(index, case, pakt_hex):
    full = "true" if case.full_objects else "false"
    body = [f"func case_{index}():", f"\tvar v = {case.expr}", f'\tprint("A|{index}|", encode(v, {full}))']
    if case.engine_decode and pakt_hex is not None:
        body += [
            f'\tvar r = try_decode(hex_to_bytes("{pakt_hex}"), {full})',
            "\tif r == null:",
            f'\t\tprint("B|{index}|REJECTED")',
            "\telse:",
            f'\t\tprint("B|{index}|", encode(r[0], {full}), "|", describe(r[0]), "|", describe(v))',
        ]
    return "\n".join(body) + "\n"


def malformed_function(index, malformed):
    allow = "true" if malformed.allow_objects else "false"
    return "\n".join([
        f"func bad_{index}():",
        f'\tvar r = try_decode(hex_to_bytes("{malformed.hex}"), {allow})',
        "\tif r == null:",
        f'\t\tprint("C|{index}|ERR")',
        "\telse:",
        f'\t\tprint("C|{index}|OK|", encode(r[0], {allow}))',
    ]) + "\n"


def script(version, cases, pakt_hexes, malformed):
    parts = [prelude(version)]
    calls = []
    for i, (case, pakt_hex) in enumerate(zip(cases, pakt_hexes)):
        parts.append(case_function(i, case, pakt_hex))
        calls.append(f"\tcase_{i}()")
    for i, m in enumerate(malformed):
        parts.append(malformed_function(i, m))
        calls.append(f"\tbad_{i}()")
    parts.append("func run_all():\n" + "\n".join(calls) + "\n")
    return "\n".join(parts)
