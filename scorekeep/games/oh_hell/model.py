"""Oh Hell's values: the moves of a hand and the results a replay hands to scoring.

Everything here is small and frozen; `str()` of a move is its canonical text (`3`, `10H`,
`3 2 3 1`). This module imports nothing from the rest of the game, so the engine, the
record replay (`rules.py`) and scoring (`score.py`) all depend on it and not on each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from ...cards import Card
from ...game import Play

# A move's `line` says where the record writes it; it is not part of the move, so two moves
# that differ only there are equal and hash alike.


@dataclass(frozen=True, slots=True)
class Bid:
    """`player` bids `value` tricks."""

    player: str
    value: int
    line: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class CardPlay:
    """`player` plays `card` to the current trick."""

    player: str
    card: Card
    line: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Took:
    """The hand's summary result: tricks taken per player, in seat order (`counts[i]` is the
    i-th player's). `lines` are where the record writes each count, `line` the whole summary."""

    counts: tuple[int, ...]
    lines: tuple[int | None, ...] | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.counts)


Move = Bid | CardPlay | Took


class PlayedTrick(NamedTuple):
    """A trick as the replay judged it. `winner` is None while the trick is unfinished."""

    number: int
    plays: tuple[Play, ...]
    winner: str | None
    why: str


class HandResult(NamedTuple):
    number: int
    position: int | None
    """0-based place in the deal pattern the hand was judged at; None after the pattern's end."""
    size: int
    dealer: str
    trump: str | None
    turn_up: Card | None
    bids: Mapping[str, int]
    took: Mapping[str, int] | None
    """Tricks taken per player, once the hand's result is known."""
    points: Mapping[str, int] | None
    counted: bool
    """False for an unfinished hand and for a hand recorded after the game ended."""
    tricks: tuple[PlayedTrick, ...]
    trump_known: bool = True
    """False when the record neither turns up a card nor names trump (trump unknown, not none)."""
    hook_bound: str | None = None
    """The player the hook bound at their bid (the engine's oh-hell.hook check); None: nobody."""


class Result(NamedTuple):
    hands: tuple[HandResult, ...]
    pattern: tuple[int, ...]
    totals: Mapping[str, int]
    over: bool
