"""The shape every game engine has: positions, moves, the filters that make moves legal,
and rulings.

A game's engine (`scorekeep/games/<game>/engine.py`) knows, at any point of a match, who acts
next (`Position.to_act`), what kind of move is due (`Position.phase`) and which moves are
legal (`Position.legal_moves()`). Legality is decided by an ordered table of named checks,
each carrying the public rule id it judges, in the order the articles argue (holds the led
color? the Bird? trump led?). One question — why is this move not legal here? — is answered
by `Position.ruling(move)`: the first check that excludes the move gives the rule id, the
legal alternatives and the facts that decide it.

`Position.apply(move)` gives the next position and what the move caused: violations (an
illegal move can still be applied: the record says it happened) and rule events
(revolution, 8-cut, …); the old position stays as it was, so a trial reading is a cheap branch.

Drivers over an engine: `check` (rule on each recorded entry, record the finding, apply),
`replay` (the positions turn by turn), `demo` (a random choice among the legal moves), live
entry (the legal choices offered at a prompt) and `why` (one ruling, explained).
"""

from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import Finding


class Step(NamedTuple):
    """One question of a decision, in the order the articles ask it: `question` ("does East
    hold the led suit ♥?"), its `answer` ("yes: 9♥"), and the rule id that asks it."""

    question: str
    answer: str
    rule: str


SLIPPED = "not asked again: this trick already went out of turn, and the rest of it is that slip, reported once"
"""A step's answer to whose turn it is once a trick went out of turn: the check of the order passes
the rest of that trick (one slip is reported once), so "yes" would not be true."""


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


def first_excluding(filters: Sequence[Any], position: Any, move: Any) -> tuple[Any, str] | None:
    """The first filter (a named check with the rule id it judges and a `test(position, move)`:
    None when the move passes, else why not), in decision order, that excludes `move` at
    `position`, with its reason."""
    for f in filters:
        why = f.test(position, move)
        if why is not None:
            return f, why
    return None
