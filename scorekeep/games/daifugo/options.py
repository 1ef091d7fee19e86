"""Daifugō's house-rule options (the `rules:` mapping of a record), default first.

Default version: the Japan Daifugo League official rulebook, 4-player competition version.
Points per rank are a house setting: the league's official points were not found. The rule
texts that explain the options are in rulebook.py.
"""

from __future__ import annotations

from ... import fields
from ...errors import InputError
from ...options import Option, switch_option, whole_option
from ...yamlio import Node, Scalar

DEFAULT_RANK_POINTS = (3, 2, 1, 0)
OPEN = "open"
"""The `sets` option's default: an open-ended match."""


def _rank_points(node: Node, what: str) -> tuple[int, ...]:
    values = tuple(fields.whole(item, f"a value of {what}") for item in fields.items(node, what))
    if len(values) != 4:
        raise InputError(f"{what} needs 4 whole numbers, points for 大富豪, 富豪, 貧民 and 大貧民 "
                         f"(e.g. `[3, 2, 1, 0]`), not {len(values)}", node.line)
    return values


def _sets(node: Node, what: str) -> int | str:
    if isinstance(node, Scalar) and node.value.strip().lower() in (OPEN, "open-ended", "none", ""):
        return OPEN
    n = fields.whole(node, what)
    if n < 1:
        raise InputError(f"{what} is the number of sets in the match (1 or more), or `open`; not {n}", node.line)
    return n


def _count(choices: tuple[int, ...]):  # type: ignore[no-untyped-def]
    def read(node: Node, what: str) -> int:
        n = fields.whole(node, what)
        if n not in choices:
            raise InputError(f"{what} cannot be {n} (valid values: {fields.listing(choices)})", node.line)
        return n
    return read


def _stairs_revolution(node: Node, what: str) -> int:
    n = fields.whole(node, what)
    if n != 0 and n < 3:
        raise InputError(f"{what} is 0 (stairs never cause a revolution) or the stairs length that "
                         f"causes one (3 or more, e.g. 5); not {n}", node.line)
    return n


OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("rank_points", DEFAULT_RANK_POINTS, "4 whole numbers, e.g. `[3, 2, 1, 0]`",
           "points per game for 大富豪, 富豪, 貧民, 大貧民 (house default: the official points were not found)",
           ("daifugo.ranking",), _rank_points),
    whole_option("games_per_set", 4, "games in a set (the blind cards and ranks carry over within a set)",
                 ("daifugo.first-lead", "daifugo.exchange-count", "daifugo.game-over"), low=1, high=99),
    Option("sets", OPEN, "`open` or a number of sets",
           "the match length: open-ended, or over after this many complete sets", ("daifugo.game-over",), _sets),
    Option("blind_cards", 2, "`2`, `0`", "non-joker cards removed face down for each set",
           ("daifugo.deck",), _count((2, 0))),
    Option("jokers", 2, "`2`, `1`, `0`", "jokers in the deck", ("daifugo.deck",), _count((2, 1, 0))),
    switch_option("forbidden_finish", True, "going out on a joker, 2, spade 3, any 3 in a revolution, "
                  "or an 8-cut ranks from the bottom (反則上がり)", ("daifugo.forbidden-finish",)),
    switch_option("miyako_ochi", True,
                  "last game's 大富豪 falls when someone else is first to go out legally (都落ち)",
                  ("daifugo.miyako-ochi",)),
    switch_option("suit_lock", True, "two plays in a row with the same suits lock them (縛り)",
                  ("daifugo.suit-lock",)),
    switch_option("spade_3_return", True, "the single spade 3 returns a single joker (スペ3返し)",
                  ("daifugo.spade-3-return",)),
    switch_option("eight_cut", True, "a single 8 or a group of 8s clears the table (8切り)",
                  ("daifugo.eight-cut",)),
    switch_option("eight_cut_stairs", False, "computer-tournament variant: stairs with an 8 also cut",
                  ("daifugo.eight-cut", "daifugo.forbidden-finish")),
    switch_option("joker_pair", True, "house default (the digest's sources do not settle it): two jokers "
                  "alone are a pair stronger than every pair; off: they must be written as the rank they "
                  "stand for (`JK=5H JK=5S`)", ("daifugo.combination", "daifugo.follow-stronger")),
    Option("stairs_revolution", 0, "`0`, or a length of 3 or more",
           "stairs this long or longer cause a revolution (0: never; 5 in the computer-tournament variant)",
           ("daifugo.revolution",), _stairs_revolution),
)}
