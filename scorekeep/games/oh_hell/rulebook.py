"""Oh Hell's rules in our own words (for `scorekeep rules oh-hell`): the texts are in rulebook.yaml,
the options in options.py.

Default version: the Trickster Cards settings of the source article — 4 players scoring
individually, deal pattern 10..1..10, bids in order, hook on, trump may be led at any
time, a made bid scores bid + 10, a failed bid 0.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...game import RuleDoc

_LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)  # every value is text; libyaml where built in

RULES: tuple[RuleDoc, ...] = tuple(
    RuleDoc(**{k: tuple(v) if isinstance(v, list) else v for k, v in doc.items()})
    for doc in yaml.load(Path(__file__).with_name("rulebook.yaml").read_bytes(), Loader=_LOADER))
"""The rules in the order `scorekeep rules oh-hell` lists them (the texts: rulebook.yaml)."""
