"""GDScript spellings of schema types, for Godot 4 and Godot 3 (GODOT), following pakt's Godot
mapping (runtime/include/pakt/godot/mapping.hpp): which Packed array a list becomes."""

from typing import FrozenSet, Optional

from ..model import Field, Schema, TypeRef
from ..type_walk import TypeWalk
from .keywords import class_name, identifier

# The spellings that differ between the engine generations.
GODOT = {
    "4": {
        "engine": "Godot 4", "base": "RefCounted", "bytes": "PackedByteArray", "quat": "Quaternion",
        "to_utf8": "to_utf8_buffer", "reverse": "reverse", "has_int_vectors": True, "typed_arrays": True,
        "int32s": "PackedInt32Array", "int64s": "PackedInt64Array", "float32s": "PackedFloat32Array",
        "float64s": "PackedFloat64Array", "strings": "PackedStringArray", "vector2s": "PackedVector2Array",
        "vector3s": "PackedVector3Array", "colors": "PackedColorArray",
        "var_to_bytes": "var_to_bytes", "bytes_to_var": "bytes_to_var",
    },
    "3": {
        "engine": "Godot 3", "base": "Reference", "bytes": "PoolByteArray", "quat": "Quat",
        "to_utf8": "to_utf8", "reverse": "invert", "has_int_vectors": False, "typed_arrays": False,
        # Godot 3's PoolIntArray holds int32 and PoolRealArray float32: wider lists are Arrays.
        "int32s": "PoolIntArray", "int64s": "Array", "float32s": "PoolRealArray", "float64s": "Array",
        "strings": "PoolStringArray", "vector2s": "PoolVector2Array", "vector3s": "PoolVector3Array",
        "colors": "PoolColorArray", "var_to_bytes": "var2bytes", "bytes_to_var": "bytes2var",
    },
}


class Spellings(dict):
    """GODOT[g] with attribute access and slice(a, b) for the templates."""

    def __getattr__(self, k):
        return self[k]

    def slice(self, begin: str, end: str) -> str:
        """data[begin, end) as a new byte array."""
        if self["bytes"] == "PackedByteArray":
            return f"slice({begin}, {end})"
        return f"subarray({begin}, {end} - 1)"


def spellings(godot: str) -> Spellings:
    return Spellings(GODOT[godot])


SCALAR = {"bool": "bool", "string": "String"}


def builtin_of(t: TypeRef) -> str:
    """The built-in type a value of `t` is written as (an enum: its underlying type), else ""."""
    return t.enum.underlying if t.kind == "enum" else (t.name if t.kind == "builtin" else "")


def packing(t: TypeRef) -> Optional[str]:
    """The Packed array key (GODOT) a list of `t` becomes, or None for a plain Array."""
    name = builtin_of(t)
    if name in ("int8", "int16", "int32", "uint8", "uint16"):
        return "int32s"
    if name in ("int64", "uint32", "uint64"):
        return "int64s"
    return {"float32": "float32s", "float64": "float64s", "string": "strings", "Vector2": "vector2s",
            "Vector3": "vector3s", "Color": "colors"}.get(name)


# Every name the generated code introduces next to the schema's starts with this prefix (the
# preloaded runtime and imports, the base class, parameters, locals, helper methods); the front end
# refuses schema names that start with it, so a field, message or enum name never hides one of them.
PREFIX = "_pakt_"
RUNTIME = "_pakt_runtime"  # the preloaded pakt_runtime.gd
BASE_CLASS = "_pakt_Message"  # each schema script's base of its message classes


def module_alias(owner: Schema) -> str:
    """The constant an importing script preloads another schema's script as."""
    return f"_pakt_import_{owner.stem}"


def class_getter(name: str, godot: str) -> str:
    """The static method of BASE_CLASS that returns this file's message class `name`."""
    return f"_pakt_class_{class_name(name, godot)}"


def member(f: Field, schema: Schema, godot: str) -> str:
    """The field as its message's methods spell it: its GDScript name, or `self.<name>` when that is
    the name of the message's own class (`Weapon` in class Weapon), which Godot 4 reads as the class."""
    name = identifier(f.name, godot)
    for m in schema.messages:
        if any(g is f for g in m.fields):
            return f"self.{name}" if name == class_name(m.name, godot) else name
    return name


def message_class(t: TypeRef, schema: Schema, godot: str) -> str:
    """An expression of message `t`'s class that no member of the class it is used in can hide: a
    field named like the type (`Weapon: Weapon`) hides the class name inside its message class, so
    this file's classes are reached through BASE_CLASS's getter (`_pakt_class_Weapon()`), an
    imported one through its preloaded script (`_pakt_import_common.Weapon`)."""
    owner = t.message.schema
    name = class_name(t.name, godot)
    if owner is None or owner is schema or owner.path == schema.path:
        return f"{class_getter(t.name, godot)}()"
    return f"{module_alias(owner)}.{name}"


class TypeName(TypeWalk):
    """walk(t): the static type of a value of `t` ('' when GDScript cannot spell it: Godot 3's
    Vector2i, an imported message in Godot 3, or a class of this file whose name one of `members` —
    the names of the enclosing class's members — hides: Godot 4 refuses `var Weapon: Weapon`)."""

    def __init__(self, schema: Schema, godot: str, members: FrozenSet[str]):
        self.schema, self.godot, self.members, self.g = schema, godot, members, GODOT[godot]

    def visit_integer(self, t: TypeRef) -> str:
        return "int"

    visit_enum = visit_integer

    def visit_float(self, t: TypeRef) -> str:
        return "float"

    def visit_bytes(self, t: TypeRef) -> str:
        return self.g["bytes"]

    def visit_bool(self, t: TypeRef) -> str:
        return SCALAR[t.name]

    visit_string = visit_bool

    def visit_vector(self, t: TypeRef) -> str:
        if t.name == "Quaternion":
            return self.g["quat"]
        if t.name in ("Vector2i", "Vector3i"):
            return t.name if self.g["has_int_vectors"] else "Array"
        return t.name

    def visit_message(self, t: TypeRef) -> str:
        owner = t.message.schema
        name = class_name(t.name, self.godot)
        if owner is None or owner is self.schema or owner.path == self.schema.path:
            return "" if name in self.members else name
        # Godot 3 takes no type of a preloaded script's inner class in an inner class ("not a valid type").
        return f"{module_alias(owner)}.{name}" if self.godot == "4" else ""

    def visit_sequence(self, t: TypeRef) -> str:
        p = packing(t.element)
        if p is not None and self.g[p] != "Array":
            return self.g[p]
        if self.g["typed_arrays"]:
            element = self.walk(t.element)
            return f"Array[{element}]" if element else "Array"
        return "Array"


def type_name(t: TypeRef, schema: Schema, godot: str, members: FrozenSet[str] = frozenset()) -> str:
    """The static type of a value of `t` (TypeName)."""
    return TypeName(schema, godot, members).walk(t)


def field_type(f: Field, schema: Schema, godot: str, members: FrozenSet[str] = frozenset()) -> str:
    """The var's static type; '' (untyped, may hold null) for an optional, and for a message of this
    file whose class name a member of the message (`members`) hides."""
    if f.optional:
        return ""
    return type_name(f.type, schema, godot, members)


def is_packed(t: TypeRef, godot: str) -> bool:
    """A list/array of `t` is a Packed (value-semantics) array."""
    p = packing(t)
    return p is not None and GODOT[godot][p] != "Array"
