"""The back-end kit: what every language's back end shares, so that a language folder holds only its
spellings, templates and runtime support.

- FORMATS: the codecs --formats may name;
- BackEndError: the one error a back end raises (`file:line:col: error: ...` lines, relayed by cli.py
  and `pakt generate`);
- environment(): the Jinja2 environment of a language's templates (StrictUndefined, no autoescape,
  block tags leave no blank lines) with its filters, tests and globals;
- generate_roots(): the loop over the descriptor's root files, each rendered into its files.
"""

from typing import Callable, Dict, List, Mapping, Optional

import jinja2

from .model import Descriptor, Schema


# The codecs --formats may name (pakt generate's --formats, its godot4/godot3 aside, and
# cmake/PaktGenerate.cmake pass them on). C++ emits those chosen; the other languages always carry
# their binary formats and accept the list for the command line's sake.
FORMATS = ["compact", "mslima", "godot", "json", "packed"]


class BackEndError(Exception):
    """The schemas cannot be generated in a language; carries `file:line:col: error: ...` lines."""

    def __init__(self, lines: List[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def environment(template_dir: str, filters: Optional[Mapping[str, Callable]] = None,
                tests: Optional[Mapping[str, Callable]] = None, **globals_) -> jinja2.Environment:
    """The templates of one language, with its filters, tests and globals."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters.update(filters or {})
    env.tests.update(tests or {})
    env.globals.update(globals_)
    return env


def generate_roots(descriptor: Descriptor, render: Callable[[Schema], Dict[str, str]]) -> Dict[str, str]:
    """{file name: text} of every root file of the descriptor, in root order."""
    out: Dict[str, str] = {}
    for schema in descriptor.roots:
        out.update(render(schema))
    return out
