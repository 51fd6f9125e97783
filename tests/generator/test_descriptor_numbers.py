"""The descriptor is the back ends' only source of wire numbers (docs/descriptor.md): a descriptor whose
numbers were changed to deliberately odd values must come out with those values, verbatim, in the code
of every language — a back end that computed a number again (a minimum of bits, a length code's bits,
an element's size, whether a write can fail) would print its own instead, and fail here.

The descriptor comes from the front end (`pakt describe`, PAKT_TOOL) and is then altered: the values
below are not what any rule computes for this schema, so they can only have come from the document.
"""

import json
import re

import pytest

from conftest import describe, run_back_end

SCHEMA = """\
package: odd.numbers
messages:
  Inner:
    fields:
      - {name: a, type: int64}
  Outer:
    fields:
      - {name: names, type: "string[]", max_length: 20, max_count: 5}
      - {name: inners, type: "Inner[]"}
      - {name: label, type: string, max_length: 9}
      - {name: hp, type: int32}
"""

# (field, where in the field, member, odd value): where is "type" (the field's type's facts),
# "element" (its element's facts) or a packed code member of the field.
ODD = [
    ("names", "element", "min_size", 4091),
    ("names", "element", "packed_min_bits", 4093),
    ("inners", "element", "min_size", 4079),
    ("inners", "element", "packed_min_bits", 4073),
    ("hp", "type", "fixed_size", 4057),
    ("names", "packed_length", "bits", 29),
    ("names", "packed_element_length", "bits", 27),
    ("label", "packed_length", "bits", 23),
]


def _fields(desc):
    (outer,) = [m for m in desc["files"][0]["messages"] if m["name"] == "Outer"]
    return {f["name"]: f for f in outer["fields"]}


def _alter(desc):
    fields = _fields(desc)
    for name, where, member, value in ODD:
        f = fields[name]
        target = {"type": lambda: f["type"]["facts"], "element": lambda: f["type"]["element"]["facts"]}.get(
            where, lambda: f[where])()
        assert member in target, (name, where, member)
        assert target[member] != value, "the odd value must differ from the front end's"
        target[member] = value
    return desc


def _generate(tmp_path, desc, lang, *extra):
    out = tmp_path / lang
    code, stdout, err = run_back_end(json.dumps(desc), "--lang", lang, "--out", str(out), *extra)
    assert code == 0, err
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.iterdir()))


@pytest.fixture(scope="module")
def descriptors(tmp_path_factory):
    schema = tmp_path_factory.mktemp("schema") / "odd.yaml"
    schema.write_text(SCHEMA, encoding="utf-8")
    plain = json.loads(describe(str(schema)))
    return plain, _alter(json.loads(json.dumps(plain)))


# Per language: (pattern with the odd values, as the code spells them) — each must match the code
# of the altered descriptor and not the code of the front end's own.
EXPECTED = {
    "cpp": [r"List<::pakt::packing::Text>\{[^\n]*, 4093\}", r"List<::pakt::packing::Message>\{[^\n]*, 4073\}"],
    "csharp": [r'r\.Length\("count", "max_count", 5, 4091\)', r'r\.Length\("count", "max_count", 0, 4079\)',
               r"length_names, 4093\)", r"length_inners, 4073\)", r"n \+= 4057;"],
    "gdscript": [r'\.length\("count", "max_count", 5, 4091\)', r'\.length\("count", "max_count", 0, 4079\)',
                 r'\.length\([^\n]*"count", "max_count", 5, 29, 4093\)', r'"max_count", 0, 0, 4073\)',
                 r"\.text\([^\n]*20, 27\)", r"\.text\([^\n]*9, 23\)"],
    "wireshark": [r"min_size = 4091, min_bits = 4093", r"min_size = 4079, min_bits = 4073",
                  r"packed_length = \{kind = \"ranged\", bits = 29",
                  r"packed_element_length = \{kind = \"ranged\", bits = 27",
                  r"packed_length = \{kind = \"ranged\", bits = 23"],
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_odd_numbers_of_the_descriptor_come_out_verbatim(tmp_path, descriptors, lang):
    plain, odd = descriptors
    from_front_end = _generate(tmp_path / "plain", plain, lang)
    from_odd = _generate(tmp_path / "odd", odd, lang)
    for pattern in EXPECTED[lang]:
        assert re.search(pattern, from_odd), f"{lang}: no {pattern!r} in the code of the altered descriptor"
        assert not re.search(pattern, from_front_end), f"{lang}: {pattern!r} matches without the odd numbers"


def _flip_write_can_fail(desc, member):
    """Inner (an int64: GDScript checks that a narrower int fits, so that write can fail there)
    cannot fail to write; the descriptor says it can, in its facts and in the facts of Outer.inners
    (an Inner[]) and of its element."""
    inner = desc["files"][0]["messages"][0]
    assert inner["name"] == "Inner" and inner["facts"][member] is False
    inner["facts"][member] = True
    inners = _fields(desc)["inners"]["type"]
    inners["facts"][member] = inners["element"]["facts"][member] = True
    return desc


# What the code of a write that can fail has (an Inner in the list checked, its failure handled).
CAN_FAIL = {
    ("csharp", "write_can_fail"): r"Inner\.PaktCheck\(c0\[i0\]\);",
    ("gdscript", "write_can_fail"): r"\._pakt_check_limits\(_pakt_w\)\n\t+if _pakt_w\.failed:",
    ("gdscript", "packed_write_can_fail"): r"\._pakt_write_packed\(_pakt_w\)\n\t+if _pakt_w\.failed:",
}


@pytest.mark.parametrize("lang,member", sorted(CAN_FAIL))
def test_whether_a_write_can_fail_is_the_descriptors(tmp_path, descriptors, lang, member):
    plain, _ = descriptors
    flipped = _flip_write_can_fail(json.loads(json.dumps(plain)), member)
    pattern = CAN_FAIL[(lang, member)]
    assert not re.search(pattern, _generate(tmp_path / "plain", plain, lang))
    assert re.search(pattern, _generate(tmp_path / "flipped", flipped, lang))
