"""The shape every game engine has: positions, moves, the filters that make moves legal,
and rulings.

A game's engine (`scorekeep/games/<game>/engine.py`) knows, at any point of a match, who acts
next (`Position.to_act`), what kind of move is due (`Position.phase`) and which moves are
legal (`Position.legal_moves()`). Legality is decided by an ordered list of `Filter`s, each
carrying the public rule id it judges, in the order the articles argue (holds the led
color? the Bird? trump led?). One question — why is this move not legal here? — is answered
by `Position.ruling(move)`: the first filter that excludes the move gives the rule id, the
legal alternatives and the facts that decide it.

`Position.apply(move)` gives the next position and what the move caused: violations (an
illegal move can still be applied: the record says it happened) and rule events
(revolution, 8-cut, …). Positions never change in place, so a trial reading is a cheap
branch: keep the old position, apply to it again.

Drivers over an engine: `check` (rule on each recorded entry, record the finding, apply),
`replay` (the positions turn by turn), `demo` (a random choice among the legal moves), live
entry (the legal choices offered at a prompt) and `why` (one ruling, explained).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol

from .errors import Finding


class Step(NamedTuple):
    """One question of a decision, in the order the articles ask it: `question` ("does East
    hold the led suit ♥?"), its `answer` ("yes: 9♥"), and the rule id that asks it."""

    question: str
    answer: str
    rule: str


class Ruling(NamedTuple):
    """The engine's answer on one move at one position.

    `legal` says whether the move is allowed; `rule` is the rule id that decides it (for an
    illegal move, the filter that excluded it; for a legal one, the rule that allows it, e.g.
    `rook.bird-anytime`); `reason` says why in a card player's words; `allowed` lists the
    legal choices as canonical text when the rule is a legal set (None otherwise); `see`
    names the other rules involved; `steps` is the decision in the articles' order.
    """

    move: str
    legal: bool
    rule: str
    reason: str
    allowed: tuple[str, ...] | None = None
    see: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()

    def finding(self, **where: Any) -> Finding:
        """This ruling as a violation at a location (hand, trick, player, line …)."""
        return Finding(self.rule, self.reason, allowed=self.allowed, see=self.see, **where)


class Filter(NamedTuple):
    """A named test a move must pass to be legal, carrying the rule id it judges.

    `test(position, move)` returns None when the move passes, else the reason it is excluded.
    """

    rule: str
    name: str
    test: Callable[[Any, Any], str | None]


def first_excluding(filters: Sequence[Filter], position: Any, move: Any) -> tuple[Filter, str] | None:
    """The first filter, in decision order, that excludes `move` at `position`, with its reason."""
    for f in filters:
        why = f.test(position, move)
        if why is not None:
            return f, why
    return None


def passing(filters: Sequence[Filter], position: Any, candidates: Iterable[Any]) -> list[Any]:
    """The candidates that pass every filter: the legal moves."""
    return [m for m in candidates if first_excluding(filters, position, m) is None]


class Position(Protocol):
    """What every game's position offers; each game's own class adds its state."""

    @property
    def phase(self) -> str:
        """What kind of move is due: e.g. `bid`, `play`, `call`, `discard`, `trump`,
        `exchange`, `result`, or `over` when the match has ended."""

    @property
    def to_act(self) -> str | None:
        """Who acts next (None when no single player does, e.g. a summary result is due)."""

    def legal_moves(self) -> list[Any]:
        """The legal moves here, each a small frozen value whose `str()` is canonical text."""

    def is_legal(self, move: Any) -> bool:
        """Whether `move` passes every filter here."""

    def ruling(self, move: Any) -> Ruling:
        """Why `move` is or is not legal here: rule id, reason, allowed choices, steps."""

    def apply(self, move: Any) -> tuple[Position, list[Finding]]:
        """The next position and the findings the move causes (violations and events).
        An illegal move is applied as the record says it happened."""
