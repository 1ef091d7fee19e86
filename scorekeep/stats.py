"""Statistics over one game or a season of records, players matched by name.

Read from each record's score sheet (`Sheet.rows`, the stable shape every game hands out) and,
where a game counts events (Daifugō's revolutions), from the audit. Only what happened counts:
a hand without its tricks, or a game without its ranking, is left out. Each game counts its
own (`scorekeep/games/<game>/stats.py`: `lines` from its (audit, sheet) pairs, one frozen line
per player with its `to_json`; `tables` and `bars`, the lines as titled tables of text and bar
charts for the front ends to render); this module gathers a season and holds what they share.

    >>> from scorekeep import api, stats
    >>> s = stats.season([api.audit(api.load("samples/oh-hell-full-game.yaml"))])
    >>> [(p.name, p.hands, p.made) for p in s.of("oh-hell")]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any, NamedTuple

from .game import Audit, Sheet

Table = tuple[str, tuple[str, ...], list[tuple[str, ...]]]
"""A titled table: (title, headers, rows of text)."""
Bar = tuple[str, list[tuple[str, float]], str, float | None]
"""A bar chart: (title, (label, value) per bar, unit, the value of a full bar or None)."""


def pct(part: int, whole: int) -> float | None:
    """`part` of `whole` in per cent, one decimal; None when there is nothing to count."""
    return round(100 * part / whole, 1) if whole else None


def name_key(name: str) -> str:
    """Names are matched across files as typed on any keyboard (NFC: `René` is `René`)."""
    return unicodedata.normalize("NFC", name)


def average(total: int, n: int) -> float | None:
    return round(total / n, 1) if n else None


def percent_text(v: float | None) -> str:
    """`12.5%`, or `–` when there is nothing to count."""
    return "–" if v is None else f"{v:g}%"


def fraction_text(part: int, whole: int) -> str:
    """`3/4 (75%)`, or `–` when there is nothing to count."""
    return f"{part}/{whole} ({percent_text(pct(part, whole))})" if whole else "–"


def average_text(total: int, n: int) -> str:
    return f"{total / n:.1f}" if n else "–"


class Season(NamedTuple):
    """Statistics per game over the records given, players in order of first appearance."""

    records: int
    games: tuple[tuple[str, tuple[Any, ...]], ...]
    """(game, each player's line), the games of the records in the registry's order."""

    def of(self, game: str) -> tuple[Any, ...]:
        """The players' lines of one game (none when no record of it was given)."""
        return next((lines for name, lines in self.games if name == game), ())

    def to_json(self) -> dict[str, Any]:
        return {"records": self.records, "players": [p.to_json() for _g, lines in self.games for p in lines]}

    def tables(self) -> list[Table]:
        """The statistics as titled tables of text, one or more per game that has any."""
        return [t for game, lines in self.games if lines for t in _part(game).tables(lines)]

    def bars(self) -> list[Bar]:
        """Bar charts of the statistics, for a page."""
        return [b for game, lines in self.games if lines for b in _part(game).bars(lines)]


def _part(game: str) -> Any:
    from .games import REGISTRY

    return REGISTRY.part(game, "stats")


def season(audits: Iterable[Audit]) -> Season:
    """Statistics over the audited records, each game on its own."""
    from . import api
    from .games import REGISTRY

    by_game: dict[str, list[tuple[Audit, Sheet]]] = {name: [] for name in REGISTRY.names()}
    n = 0
    for a in audits:
        n += 1
        by_game[a.game].append((a, api.sheet(a)))
    return Season(n, tuple((game, _part(game).lines(pairs)) for game, pairs in by_game.items()
                           if pairs and _part(game) is not None))
