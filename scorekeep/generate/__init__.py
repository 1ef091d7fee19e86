"""Random legal games for `scorekeep demo`: each game's `demo.py` (`scorekeep/games/<game>/`) is a
random policy over that game's engine (it picks among the position's legal moves) plus the YAML
styling of the record it writes; this package holds what they share.

  game(seed, **knobs) -> Generated      a complete legal match, reproducible from the seed
"""

from typing import Any, NamedTuple

import yaml
from yaml.nodes import ScalarNode


class Generated(NamedTuple):
    """A generated match: the record as plain data and YAML, and what the generator scored."""

    game: str
    data: dict[str, Any]
    totals: dict[str, int]
    winner: str | list[str] | None
    events: tuple[tuple[str, dict[str, Any]], ...] = ()
    """Rule events the record must produce (Daifugō): (rule id, location)."""
    features: frozenset[str] = frozenset()
    """Rare situations this match contains (e.g. `bird-led`, `revolution`), for coverage."""

    @property
    def text(self) -> str:
        return dump(self.data)


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """PyYAML's safe dumper; text and whole numbers, most of a record, are represented as its
    representers do, without their lookups per value (an Oh Hell demo dumps in 4.8 ms, not 6.1)."""

    def represent_data(self, data: Any) -> Any:
        kind = type(data)
        if kind is str:  # SafeRepresenter.represent_str: never an alias, the default style
            return ScalarNode("tag:yaml.org,2002:str", data)
        if kind is int:  # represent_int (a bool is not an int here: `type`, not isinstance)
            return ScalarNode("tag:yaml.org,2002:int", str(data))
        return super().represent_data(data)


def dump(data: dict[str, Any]) -> str:
    """The record as YAML in the spec's layout: keys in the order given, block style at the top,
    flow style for a collection of scalars (a trick `{North: Y10, East: Y5}`, a list of cards
    or bids). The safe dumper quotes any text YAML would read as something else (`No`, `1`,
    `true`, `2026-11-30`), so every value reads back as written. Lines may run to 120
    characters, so that a hand of cards stays on one."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)
