"""The C++ back end: <stem>.pakt.h / <stem>.pakt.cpp for the root files of a descriptor."""

from typing import Dict, List

from ..model import Descriptor
from .filters import packed_code
from .render import ALL_FORMATS, render


class BackEndError(Exception):
    """The schemas cannot be generated in C++; carries `file:line:col: error: ...` lines."""

    def __init__(self, lines: List[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def generate(descriptor: Descriptor, formats: List[str] = ALL_FORMATS) -> Dict[str, str]:
    """{file name: text} of every root file, in root order (header, then source)."""
    errors = []  # names: the front end applied cpp/names.yaml (docs/names.md)
    if "packed" in formats:  # a descriptor of an older front end has no packed codes
        for schema in descriptor.roots:
            for m in schema.messages:
                for f in m.fields:
                    try:
                        packed_code(f)
                    except ValueError:
                        errors.append(f"{f.loc}: error: field '{f.name}' has no packed code in the descriptor; "
                                      "use the pakt_gen of your pakt tool, or --formats without packed")
    if errors:
        raise BackEndError(errors)
    out: Dict[str, str] = {}
    for schema in descriptor.roots:
        out.update(render(schema, formats, descriptor.files))
    return out
