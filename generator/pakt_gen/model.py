"""The validated schema model the templates render: Schema, Enum, Message, Field, TypeRef."""

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .diagnostics import Location

# Scalar and built-in types: canonical name -> (C++ type, Marshal.SizeOf size, alignment).
# Marshal sizes follow the seed's "theoretical size": bool is a 4-byte Win32 BOOL and references
# (string, bytes, lists) are 8-byte pointers.
BUILTINS: Dict[str, tuple] = {
    "bool": ("bool", 4, 4),
    "int8": ("std::int8_t", 1, 1),
    "int16": ("std::int16_t", 2, 2),
    "int32": ("std::int32_t", 4, 4),
    "int64": ("std::int64_t", 8, 8),
    "uint8": ("std::uint8_t", 1, 1),
    "uint16": ("std::uint16_t", 2, 2),
    "uint32": ("std::uint32_t", 4, 4),
    "uint64": ("std::uint64_t", 8, 8),
    "float32": ("float", 4, 4),
    "float64": ("double", 8, 8),
    "string": ("std::string", 8, 8),
    "bytes": ("std::vector<std::uint8_t>", 8, 8),
    "Vector2": ("pakt::Vector2", 8, 4),
    "Vector3": ("pakt::Vector3", 12, 4),
    "Quaternion": ("pakt::Quaternion", 16, 4),
    "Color": ("pakt::Color", 16, 4),
    "Vector2i": ("pakt::Vector2i", 8, 4),
    "Vector3i": ("pakt::Vector3i", 12, 4),
}
ALIASES = {"byte": "uint8", "int": "int32", "long": "int64", "float": "float32", "double": "float64"}

INTEGER_RANGES = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 2**8 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "uint64": (0, 2**64 - 1),
}
# Wire size in compact/mslima of fixed-size built-ins (bool is 1 byte on the wire).
WIRE_SIZES = {
    "bool": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "uint8": 1, "uint16": 2, "uint32": 4,
    "uint64": 8, "float32": 4, "float64": 8, "Vector2": 8, "Vector3": 12, "Quaternion": 16,
    "Color": 16, "Vector2i": 8, "Vector3i": 12,
}
VECTOR_COMPONENTS = {
    "Vector2": ("x", "y"),
    "Vector3": ("x", "y", "z"),
    "Quaternion": ("x", "y", "z", "w"),
    "Color": ("r", "g", "b", "a"),
    "Vector2i": ("x", "y"),
    "Vector3i": ("x", "y", "z"),
}


@dataclass
class Enum:
    name: str
    underlying: str  # an integer type name
    values: List["EnumValue"]
    doc: str
    loc: Location
    schema: "Schema" = None

    def value_named(self, name: str) -> Optional["EnumValue"]:
        return next((v for v in self.values if v.name == name), None)


@dataclass
class EnumValue:
    name: str
    number: int
    loc: Location


@dataclass
class TypeRef:
    """A field's type. kind: builtin | enum | message | list | array."""

    kind: str
    name: str = ""  # builtin name, or the enum/message name
    element: Optional["TypeRef"] = None  # for list/array
    count: int = 0  # for array
    enum: Optional[Enum] = None
    message: Optional["Message"] = None

    def spelled(self) -> str:
        if self.kind == "list":
            return f"{self.element.spelled()}[]"
        if self.kind == "array":
            return f"{self.element.spelled()}[{self.count}]"
        return self.name

    @property
    def is_integer(self) -> bool:
        return self.kind == "builtin" and self.name in INTEGER_RANGES

    @property
    def is_float(self) -> bool:
        return self.kind == "builtin" and self.name in ("float32", "float64")

    @property
    def is_vector(self) -> bool:
        return self.kind == "builtin" and self.name in VECTOR_COMPONENTS


@dataclass
class Field:
    name: str
    type: TypeRef
    loc: Location
    doc: str = ""
    type_loc: Optional[Location] = None
    since_loc: Optional[Location] = None
    default: Any = None  # plain Python value as written, validated
    default_loc: Optional[Location] = None
    has_default: bool = False
    optional: bool = False
    required: bool = False
    max_length: int = 0
    max_count: int = 0
    since: int = 1
    deprecated: bool = False


@dataclass
class Message:
    name: str
    fields: List[Field]
    doc: str
    loc: Location
    code: Optional[int] = None
    example: Any = None
    example_loc: Optional[Location] = None
    godot: str = "dict"  # dict | array
    final: bool = False  # promises never to change (pakt-gen compat enforces it)
    extensible: bool = False  # length-prefixed on the wire, so older readers skip newer fields
    schema: "Schema" = None


@dataclass
class Schema:
    path: str  # as given on the command line (used in diagnostics and banners)
    package: str
    version: int
    doc: str
    imports: List["Schema"] = field(default_factory=list)
    enums: List[Enum] = field(default_factory=list)
    messages: List[Message] = field(default_factory=list)
    godot: str = "dict"

    @property
    def namespace(self) -> str:
        return "::".join(self.package.split("."))

    @property
    def stem(self) -> str:
        import os

        base = os.path.basename(self.path)
        return base[:-5] if base.endswith(".yaml") else os.path.splitext(base)[0]
