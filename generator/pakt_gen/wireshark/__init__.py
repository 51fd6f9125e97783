"""The Wireshark back end: <stem>.pakt.lua, a Lua dissector (Wireshark's Lua 5.2 API) for the root files
of a descriptor — one protocol per schema file, a field per schema field, compact, mslima and packed."""

from typing import Dict, List

from ..model import Descriptor
from .render import ALL_FORMATS, render


class BackEndError(Exception):
    """The schemas cannot be generated as a dissector; carries `file:line:col: error: ...` lines."""

    def __init__(self, lines: List[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def generate(descriptor: Descriptor, formats: List[str] = ALL_FORMATS) -> Dict[str, str]:
    """{file name: text}: every root file's dissector, in root order. A dissector decodes every binary
    format (the format is a binding's choice at run time); `formats` is accepted for the command line's sake."""
    out: Dict[str, str] = {}
    for schema in descriptor.roots:
        out.update(render(schema))
    return out
