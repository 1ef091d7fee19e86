"""Random legal games for `scorekeep demo`: each game's module is a random policy over that
game's engine (`scorekeep/games/<game>/engine.py`: it picks among the position's legal
moves) plus the YAML styling of the record it writes.

  game(seed, **knobs) -> Generated      a complete legal match, reproducible from the seed

The independent second reading of the rules, which checks the engine, and the fault
injectors live with the tests (`tests/oracle/`, `tests/faults/`), not in the package.
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


MODULES = {
    "oh-hell": "scorekeep.generate.oh_hell",
    "rook": "scorekeep.generate.rook",
    "daifugo": "scorekeep.generate.daifugo",
}


def generator(game: str):  # type: ignore[no-untyped-def]
    """The generator module for a game name (`oh-hell`, `rook`, `daifugo`)."""
    import importlib

    return importlib.import_module(MODULES[game])


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter writes the same text about 3.5x faster than the pure-Python one."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _str)


def dump(data: dict[str, Any]) -> str:
    """YAML in the style of the record spec: block at the top, flow for tricks and card lists."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=120)
