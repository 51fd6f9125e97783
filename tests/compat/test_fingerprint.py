"""The 64-bit schema fingerprint (the descriptor's facts.fingerprint, which the generated
MessageTraits<M>::kFingerprint holds): peers whose messages have the same wire shape agree whatever
the names; any change of the wire shape changes it. PAKT_TOOL names the built pakt executable."""
import json
import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.environ.get("PAKT_TOOL", "")


def describe(path):
    assert os.path.isfile(TOOL), "PAKT_TOOL must name the built pakt executable"
    run = subprocess.run([TOOL, "describe", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


# Player as one peer declares it; each variant below is another peer's Player.
PLAYER = """\
package: fingerprint.test
version: 2
enums:
  Kind: {type: uint8, values: {a: 0, b: 1}}
messages:
  Weapon:
    fields:
      - {name: id, type: int32}
      - {name: kind, type: Kind}
  Player:
    fields:
      - {name: id, type: uint32}
      - {name: name, type: string, max_length: 16}
      - {name: weapons, type: "Weapon[]"}
      - {name: hp, type: int32, since: 2, default: 100}
"""


def player_facts(tmp_path, text):
    path = tmp_path / "player.yaml"
    path.write_text(text, encoding="utf-8")
    (schema,) = describe(path)["files"]
    return next(m for m in schema["messages"] if m["name"] == "Player")["facts"]


def player_fingerprint(tmp_path, text):
    return player_facts(tmp_path, text)["fingerprint"]


SAME_SHAPE = {
    "renamed fields": PLAYER.replace("name: hp", "name: health").replace("name: name", "name: nick"),
    "renamed nested message and enum": PLAYER.replace("Weapon", "Gun").replace("Kind", "GunKind"),
    "renamed enum values": PLAYER.replace("{a: 0, b: 1}", "{melee: 0, ranged: 1}"),
    "other limits": PLAYER.replace("max_length: 16", "max_length: 32"),
    "other default": PLAYER.replace("default: 100", "default: 50"),
    "docs": PLAYER.replace("  Player:\n", "  Player:\n    doc: The player.\n"),
}

OTHER_SHAPE = {
    "field type": PLAYER.replace("{name: hp, type: int32", "{name: hp, type: int64"),
    "optional": PLAYER.replace("{name: id, type: uint32}", "{name: id, type: uint32, optional: true}"),
    "field order": PLAYER.replace("      - {name: id, type: uint32}\n      - {name: name, type: string, max_length: 16}\n",
                                  "      - {name: name, type: string, max_length: 16}\n      - {name: id, type: uint32}\n"),
    "appended field": PLAYER + "      - {name: xp, type: int32, since: 2, default: 0}\n",
    "removed field": PLAYER.replace("      - {name: hp, type: int32, since: 2, default: 100}\n", ""),
    "nested message field": PLAYER.replace("{name: kind, type: Kind}", "{name: kind, type: Kind}\n      - {name: ammo, type: int16}"),
    "enum type": PLAYER.replace("type: uint8, values", "type: uint16, values"),
    "list to fixed array": PLAYER.replace('"Weapon[]"', '"Weapon[2]"'),
    "fixed array length": PLAYER.replace('"Weapon[]"', '"Weapon[3]"'),
    "extensible (length-prefixed)": PLAYER.replace("  Player:\n", "  Player:\n    extensible: true\n"),
}


@pytest.mark.parametrize("change", sorted(SAME_SHAPE))
def test_peers_with_the_same_wire_shape_agree(tmp_path, change):
    assert player_fingerprint(tmp_path, SAME_SHAPE[change]) == player_fingerprint(tmp_path, PLAYER)


@pytest.mark.parametrize("change", sorted(OTHER_SHAPE))
def test_a_wire_shape_change_changes_the_fingerprint(tmp_path, change):
    assert player_fingerprint(tmp_path, OTHER_SHAPE[change]) != player_fingerprint(tmp_path, PLAYER)


def test_fingerprint_is_the_fnv1a_of_the_wire_shape(tmp_path):
    facts = player_facts(tmp_path, PLAYER)
    assert re.fullmatch(r"0x[0-9A-F]{16}", facts["fingerprint"]), facts["fingerprint"]
    assert facts["wire_shape"] == "{uint32,string,{int32,uint8}[],int32}"
    h = 0xCBF29CE484222325
    for b in facts["wire_shape"].encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    assert facts["fingerprint"] == f"0x{h:016X}"
