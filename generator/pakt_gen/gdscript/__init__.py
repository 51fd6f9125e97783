"""The GDScript back end (Godot 4 / Godot 3): <stem>.pakt.gd for the root files of a descriptor,
plus pakt_runtime.gd, the shared codec script they preload."""

from typing import Dict, List

from ..backend import FORMATS, BackEndError, generate_roots
from ..model import Descriptor
from .render import render, runtime
from .types import GODOT


def generate(descriptor: Descriptor, formats: List[str] = FORMATS, godot: str = "4") -> Dict[str, str]:
    """{file name: text}: every root file's .gd, in root order, then the runtime script.

    The scripts always carry both binary formats (COMPACT / MSLIMA are a run-time choice);
    `formats` is accepted for the command line's sake. `godot`: "4" or "3", the syntax to write."""
    if godot not in GODOT:
        raise BackEndError([f"pakt_gen: error: --godot {godot}: choose 4 or 3"])
    # Names: the front end applied gdscript/names.yaml (docs/names.md) before writing the descriptor.
    out = generate_roots(descriptor, lambda schema: render(schema, godot))
    out.update(runtime(godot))
    return out
