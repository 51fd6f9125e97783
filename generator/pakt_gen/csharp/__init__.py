"""The C# back end (Unity / mono): <stem>.pakt.cs for the root files of a descriptor, plus Pakt.Runtime.cs."""

from typing import Dict, List, Optional

from ..backend import FORMATS, BackEndError, generate_roots
from ..model import Descriptor
from .render import render, runtime
from . import unity_package as unity


def generate(descriptor: Descriptor, formats: List[str] = FORMATS,
             unity_package: Optional[str] = None) -> Dict[str, str]:
    """{file name: text}: every root file's .cs, in root order, then the runtime file; with
    unity_package (NAME or NAME@VERSION), also package.json, NAME.asmdef and the .meta files.

    The C# code always carries both binary formats (Pakt.Format is a run-time choice) and ToJson;
    `formats` is accepted for the command line's sake."""
    # Names: the front end applied csharp/names.yaml (docs/names.md) before the descriptor was written.
    out = generate_roots(descriptor, render)
    out.update(runtime())
    if unity_package is not None:
        try:
            out.update(unity.files(unity_package, [s.stem for s in descriptor.roots],
                                   [s.package for s in descriptor.roots], out))
        except ValueError as e:
            raise BackEndError([f"--unity-package: {e}"])
    return out
