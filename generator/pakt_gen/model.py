"""The schema model the back ends render, read from the front end's descriptor (descriptor.py).

Language-neutral: what the schema says plus the facts the front end computed (Facts). C++
spellings live in cpp/, never here.
"""

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

INTEGER_TYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
FLOAT_TYPES = ("float32", "float64")
VECTOR_COMPONENTS = {
    "Vector2": ("x", "y"),
    "Vector3": ("x", "y", "z"),
    "Quaternion": ("x", "y", "z", "w"),
    "Color": ("r", "g", "b", "a"),
    "Vector2i": ("x", "y"),
    "Vector3i": ("x", "y", "z"),
}
BUILTIN_TYPES = ("bool",) + INTEGER_TYPES + FLOAT_TYPES + ("string", "bytes") + tuple(VECTOR_COMPONENTS)



@dataclass(frozen=True, order=True)
class Location:
    """A position in a schema file, as the front end's diagnostics spell it."""

    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class WireSize:
    min_size: int
    fixed_size: Optional[int]  # None when the size depends on the value


@dataclass
class Facts:
    """What the front end computed about a message (docs/descriptor.md, FACTS)."""

    compact: WireSize
    mslima: WireSize
    marshal_size: int
    marshal_alignment: int
    wire_shape: str
    fingerprint: int
    version_boundaries: List[int]
    needs_check: bool
    takes_no_bytes: bool
    packed_min_bits: int = 0  # the fewest bits of the message in the packed format
    write_can_fail: bool = False  # writing it checks something: a limit, an array's length (in it or inside)
    packed_write_can_fail: bool = False  # writing it packed can fail: a range, a NaN quaternion, a limit


@dataclass
class TypeFacts:
    """What the front end computed about a field's type or its element, in that field (the TYPE's
    "facts", docs/descriptor.md): back ends spell these numbers, they never compute them."""

    min_size: int  # compact/mslima: the fewest bytes of one value
    fixed_size: Optional[int]  # compact/mslima: the bytes of every value, None when they vary
    packed_min_bits: int  # packed: the fewest bits of one value (with the field's packing and limits)
    write_can_fail: bool  # compact/mslima/Godot: writing a value checks something (a limit, an array's length)
    packed_write_can_fail: bool  # packed: writing a value can fail (a range, a NaN quaternion, a limit)


PACKED_CODE_KINDS = ("bool", "ranged", "varint", "zigzag", "raw", "quantized", "smallest_three")


@dataclass
class PackedCode:
    """How the packed format writes one value (docs/packed.md "Codes"), as the front end computed it."""

    kind: str  # one of PACKED_CODE_KINDS
    bits: int = 0  # ranged, quantized, smallest_three: bits per value (per component); raw: 8, 32 or 64
    min: Any = 0  # ranged: the smallest value (int); quantized: the range's min (float)
    span: int = 0  # ranged: max - min
    max: float = 0.0  # quantized
    steps: int = 0  # quantized


@dataclass
class Packing:
    """A field's packed options as written; None for each one not given."""

    range: Optional[Tuple[Any, Any]] = None  # ints for integer types and Vector2i/3i, else floats
    precision: Optional[float] = None
    bits: Optional[int] = None


@dataclass
class EnumValue:
    name: str
    number: int
    loc: Location


@dataclass
class Enum:
    name: str
    underlying: str  # an integer type name
    values: List[EnumValue]
    doc: str
    loc: Location
    schema: "Schema" = None
    full_name: str = ""

    def value_named(self, name: str) -> Optional[EnumValue]:
        return next((v for v in self.values if v.name == name), None)


@dataclass
class TypeRef:
    """A field's type. kind: builtin | enum | message | list | array."""

    kind: str
    name: str = ""  # builtin name, or the enum/message name
    element: Optional["TypeRef"] = None  # for list/array
    count: int = 0  # for array
    enum: Optional[Enum] = None
    message: Optional["Message"] = None
    facts: Optional[TypeFacts] = None  # a field's type and its element: the descriptor's facts

    def spelled(self) -> str:
        if self.kind == "list":
            return f"{self.element.spelled()}[]"
        if self.kind == "array":
            return f"{self.element.spelled()}[{self.count}]"
        return self.name

    @property
    def is_integer(self) -> bool:
        return self.kind == "builtin" and self.name in INTEGER_TYPES

    @property
    def is_float(self) -> bool:
        return self.kind == "builtin" and self.name in FLOAT_TYPES

    @property
    def is_vector(self) -> bool:
        return self.kind == "builtin" and self.name in VECTOR_COMPONENTS


@dataclass
class Field:
    name: str
    type: TypeRef
    loc: Location
    doc: str = ""
    default: Any = None  # a typed value (see descriptor.py); None is an optional's null
    has_default: bool = False
    initial: Any = None  # what a new message holds here (the descriptor's "initial"): the one default to spell
    optional: bool = False
    required: bool = False
    max_length: int = 0  # 0: not given
    max_count: int = 0  # 0: not given
    since: int = 1
    deprecated: bool = False
    packing: Optional[Packing] = None  # the packed options as written, None when none is given
    packed: Optional[PackedCode] = None  # the code of the leaf values (None: messages, strings, bytes)
    packed_length: Optional[PackedCode] = None  # a string's/bytes' length or a list's count
    packed_element_length: Optional[PackedCode] = None  # each string/bytes element's length (lists, arrays)
    packed_min_bits: int = 0  # the fewest bits of the field (1 when optional)


@dataclass
class Message:
    name: str
    fields: List[Field]
    doc: str
    loc: Location
    code: Optional[int] = None
    example: Any = None  # {field name: typed value} of the fields the example writes, or None
    example_loc: Optional[Location] = None
    godot: str = "dict"  # dict | array
    final: bool = False
    extensible: bool = False
    delta: bool = False  # packed: encoded against a baseline (docs/packed.md "Delta")
    facts: Optional[Facts] = None
    schema: "Schema" = None
    full_name: str = ""


@dataclass
class Schema:
    path: str  # as the front end spells it (diagnostics, banners)
    stem: str  # generated files are <stem>.pakt.*
    package: str
    version: int
    doc: str
    imports: List["Schema"] = field(default_factory=list)
    enums: List[Enum] = field(default_factory=list)
    messages: List[Message] = field(default_factory=list)
    godot: str = "dict"


@dataclass
class Descriptor:
    """A whole descriptor: every file (imports first) and the roots asked for."""

    files: List[Schema]
    roots: List[Schema]
    front_end_version: str = ""



def is_uint8(t: TypeRef) -> bool:
    return t.kind == "builtin" and t.name == "uint8"


def contained_message(t: TypeRef) -> Optional[Message]:
    """The message a value of type `t` holds by value: `t`'s own, or its list's or array's element
    type's (None for any other type)."""
    while t.kind in ("list", "array"):
        t = t.element
    return t.message if t.kind == "message" else None


def packed_delta_kind(f: Field) -> str:
    """How a changed field is written in a packed delta (docs/packed.md "Delta"): 'message' (the
    nested message's delta), 'list' or 'array' (of messages: element by element), or 'full'."""
    if f.optional:
        return "full"
    t = f.type
    if t.kind == "message":
        return "message"
    if t.kind in ("list", "array") and t.element.kind == "message":
        return t.kind
    return "full"


def length_code(t: TypeRef, f: Field) -> Optional[PackedCode]:
    """The packed code of the length of `t` (a string's, bytes' or list's) in field f: the
    descriptor's packed_length for the field's own type, packed_element_length for its elements."""
    return f.packed_length if t is f.type else f.packed_element_length
