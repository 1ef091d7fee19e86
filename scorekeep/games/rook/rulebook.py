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
