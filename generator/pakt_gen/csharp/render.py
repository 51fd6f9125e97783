"""Renders one schema of the descriptor into <stem>.pakt.cs, and the runtime file Pakt.Runtime.cs."""

import os
from typing import Dict, List

import jinja2

from .. import __version__
from ..templating import template_environment
from ..model import Schema
from . import filters

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
RUNTIME_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime", "Pakt.Runtime.cs")
# The C# back end writes the binary formats only; godot and json (ToJson is always there) are C++'s.
ALL_FORMATS = ["compact", "mslima"]


def make_environment() -> jinja2.Environment:
    env = template_environment(TEMPLATE_DIR)
    filters.register(env)
    env.globals.update(gen_version=__version__)
    return env


def render(schema: Schema) -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.cs."""
    env = make_environment()
    text = env.get_template("schema.cs.j2").render(schema=schema, messages=schema.messages)
    return {f"{schema.stem}.pakt.cs": text}


def runtime() -> Dict[str, str]:
    with open(RUNTIME_FILE, encoding="utf-8") as f:
        return {"Pakt.Runtime.cs": f.read()}
