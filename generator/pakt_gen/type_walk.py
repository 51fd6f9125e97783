"""The type walk of the back-end kit: the one place that decides what shape a field's type (or its
element's) has, so that a language's codec spells each shape and never branches on TypeRef.kind.

A TypeWalk subclass is one operation of one language (C#'s compact write, GDScript's packed read...).
walk(t, ...) calls the one visit method of t's shape with the same arguments; a nested list or array
walks its element the same way. Shapes, and the method each one reaches:

    bool, integer, float, vector (Vector2 .. Vector3i) -> visit_bool, visit_integer, visit_float, visit_vector
    string, bytes                                     -> visit_string, visit_bytes
    enum, message                                     -> visit_enum, visit_message
    list, array (fixed size)                          -> visit_list, visit_array

Operations that treat several shapes alike override the group instead: visit_bool, visit_integer,
visit_float and visit_vector fall back to visit_number (a fixed-width value), visit_string and
visit_bytes to visit_text, visit_list and visit_array to visit_sequence. An operation that meets a
shape it does not spell raises BackEndError, as does a type of no known shape.

Field-level wrappers (optional, deprecated) stay with the operation: they differ per operation (a
presence byte, a presence bit, a null test, a default written instead) more than they share.
"""

from typing import Any

from .backend import BackEndError
from .model import FLOAT_TYPES, INTEGER_TYPES, VECTOR_COMPONENTS, TypeRef

SHAPES = ("bool", "integer", "float", "vector", "string", "bytes", "enum", "message", "list", "array")


def shape(t: TypeRef) -> str:
    """The shape of a type: one of SHAPES."""
    if t.kind == "builtin":
        if t.name == "bool":
            return "bool"
        if t.name in INTEGER_TYPES:
            return "integer"
        if t.name in FLOAT_TYPES:
            return "float"
        if t.name in VECTOR_COMPONENTS:
            return "vector"
        if t.name in ("string", "bytes"):
            return t.name
    elif t.kind in ("enum", "message") or (t.kind in ("list", "array") and t.element is not None):
        return t.kind
    raise BackEndError([f"pakt_gen: error: no type walk for type '{t.name or t.kind}' (kind '{t.kind}')"])


class TypeWalk:
    """One operation over a value's type; see the module's docstring."""

    def walk(self, t: TypeRef, *args, **kwargs) -> Any:
        return getattr(self, "visit_" + shape(t))(t, *args, **kwargs)

    def unspelled(self, t: TypeRef) -> BackEndError:
        return BackEndError([f"pakt_gen: error: {type(self).__name__} does not spell a value of type "
                             f"'{t.spelled()}' (shape {shape(t)})"])

    # Fixed-width values.
    def visit_bool(self, t: TypeRef, *args, **kwargs):
        return self.visit_number(t, *args, **kwargs)

    def visit_integer(self, t: TypeRef, *args, **kwargs):
        return self.visit_number(t, *args, **kwargs)

    def visit_float(self, t: TypeRef, *args, **kwargs):
        return self.visit_number(t, *args, **kwargs)

    def visit_vector(self, t: TypeRef, *args, **kwargs):
        return self.visit_number(t, *args, **kwargs)

    def visit_number(self, t: TypeRef, *args, **kwargs):
        raise self.unspelled(t)

    # Length-prefixed values.
    def visit_string(self, t: TypeRef, *args, **kwargs):
        return self.visit_text(t, *args, **kwargs)

    def visit_bytes(self, t: TypeRef, *args, **kwargs):
        return self.visit_text(t, *args, **kwargs)

    def visit_text(self, t: TypeRef, *args, **kwargs):
        raise self.unspelled(t)

    def visit_enum(self, t: TypeRef, *args, **kwargs):
        raise self.unspelled(t)

    def visit_message(self, t: TypeRef, *args, **kwargs):
        raise self.unspelled(t)

    # Sequences: t.element is walked by the operation itself (with its own nesting depth).
    def visit_list(self, t: TypeRef, *args, **kwargs):
        return self.visit_sequence(t, *args, **kwargs)

    def visit_array(self, t: TypeRef, *args, **kwargs):
        return self.visit_sequence(t, *args, **kwargs)

    def visit_sequence(self, t: TypeRef, *args, **kwargs):
        raise self.unspelled(t)
