"""Combinations and following as legal sets (daifugo.combination, follow-shape, follow-stronger,
suit-lock, spade-3-return), table by table."""

from __future__ import annotations

import pytest

from scorekeep.games.daifugo.cards import parse
from scorekeep.games.daifugo.combos import GROUP, SINGLE, STAIRS, Reading, judge, readings


def cards(text: str) -> tuple:
    out = tuple(parse(t) for t in text.split())
    assert None not in out, text
    return out


def kinds(text: str) -> list[tuple[str, int, str]]:
    return [(r.kind, r.size, r.describe()) for r in readings(cards(text))]


def top(text: str, revolution: bool = False) -> Reading:
    v = judge(cards(text), None, revolution, None, True)
    assert v.reading is not None
    return v.reading


@pytest.mark.parametrize("text, expected", [
    ("5H", [(SINGLE, 1, "a single 5")]),
    ("JK", [(SINGLE, 1, "the joker")]),
    ("JK=5H", [(SINGLE, 1, "the joker")]),                 # a lone joker is always the joker
    ("5H 5S", [(GROUP, 2, "a pair of 5s")]),
    ("5H JK", [(GROUP, 2, "a pair of 5s")]),
    ("JK JK", [(GROUP, 2, "a pair of jokers")]),
    ("JK=8H JK=8S", [(GROUP, 2, "a pair of 8s")]),
    ("9S 9H 9D 9C JK JK", [(GROUP, 6, "six 9s")]),
    ("KC AC 2C", [(STAIRS, 3, "stairs K-A-2♣ (階段)")]),
    ("5H JK 7H", [(STAIRS, 3, "stairs 5-6-7♥ (階段)")]),
    ("5H 6H JK", [(STAIRS, 3, "stairs 4-5-6♥ (階段)"), (STAIRS, 3, "stairs 5-6-7♥ (階段)")]),
    ("5H 6H JK=7H", [(STAIRS, 3, "stairs 5-6-7♥ (階段)")]),
    ("8S JK JK", [(GROUP, 3, "three 8s"), (STAIRS, 3, "stairs 6-7-8♠ (階段)"), (STAIRS, 3, "stairs 7-8-9♠ (階段)"),
                  (STAIRS, 3, "stairs 8-9-10♠ (階段)")]),
    ("AD 2D 3D", []),                                          # no wrap-around
    ("AD 2D JK", [(STAIRS, 3, "stairs K-A-2♦ (階段)")]),       # the joker can only extend downwards
    ("5H 6S 7H", []),
    ("7H JK=5H", []),
    ("5H 5S 6H", []),
    ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H", [(STAIRS, 13, "stairs 3-4-5-6-7-8-9-10-J-Q-K-A-2♥ (階段)")]),
])
def test_readings(text: str, expected: list) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize("play, on, revolution, rule", [
    ("6H", "5S", False, None),
    ("5H", "5S", False, "daifugo.follow-stronger"),      # equal is not stronger
    ("4H", "5S", True, None),                             # revolution: 4 beats 5
    ("6H", "5S", True, "daifugo.follow-stronger"),
    ("JK", "2S", False, None),
    ("JK", "3S", True, None),                             # the joker stays strongest in a revolution
    ("2S", "JK", False, "daifugo.follow-stronger"),
    ("3S", "JK", False, None),                            # spade-3 return
    ("3H", "JK", True, "daifugo.follow-stronger"),        # only the spade 3
    ("3S", "JK JK", False, "daifugo.follow-shape"),
    ("7S 7H", "5S", False, "daifugo.follow-shape"),
    ("7S 7H 7D 7C", "5S", False, "daifugo.follow-shape"),
    ("7S 7H 7D 7C", "9S 9H 9D 9C", False, "daifugo.follow-stronger"),
    ("7S 7H 7D 7C", "9S 9H 9D 9C", True, None),
    ("JK JK", "2S 2H", False, None),                      # two jokers beat every pair
    ("JK JK", "3S 3H", True, None),
    ("2S 2H", "JK JK", False, "daifugo.follow-stronger"),
    ("6H 7H 8H", "5S 6S 7S", False, None),                # stairs by the lowest card
    ("4H 5H 6H", "5S 6S 7S", False, "daifugo.follow-stronger"),
    ("4H 5H 6H", "5S 6S 7S", True, None),
    ("5H 6H JK", "4S 5S 6S", False, None),                # read as 5-6-7: stronger
    ("5H 6H JK", "5S 6S 7S", True, None),                 # read as 4-5-6: stronger in a revolution
    ("5H 6H JK", "5S 6S 7S", False, "daifugo.follow-stronger"),
    ("6H 7H 8H 9H", "5S 6S 7S", False, "daifugo.follow-shape"),
    ("8S", "QH", False, "daifugo.follow-stronger"),
    ("8S", "5H 5D", False, "daifugo.follow-shape"),
    ("5H 6S 7H", "3C", False, "daifugo.combination"),
])
def test_following(play: str, on: str, revolution: bool, rule: str | None) -> None:
    assert judge(cards(play), top(on, revolution), revolution, None, True).rule == rule


@pytest.mark.parametrize("play, lock, rule", [
    ("7H", ("H",), None),
    ("7S", ("H",), "daifugo.suit-lock"),
    ("JK", ("H",), None),                                  # a joker stands in for a locked suit
    ("7H 7S", ("S", "H"), None),
    ("7H 7D", ("S", "H"), "daifugo.suit-lock"),
    ("7H JK", ("S", "H"), None),
    ("7H JK=7D", ("S", "H"), "daifugo.suit-lock"),        # annotated as the wrong suit
])
def test_suit_lock(play: str, lock: tuple, rule: str | None) -> None:
    on = top("5H" if len(lock) == 1 else "5H 5S")
    assert judge(cards(play), on, False, lock, True).rule == rule


def test_spade_3_returns_under_a_lock_and_only_when_the_option_is_on() -> None:
    joker = top("JK")
    v = judge(cards("3S"), joker, False, ("H",), True)
    assert v.rule is None and v.returns
    assert judge(cards("3S"), joker, False, None, False).rule == "daifugo.follow-stronger"


def test_lead_prefers_a_group_then_the_strongest_reading() -> None:
    assert top("8S JK JK").describe() == "three 8s"
    assert top("5H 6H JK").describe() == "stairs 5-6-7♥ (階段)"
    assert top("5H 6H JK", revolution=True).describe() == "stairs 4-5-6♥ (階段)"


def test_eight_inside_stairs_is_marked() -> None:
    assert top("7H 8H 9H").has_eight and top("8S").has_eight and top("8H JK").has_eight
    assert not top("9H 10H JH").has_eight
