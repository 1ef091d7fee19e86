"""Daifugō's moves as values: a play of cards, a pass, a gift in the exchange, the written result,
and the canonical text of cards (weakest first in normal order)."""

from collections.abc import Sequence
from typing import Any, NamedTuple, Union

from .cards import DCard, _sort_key

def cards_text(cards: Sequence[DCard]) -> str:
    """Canonical text of cards, weakest first in normal order: `7H 7S JK=7D`."""
    return " ".join(str(c) for c in sorted(cards, key=_sort_key))


class Play(NamedTuple):
    """A play of cards (jokers may carry the card they stand in for, `JK=5H`)."""

    player: str
    cards: tuple[DCard, ...]
    line: int | None = None
    """Where the record says so (None for a move made by a program)."""

    def __str__(self) -> str:
        return cards_text(self.cards)


class Pass(NamedTuple):
    """A pass."""

    player: str
    line: int | None = None

    def __str__(self) -> str:
        return "pass"


class Outcome(NamedTuple):
    """A game's written result: `out` (the order of going out, forbidden finishes included),
    `fouls`, `ranks` (the record's `Names`, each None when not written), and whether the record
    gives the game's plays (the result is then judged against them)."""

    out: Any
    fouls: Any
    ranks: Any
    after_plays: bool = False

    @property
    def player(self) -> None:
        return None

    def __str__(self) -> str:
        parts = [f"{k}: {' '.join(v.names)}" for k, v in (("out", self.out), ("fouls", self.fouls),
                                                           ("ranks", self.ranks)) if v is not None]
        return "; ".join(parts) or "no result written"


class Exchange(NamedTuple):
    """The cards one player gives in the exchange (None: the record does not say)."""

    player: str
    cards: tuple[DCard, ...] | None
    line: int | None = None

    def __str__(self) -> str:
        return cards_text(self.cards or ())


Move = Union[Play, Pass, Exchange, Outcome]
