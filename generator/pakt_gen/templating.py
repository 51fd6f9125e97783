"""Filter helpers every back end's templates share: filters that read the schema being rendered, the
shortest text of a float32 and a quoted string from a language's escapes (the back ends spell
literals, not values). The environment is backend.py's."""

import struct
from typing import Callable, Dict, Optional

import jinja2


def schema_filter(fn: Callable) -> Callable:
    """A filter fn(value, schema, *args) that takes `schema` from the template context."""

    @jinja2.pass_context
    def filt(ctx, value, *args):
        return fn(value, ctx["schema"], *args)

    filt.__name__ = fn.__name__
    filt.__doc__ = fn.__doc__
    return filt


def as_float32(v: float) -> float:
    """The value a float32 holds for v."""
    return struct.unpack("<f", struct.pack("<f", v))[0]


def float32_text(v: float) -> str:
    """The shortest decimal text that reads back as the same float32 as v (a finite value)."""
    v = as_float32(v)
    for digits in range(1, 18):
        candidate = f"{v:.{digits}g}"
        if as_float32(float(candidate)) == v:
            return candidate
    return repr(v)


def quoted(s: str, escapes: Dict[str, str], escape_code: Callable[[int], Optional[str]]) -> str:
    """`s` in double quotes, each character spelled by a language's table: `escapes` (by character),
    else escape_code(its code point), else as it is (escape_code returns None)."""
    return '"' + "".join(escapes.get(ch) or escape_code(ord(ch)) or ch for ch in s) + '"'
