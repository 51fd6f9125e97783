"""GDScript spellings of schema types, for Godot 4 and Godot 3 (GODOT), following pakt's Godot
mapping (runtime/include/pakt/godot_mapping.hpp): which Packed array a list becomes."""

from typing import Optional

from ..model import Field, Schema, TypeRef
from .keywords import class_name

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
INT_TYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def packing(t: TypeRef) -> Optional[str]:
    """The Packed array key (GODOT) a list of `t` becomes, or None for a plain Array."""
    name = t.enum.underlying if t.kind == "enum" else (t.name if t.kind == "builtin" else "")
    if name in ("int8", "int16", "int32", "uint8", "uint16"):
        return "int32s"
    if name in ("int64", "uint32", "uint64"):
        return "int64s"
    return {"float32": "float32s", "float64": "float64s", "string": "strings", "Vector2": "vector2s",
            "Vector3": "vector3s", "Color": "colors"}.get(name)


def module_alias(owner: Schema) -> str:
    """The constant an importing script preloads another schema's script as."""
    return f"{owner.stem}_pakt"


def type_name(t: TypeRef, schema: Schema, godot: str) -> str:
    """The static type of a value of `t` ('' when GDScript cannot spell it: Godot 3's Vector2i)."""
    g = GODOT[godot]
    if t.kind == "enum":
        return "int"
    if t.kind == "builtin":
        if t.name in INT_TYPES:
            return "int"
        if t.name in ("float32", "float64"):
            return "float"
        if t.name == "bytes":
            return g["bytes"]
        if t.name == "Quaternion":
            return g["quat"]
        if t.name in ("Vector2i", "Vector3i"):
            return t.name if g["has_int_vectors"] else "Array"
        return SCALAR.get(t.name, t.name)
    if t.kind == "message":
        owner = t.message.schema
        name = class_name(t.name, godot)
        if owner is None or owner is schema or owner.path == schema.path:
            return name
        return f"{module_alias(owner)}.{name}"
    # list / array
    p = packing(t.element)
    if p is not None and g[p] != "Array":
        return g[p]
    if g["typed_arrays"]:
        return f"Array[{type_name(t.element, schema, godot)}]"
    return "Array"


def field_type(f: Field, schema: Schema, godot: str) -> str:
    """The var's static type; '' (untyped, may hold null) for an optional."""
    if f.optional:
        return ""
    return type_name(f.type, schema, godot)


def is_packed(t: TypeRef, godot: str) -> bool:
    """A list/array of `t` is a Packed (value-semantics) array."""
    p = packing(t)
    return p is not None and GODOT[godot][p] != "Array"
