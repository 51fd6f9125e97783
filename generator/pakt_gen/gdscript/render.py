"""Renders one schema of the descriptor into <stem>.pakt.gd, and the runtime script pakt_runtime.gd."""

import os
from typing import Dict

from .. import __version__
from ..model import Schema
from ..backend import environment
from . import filters
from .types import spellings

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
RUNTIME_NAME = "pakt_runtime.gd"


def make_environment():
    return environment(TEMPLATE_DIR, filters.FILTERS, filters.TESTS, gen_version=__version__,
                       runtime_name=RUNTIME_NAME)


def render(schema: Schema, godot: str = "4") -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.gd."""
    env = make_environment()
    text = env.get_template("schema.gd.j2").render(schema=schema, messages=schema.messages, godot=godot,
                                                    g=spellings(godot))
    return {f"{schema.stem}.pakt.gd": text}


def runtime(godot: str = "4") -> Dict[str, str]:
    env = make_environment()
    return {RUNTIME_NAME: env.get_template("runtime.gd.j2").render(godot=godot, g=spellings(godot))}
