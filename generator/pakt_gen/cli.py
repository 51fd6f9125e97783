"""The back ends' command line: the descriptor in, generated files out.

    python3 -m pakt_gen --lang LANG --out DIR [--formats LIST] [--godot 4|3] [--unity-package NAME[@VERSION]]
                        [--descriptor FILE]

Reads the descriptor `pakt describe` writes (stdin by default), writes the files of every root file
of the descriptor into DIR (an unchanged file is left untouched, so builds stay incremental) and
prints each output path on stdout, one per line. Users run `pakt generate`, which runs this.
"""

import argparse
import importlib
import os
import sys
from typing import Dict, List, Optional

from . import __version__
from .backend import FORMATS, BackEndError
from .descriptor import DescriptorError, load_descriptor

# The one place of the rules of --lang, --formats, --godot and --unity-package: `pakt generate`
# passes them through verbatim and relays the usage errors below (exit 2, the last stderr line
# "python3 -m pakt_gen: error: <problem>") with its own usage line.
PROG = "python3 -m pakt_gen"

# A language is a folder of pakt_gen with the front end's naming rules (names.yaml) and a package
# whose generate() writes its files; `pakt generate` finds the languages the same way.
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
LANGUAGES: List[str] = sorted(name for name in os.listdir(_PACKAGE_DIR)
                              if os.path.isfile(os.path.join(_PACKAGE_DIR, name, "names.yaml")))

# --formats names beyond FORMATS: godot4 and godot3 (the names of `pakt encode --format`) both mean
# the one generated godot codec, which carries both Godot generations.
FORMAT_ALIASES: Dict[str, str] = {"godot4": "godot", "godot3": "godot"}
FORMAT_NAMES: List[str] = [name for codec in FORMATS
                           for name in [codec] + [a for a, target in FORMAT_ALIASES.items() if target == codec]]

GODOT_VERSIONS = ["4", "3"]


def _or_list(names: List[str]) -> str:
    """'a, b or c'"""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def parse_formats(value: str) -> List[str]:
    """--formats LIST as the codecs to emit (aliases resolved, repeats dropped); ValueError says why not."""
    chosen: List[str] = []
    for name in (part.strip() for part in value.split(",")):
        if not name:
            continue
        if name not in FORMAT_NAMES:
            raise ValueError(f"unknown format '{name}' (use {', '.join(FORMAT_NAMES)})")
        codec = FORMAT_ALIASES.get(name, name)
        if codec not in chosen:
            chosen.append(codec)
    if not chosen:
        raise ValueError("no format given")
    return chosen


def write_if_changed(path: str, text: str) -> None:
    """Leaves an unchanged file untouched so that builds depending on it stay up to date."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            if f.read() == text:
                return
    except (OSError, UnicodeDecodeError):
        pass
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="pakt back end: generates code from the descriptor of `pakt describe` (run by `pakt generate`).",
    )
    parser.add_argument("--lang", required=True, metavar="LANG", help="the language to generate: " + _or_list(LANGUAGES))
    parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write the generated files to")
    parser.add_argument("--formats", metavar="LIST",
                        help="cpp: comma-separated codecs to emit: " + ", ".join(FORMAT_NAMES) + " (default: all; godot4 "
                             "and godot3 mean godot, the one Godot codec, which carries both generations)")
    parser.add_argument("--godot", metavar="4|3", help="gdscript: the Godot generation whose syntax to write (default: 4)")
    parser.add_argument("--descriptor", metavar="FILE", default="-",
                        help="the descriptor (JSON from `pakt describe`); default: standard input")
    parser.add_argument("--unity-package", metavar="NAME[@VERSION]",
                        help="csharp: the output folder is also a Unity package (package.json, NAME.asmdef, .meta files)")
    parser.add_argument("--check-options", action="store_true",
                        help="check the options and exit, reading no descriptor (pakt generate does this when its "
                             "schemas have errors, so that a bad option is reported at once too)")
    parser.add_argument("--version", action="version", version=f"pakt_gen {__version__}")
    args = parser.parse_args(argv)
    if args.lang not in LANGUAGES:
        parser.error(f"--lang: unknown language '{args.lang}' (use {_or_list(LANGUAGES)})")
    formats = FORMATS
    if args.formats is not None:
        if args.lang != "cpp":
            parser.error("--formats: applies with --lang cpp only (C#, GDScript and the dissector carry every "
                         "format: the format is chosen at run time)")
        try:
            formats = parse_formats(args.formats)
        except ValueError as e:
            parser.error(f"--formats: {e}")
    options = {}
    if args.godot is not None:
        if args.godot not in GODOT_VERSIONS:
            parser.error(f"--godot: unknown Godot version '{args.godot}' (use {_or_list(GODOT_VERSIONS)})")
        if args.lang != "gdscript":
            parser.error("--godot: applies with --lang gdscript only")
    if args.lang == "gdscript":
        options["godot"] = args.godot or "4"
    if args.unity_package is not None:
        if args.lang != "csharp":
            parser.error("--unity-package: applies with --lang csharp only")
        from .csharp import unity_package

        problem = unity_package.parse(args.unity_package)[1]
        if problem:
            parser.error("--unity-package: " + problem)
        options["unity_package"] = args.unity_package
    if args.check_options:
        return 0
    lang = importlib.import_module("." + args.lang, __package__)

    try:
        if args.descriptor == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(args.descriptor, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"pakt_gen: error: cannot read the descriptor {args.descriptor}: {e}", file=sys.stderr)
        return 1
    try:
        descriptor = load_descriptor(text)
        files = lang.generate(descriptor, formats, **options)
    except DescriptorError as e:
        print(f"pakt_gen: error: {e}", file=sys.stderr)
        return 1
    except BackEndError as e:
        for line in e.lines:
            print(line, file=sys.stderr)
        n = len(e.lines)
        print(f"{n} error{'s' if n != 1 else ''}", file=sys.stderr)
        return 1

    for name, text in files.items():
        path = os.path.join(args.out, name)
        try:
            os.makedirs(args.out, exist_ok=True)
            write_if_changed(path, text)
        except OSError as e:
            print(f"pakt_gen: error: cannot write {path}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(path)
    return 0
