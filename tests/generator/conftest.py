import copy
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GENERATOR_DIR = os.path.join(ROOT, "generator")
sys.path.insert(0, GENERATOR_DIR)


def pakt_tool() -> str:
    """The built `pakt` executable: ctest passes it as PAKT_TOOL (tests/generator/CMakeLists.txt)."""
    tool = os.environ.get("PAKT_TOOL")
    if not tool:
        pytest.fail("PAKT_TOOL is not set: run these tests through ctest, or set PAKT_TOOL=/path/to/build/pakt")
    return os.path.abspath(tool)  # tests run the tool from other folders too


def run_pakt(*args, cwd=ROOT):
    """Runs the pakt tool; returns (exit code, stdout, stderr)."""
    proc = subprocess.run([pakt_tool(), *args], cwd=cwd, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def describe(*schemas, cwd=ROOT) -> str:
    code, out, err = run_pakt("describe", *schemas, cwd=cwd)
    assert code == 0, err
    return out


def run_back_end(descriptor_text, *args, cwd=ROOT):
    """Runs `python3 -m pakt_gen` as `pakt generate` does; returns (exit code, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=GENERATOR_DIR)
    proc = subprocess.run([sys.executable, "-m", "pakt_gen", *args], cwd=cwd, input=descriptor_text,
                          capture_output=True, text=True, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def _facts(min_size, fixed_size, packed_min_bits, write_can_fail, packed_write_can_fail):
    """A TYPE's "facts" (docs/descriptor.md)."""
    return {"min_size": min_size, "fixed_size": fixed_size, "packed_min_bits": packed_min_bits,
            "write_can_fail": write_can_fail, "packed_write_can_fail": packed_write_can_fail}


# A small hand-written descriptor (docs/descriptor.md, version 2) for tests that need no front end.
SMALL = {
    "pakt_descriptor": 2,
    "pakt_version": "0.1.0",
    "roots": ["s.yaml"],
    "files": [
        {
            "path": "lib/common.yaml", "stem": "common", "package": "lib", "version": 1, "doc": "",
            "godot": "dict", "imports": [],
            "enums": [{"name": "Team", "full_name": "lib.Team", "doc": "", "line": 4, "column": 3,
                       "underlying": "uint8",
                       "values": [{"name": "red", "number": 0, "line": 5, "column": 14},
                                  {"name": "blue", "number": 1, "line": 5, "column": 22}]}],
            "messages": [{"name": "W", "full_name": "lib.W", "doc": "", "line": 7, "column": 3, "code": None,
                          "godot": "dict", "extensible": False, "final": False,
                          "fields": [{"name": "name", "doc": "", "line": 9, "column": 9,
                                      "type": {"kind": "builtin", "name": "string", "spelled": "string",
                                               "facts": _facts(4, None, 4, True, True)},
                                      "optional": False, "required": False, "deprecated": False, "since": 1,
                                      "max_length": 8, "max_count": None, "packed_min_bits": 4}],
                          "example": None,
                          "facts": {"compact": {"min_size": 4, "fixed_size": None},
                                    "mslima": {"min_size": 4, "fixed_size": None},
                                    "marshal_size": 8, "marshal_alignment": 8, "wire_shape": "{string}",
                                    "fingerprint": "0x00000000000000AB", "version_boundaries": [],
                                    "needs_check": True, "takes_no_bytes": False, "packed_min_bits": 4,
                                    "write_can_fail": True, "packed_write_can_fail": True}}],
        },
        {
            "path": "s.yaml", "stem": "s", "package": "t.net", "version": 2, "doc": "Doc line.",
            "godot": "array", "imports": ["lib/common.yaml"], "enums": [],
            "messages": [{"name": "P", "full_name": "t.net.P", "doc": "", "line": 5, "column": 3, "code": 65,
                          "godot": "array", "extensible": False, "final": False,
                          "fields": [
                              {"name": "team", "doc": "", "line": 7, "column": 9,
                               "type": {"kind": "enum", "name": "Team", "spelled": "Team", "file": "lib/common.yaml",
                                        "facts": _facts(1, 1, 1, False, True)},
                               "optional": False, "required": False, "deprecated": False, "since": 1,
                               "max_length": None, "max_count": None, "default": "blue", "packed_min_bits": 1,
                               "packed": {"kind": "ranged", "bits": 1, "min": 0, "span": 1}},
                              {"name": "f", "doc": "", "line": 8, "column": 9,
                               "type": {"kind": "builtin", "name": "float32", "spelled": "float32",
                                        "facts": _facts(4, 4, 32, False, False)},
                               "optional": False, "required": False, "deprecated": False, "since": 1,
                               "max_length": None, "max_count": None, "default": 0.1, "packed_min_bits": 32,
                               "packed": {"kind": "raw", "bits": 32}},
                              {"name": "v", "doc": "", "line": 9, "column": 9,
                               "type": {"kind": "builtin", "name": "Vector2", "spelled": "Vector2",
                                        "facts": _facts(8, 8, 16, False, True)},
                               "optional": False, "required": False, "deprecated": False, "since": 1,
                               "max_length": None, "max_count": None, "default": [1, 2], "packed_min_bits": 16,
                               "packed": {"kind": "quantized", "bits": 8, "min": -10.0, "max": 10.0, "steps": 255}},
                              {"name": "ws", "doc": "", "line": 10, "column": 9,
                               "type": {"kind": "list", "spelled": "W[]",
                                        "element": {"kind": "message", "name": "W", "spelled": "W",
                                                    "file": "lib/common.yaml",
                                                    "facts": _facts(4, None, 4, True, True)},
                                        "facts": _facts(4, None, 8, True, True)},
                               "optional": False, "required": False, "deprecated": False, "since": 1,
                               "max_length": None, "max_count": None, "packed_min_bits": 8,
                               "packed_length": {"kind": "varint"}},
                              {"name": "b", "doc": "", "line": 11, "column": 9,
                               "type": {"kind": "builtin", "name": "bytes", "spelled": "bytes",
                                        "facts": _facts(4, None, 8, False, False)},
                               "optional": True, "required": False, "deprecated": False, "since": 2,
                               "max_length": None, "max_count": None, "default": None, "packed_min_bits": 1,
                               "packed_length": {"kind": "varint"}},
                          ],
                          "example": {"f": "inf", "v": [0.5, "-inf"], "ws": [{"name": "x"}], "b": [1, 255]},
                          "example_line": 12, "example_column": 14,
                          "facts": {"compact": {"min_size": 17, "fixed_size": None},
                                    "mslima": {"min_size": 17, "fixed_size": None},
                                    "marshal_size": 40, "marshal_alignment": 8,
                                    "wire_shape": "{uint8,float32,Vector2,{string}[],bytes?}",
                                    "fingerprint": "0x0123456789ABCDEF", "version_boundaries": [4],
                                    "needs_check": True, "takes_no_bytes": False, "packed_min_bits": 58,
                                    "write_can_fail": True, "packed_write_can_fail": True}}],
        },
    ],
}


@pytest.fixture
def small():
    """A fresh copy of the hand-written descriptor, to modify in a test."""
    return copy.deepcopy(SMALL)


@pytest.fixture
def small_json():
    return json.dumps(SMALL)
