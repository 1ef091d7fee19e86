"""Oh Hell's values: the moves of a hand and the results a replay hands to scoring.

Everything here is small and frozen; `str()` of a move is its canonical text (`3`, `10H`,
`3 2 3 1`). This module imports nothing from the rest of the game, so the engine, the
record replay (`rules.py`) and scoring (`score.py`) all depend on it and not on each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...cards import Card
from ...game import Play

# The moves are hand-written frozen, slotted value classes rather than dataclasses: three
# dataclasses cost every Oh Hell command about 5 ms of start-up (and `dataclasses` itself 1 ms).
# They behave as `@dataclass(frozen=True, slots=True)` with `line` fields left out of equality.


class _Frozen:
    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, f) for f in self._fields)


class Bid(_Frozen):
    """`player` bids `value` tricks. `line` is where the record says so (not part of the move)."""

    __slots__ = ("player", "value", "line")
    _fields = __slots__
    __match_args__ = __slots__
    player: str
    value: int
    line: int | None

    def __init__(self, player: str, value: int, line: int | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "line", line)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.player == other.player and self.value == other.value  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.player, self.value))

    def __str__(self) -> str:
        return str(self.value)


class CardPlay(_Frozen):
    """`player` plays `card` to the current trick."""

    __slots__ = ("player", "card", "line")
    _fields = __slots__
    __match_args__ = __slots__
    player: str
    card: Card
    line: int | None

    def __init__(self, player: str, card: Card, line: int | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "line", line)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.player == other.player and self.card == other.card  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.player, self.card))

    def __str__(self) -> str:
        return str(self.card)


class Took(_Frozen):
    """The hand's summary result: tricks taken per player, in seat order (`counts[i]` is the
    i-th player's). `lines` are where the record writes each count, `line` the whole summary
    (neither is part of the move)."""

    __slots__ = ("counts", "lines", "line")
    _fields = __slots__
    __match_args__ = __slots__
    counts: tuple[int, ...]
    lines: tuple[int | None, ...] | None
    line: int | None

    def __init__(self, counts: tuple[int, ...], lines: tuple[int | None, ...] | None = None,
                 line: int | None = None) -> None:
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "line", line)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.counts == other.counts  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.counts,))

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


class Result(NamedTuple):
    hands: tuple[HandResult, ...]
    pattern: tuple[int, ...]
    totals: Mapping[str, int]
    over: bool
