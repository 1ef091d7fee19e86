"""Rook's rules in our own words (for `scorekeep rules rook`): the texts are in rulebook.yaml,
the options in options.py.

Default version: the 1988 Official Rook Tournament Rules (Kentucky Discard with the Bird) of
the source article — 4 players in two partnerships, 41 cards, 9 each and a 5-card nest,
bids from 70 in steps of 5 up to 120, the Bird the highest trump, game to 300.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...game import RuleDoc

_LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)  # every value is text; libyaml where built in

RULES: tuple[RuleDoc, ...] = tuple(
    RuleDoc(**{k: tuple(v) if isinstance(v, list) else v for k, v in doc.items()})
    for doc in yaml.load(Path(__file__).with_name("rulebook.yaml").read_bytes(), Loader=_LOADER))
"""The rules in the order `scorekeep rules rook` lists them (the texts: rulebook.yaml)."""
