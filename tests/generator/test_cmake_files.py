"""cmake/PaktGenerate.cmake lists every file of the back end (the generated code depends on them;
listed, not globbed, so that builds re-check no glob): the list must equal generator/pakt_gen."""

import os
import re

from conftest import ROOT


def listed():
    with open(os.path.join(ROOT, "cmake", "PaktGenerate.cmake"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"set\(generator_files\s+(.*?)\)", text, re.S)
    assert m, "PaktGenerate.cmake has no set(generator_files ...)"
    return m.group(1).split()


def on_disk():
    base = os.path.join(ROOT, "generator")
    files = []
    for d, dirs, names in os.walk(os.path.join(base, "pakt_gen")):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        files += [os.path.relpath(os.path.join(d, n), base) for n in names if n.endswith((".py", ".j2", ".yaml"))]
    return files


def test_every_back_end_file_is_listed_once():
    assert sorted(listed()) == sorted(on_disk())
    assert len(set(listed())) == len(listed())


def test_no_yaml_parsing_in_the_back_end():
    """A back end reads the descriptor, never a schema: YAML is read only by names.py, of the back ends'
    own names.yaml (the naming rule's data)."""
    for rel in on_disk():
        if rel == os.path.join("pakt_gen", "names.py") or rel.endswith(".yaml"):
            continue
        with open(os.path.join(ROOT, "generator", rel), encoding="utf-8") as f:
            text = f.read()
        assert not re.search(r"^\s*(import yaml|from yaml)", text, re.M), rel
