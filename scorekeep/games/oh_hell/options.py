"""Oh Hell's house-rule options (the `rules:` mapping of a record), default first.

Default version: the Trickster Cards settings of the source article. The rule texts that
explain them are in rulebook.py.
"""

from __future__ import annotations

from ... import fields
from ...options import Option, choice_option, switch_option
from .score import SCORINGS

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("deal_pattern", None, "`10..1..10`, `1..10..1`, `10..1`, `1..10`, any `A..B` or `A..B..C`",
           "hand sizes, one hand per step of 1; default M..1..M with M = min(10, 51 ÷ players)",
           ("oh-hell.hand-size", "oh-hell.game-end"), lambda node, what: fields.text(node, what)),
    switch_option("hook", True, "the dealer may not make the bids add up to the hand size",
                  ("oh-hell.hook",)),
    choice_option("bidding", ("in-order", "simultaneous"),
                  "simultaneous bids have no order and no hook", ("oh-hell.bid-order", "oh-hell.hook")),
    choice_option("lead_trump", ("anytime", "after-broken", "after-first-trick"),
                  "when trump may be led (a player holding only trump may always lead it)",
                  ("oh-hell.follow-suit",)),
    choice_option("made_score", SCORINGS["made_score"],
                  "what taking exactly your bid scores", ("oh-hell.score",)),
    choice_option("failed_score", SCORINGS["failed_score"],
                  "what missing your bid scores (tricks: 1 per trick taken, Trickster Basics)",
                  ("oh-hell.score",)),
)}
