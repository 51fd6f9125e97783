"""The 64-bit schema fingerprint (the descriptor's facts.fingerprint per message and the file's
"fingerprint"; generated C++ MessageTraits<M>::kFingerprint, docs/replication.md): it covers everything
that decides a message's bytes in some format, the messages and enums it uses included, and nothing
else. PAKT_TOOL names the built pakt executable."""
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
doc: Players.
enums:
  Kind: {type: uint8, values: {a: 0, b: 1}}
messages:
  Weapon:
    fields:
      - {name: id, type: int32}
      - {name: kind, type: Kind}
      - {name: heat, type: float32, range: [0, 100], precision: 0.5}
  Player:
    delta: true
    fields:
      - {name: id, type: uint32}
      - {name: name, type: string, max_length: 16}
      - {name: weapons, type: "Weapon[]", max_count: 8}
      - {name: aim, type: Quaternion, bits: 9}
      - {name: x, type: float32, range: [-10, 10], bits: 12}
      - {name: old, type: uint8}
      - {name: hp, type: int32, since: 2, default: 100, range: [-100, 1000]}
"""


def schema_facts(tmp_path, text, name="player.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (schema,) = describe(path)["files"]
    return schema


def player_fingerprint(tmp_path, text):
    schema = schema_facts(tmp_path, text)
    return next(m for m in schema["messages"] if m["name"] == "Player")["facts"]["fingerprint"], schema["fingerprint"]


def edit(old, new, count=1):
    assert PLAYER.count(old) >= count, old
    return PLAYER.replace(old, new, count)


# Edits that change no format's bytes: the message's and the file's fingerprints stay.
SAME = {
    "docs": edit("  Player:\n", "  Player:\n    doc: The player.\n").replace("doc: Players.", "doc: Everyone."),
    "field doc": edit("{name: id, type: uint32}", "{name: id, type: uint32, doc: The id.}"),
    "comments": edit("messages:\n", "# the messages\nmessages:  # all of them\n"),
    "example": PLAYER + "    example: {id: 7}\n",
    "block style": edit("      - {name: id, type: uint32}\n", "      - name: id\n        type: uint32\n"),
    "other package": edit("package: fingerprint.test", "package: other.place"),
    "type spelled otherwise": edit("type: Quaternion,", "type: \"Quaternion\","),
}

# Edits that change some format's bytes: both fingerprints change. The field options first.
OTHER = {
    "field type": edit("{name: id, type: uint32}", "{name: id, type: uint64}"),
    "optional": edit("{name: id, type: uint32}", "{name: id, type: uint32, optional: true}"),
    "field order": edit("      - {name: id, type: uint32}\n      - {name: name, type: string, max_length: 16}\n",
                        "      - {name: name, type: string, max_length: 16}\n      - {name: id, type: uint32}\n"),
    "appended field": PLAYER + "      - {name: xp, type: int32, since: 2, default: 0}\n",
    "removed field": edit("      - {name: old, type: uint8}\n", ""),
    "renamed field (Godot dictionary and JSON keys)": edit("name: hp", "name: health"),
    "renamed enum value (JSON)": edit("{a: 0, b: 1}", "{melee: 0, ranged: 1}"),
    "enum value number": edit("{a: 0, b: 1}", "{a: 0, b: 2}"),
    "enum type": edit("type: uint8, values", "type: uint16, values"),
    "max_length": edit("max_length: 16", "max_length: 32"),
    "max_count": edit("max_count: 8", "max_count: 9"),
    "default": edit("default: 100", "default: 50"),
    "since": edit("since: 2, default: 100", "since: 1, default: 100"),
    "deprecated": edit("{name: old, type: uint8}", "{name: old, type: uint8, deprecated: true}"),
    "range": edit("range: [-100, 1000]", "range: [-100, 1001]"),
    "precision": edit("precision: 0.5", "precision: 0.25"),
    "bits (float)": edit("bits: 12", "bits: 13"),
    "bits (Quaternion)": edit("bits: 9", "bits: 10"),
    "delta": edit("    delta: true\n", ""),
    "godot form": edit("  Player:\n", "  Player:\n    godot: array\n"),
    "extensible": edit("  Player:\n", "  Player:\n    extensible: true\n").replace("    delta: true\n", ""),
    "nested message's field option": edit("range: [0, 100]", "range: [0, 200]"),
    "list to fixed array": edit('"Weapon[]", max_count: 8', '"Weapon[2]"'),
}


def test_the_tables_edit_the_schema():
    assert all(text != PLAYER for text in list(SAME.values()) + list(OTHER.values()))


@pytest.mark.parametrize("change", sorted(SAME))
def test_edits_that_reach_no_bytes_keep_the_fingerprints(tmp_path, change):
    assert player_fingerprint(tmp_path, SAME[change]) == player_fingerprint(tmp_path, PLAYER)


@pytest.mark.parametrize("change", sorted(OTHER))
def test_a_wire_relevant_edit_changes_the_fingerprints(tmp_path, change):
    message, file = player_fingerprint(tmp_path, OTHER[change])
    base_message, base_file = player_fingerprint(tmp_path, PLAYER)
    assert message != base_message
    assert file != base_file


def test_renamed_messages_and_enums_keep_the_message_fingerprint_not_the_files(tmp_path):
    # Type names reach no format's bytes; a file's fingerprint names its messages (peers look them up).
    renamed = PLAYER.replace("Weapon", "Gun").replace("Kind", "GunKind")
    (message, file), (base_message, base_file) = player_fingerprint(tmp_path, renamed), player_fingerprint(tmp_path, PLAYER)
    assert message == base_message
    assert file != base_file


def test_the_fingerprint_does_not_depend_on_the_file_path_or_order(tmp_path):
    moved = schema_facts(tmp_path, PLAYER, "elsewhere.yaml")
    reordered = PLAYER.replace("  Weapon:", "  Zzz:").replace("Weapon", "Zzz")
    base = schema_facts(tmp_path, PLAYER)
    assert moved["fingerprint"] == base["fingerprint"]
    player = lambda s: next(m for m in s["messages"] if m["name"] == "Player")["facts"]["fingerprint"]
    assert player(schema_facts(tmp_path, reordered)) == player(base)


def test_a_file_fingerprint_covers_every_message(tmp_path):
    base = schema_facts(tmp_path, PLAYER)
    more = schema_facts(tmp_path, PLAYER + "  Extra:\n    fields:\n      - {name: z, type: bool}\n")
    assert more["fingerprint"] != base["fingerprint"]
    assert [m["facts"]["fingerprint"] for m in more["messages"][:2]] == [m["facts"]["fingerprint"] for m in base["messages"]]
    assert re.fullmatch(r"0x[0-9A-F]{16}", base["fingerprint"])


def test_generated_cpp_holds_the_descriptor_fingerprint(tmp_path):
    path = tmp_path / "player.yaml"
    path.write_text(PLAYER, encoding="utf-8")
    (schema,) = describe(path)["files"]
    out = tmp_path / "cpp"
    run = subprocess.run([TOOL, "generate", "--lang", "cpp", "--out", str(out), str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    header = (out / "player.pakt.h").read_text(encoding="utf-8")
    for m in schema["messages"]:
        want = m["facts"]["fingerprint"] + "ULL"
        assert re.search(r"struct pakt::MessageTraits<::fingerprint::test::%s> \{.*?kFingerprint = %s;" % (m["name"], want),
                         header, re.S), (m["name"], want)


def generated(tmp_path, lang, *extra):
    path = tmp_path / "player.yaml"
    path.write_text(PLAYER, encoding="utf-8")
    out = tmp_path / lang
    run = subprocess.run([TOOL, "generate", "--lang", lang, *extra, "--out", str(out), str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return describe(path)["files"][0], out


def test_generated_csharp_holds_the_descriptor_fingerprint(tmp_path):
    schema, out = generated(tmp_path, "csharp")
    code = (out / "player.pakt.cs").read_text(encoding="utf-8")
    for m in schema["messages"]:
        want = m["facts"]["fingerprint"] + "UL"
        assert re.search(r"class %s\b.*?PaktFingerprint = %s;" % (m["name"], want), code, re.S), (m["name"], want)


def test_generated_gdscript_holds_the_descriptor_fingerprint_as_a_signed_int(tmp_path):
    schema, out = generated(tmp_path, "gdscript")
    code = (out / "player.pakt.gd").read_text(encoding="utf-8")
    for m in schema["messages"]:
        unsigned = int(m["facts"]["fingerprint"], 16)
        signed = unsigned - (1 << 64) if unsigned >= 1 << 63 else unsigned
        assert re.search(r"class %s\b.*?const PAKT_FINGERPRINT = %d\b" % (m["name"], signed), code, re.S), (m["name"], signed)
