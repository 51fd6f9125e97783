"""Names C++ does not allow as identifiers, and the check of a schema's names against them.

The front end accepts any identifier-shaped name; what a target language reserves is the back
end's business. The C++ back end rejects such names (it does not rename: a field spelled
differently in C++ than in the schema would surprise the Godot and JSON keys' readers).
"""

import re
from typing import List

from ..model import Location, Schema

CPP_KEYWORDS = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public
register reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch
template this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile
wchar_t while xor xor_eq final override import module
""".split())
# Names the generated code itself declares next to each message (and the namespaces it uses).
GENERATED_NAMES = frozenset({"Serialize", "Deserialize", "SerializedSize", "ToJson", "WriteMessage", "ReadMessage",
                             "MessageWireSize", "CheckMessage", "WriteJsonMessage", "pakt", "std"})
_RESERVED = re.compile(r"^(__|_[A-Z])")


def name_problem(name: str) -> str:
    """Why `name` cannot be a C++ identifier, or ''."""
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if _RESERVED.match(name):
        return "is reserved in C++"
    return ""


def check_names(schema: Schema) -> List[str]:
    """`file:line:col: error: ...` lines for the names of `schema` that C++ cannot spell."""
    errors = []

    def check(loc: Location, name: str, what: str) -> None:
        problem = name_problem(name)
        if problem:
            errors.append(f"{loc}: error: {what} '{name}' {problem}; rename it (the C++ back end "
                          "keeps schema names as they are)")

    for part in schema.package.split("."):
        # The descriptor gives no position for the package: its file's first line.
        check(Location(schema.path, 1, 1), part, "package part")
    for e in schema.enums:
        check(e.loc, e.name, "enum name")
        for v in e.values:
            check(v.loc, v.name, "enum value name")
    for m in schema.messages:
        check(m.loc, m.name, "message name")
        if m.name in GENERATED_NAMES:
            errors.append(f"{m.loc}: error: message name '{m.name}' is used by the generated C++ code")
        for f in m.fields:
            check(f.loc, f.name, "field name")
    return errors
