import importlib.util
import sys

# The back end's two packages, named at once rather than as a traceback from deep in an import.
_MISSING = [name for name, package in (("jinja2", "python3-jinja2"), ("yaml", "python3-yaml"))
            if importlib.util.find_spec(name) is None]
if _MISSING:
    print(f"pakt_gen: error: {sys.executable} has no {' and no '.join(_MISSING)} module: install them "
          "(Debian: apt-get install python3-jinja2 python3-yaml) or run pakt generate --python with a Python 3 "
          "that has them", file=sys.stderr)
    sys.exit(1)

from .cli import main  # noqa: E402

sys.exit(main())
