"""The Wireshark back end: <stem>.pakt.lua, a Lua dissector (Wireshark's Lua 5.2 API) for the root files
of a descriptor — one protocol per schema file, a field per schema field, compact, mslima and packed."""

from typing import Dict, List

from ..backend import FORMATS, generate_roots
from ..model import Descriptor
from .render import render


def generate(descriptor: Descriptor, formats: List[str] = FORMATS) -> Dict[str, str]:
    """{file name: text}: every root file's dissector, in root order. A dissector decodes every binary
    format (the format is a binding's choice at run time); `formats` is accepted for the command line's sake."""
    return generate_roots(descriptor, render)
