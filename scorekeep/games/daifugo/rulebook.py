"""Daifugō's rules in our own words (for `scorekeep rules daifugo`): the texts are in rulebook.yaml,
the options in options.py.

Default version: the Japan Daifugo League official rulebook, 4-player competition version,
as the source article describes it. Points per rank are a house setting: the league's
official points were not found.
"""

from __future__ import annotations

from ...game import rulebook_reader


RANK_NAMES = ("大富豪", "富豪", "貧民", "大貧民")
"""The ranks, first to last: daifugō, fugō, hinmin, daihinmin."""

RANK_POINTS_NOTE = ("rank points {points} per game (大富豪, 富豪, 貧民, 大貧民) are a house setting, not the "
                    "league's: its official points were not found; a house rule can change them")


__getattr__ = rulebook_reader(__name__)
"""`RULES`: the rules in the order `scorekeep rules daifugo` lists them, read from rulebook.yaml when first
asked for."""

OTHER_VERSIONS: tuple[tuple[tuple[str, ...], str], ...] = tuple(
    (names, f"`{names[0]}` ({names[1]}) is a popular local rule, not part of the Japan Daifugo League official "
            "version scorekeep follows, so it has no rule id here (the digest leaves local rules for later "
            "options, each with its own id)")
    for names in (
        ("11-back", "イレブンバック", "11バック", "Jバック", "J-back", "jack back", "eleven back", "11回歸"),
        ("5-skip", "5飛ばし", "5スキップ", "5スキ", "five skip", "跳5"),
        ("7-pass", "7渡し", "seven pass", "送7"),
        ("10-discard", "10捨て", "ten discard", "丟10"),
        ("sandstorm", "砂嵐", "沙塵暴"),
        ("ambulance", "救急車", "9 9 救急車"),
        ("6-stop", "6止め", "6 stop"),
        ("Q-bomber", "Qボンバー", "queen bomber"),
    ))
"""Rules of other versions that players ask about: (names, what the rulebook says)."""

