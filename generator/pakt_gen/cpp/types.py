"""C++ spellings of schema types: built-ins, qualified names, members' declared types.

Every type is spelled from the global namespace (`::std::string`, `::pakt::Vector3`,
`::game::net::Role`): a member named like a type (`Role Role;`), a field or message named `std` or
`pakt`, or a package `x.pakt` cannot change what the generated code names.
"""

from ..model import Field, Schema, TypeRef

# Built-in schema types -> C++ types (runtime/include/pakt: pakt::Vector3 ...).
BUILTIN_CPP = {
    "bool": "bool",
    "int8": "::std::int8_t",
    "int16": "::std::int16_t",
    "int32": "::std::int32_t",
    "int64": "::std::int64_t",
    "uint8": "::std::uint8_t",
    "uint16": "::std::uint16_t",
    "uint32": "::std::uint32_t",
    "uint64": "::std::uint64_t",
    "float32": "float",
    "float64": "double",
    "string": "::std::string",
    "bytes": "::std::vector<::std::uint8_t>",
    "Vector2": "::pakt::Vector2",
    "Vector3": "::pakt::Vector3",
    "Quaternion": "::pakt::Quaternion",
    "Color": "::pakt::Color",
    "Vector2i": "::pakt::Vector2i",
    "Vector3i": "::pakt::Vector3i",
}


def namespace(schema: Schema) -> str:
    """The C++ namespace of a schema's package: game.net -> game::net."""
    return "::".join(schema.package.split("."))


def qualified(schema: Schema, owner: Schema, name: str) -> str:
    """A declared type's name from the global namespace: ::game::net::Role (whatever `schema`, the
    file being generated: the same spelling in every file)."""
    if owner is None:
        owner = schema
    return "::" + namespace(owner) + "::" + name


def detail_namespace(schema: Schema) -> str:
    """Where a schema's source puts its internal helpers (the codecs its public functions call, the
    packed codes): ::pakt::generated::<package>, a namespace no schema name is declared in, so a
    helper's name (WriteS, ReadS, SizeS, packed_codes) cannot equal a user's message name."""
    return "::pakt::generated::" + namespace(schema)


def type_name(t: TypeRef, schema: Schema) -> str:
    if t.kind == "builtin":
        return BUILTIN_CPP[t.name]
    if t.kind == "enum":
        return qualified(schema, t.enum.schema, t.name)
    if t.kind == "message":
        return qualified(schema, t.message.schema, t.name)
    if t.kind == "list":
        return f"::std::vector<{type_name(t.element, schema)}>"
    return f"::std::array<{type_name(t.element, schema)}, {t.count}>"


def field_type(f: Field, schema: Schema) -> str:
    base = type_name(f.type, schema)
    return f"::std::optional<{base}>" if f.optional else base
