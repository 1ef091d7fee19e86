"""Random legal games and single injected faults, for `scorekeep demo` and the property tests.

Each game has a module here written from the rule digest on its own, not from the
checker's code: when the generator and the checker disagree, one of them has misread a
rule, which is exactly what these tests exist to find.

  game(seed, **knobs) -> Generated      a complete legal match, reproducible from the seed
  inject(gen, rule, rng) -> Fault|None  the same match with one breach of `rule`
  FAULT_RULES                           the rule ids `inject` can produce
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml


@dataclass(frozen=True)
class Generated:
    """A generated match: the record as plain data and YAML, and what the generator scored."""

    game: str
    data: dict[str, Any]
    totals: dict[str, int]
    winner: str | list[str] | None
    events: tuple[tuple[str, dict[str, Any]], ...] = ()
    """Rule events the record must produce (Daifugō): (rule id, location)."""
    features: frozenset[str] = field(default_factory=frozenset)
    """Rare situations this match contains (e.g. `bird-led`, `revolution`), for coverage."""

    @property
    def text(self) -> str:
        return dump(self.data)


@dataclass(frozen=True)
class Fault:
    """One injected breach: the record that contains it and where the checker must find it."""

    rule: str
    data: dict[str, Any]
    location: dict[str, Any]
    """The expected 1-based location fields (hand, trick, set, game, play, player)."""
    what: str
    """What was changed, for test failure messages."""

    @property
    def text(self) -> str:
        return dump(self.data)


MODULES = {
    "oh-hell": "scorekeep.generate.oh_hell",
    "rook": "scorekeep.generate.rook",
    "daifugo": "scorekeep.generate.daifugo",
}


def generator(game: str):  # type: ignore[no-untyped-def]
    """The generator module for a game name (`oh-hell`, `rook`, `daifugo`)."""
    import importlib

    return importlib.import_module(MODULES[game])


def write_atomically(path: str, text: str, overwrite: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename, so that a crash or a
    full disk never leaves a half-written record behind."""
    import os
    import tempfile

    target = os.path.abspath(path)
    if not overwrite and os.path.exists(target):
        raise FileExistsError(target)
    fd, tmp = tempfile.mkstemp(prefix=".scorekeep-", suffix=".yaml", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)  # fails if the file appeared meanwhile: never clobber it
            os.unlink(tmp)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter writes the same text about 3.5x faster than the pure-Python one."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _str)


def dump(data: dict[str, Any]) -> str:
    """YAML in the style of the record spec: block at the top, flow for tricks and card lists."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=120)
