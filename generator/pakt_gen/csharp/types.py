"""C# spellings of schema types: built-ins, namespaces, qualified names, fields' declared types.

Every enum, message and BCL type is spelled fully qualified (`global::Game.Net.Weapon`,
`global::System.Collections.Generic.List<T>`): a field, parameter or local of the generated code, a
schema type or a namespace part named like it (`List`, `System`, a field `Weapon` of type `Weapon[]`)
cannot change what it means. The math types (`Vector3`, ...) are aliases each namespace block of the
generated file declares (schema.cs.j2); no schema type may be named like them (they are built-in types).
"""

from ..model import Field, Schema, TypeRef
from ..type_walk import TypeWalk
from .keywords import identifier, pascal

BUILTIN_CS = {
    "bool": "bool",
    "int8": "sbyte",
    "int16": "short",
    "int32": "int",
    "int64": "long",
    "uint8": "byte",
    "uint16": "ushort",
    "uint32": "uint",
    "uint64": "ulong",
    "float32": "float",
    "float64": "double",
    "string": "string",
    "bytes": "byte[]",
    "Vector2": "Vector2",
    "Vector3": "Vector3",
    "Quaternion": "Quaternion",
    "Color": "Color",
    "Vector2i": "Vector2i",
    "Vector3i": "Vector3i",
}
# Built-ins whose C# type is a struct (Nullable<T> when optional).
VALUE_BUILTINS = frozenset(k for k in BUILTIN_CS if k not in ("string", "bytes"))


def namespace(schema: Schema) -> str:
    """The package with each dot-separated part in PascalCase: holdout.mslima -> Holdout.Mslima."""
    return ".".join(pascal(p) for p in schema.package.split("."))


# The BCL types the generated code names, fully qualified.
LIST = "global::System.Collections.Generic.List"


def qualified(owner: Schema, name: str) -> str:
    """An enum or message of schema `owner`: `global::Game.Net.Weapon` (keywords with `@`)."""
    return "global::" + namespace(owner) + "." + identifier(name)


def is_value_type(t: TypeRef) -> bool:
    return t.kind == "enum" or (t.kind == "builtin" and t.name in VALUE_BUILTINS)


class TypeName(TypeWalk):
    """walk(t): the C# type of a value of `t` (fully qualified: the same in every schema's file)."""

    def visit_number(self, t: TypeRef) -> str:
        return BUILTIN_CS[t.name]

    visit_text = visit_number

    def visit_enum(self, t: TypeRef) -> str:
        return qualified(t.enum.schema, t.name)

    def visit_message(self, t: TypeRef) -> str:
        return qualified(t.message.schema, t.name)

    def visit_list(self, t: TypeRef) -> str:
        return f"{LIST}<{self.walk(t.element)}>"

    def visit_array(self, t: TypeRef) -> str:
        return f"{self.walk(t.element)}[]"


def type_name(t: TypeRef, schema: Schema) -> str:
    return TypeName().walk(t)


def new_array(element: str, count) -> str:
    """`new T[N]` for an element type spelled `element`: an element that is itself an array (`byte[]` of
    `bytes[2]`) takes the count in its first brackets, `new byte[2][]` (`new byte[][2]` is CS0178)."""
    suffix = ""
    while element.endswith("[]"):
        element, suffix = element[:-2], suffix + "[]"
    return f"new {element}[{count}]{suffix}"


def field_type(f: Field, schema: Schema) -> str:
    base = type_name(f.type, schema)
    return base + "?" if f.optional and is_value_type(f.type) else base
