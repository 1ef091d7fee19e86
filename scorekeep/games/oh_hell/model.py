"""Oh Hell's values: the moves of a hand and the results a replay hands to scoring.

Everything here is small and frozen; `str()` of a move is its canonical text (`3`, `10H`,
`3 2 3 1`). This module imports nothing from the rest of the game, so the engine, the
record replay (`rules.py`) and scoring (`score.py`) all depend on it and not on each other.
"""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...cards import Card
from ...game import Play

# A move's `line` says where the record writes it; it is not part of the move, so two moves
# that differ only there are equal and hash alike, and moves of different kinds never are.
# (Named tuples, not frozen dataclasses: these are made at every Oh Hell start.)


def _equal_but_line(size: int) -> tuple[Callable[[Any, object], bool], Callable[[Any, object], bool],
                                        Callable[[Any], int]]:
    """`__eq__`, `__ne__` and `__hash__` of a move by its class and its first `size` fields (the
    rest say where it is written)."""
    def eq(self: Any, other: object) -> bool:
        return other.__class__ is self.__class__ and self[:size] == other[:size]  # type: ignore[index]

    def ne(self: Any, other: object) -> bool:
        return not eq(self, other)

    def hash_(self: Any) -> int:
        return hash((self.__class__, *self[:size]))
    return eq, ne, hash_


class Bid(NamedTuple):
    """`player` bids `value` tricks."""

    player: str
    value: int
    line: int | None = None

    def __str__(self) -> str:
        return str(self.value)

    __eq__, __ne__, __hash__ = _equal_but_line(2)


class CardPlay(NamedTuple):
    """`player` plays `card` to the current trick."""

    player: str
    card: Card
    line: int | None = None

    def __str__(self) -> str:
        return str(self.card)

    __eq__, __ne__, __hash__ = _equal_but_line(2)


class Took(NamedTuple):
    """The hand's summary result: tricks taken per player, in seat order (`counts[i]` is the
    i-th player's). `lines` are where the record writes each count, `line` the whole summary."""

    counts: tuple[int, ...]
    lines: tuple[int | None, ...] | None = None
    line: int | None = None

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.counts)

    __eq__, __ne__, __hash__ = _equal_but_line(1)


Move = Bid | CardPlay | Took


# --- the facts of a hand that are no bid and no card (judged by the engine's fact checks) ---------

class DealerMove(NamedTuple):
    """`dealer` deals the hand."""

    dealer: str

    def __str__(self) -> str:
        return self.dealer


class SizeMove(NamedTuple):
    """The hand is played with `size` cards each (`dealt`: the deal says so, else the written count
    or the pattern); `cards` the record's written count as written (None: not written); `counts`
    what each player was dealt, as (player, number), when the deal is recorded."""

    size: int
    dealt: bool
    cards: int | None
    counts: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        return str(self.size)


class DealtCard(NamedTuple):
    """`card` is dealt to `player`."""

    player: str
    card: Card

    def __str__(self) -> str:
        return str(self.card)


class TrumpMove(NamedTuple):
    """The hand's trump as the record gives it: the turned card, and the suit written (`none`: no
    trump; None: not written)."""

    written: str | None
    turn_up: Card | None

    def __str__(self) -> str:
        return str(self.turn_up) if self.turn_up is not None else str(self.written)


class Written(NamedTuple):
    """A number the score sheet writes for `player` in a hand: its score, or the running total."""

    player: str
    value: int

    def __str__(self) -> str:
        return str(self.value)


class NextHand(NamedTuple):
    """Another hand follows this one; `played`: this hand's play is recorded."""

    played: bool


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
