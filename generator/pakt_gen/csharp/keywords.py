"""C# spellings of schema names, from csharp/names.yaml (the naming rule's data, docs/names.md).

The front end has refused every name C# cannot take; the back end escapes keywords (`@class`: the
field's name stays `class`, as JsonUtility writes it) and writes enum values in PascalCase."""

from .. import names

NAMES = names.load("csharp")


def identifier(name: str) -> str:
    """A schema name as a C# identifier: keywords get `@`."""
    return NAMES.spell("field", name)


def pascal(name: str) -> str:
    """snake_case / lower -> PascalCase: photon_seed -> PhotonSeed, zero -> Zero."""
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p) or name
