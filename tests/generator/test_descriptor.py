"""The descriptor reader (pakt_gen/descriptor.py) and the back end's command line, on a hand-written
descriptor: no front end needed."""

import json
import math
import os

import pytest

from conftest import run_back_end
from pakt_gen.descriptor import DescriptorError, read_descriptor


def test_reads_files_roots_imports_and_types(small):
    d = read_descriptor(small)
    assert [s.path for s in d.files] == ["lib/common.yaml", "s.yaml"]
    assert [s.path for s in d.roots] == ["s.yaml"]
    lib, s = d.files
    assert s.imports == [lib] and s.stem == "s" and s.version == 2 and s.godot == "array"
    p = s.messages[0]
    assert (p.code, p.loc.line, p.loc.col, str(p.loc)) == (65, 5, 3, "s.yaml:5:3")
    team, f, v, ws, b = p.fields
    assert team.type.kind == "enum" and team.type.enum is lib.enums[0] and team.type.enum.schema is lib
    assert ws.type.kind == "list" and ws.type.element.message is lib.messages[0]
    assert ws.type.spelled() == "W[]"
    assert b.optional and b.since == 2 and b.has_default and b.default is None
    assert ws.max_count == 0 and lib.messages[0].fields[0].max_length == 8
    assert str(lib.enums[0].values[1].loc) == "lib/common.yaml:5:22"


def test_values_arrive_typed(small):
    p = read_descriptor(small).roots[0].messages[0]
    assert p.fields[0].default == "blue"
    assert p.fields[1].default == 0.1
    assert p.fields[2].default == [1.0, 2.0] and all(isinstance(c, float) for c in p.fields[2].default)
    assert math.isinf(p.example["f"]) and p.example["f"] > 0
    assert p.example["v"][0] == 0.5 and p.example["v"][1] == float("-inf")
    assert p.example["ws"] == [{"name": "x"}]
    assert p.example["b"] == [1, 255]
    assert str(p.example_loc) == "s.yaml:12:14"
    nan = dict(small)
    nan["files"][1]["messages"][0]["example"] = {"f": "nan"}
    assert math.isnan(read_descriptor(nan).roots[0].messages[0].example["f"])


def test_facts_come_from_the_descriptor(small):
    p = read_descriptor(small).roots[0].messages[0]
    assert p.facts.write_can_fail and p.facts.packed_write_can_fail and p.facts.packed_min_bits == 58
    ws = p.fields[3].type
    assert (ws.facts.min_size, ws.facts.fixed_size, ws.facts.packed_min_bits) == (4, None, 8)
    element = ws.element.facts
    assert (element.min_size, element.packed_min_bits, element.write_can_fail) == (4, 4, True)
    assert p.fields[1].type.facts.fixed_size == 4 and not p.fields[1].type.facts.packed_write_can_fail
    assert p.facts.compact.min_size == 17 and p.facts.compact.fixed_size is None
    assert p.facts.marshal_size == 40 and p.facts.marshal_alignment == 8
    assert p.facts.fingerprint == 0x0123456789ABCDEF
    assert p.facts.version_boundaries == [4]
    assert p.facts.needs_check and not p.facts.takes_no_bytes


def test_packed_members_are_optional_and_read_into_the_model(small):
    # Without the packed codes and options: no packing, no codes, not delta.
    for f in small["files"][1]["messages"][0]["fields"]:
        f.pop("packed", None)  # conftest's SMALL carries the leaf codes the C++ back end needs
        f.pop("packed_length", None)
    p = read_descriptor(small).roots[0].messages[0]
    assert not p.delta
    assert all(f.packing is None and f.packed is None and f.packed_length is None for f in p.fields)
    m = small["files"][1]["messages"][0]
    m["delta"] = True
    m["facts"]["packed_min_bits"] = 40
    m["fields"][1].update(packing={"range": [-1.5, 2.5], "precision": 0.5, "bits": None},
                          packed={"kind": "quantized", "bits": 3, "min": -1.5, "max": 2.5, "steps": 8},
                          packed_min_bits=3)
    m["fields"][0].update(packed={"kind": "ranged", "bits": 0, "min": -7, "span": 0})
    m["fields"][3].update(packed_length={"kind": "varint"}, packed={"kind": "bool"})
    p = read_descriptor(small).roots[0].messages[0]
    assert p.delta and p.facts.packed_min_bits == 40
    f = p.fields[1]
    assert (f.packing.range, f.packing.precision, f.packing.bits) == ((-1.5, 2.5), 0.5, None)
    assert (f.packed.kind, f.packed.bits, f.packed.min, f.packed.max, f.packed.steps) == ("quantized", 3, -1.5, 2.5, 8)
    assert f.packed_min_bits == 3
    assert (p.fields[0].packed.kind, p.fields[0].packed.min, p.fields[0].packed.span) == ("ranged", -7, 0)
    # a bool code has no bits member: nothing forces them (the facts carry the fewest bits)
    assert p.fields[3].packed_length.kind == "varint" and p.fields[3].packed.bits == 0


