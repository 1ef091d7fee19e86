"""Daifugō's frozen values: the moves (a play of cards, a pass, a gift in the exchange, the written
result) and the canonical text of cards, the play on the table, and the results the sheet and the replay read.

Nothing here judges a rule: `engine.py` builds these values, `score.py` and the replay read them.
"""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Union

from .cards import DCard, _sort_key, show
from .combos import STAIRS, Reading
from .rulebook import RANK_NAMES

EXCHANGE = ((0, 3, 2), (3, 0, 2), (1, 2, 1), (2, 1, 1))
"""(giver's rank, receiver's rank, cards) by index into a ranking, 大富豪 first."""
EXCHANGE_COUNT = {a: n for a, _b, n in EXCHANGE}


def rank_name(i: int) -> str:
    """大富豪, 富豪, 貧民, 大貧民 by index into a ranking (`rank 5` beyond)."""
    return RANK_NAMES[i] if i < len(RANK_NAMES) else f"rank {i + 1}"


# --- the moves --------------------------------------------------------------------------------

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
    cards = None
    """A pass plays no cards (what a turn's `cards` is when it is a pass)."""

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


# --- the play on the table ------------------------------------------------------------

class OnTable(NamedTuple):
    """A play lying on the table: who made it, its cards, how it was read, and whether it was legal."""

    player: str
    cards: tuple[DCard, ...]
    reading: Reading | None
    legal: bool

    def text(self) -> str:
        r = self.reading
        if r is None:
            return f"{show(self.cards)} (not a combination) by {self.player}"
        if r.kind == STAIRS and not r.jokers:  # the description already names every card
            return f"{r.describe()} by {self.player}"
        return f"{r.describe()} ({show(self.cards)}) by {self.player}"


# --- results the sheet and the replay read ----------------------------------------------

class TurnView(NamedTuple):
    """One entry of `plays` as the replay judged it, with the table state before it."""

    index: int
    player: str
    cards: tuple[DCard, ...] | None
    reading: Reading | None
    table: "OnTable | None"
    """The play to beat before this turn (None: an empty table)."""
    revolution: bool
    lock: tuple[str, ...] | None
    notes: tuple[str, ...]
    before: Any = None
    """The engine's position before this turn (`engine.Position`), for what was legal there."""

    @property
    def to_beat(self) -> str:
        return self.table.text() if self.table is not None else "—"


class GameResult(NamedTuple):
    set: int
    number: int
    line: int
    seats: tuple[str, ...]
    leader: str | None
    """Who should lead (None when the previous game's ranking is unknown)."""
    ranking: tuple[str, ...] | None
    """Final ranking, 大富豪 first; None while the game is unfinished."""
    counted: bool
    points: Mapping[str, int] | None
    fouls: tuple[str, ...]
    fallen: str | None
    prev_daifugo: str | None
    form: str
    """`plays`, `out`, `ranks` or `none`: where the ranking came from."""
    turns: tuple[TurnView, ...]
    exchange: Mapping[str, tuple[DCard, ...]] | None
    exits: tuple[tuple[str, bool], ...] = ()
    """Who went out by a play, in order, and whether legally (fouls are False)."""
    gifts: tuple[tuple[Any, Any], ...] = ()
    """When the replay keeps positions: each gift of the exchange (`engine.Exchange`) with the
    engine's position before it, in the order given."""
    fell_when: str = ""
    """The finish that made `fallen` fall (都落ち), in the engine's words (`Standing.first_out`)."""

    @property
    def complete(self) -> bool:
        return self.ranking is not None


class SetResult(NamedTuple):
    number: int
    seats: tuple[str, ...]
    first: str
    games: tuple[GameResult, ...]
    complete: bool
    counted: bool
    totals: Mapping[str, int]


class Result(NamedTuple):
    sets: tuple[SetResult, ...]
    totals: Mapping[str, int]
    over: bool
    limit: int | None
    rank_points: tuple[int, ...]
