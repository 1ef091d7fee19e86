"""Rook's frozen values: what a replayed hand and match come to.

`rules.py` (the driver over the engine) builds them, `score.py` and the replay read them; this
module depends on nothing but the record and card values, so no game module imports in a cycle.
"""

# No `from __future__ import annotations`: with it, NamedTuple makes each field's annotation text a
# ForwardRef, compiling it, which took a third of this module's import time.

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...game import Play
from .cards import COLOR_NAME, Card, show


class Teams(NamedTuple):
    """The two partnerships: labels in seating order (the first player's team first)."""

    labels: tuple[str, str]
    members: Mapping[str, tuple[str, str]]
    of: Mapping[str, str]
    """Player → team label."""

    def other(self, label: str) -> str:
        return self.labels[1] if label == self.labels[0] else self.labels[0]

class PlayedTrick(NamedTuple):
    """A trick as the replay judged it. `winner` is None while the trick is unfinished."""

    number: int
    plays: tuple[Play, ...]
    winner: str | None
    points: int
    """Counters in the trick."""
    judged: tuple[Play, ...] = ()
    """The plays as judged: a card outside the deck replaced by the deck card it must have been,
    when the rest of the hand leaves exactly one (see `stand_ins`)."""


class HandResult(NamedTuple):
    number: int
    dealer: str
    seating: tuple[str, ...]
    calls: tuple[tuple[str, int | None], ...]
    """The auction as replayed: (caller, amount or None for pass)."""
    bidder: str | None
    bid: int | None
    bid_team: str | None
    forced: bool
    """All passed and the dealer took the hand at the minimum (`all_pass: dealer-forced`)."""
    thrown_in: bool
    trump: str | None
    nest: tuple[Card, ...] | None
    """The nest that goes to the last trick, if known: what 36 different cards played leave of the
    deck (in no particular order), else the cards the bid winner put back as written."""
    nest_points: int | None
    last_winner: str | None
    tricks: tuple[PlayedTrick, ...]
    points: Mapping[str, int] | None
    """Counters captured per team, once the hand's result is known."""
    scores: Mapping[str, int] | None
    made: bool | None
    complete: bool
    counted: bool
    """False for an unfinished or thrown-in hand and for a hand recorded after the game was won."""
    seat: str | None = None
    """The dealer whose left bid and led first (the record's `dealer` may be only miswritten)."""


class Result(NamedTuple):
    teams: Teams
    hands: tuple[HandResult, ...]
    totals: Mapping[str, int]
    winner: str | None
    won_at: int | None


# --- moves: small frozen values; str() is the canonical text ------------------------------

class DealMove(NamedTuple):
    """A hand dealt by `dealer` (the record's `dealer`; where it writes none, the rotation's)."""

    dealer: str

    def __str__(self) -> str:
        return self.dealer


class SeatingMove(NamedTuple):
    """A hand bid and played in the clockwise `order` (what the record shows, read by trial)."""

    order: tuple[str, ...]

    def __str__(self) -> str:
        return ", ".join(self.order)


class Written(NamedTuple):
    """Numbers the record writes for the teams — the `points` captured, a hand's `scores`, the running
    `totals` — as `record.TeamValue`s (team, value, line), in the order written."""

    key: str
    values: tuple[Any, ...]

    def __str__(self) -> str:
        return ", ".join(f"{tv.team} {tv.value}" for tv in self.values)


class OutcomeMove(NamedTuple):
    """What the record writes of an auction's outcome: the winning `bid` (player, amount; None when it
    writes none), and whether the hand goes on to be played or scored."""

    bid: tuple[str, int] | None
    played: bool

    def __str__(self) -> str:
        return "no bid" if self.bid is None else f"{self.bid[0]} {self.bid[1]}"


class NextHand(NamedTuple):
    """Another hand written after this one (the record goes on)."""

    number: int

    def __str__(self) -> str:
        return f"hand {self.number}"


class NextTrick(NamedTuple):
    """Another trick written in a hand (its number, 1 first)."""

    number: int

    def __str__(self) -> str:
        return f"trick {self.number}"


class CallMove(NamedTuple):
    """An auction call: a bid of `amount`, or a pass (`amount` None). `player` None: the record
    does not name the caller, who is then whoever's turn it is."""

    player: str | None
    amount: int | None

    def __str__(self) -> str:
        return "pass" if self.amount is None else str(self.amount)


class DiscardMove(NamedTuple):
    """The bid winner's 5 cards put back as the new nest; `cards` None when the record does not
    say which (the bid winner's hand is then known only by its count)."""

    player: str
    cards: tuple[Card, ...] | None

    def __str__(self) -> str:
        return "?" if self.cards is None else show(self.cards)


class TrumpMove(NamedTuple):
    """The bid winner names trump: a color letter (`R Y B G`), `none` (no trump: a violation)
    or None when the record does not say."""

    player: str
    color: str | None

    def __str__(self) -> str:
        return COLOR_NAME.get(self.color or "", str(self.color or "?"))


class CardMove(NamedTuple):
    """A card played to the trick. `written` is the card as the record wrote it when that is not
    a card of the deck, or a card already played, and the rest of the hand shows which card it was
    (`card`)."""

    player: str
    card: Card
    written: Card | None = None

    def __str__(self) -> str:
        return str(self.card)


class ResultMove(NamedTuple):
    """The summary result of a hand: captured points per team, in the teams' order (the team of
    the first player first); None for a team the record leaves out (it captured the rest)."""

    points: tuple[int | None, int | None]

    def __str__(self) -> str:
        return "-".join("?" if p is None else str(p) for p in self.points)


Move = CallMove | DiscardMove | TrumpMove | CardMove | ResultMove