@pytest.mark.parametrize("change,message", [
    (lambda f: f.update(packed={"kind": "huffman"}), r"fields\[0\].packed.kind: unknown packed code 'huffman'"),
    (lambda f: f.update(packed={"kind": "ranged", "bits": 3}), r"fields\[0\].packed: missing 'min'"),
    (lambda f: f.update(packing={"range": [1]}), r"fields\[0\].packing.range: expected \[min, max\] or null"),
])
def test_malformed_packed_members_name_the_place(small, change, message):
    change(small["files"][1]["messages"][0]["fields"][0])
    with pytest.raises(DescriptorError, match=message):
        read_descriptor(small)


@pytest.mark.parametrize("version", [0, 1, 3, "2", None, True])
def test_unknown_versions_are_refused(small, version):
    small["pakt_descriptor"] = version
    with pytest.raises(DescriptorError, match="not supported by this back end"):
        read_descriptor(small)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["files"][1]["messages"][0]["fields"][0]["type"].update(file="nope.yaml"),
     r"files\[1\].messages\[0\].fields\[0\].type: no enum 'Team' in 'nope.yaml'"),
    (lambda d: d["files"][1]["messages"][0]["fields"][1].update(default="fast"),
     r"fields\[1\].default: expected a number"),
    (lambda d: d["files"][1]["messages"][0]["fields"][0].update(default="green"),
     r"fields\[0\].default: expected a value name for Team"),
    (lambda d: d["files"][1]["messages"][0]["facts"].update(fingerprint="0x12ULL"),
     r"facts.fingerprint: expected 0x and 16 hex digits"),
    (lambda d: d["files"][1]["messages"][0]["facts"].pop("needs_check"), r"facts: missing 'needs_check'"),
    (lambda d: d["files"][1]["messages"][0]["facts"].pop("write_can_fail"), r"facts: missing 'write_can_fail'"),
    (lambda d: d["files"][1]["messages"][0]["fields"][1]["type"].pop("facts"),
     r"fields\[1\].type: missing 'facts'"),
    (lambda d: d["files"][1]["messages"][0]["fields"][3]["type"]["element"]["facts"].update(fixed_size="4"),
     r"fields\[3\].type.element.facts.fixed_size: expected an integer or null"),
    (lambda d: d["files"][1]["messages"][0]["fields"][1]["type"]["facts"].update(packed_min_bits=None),
     r"fields\[1\].type.facts.packed_min_bits: expected an integer"),
    (lambda d: d["files"][1].update(imports=["x.yaml"]), r"files\[1\].imports\[0\]: unknown file 'x.yaml'"),
    (lambda d: d.update(roots=["x.yaml"]), r"roots\[0\]: unknown file 'x.yaml'"),
    (lambda d: d["files"][1]["messages"][0].update(example={"zz": 1}), r"message P has no field 'zz'"),
])
def test_malformed_descriptors_name_the_place(small, change, message):
    change(small)
    with pytest.raises(DescriptorError, match=message):
        read_descriptor(small)


# --------------------------------------------------------------------------- command line
def test_writes_the_roots_and_prints_their_paths(small_json, tmp_path):
    code, out, err = run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path))
    assert code == 0, err
    assert out.splitlines() == [str(tmp_path / "s.pakt.h"), str(tmp_path / "s.pakt.cpp")]
    assert sorted(os.listdir(tmp_path)) == ["s.pakt.cpp", "s.pakt.h"]  # not the import's files
    header = (tmp_path / "s.pakt.h").read_text(encoding="utf-8")
    assert header.startswith("// Generated by `pakt generate --lang cpp` (pakt 0.1.0) from s.yaml — do not edit.\n"
                             "// Doc line.\n")
    assert '#include "common.pakt.h"' in header
    assert "::lib::Team team = ::lib::Team::blue;  // line 7: Team" in header
    assert "kFingerprint = 0x0123456789ABCDEFULL;  // schema fingerprint: {uint8,float32,Vector2,{string}[],bytes?} and its options" in header


