"""GDScript spellings of schema names, from gdscript/names.yaml (the naming rule's data, docs/names.md).

The front end has refused every name GDScript cannot take; what is left to the back end is the names
one engine generation spells with a trailing '_' (a Godot 3 built-in function as a member, a native
class as a class name), which `pakt check` reports as warnings."""

from .. import names

NAMES = names.load("gdscript")


def identifier(name: str, godot: str) -> str:
    """A schema field or enum value name as a GDScript member or enum value name."""
    return NAMES.spell("field", name, f"Godot {godot}")


def class_name(name: str, godot: str) -> str:
    """A message or enum name as a GDScript class / enum name in Godot `godot`."""
    return NAMES.spell("message", name, f"Godot {godot}")

