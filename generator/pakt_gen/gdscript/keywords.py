"""GDScript keywords and the names the generated GDScript declares; the check of a schema's names.

A schema name that GDScript cannot use as a member or class name is an error at its `file:line:col`
(GDScript has no escape such as C#'s `@`)."""

from typing import List

from ..model import Schema
from .native_classes import NATIVE_CLASSES

# Godot 4 and Godot 3 keywords (the union: a schema should work with both generations).
GD_KEYWORDS = frozenset("""
if elif else for while match break continue pass return class class_name extends is in as self signal
func static const enum var breakpoint preload await yield assert void PI TAU INF NAN super tool onready
export setget remote master puppet slave remotesync mastersync puppetsync sync when trait namespace and or
not true false null
""".split())
# Godot's built-in type and singleton-like names a class or member must not shadow.
GD_TYPES = frozenset("""
bool int float String StringName NodePath Vector2 Vector2i Vector3 Vector3i Vector4 Vector4i Rect2 Rect2i
Transform2D Transform3D Plane Quaternion Quat AABB Basis Transform Projection Color RID Object Callable Signal
Dictionary Array PackedByteArray PackedInt32Array PackedInt64Array PackedFloat32Array PackedFloat64Array
PackedStringArray PackedVector2Array PackedVector3Array PackedColorArray PackedVector4Array PoolByteArray
PoolIntArray PoolRealArray PoolStringArray PoolVector2Array PoolVector3Array PoolColorArray Variant Node
Resource Reference RefCounted StreamPeerBuffer OS Engine JSON
""".split())
# Godot 3's built-in functions, which Godot 3 does not accept as member or enum value names (Godot 4
# does): there such a name gets a trailing underscore (`seed` -> `seed_`; Dictionary keys stay `seed`).
GD3_BUILTIN_FUNCS = frozenset("""
sin cos tan sinh cosh tanh asin acos atan atan2 sqrt fmod fposmod posmod floor ceil round abs sign pow log exp
is_nan is_inf is_equal_approx is_zero_approx ease decimals step_decimals stepify lerp lerp_angle inverse_lerp
range_lerp smoothstep move_toward dectime randomize randi randf rand_range seed rand_seed deg2rad rad2deg
linear2db db2linear polar2cartesian cartesian2polar wrapi wrapf max min clamp nearest_po2 weakref funcref convert
typeof type_exists char ord str print printt prints printerr printraw print_debug push_error push_warning var2str
str2var var2bytes bytes2var range load inst2dict dict2inst validate_json parse_json to_json hash Color8 ColorN
print_stack get_stack instance_from_id len is_instance_valid
""".split())
# Members every generated message class declares.
GENERATED_MEMBERS = frozenset({"to_bytes", "from_bytes", "to_variant", "from_variant", "last_error", "COMPACT",
                               "MSLIMA", "Pakt", "new", "free", "get", "set", "call", "duplicate"})


def identifier(name: str, godot: str) -> str:
    """A schema name as a GDScript member or enum value name."""
    if godot == "3" and name in GD3_BUILTIN_FUNCS:
        return name + "_"
    return name


def class_name(name: str, godot: str) -> str:
    """A message or enum name as a GDScript class / enum name: a trailing underscore when the engine
    generation has a native class of that name (Godot 3's `Geometry` singleton)."""
    return name + "_" if name in NATIVE_CLASSES[godot] else name


def is_generated(name: str) -> bool:
    return name.startswith("_pakt") or name in GENERATED_MEMBERS


def check_names(schema: Schema, godot: str = "4") -> List[str]:
    """`file:line:col: error: ...` lines for the names of `schema` the GDScript back end cannot spell."""
    errors = []
    for m in schema.messages:
        if m.name in GD_KEYWORDS or m.name in GD_TYPES or is_generated(m.name):
            errors.append(f"{m.loc}: error: message name '{m.name}' is a GDScript keyword, a Godot type or used by "
                          "the generated GDScript; rename it")
        for f in m.fields:
            if identifier(f.name, godot) != f.name and any(g.name == identifier(f.name, godot) for g in m.fields):
                errors.append(f"{f.loc}: error: field name '{f.name}' is spelled '{identifier(f.name, godot)}' in "
                              "Godot 3, which another field has; rename one")
            if f.name in GD_KEYWORDS or f.name in GD_TYPES:
                errors.append(f"{f.loc}: error: field name '{f.name}' is a GDScript keyword or a Godot type; rename it")
            elif is_generated(f.name):
                errors.append(f"{f.loc}: error: field name '{f.name}' is used by the generated GDScript; rename it")
        for f in m.fields:
            t = f.type.element if f.type.kind in ("list", "array") else f.type
            if t.kind == "message" and f.has_default and f.default not in (None, []):
                errors.append(f"{f.loc}: error: the GDScript back end cannot write a message-typed default; "
                              "remove it or set it in code")
    for e in schema.enums:
        if e.name in GD_KEYWORDS or e.name in GD_TYPES or is_generated(e.name):
            errors.append(f"{e.loc}: error: enum name '{e.name}' is a GDScript keyword, a Godot type or used by the "
                          "generated GDScript; rename it")
        for v in e.values:
            if v.name in GD_KEYWORDS:
                errors.append(f"{v.loc}: error: enum value '{v.name}' is a GDScript keyword; rename it")
    return errors
