"""The back-end kit: what every language's back end shares, so that a language folder holds only its
spellings, templates and runtime support.

- FORMATS: the codecs --formats may name;
- BackEndError: the one error a back end raises (`file:line:col: error: ...` lines, relayed by cli.py
  and `pakt generate`);
- environment(): the Jinja2 environment of a language's templates (StrictUndefined, no autoescape,
  block tags leave no blank lines) with its filters, tests and globals;
- generate_roots(): the loop over the descriptor's root files, each rendered into its files;
- Literals: the one walk over a value's type (defaults, examples, initial values) that a language's
  spelling table — a subclass naming how it writes each kind of value — turns into a literal.
"""

from typing import Callable, Dict, List, Mapping, Optional

import jinja2

from .model import FLOAT_TYPES, INTEGER_TYPES, VECTOR_COMPONENTS, Descriptor, Schema, TypeRef


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


class Literals:
    """A language's spelling of schema values as read from the descriptor (ints, floats, strs, lists,
    enum value names, {field: value} of a message). literal() walks the type once; a subclass spells
    each kind of value. `schema` is the file being generated (types are spelled as seen from it)."""

    def __init__(self, schema: Schema):
        self.schema = schema

    def literal(self, t: TypeRef, v, optional: bool = False) -> str:
        """An expression of type `t` holding the value v (None: an optional's null, else the zero)."""
        if v is None:
            return self.null(t, optional)
        if t.kind in ("list", "array"):
            return self.sequence(t, [self.literal(t.element, e) for e in v])
        if t.kind == "enum":
            return self.enum(t, v)
        if t.kind == "message":
            return self.message(t, v)
        name = t.name
        if name == "bool":
            return "true" if v else "false"
        if name in INTEGER_TYPES:
            return self.integer(t, int(v))
        if name in FLOAT_TYPES:
            return self.floating(v, name == "float32")
        if name == "string":
            return self.string(v)
        if name == "bytes":
            return self.bytes(t, v)
        if name in VECTOR_COMPONENTS:
            if name.endswith("i"):
                return self.vector(t, [self.integer_text(int(c), "int32") for c in v])
            return self.vector(t, [self.floating(c, True) for c in v])
        raise ValueError(name)

    # The spelling table: each language defines these.
    def null(self, t: TypeRef, optional: bool) -> str:
        raise NotImplementedError

    def sequence(self, t: TypeRef, items: List[str]) -> str:
        """A list or array of the spelled elements."""
        raise NotImplementedError

    def enum(self, t: TypeRef, v) -> str:
        """A value name, or the number 0 of an enum that declares no value 0 (a field's initial)."""
        raise NotImplementedError

    def message(self, t: TypeRef, v: dict) -> str:
        """A message of {field name: value} of the fields the value gives."""
        raise NotImplementedError

    def integer_text(self, v: int, name: str) -> str:
        """The literal of an integer of the built-in type `name`."""
        raise NotImplementedError

    def integer(self, t: TypeRef, v: int) -> str:
        """An expression of the integer type `t`: its literal unless a language needs more."""
        return self.integer_text(v, t.name)

    def floating(self, v: float, is_float32: bool) -> str:
        raise NotImplementedError

    def string(self, v: str) -> str:
        raise NotImplementedError

    def bytes(self, t: TypeRef, v: List[int]) -> str:
        raise NotImplementedError

    def vector(self, t: TypeRef, components: List[str]) -> str:
        """A math type of its spelled components (wire order)."""
        raise NotImplementedError
