"""The 64-bit schema fingerprint (MessageTraits<M>::kFingerprint, cpp.fingerprint): peers whose
messages have the same wire shape agree whatever the names; any change of the wire shape changes it."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "generator"))

from pakt_gen.cpp import fingerprint  # noqa: E402
from pakt_gen.loader import load_schemas  # noqa: E402

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


def player_fingerprint(tmp_path, text):
    path = tmp_path / "player.yaml"
    path.write_text(text, encoding="utf-8")
    (schema,) = load_schemas([str(path)])
    return fingerprint(next(m for m in schema.messages if m.name == "Player"))


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


def test_fingerprint_is_a_64_bit_constant(tmp_path):
    value = player_fingerprint(tmp_path, PLAYER)
    assert value.startswith("0x") and value.endswith("ULL") and len(value) == len("0x") + 16 + len("ULL")
