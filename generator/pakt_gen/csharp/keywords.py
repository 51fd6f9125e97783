"""C# keywords and the names the generated C# declares; the check of a schema's names against them.

C# keywords are spelled with `@` (`@class`: the field's name stays `class`, as JsonUtility writes it);
names that would clash with the generated members or the message's own class are errors.
"""

from typing import List

from ..model import Schema

CS_KEYWORDS = frozenset("""
abstract as base bool break byte case catch char checked class const continue decimal default delegate do
double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface
internal is lock long namespace new null object operator out override params private protected public readonly
ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint
ulong unchecked unsafe ushort using virtual void volatile while
""".split())
# Members every generated message class declares.
GENERATED_MEMBERS = frozenset({"Serialize", "Deserialize", "SerializedSize", "ToJson", "PaktWrite", "PaktRead",
                               "PaktSize", "PaktJson", "PaktCheck", "PaktReset", "Equals", "GetHashCode",
                               "ToString", "GetType", "MemberwiseClone", "Finalize", "PaktCheckTop",
                               "PackedCodec", "PaktEmpty", "PaktPackedCodes", "PaktPackedCodec", "PaktWritePacked",
                               "PaktReadPacked", "PaktSamePacked", "PaktWritePackedDelta", "PaktReadPackedDelta",
                               "PaktCopy", "PaktRequirePacked"})
# Type names the generated files use unqualified.
GENERATED_TYPES = frozenset({"Pakt", "System", "Vector2", "Vector3", "Quaternion", "Color", "Vector2i", "Vector3i",
                             "List", "Serializable"})


def identifier(name: str) -> str:
    """A schema name as a C# identifier: keywords get `@`."""
    return "@" + name if name in CS_KEYWORDS else name


def pascal(name: str) -> str:
    """snake_case / lower -> PascalCase: photon_seed -> PhotonSeed, zero -> Zero."""
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p) or name


def check_names(schema: Schema) -> List[str]:
    """`file:line:col: error: ...` lines for the names of `schema` the C# back end cannot spell."""
    errors = []
    for m in schema.messages:
        if m.name in GENERATED_TYPES or m.name in CS_KEYWORDS:
            errors.append(f"{m.loc}: error: message name '{m.name}' is used by the generated C# code; rename it")
        for f in m.fields:
            if f.name == m.name:
                errors.append(f"{f.loc}: error: field name '{f.name}' equals its message's name, which C# does not "
                              "allow; rename it")
            elif f.name in GENERATED_MEMBERS:
                errors.append(f"{f.loc}: error: field name '{f.name}' is used by the generated C# code; rename it")
    for e in schema.enums:
        if e.name in GENERATED_TYPES or e.name in CS_KEYWORDS:
            errors.append(f"{e.loc}: error: enum name '{e.name}' is used by the generated C# code; rename it")
        seen = {}
        for v in e.values:
            p = pascal(v.name)
            if p in seen:
                errors.append(f"{v.loc}: error: enum values '{seen[p]}' and '{v.name}' are both '{p}' in C#; rename one")
            seen[p] = v.name
    return errors
