"""Renders one schema of the descriptor into <stem>.pakt.cs, and the runtime file Pakt.Runtime.cs."""

import os
from typing import Dict

from .. import __version__
from ..backend import environment
from ..model import Schema
from . import filters

TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
RUNTIME_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime", "Pakt.Runtime.cs")


def make_environment():
    return environment(TEMPLATE_DIR, filters.FILTERS, filters.TESTS, gen_version=__version__)


def render(schema: Schema) -> Dict[str, str]:
    """{file name: text} for one schema: <stem>.pakt.cs."""
    env = make_environment()
    text = env.get_template("schema.cs.j2").render(schema=schema, messages=schema.messages)
    return {f"{schema.stem}.pakt.cs": text}


def runtime() -> Dict[str, str]:
    with open(RUNTIME_FILE, encoding="utf-8") as f:
        return {"Pakt.Runtime.cs": f.read()}
