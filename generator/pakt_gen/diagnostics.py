"""Compiler-style diagnostics: `path/to/file.yaml:LINE:COL: error: message`."""

from dataclasses import dataclass, field
from typing import List


@dataclass(frozen=True, order=True)
class Location:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: error: {self.message}"


@dataclass
class Diagnostics:
    """Collects every error so that one run reports them all."""

    items: List[Diagnostic] = field(default_factory=list)

    def error(self, location: Location, message: str) -> None:
        d = Diagnostic(location, message)
        if d not in self.items:
            self.items.append(d)

    def __bool__(self) -> bool:
        return bool(self.items)

    def sorted(self) -> List[Diagnostic]:
        return sorted(self.items)


class SchemaError(Exception):
    """Raised when a schema set has errors; carries all of them."""

    def __init__(self, diagnostics: List[Diagnostic]):
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics
