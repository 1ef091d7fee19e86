"""Rook's house-rule options (the `rules:` mapping of a record), default first.

Default version: the 1988 Official Rook Tournament Rules of the source article. The rule
texts that explain them are in rulebook.py.
"""

from __future__ import annotations

from ...options import Option, choice_option, whole_option

OPTIONS: dict[str, Option] = {o.name: o for o in (
    whole_option("seat_change_every", 4,
                 "after this many hands (thrown-in hands not counted) one partnership swaps seats, "
                 "which reverses the clockwise order; 0 = never", ("rook.seat-change",), low=0),
    choice_option("seat_change_deal", ("new-left", "old-left"),
                  "house default: who deals the first hand after a seat change — the player on the "
                  "last dealer's left in the new seating (new-left) or in the old one (old-left)",
                  ("rook.dealer-rotation", "rook.seat-change")),
    choice_option("all_pass", ("redeal", "dealer-forced"),
                  "house default: when all four pass, the hand is thrown in (redeal) or the dealer "
                  "takes it at the minimum bid (dealer-forced)", ("rook.all-pass",)),
    whole_option("target", 300, "cumulative points that win the game", ("rook.game-end",), low=1),
    whole_option("min_bid", 70, "the lowest opening bid", ("rook.bid-minimum", "rook.all-pass"), low=0),
    whole_option("max_bid", 120, "the highest bid allowed", ("rook.bid-maximum",), low=0),
    whole_option("bid_step", 5, "bids are multiples of this and raise the highest bid by at least this",
                 ("rook.bid-step",), low=1),
    choice_option("bird", ("highest", "off"),
                  "highest: the Bird is in the deck as the highest trump (41 cards, 120 points); off: "
                  "no Bird (40 cards, a 4-card nest, 100 points)",
                  ("rook.deck", "rook.deal", "rook.points-total", "rook.bird-anytime", "rook.bird-led",
                   "rook.bird-must-follow-trump")),
)}
