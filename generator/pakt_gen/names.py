"""The naming rule's data, as each back end reads it for its spellings (docs/names.md).

Each language folder holds `names.yaml`: the names its language and generated code cannot take
(`refuse`), the names it spells with a suffix in one engine generation (`rename`) and those it escapes
(`escape`, C#'s `@class`). The front end (`pakt check`, frontend/schema/naming.cpp) applies the same
files to every schema, so a back end never refuses a name: it only spells the ones the front end let
through, with the rules below.
"""

import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import FrozenSet, Tuple

import yaml


@dataclass(frozen=True)
class Rule:
    why: str
    kinds: FrozenSet[str]
    names: FrozenSet[str] = frozenset()
    prefixes: Tuple[str, ...] = ()
    pattern: str = ""  # refuse rules: a regular expression the front end searches in the name
    where: str = ""  # rename: the engine generation ("Godot 3"), "" for every one
    suffix: str = ""  # rename
    prefix: str = ""  # escape

    def matches(self, name: str) -> bool:
        return name in self.names or any(name.startswith(p) for p in self.prefixes)


@dataclass(frozen=True)
class LanguageNames:
    language: str
    refuse: Tuple[Rule, ...] = ()
    rename: Tuple[Rule, ...] = ()
    escape: Tuple[Rule, ...] = ()
    value_case: str = "as_written"
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    def spell(self, kind: str, name: str, where: str = "") -> str:
        """`name` (a schema name of `kind`: package, message, enum, field, value) as the language writes it."""
        for r in self.rename:
            if kind in r.kinds and (not r.where or r.where == where) and r.matches(name):
                return name + r.suffix
        for r in self.escape:
            if kind in r.kinds and r.matches(name):
                return r.prefix + name
        return name

    def names_of(self, why_contains: str) -> FrozenSet[str]:
        """Every name of the refuse rules whose reason contains `why_contains` (for tests and fuzzers)."""
        return frozenset().union(*[r.names for r in self.refuse if why_contains in r.why])


def _rule(data: dict) -> Rule:
    return Rule(why=data["why"], kinds=frozenset(data["kinds"]), names=frozenset(data.get("names", [])),
                prefixes=tuple(data.get("prefixes", [])), pattern=data.get("pattern", ""), where=data.get("where", ""),
                suffix=data.get("suffix", ""), prefix=data.get("prefix", ""))


@lru_cache(maxsize=None)
def load(lang: str) -> LanguageNames:
    """The names.yaml of back end `lang` (cpp, csharp, gdscript, wireshark)."""
    path = os.path.join(os.path.dirname(__file__), lang, "names.yaml")
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    rules = {k: tuple(_rule(r) for r in data.get(k) or []) for k in ("refuse", "rename", "escape")}
    known = {"language", "refuse", "rename", "escape", "value_case"}
    return LanguageNames(language=data["language"], value_case=data.get("value_case", "as_written"),
                         extra={k: v for k, v in data.items() if k not in known}, **rules)