def test_descriptor_from_a_file_and_unchanged_outputs_are_not_rewritten(small_json, tmp_path):
    desc = tmp_path / "d.json"
    desc.write_text(small_json)
    out = tmp_path / "out"
    assert run_back_end("", "--lang", "cpp", "--out", str(out), "--descriptor", str(desc))[0] == 0
    header = out / "s.pakt.h"
    first = header.read_text(encoding="utf-8")
    os.utime(header, (1, 1))
    code, stdout, _ = run_back_end("", "--lang", "cpp", "--out", str(out), "--descriptor", str(desc))
    assert code == 0 and str(header) in stdout.splitlines()
    assert header.read_text(encoding="utf-8") == first
    assert header.stat().st_mtime == 1, "an unchanged output must keep its timestamp"


def test_formats_select_the_codecs(small_json, tmp_path):
    assert run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path), "--formats", "mslima")[0] == 0
    header = (tmp_path / "s.pakt.h").read_text(encoding="utf-8")
    assert "pakt::mslima_t" in header and "pakt::compact_t" not in header
    assert "ToJson" not in header and "godot" not in header


def test_without_compact_and_mslima_the_source_has_no_binary_codec_bodies(small_json, tmp_path):
    # The bodies the binary formats' entry points call are left out with those formats: a file that
    # speaks only JSON, Godot or packed does not parse them.
    assert run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path), "--formats", "json,godot")[0] == 0
    source = (tmp_path / "s.pakt.cpp").read_text(encoding="utf-8")
    assert "WriteJsonMessage" in source and "ReadGodotMessage" in source
    assert "::pakt::Writer&" not in source and "::pakt::ReadCursor&" not in source
    assert run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path), "--formats", "compact")[0] == 0
    source = (tmp_path / "s.pakt.cpp").read_text(encoding="utf-8")
    assert "::pakt::Writer&" in source and "::pakt::ReadCursor&" in source


def test_unknown_descriptor_version_exits_1_with_a_clear_message(small, tmp_path):
    small["pakt_descriptor"] = 1
    code, out, err = run_back_end(json.dumps(small), "--lang", "cpp", "--out", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == ("pakt_gen: error: descriptor version 1 is not supported by this back end (it reads version 2); "
                   "use the pakt_gen that comes with your pakt tool\n")
    assert os.listdir(tmp_path) == []


def test_input_that_is_not_a_descriptor_exits_1(tmp_path):
    code, _, err = run_back_end("package: t\n", "--lang", "cpp", "--out", str(tmp_path))
    assert code == 1 and "is not JSON" in err and "pakt describe" in err
    code, _, err = run_back_end("{}", "--lang", "cpp", "--out", str(tmp_path))
    assert code == 1 and "not a pakt descriptor" in err


def test_an_unwritable_output_folder_exits_1(small_json, tmp_path):
    (tmp_path / "file").write_text("")
    code, out, err = run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path / "file" / "out"))
    assert (code, out) == (1, "")
    assert err.startswith("pakt_gen: error: cannot write ") and "Traceback" not in err


def test_usage_errors_exit_2(small_json, tmp_path):
    assert run_back_end(small_json)[0] == 2
    assert run_back_end(small_json, "--lang", "rust", "--out", str(tmp_path))[0] == 2
    code, _, err = run_back_end(small_json, "--lang", "cpp", "--out", str(tmp_path), "--formats", "protobuf")
    assert code == 2 and "unknown format 'protobuf'" in err


def test_a_descriptor_without_packed_codes_is_an_error_unless_packed_is_left_out(small, tmp_path):
    del small["files"][1]["messages"][0]["fields"][1]["packed"]  # as an older front end wrote it
    code, _, err = run_back_end(json.dumps(small), "--lang", "cpp", "--out", str(tmp_path))
    assert code == 1
    assert err.splitlines() == [
        "s.yaml:8:9: error: field 'f' has no packed code in the descriptor; use the pakt_gen of your pakt tool, "
        "or --formats without packed",
        "1 error"]
    code, _, err = run_back_end(json.dumps(small), "--lang", "cpp", "--out", str(tmp_path),
                                "--formats", "compact,mslima,godot,json")
    assert code == 0, err
