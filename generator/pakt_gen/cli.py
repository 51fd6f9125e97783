"""The back ends' command line: the descriptor in, generated files out.

    python3 -m pakt_gen --lang cpp --out DIR [--formats compact,mslima,godot,json,packed] [--descriptor FILE]

Reads the descriptor `pakt describe` writes (stdin by default), writes the files of every root file
of the descriptor into DIR (an unchanged file is left untouched, so builds stay incremental) and
prints each output path on stdout, one per line. Users run `pakt generate`, which runs this.
"""

import argparse
import os
import sys
from typing import Callable, Dict, List, Optional

from . import __version__
from .backend import FORMATS, BackEndError
from .descriptor import DescriptorError, load_descriptor


def _cpp():
    from . import cpp

    return cpp


# --lang -> a function returning the language's package (its generate()).
def _csharp():
    from . import csharp

    return csharp


def _gdscript():
    from . import gdscript

    return gdscript


def _wireshark():
    from . import wireshark

    return wireshark


LANGUAGES: Dict[str, Callable] = {"cpp": _cpp, "csharp": _csharp, "gdscript": _gdscript, "wireshark": _wireshark}


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
        prog="python3 -m pakt_gen",
        description="pakt back end: generates code from the descriptor of `pakt describe` (run by `pakt generate`).",
    )
    parser.add_argument("--lang", required=True, choices=sorted(LANGUAGES), help="the language to generate")
    parser.add_argument("--out", required=True, metavar="DIR", help="write DIR/<stem>.pakt.h and DIR/<stem>.pakt.cpp")
    parser.add_argument("--formats", default=",".join(FORMATS), metavar="LIST",
                        help="comma-separated codecs to emit: " + ",".join(FORMATS) + " (default: all)")
    parser.add_argument("--godot", choices=["4", "3"], default=None,
                        help="gdscript: the Godot generation whose syntax to write (default: 4)")
    parser.add_argument("--descriptor", metavar="FILE", default="-",
                        help="the descriptor (JSON from `pakt describe`); default: standard input")
    parser.add_argument("--unity-package", metavar="NAME[@VERSION]",
                        help="csharp: the output folder is also a Unity package (package.json, NAME.asmdef, .meta files)")
    parser.add_argument("--version", action="version", version=f"pakt_gen {__version__}")
    args = parser.parse_args(argv)
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        parser.error(f"--formats: unknown format '{unknown[0] if unknown else ''}'; choose from " + ",".join(FORMATS))
    if args.godot is not None and args.lang != "gdscript":
        parser.error("--godot applies to --lang gdscript only")
    lang = LANGUAGES[args.lang]()
    options = {"godot": args.godot or "4"} if args.lang == "gdscript" else {}
    if args.unity_package is not None:
        if args.lang != "csharp":
            parser.error("--unity-package applies with --lang csharp only")
        from .csharp import unity_package

        if unity_package.parse(args.unity_package)[0] is None:
            parser.error("--unity-package: " + unity_package.parse(args.unity_package)[1])
        options["unity_package"] = args.unity_package

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
