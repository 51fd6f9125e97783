"""Command line: pakt-gen [--check] [--out DIR] [--depfile FILE] FILE.yaml...
   or: pakt-gen compat OLD.yaml NEW.yaml (see compat.py)"""

import argparse
import os
import sys
from typing import List, Optional

from . import __version__, compat
from .diagnostics import SchemaError
from .loader import load_schemas
from .render import ALL_FORMATS, render


def write_if_changed(path: str, text: str) -> None:
    """Leaves an unchanged file untouched so that builds depending on it stay up to date."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def all_schema_files(schemas) -> List[str]:
    seen, order = set(), []

    def visit(s):
        if s.path in seen:
            return
        seen.add(s.path)
        for i in s.imports:
            visit(i)
        order.append(s.path)

    for s in schemas:
        visit(s)
    return order


def main(argv: Optional[List[str]] = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["compat"]:
        return compat.main(argv[1:])
    parser = argparse.ArgumentParser(
        prog="pakt-gen",
        description="Generate C++17 Serialize/Deserialize code from pakt YAML message schemas.",
        epilog="pakt-gen compat OLD.yaml NEW.yaml lists the changes that break peers using OLD.",
    )
    parser.add_argument("schemas", nargs="+", metavar="FILE.yaml", help="schema files")
    parser.add_argument("--out", metavar="DIR", help="write DIR/<stem>.pakt.h and DIR/<stem>.pakt.cpp")
    parser.add_argument("--check", action="store_true", help="only validate the schemas")
    parser.add_argument("--depfile", metavar="FILE", help="write a Makefile-style depfile listing imported schemas")
    parser.add_argument("-I", "--import-dir", dest="import_dirs", action="append", default=[], metavar="DIR",
                        help="also look for imported schemas in DIR (after the importing file's folder)")
    parser.add_argument("--formats", default=",".join(ALL_FORMATS), metavar="LIST",
                        help="comma-separated codecs to emit: " + ",".join(ALL_FORMATS) + " (default: all)")
    parser.add_argument("--version", action="version", version=f"pakt-gen {__version__}")
    args = parser.parse_args(argv)
    if not args.check and not args.out:
        parser.error("one of --out DIR or --check is required")
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    unknown = [f for f in formats if f not in ALL_FORMATS]
    if unknown or not formats:
        parser.error(f"--formats: unknown format '{unknown[0] if unknown else ''}'; choose from " + ",".join(ALL_FORMATS))

    try:
        schemas = load_schemas(args.schemas, args.import_dirs)
    except SchemaError as e:
        for d in e.diagnostics:
            print(d, file=sys.stderr)
        n = len(e.diagnostics)
        print(f"{n} error{'s' if n != 1 else ''}", file=sys.stderr)
        return 1
    if args.check:
        return 0

    os.makedirs(args.out, exist_ok=True)
    outputs = []
    for schema in schemas:
        for name, text in render(schema, formats).items():
            path = os.path.join(args.out, name)
            write_if_changed(path, text)
            outputs.append(path)
    if args.depfile:
        deps = " ".join(os.path.abspath(p).replace(" ", "\\ ") for p in all_schema_files(schemas))
        target = os.path.abspath(outputs[0]).replace(" ", "\\ ")
        write_if_changed(args.depfile, f"{target}: {deps}\n")
    return 0
