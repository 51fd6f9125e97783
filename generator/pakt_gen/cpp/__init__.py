"""The C++ back end: <stem>.pakt.h / <stem>.pakt.cpp for the root files of a descriptor."""

from typing import Dict, List

from ..backend import FORMATS, BackEndError, generate_roots
from ..model import Descriptor
from .filters import packed_code
from .render import render


def generate(descriptor: Descriptor, formats: List[str] = FORMATS) -> Dict[str, str]:
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
    return generate_roots(descriptor, lambda schema: render(schema, formats, descriptor.files))
