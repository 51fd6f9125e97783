"""The kit's type walk (generator/pakt_gen/type_walk.py): each shape of a type reaches exactly one
visit method, the shape groups fall back as documented, and what no operation spells is an error."""

import pytest

from conftest import GENERATOR_DIR  # noqa: F401 - puts pakt_gen on sys.path
from pakt_gen.backend import BackEndError
from pakt_gen.model import BUILTIN_TYPES, Enum, Location, Message, TypeRef
from pakt_gen.type_walk import SHAPES, TypeWalk, shape

LOC = Location("t.yaml", 1, 1)
COLOR = Enum(name="Color", underlying="uint8", values=[], doc="", loc=LOC)
POINT = Message(name="Point", fields=[], doc="", loc=LOC)

# One type of each shape (and each built-in), with the shape it must have.
BUILTIN_SHAPE = {"bool": "bool", "int8": "integer", "int16": "integer", "int32": "integer", "int64": "integer",
                 "uint8": "integer", "uint16": "integer", "uint32": "integer", "uint64": "integer",
                 "float32": "float", "float64": "float", "string": "string", "bytes": "bytes",
                 "Vector2": "vector", "Vector3": "vector", "Quaternion": "vector", "Color": "vector",
                 "Vector2i": "vector", "Vector3i": "vector"}
TYPES = [(TypeRef("builtin", name), s) for name, s in BUILTIN_SHAPE.items()] + [
    (TypeRef("enum", "Color", enum=COLOR), "enum"),
    (TypeRef("message", "Point", message=POINT), "message"),
    (TypeRef("list", element=TypeRef("builtin", "int32")), "list"),
    (TypeRef("array", element=TypeRef("message", "Point", message=POINT), count=3), "array"),
]


def test_every_built_in_type_has_a_shape():
    assert sorted(BUILTIN_SHAPE) == sorted(BUILTIN_TYPES)
    assert {s for _, s in TYPES} == set(SHAPES)


class Recorder(TypeWalk):
    """Overrides every shape's method: records which ones a walk calls."""

    def __init__(self):
        self.calls = []


for _shape in SHAPES:
    setattr(Recorder, "visit_" + _shape,
            lambda self, t, *args, _s=_shape, **kwargs: self.calls.append((_s, args, kwargs)) or _s)


@pytest.mark.parametrize("t,expected", TYPES, ids=[t.spelled() for t, _ in TYPES])
def test_each_shape_reaches_exactly_one_visit_method_with_the_walks_arguments(t, expected):
    r = Recorder()
    assert shape(t) == expected
    assert r.walk(t, "expr", d=2) == expected
    assert r.calls == [(expected, ("expr",), {"d": 2})]


class Groups(TypeWalk):
    """Overrides only the groups: numbers, texts and sequences."""

    def visit_number(self, t, *args):
        return "number"

    def visit_text(self, t, *args):
        return "text"

    def visit_sequence(self, t, *args):
        return "sequence"


GROUP = {"bool": "number", "integer": "number", "float": "number", "vector": "number", "string": "text",
         "bytes": "text", "list": "sequence", "array": "sequence"}


@pytest.mark.parametrize("t,expected", TYPES, ids=[t.spelled() for t, _ in TYPES])
def test_shapes_fall_back_to_their_group(t, expected):
    if expected in GROUP:
        assert Groups().walk(t) == GROUP[expected]
    else:  # enums and messages belong to no group: an operation spells them or fails
        with pytest.raises(BackEndError, match=f"Groups does not spell a value of type '{t.spelled()}'"):
            Groups().walk(t)


@pytest.mark.parametrize("t", [TypeRef("builtin", "int128"), TypeRef("map", "M"), TypeRef("list")],
                         ids=["unknown built-in", "unknown kind", "list without element"])
def test_a_type_of_no_known_shape_is_an_error(t):
    with pytest.raises(BackEndError, match="no type walk for type"):
        shape(t)
    with pytest.raises(BackEndError):
        Recorder().walk(t)
