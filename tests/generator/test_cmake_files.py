"""cmake/PaktGenerate.cmake lists every file of the back end (the generated code depends on them;
listed, not globbed, so that builds re-check no glob): the list must equal generator/pakt_gen."""

import os
import re
import subprocess

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


# The README's layout section names every top-level folder, and every folder it names exists: a
# newcomer finds each stage of the pipeline from it (issue 33).
def readme_layout():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## Layout\n.*?```\n(.*?)```", text, re.S | re.M)
    assert m, "README.md has no '## Layout' section with a code block"
    entries, current = {}, None
    for line in m.group(1).splitlines():
        head = re.match(r"^([a-z][\w./-]*/)\s", line)
        if head:
            current = head.group(1).rstrip("/")
            entries[current] = ""
        if current:
            entries[current] += " " + line[len(head.group(0)) if head else 0:]
    return entries


def tracked_top_level_folders():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {path.split("/")[0] for path in out.splitlines() if "/" in path and not path.startswith(".")}


def test_readme_layout_names_every_top_level_folder():
    named = {entry.split("/")[0] for entry in readme_layout()}
    assert tracked_top_level_folders() <= named, "README layout misses " + ", ".join(
        sorted(tracked_top_level_folders() - named))


def test_every_folder_the_readme_layout_names_exists():
    for entry, text in readme_layout().items():
        assert os.path.isdir(os.path.join(ROOT, entry)), f"README layout names {entry}/, which does not exist"
        # A word ending in '/' in an entry's text (`dynamic/`, `include/pakt`) is a folder below it.
        for folder in re.findall(r"(?<![\w./-])([a-z_][\w-]*(?:/[\w-]+)*)/(?![\w])", text):
            below = [d for d, _, _ in os.walk(os.path.join(ROOT, entry))
                     if d.replace(os.sep, "/").endswith("/" + folder)]
            assert below, f"README layout says {entry}/ has {folder}/, which it does not"


def test_readme_layout_names_every_runtime_header_folder():
    """Each folder of runtime/include/pakt (the Godot and Photon parts) is named in the runtime entry."""
    text = readme_layout()["runtime"]
    include = os.path.join(ROOT, "runtime", "include", "pakt")
    for folder in sorted(d for d in os.listdir(include) if os.path.isdir(os.path.join(include, d))):
        assert re.search(r"(?<![\w./-])" + re.escape(folder) + r"/(?!\w)", text), \
            f"README layout's runtime/ entry does not name include/pakt/{folder}/"


def test_every_file_the_readme_layout_names_exists():
    """A file name in an entry's text (`names.yaml`, `pakt_internal/hex.hpp`) is a file below that folder."""
    for entry, text in readme_layout().items():
        names = re.findall(r"(?<![\w./<>-])((?:[\w-]+/)*[\w-]+\.(?:hpp|h|cpp|py|yaml|cmake|sh|j2|cs|gd|md))(?!\w)", text)
        for name in names:
            below = [d for d, _, files in os.walk(os.path.join(ROOT, entry))
                     if os.path.isfile(os.path.join(d, name))]
            assert below, f"README layout says {entry}/ has {name}, which it does not"
