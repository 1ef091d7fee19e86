"""Rook's rules in our own words (for `scorekeep rules rook`): the texts are in rulebook.yaml,
the options in options.py.

Default version: the 1988 Official Rook Tournament Rules (Kentucky Discard with the Bird) of
the source article — 4 players in two partnerships, 41 cards, 9 each and a 5-card nest,
bids from 70 in steps of 5 up to 120, the Bird the highest trump, game to 300.
"""

from __future__ import annotations

from ...game import rulebook_reader

__getattr__ = rulebook_reader(__name__)
"""`RULES`: the rules in the order `scorekeep rules rook` lists them, read from rulebook.yaml when first
asked for."""

OTHER_VERSIONS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("shoot the moon", "shooting the moon", "射月"),
     "`shoot the moon` (a bonus or an instant win for bidding and taking all 120) belongs to other versions, not "
     "to the 1988 tournament rules scorekeep follows: a bid of 120 is an ordinary bid (rook.bid-maximum), scored "
     "as any other (rook.contract)"),
    (("Bird lowest", "low Bird", "lowest Bird", "Bird is lowest", "Bird as lowest trump", "Bird as the lowest trump",
      "Bird lowest trump", "Bird 10.5", "Bird 10½", "鳥牌最小", "鳥牌10.5"),
     "the Bird as the lowest trump, or ranked as 10½, belongs to other versions (the source article: confirm the "
     "version first when a table places the Bird elsewhere); in the 1988 tournament rules scorekeep follows it is "
     "the highest trump (rook.trump), and house rule `bird: off` plays without it"),
)
"""Rules of other versions that players ask about: (names, what the rulebook says)."""
