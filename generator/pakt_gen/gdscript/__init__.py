"""The GDScript back end (Godot 4 / Godot 3): <stem>.pakt.gd for the root files of a descriptor,
plus pakt_runtime.gd, the shared codec script they preload."""

from typing import Dict, List

from ..model import Descriptor
from .render import ALL_FORMATS, render, runtime
from .types import GODOT


class BackEndError(Exception):
    """The schemas cannot be generated in GDScript; carries `file:line:col: error: ...` lines."""

    def __init__(self, lines: List[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def generate(descriptor: Descriptor, formats: List[str] = ALL_FORMATS, godot: str = "4") -> Dict[str, str]:
    """{file name: text}: every root file's .gd, in root order, then the runtime script.

    The scripts always carry both binary formats (COMPACT / MSLIMA are a run-time choice);
    `formats` is accepted for the command line's sake. `godot`: "4" or "3", the syntax to write."""
    if godot not in GODOT:
        raise BackEndError([f"pakt_gen: error: --godot {godot}: choose 4 or 3"])
    # Names: the front end applied gdscript/names.yaml (docs/names.md) before writing the descriptor.
    out: Dict[str, str] = {}
    for schema in descriptor.roots:
        out.update(render(schema, godot))
    out.update(runtime(godot))
    return out
