"""Rook cards: one cached parser, canonical text, counters (rook.deck, rook.points-total)."""

from __future__ import annotations

import pytest

from scorekeep.games.rook.cards import BIRD, DECK, TOTAL_POINTS, Card, parse_card, parse_color, show


@pytest.mark.parametrize("text, card", [
    ("R14", Card("R", 14)), ("g6", Card("G", 6)), ("B5", Card("B", 5)), ("y10", Card("Y", 10)),
    ("Bird", BIRD), ("bird", BIRD), ("the Bird", BIRD), ("Rook", BIRD), ("鳥", BIRD), ("鳥牌", BIRD),
    ("綠11", Card("G", 11)), ("紅 5", Card("R", 5)), ("黃14", Card("Y", 14)), ("黑9", Card("B", 9)),
    ("绿11", Card("G", 11)), ("red 14", Card("R", 14)), ("Green11", Card("G", 11)), ("14R", Card("R", 14)),
    ("R4", Card("R", 4)),  # a real Rook card, outside this game's deck: rook.deck judges it
])
def test_parse_card_accepts_records_md_notation_and_aliases(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["R15", "R0", "X5", "AS", "10H", "", "Bird2", "R", "14", "RR14", "red fourteen"])
def test_parse_card_refuses_what_is_not_a_rook_card(text: str) -> None:
    assert parse_card(text) is None


def test_str_gives_canonical_text() -> None:
    assert [str(parse_card(t)) for t in ("g6", "red 14", "鳥牌", "綠11")] == ["G6", "R14", "Bird", "G11"]


def test_cards_are_frozen_values() -> None:
    card = parse_card("R14")
    assert card is parse_card("R14")  # cached
    with pytest.raises(AttributeError):
        card.number = 13  # type: ignore[misc]


def test_deck_has_41_cards_and_120_points() -> None:
    assert len(DECK) == len(set(DECK)) == 41
    assert TOTAL_POINTS == 120
    assert {c: c.points for c in map(parse_card, ("R5", "Y10", "B14", "Bird", "G13", "R6"))} == {
        Card("R", 5): 5, Card("Y", 10): 10, Card("B", 14): 10, BIRD: 20, Card("G", 13): 0, Card("R", 6): 0}


def test_colors_read_in_any_notation() -> None:
    assert [parse_color(t) for t in ("green", "G", "綠", "Red", "黄", "purple")] == ["G", "G", "G", "R", "Y", None]


def test_show_puts_the_bird_first_then_colors_high_to_low() -> None:
    assert show(map(parse_card, ("G6", "Bird", "R5", "R14"))) == "Bird R14 R5 G6"
