"""Oh Hell's rules in our own words (for `scorekeep rules oh-hell`): the texts are in rulebook.yaml,
the options in options.py.

Default version: the Trickster Cards settings of the source article — 4 players scoring
individually, deal pattern 10..1..10, bids in order, hook on, trump may be led at any
time, a made bid scores bid + 10, a failed bid 0.
"""

from __future__ import annotations

from ...game import rulebook_reader

__getattr__ = rulebook_reader(__name__)
"""`RULES`: the rules in the order `scorekeep rules oh-hell` lists them, read from rulebook.yaml when first
asked for."""
