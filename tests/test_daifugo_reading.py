"""Reading Daifugō records: cards with the joker, the record's shape, and input errors."""

from __future__ import annotations

import pytest

from conftest import audit_text, read_error
from scorekeep.cards import Card
from scorekeep.games.daifugo.cards import JOKER, Joker, parse, plain, show

H = "game: daifugo\nplayers: [甲, 乙, 丙, 丁]\n"


@pytest.mark.parametrize("text, card", [
    ("JK", JOKER), ("jk", JOKER), ("Joker", JOKER), ("JOKER", JOKER), ("🃏", JOKER),
    ("JK=5H", Joker(Card(5, "H"))), ("jk=♥5", Joker(Card(5, "H"))), ("Joker=10s", Joker(Card(10, "S"))),
    ("10h", Card(10, "H")), ("♠3", Card(3, "S")), ("TD", Card(10, "D")), ("A♣", Card(14, "C")),
])
def test_cards_and_jokers_parse(text: str, card: object) -> None:
    assert parse(text) == card


@pytest.mark.parametrize("text", ["J", "JK=", "JK=JK", "KJ=5H", "1H", "11S", "", "JKR=ZZ"])
def test_not_cards(text: str) -> None:
    assert parse(text) is None


def test_card_text_round_trips() -> None:
    for text in ("JK", "JK=5H", "10H", "AS"):
        assert str(parse(text)) == text
    assert plain(parse("JK=5H")) == JOKER  # type: ignore[arg-type]
    assert show([parse("JK"), parse("2S"), parse("3H")]) == "3♥ 2♠ JK"  # type: ignore[list-item]


def test_parser_is_cached_and_values_are_frozen() -> None:
    assert parse("JK=5H") is parse("JK=5H")
    with pytest.raises(AttributeError):
        parse("JK").stands_for = Card(5, "H")  # type: ignore[union-attr]


def test_cards_in_any_list_form() -> None:
    for cards in ("[9H, 10H, JH]", "9H 10H JH", "9H, 10H, JH", "[♥9, ♥10, ♥J]"):
        a = audit_text(H + f"sets:\n  - games:\n      - plays:\n          - 甲: {cards}\n")
        assert a.record.sets[0].games[0].plays[0].cards == (Card(9, "H"), Card(10, "H"), Card(11, "H"))
        assert a.ok


def test_names_stay_text() -> None:
    a = audit_text("game: daifugo\nplayers: [No, 'On', 1, 2026-11-30]\n"
                   "sets:\n  - games:\n      - out: [No, 1, 2026-11-30]\n")
    assert a.result.sets[0].games[0].ranking == ("No", "1", "2026-11-30", "On")


def test_aliases_name_the_game() -> None:
    for name in ("daifugo", "大富豪", "Daifugō", "daifugou"):
        assert audit_text(f"game: {name}\nplayers: [甲, 乙, 丙, 丁]\n").game == "daifugo"


def test_pass_words() -> None:
    a = audit_text(H + "sets:\n  - games:\n      - plays:\n          - 甲: 5H\n          - 乙: PASS\n"
                   "          - 丙: パス\n")
    assert [t.cards is None for t in a.record.sets[0].games[0].plays] == [False, True, True]


def test_set_seating_and_first() -> None:
    a = audit_text(H + "sets:\n  - players: [丁, 丙, 乙, 甲]\n    games: []\n")
    s = a.record.sets[0]
    assert s.players == ("丁", "丙", "乙", "甲") and s.first == "丁"


def test_empty_and_in_progress_records_are_valid() -> None:
    assert audit_text(H).ok
    assert audit_text(H + "sets:\n  - games:\n      -\n").ok
    assert audit_text(H + "sets:\n  - games:\n      - plays: []\n").ok


@pytest.mark.parametrize("text, line, words", [
    ("game: daifugo\nplayers: [a, b, c]\n", 2, "exactly 4 players (the league's four-player rules; its three-player"),
    (H + "sets:\n  - gams: []\n", 4, "did you mean `games`"),
    (H + "sets:\n  - games:\n      - outs: [甲]\n", 5, "did you mean `out`"),
    (H + "sets:\n  - games:\n      - plays:\n          - 甲: 1H\n", 6, "`1H`"),
    (H + "sets:\n  - games:\n      - plays:\n          - {甲: 5H, 乙: 6H}\n", 6, "must name one player"),
    (H + "sets:\n  - games:\n      - plays:\n          - 甲: []\n", 6, "has no cards"),
    (H + "sets:\n  - games:\n      - plays:\n          - 戊: 5H\n", 6, "not a player"),
    (H + "sets:\n  - games:\n      - out: [甲, 甲]\n", 5, "listed twice"),
    (H + "sets:\n  - games:\n      - out: [甲]\n        fouls: [乙]\n", 6, "not in `out`"),
    (H + "sets:\n  - games:\n      - ranks: [甲, 乙, 丙]\n", 5, "all 4 players"),
    (H + "sets:\n  - players: [甲, 乙, 丙]\n", 4, "each of 甲, 乙, 丙, 丁 once"),
    (H + "sets:\n  - first: 戊\n", 4, "not a player"),
    (H + "sets:\n  - games:\n      - deal: {甲: [JK=5H]}\n", 5, "write it here as `JK`"),
    (H + "sets:\n  - games:\n      - exchange: {甲: [XX]}\n", 5, "`XX`"),
    (H + "rules: {rank_points: [3, 2, 1]}\n", 3, "needs 4 whole numbers"),
    (H + "rules: {sets: 0}\n", 3, "1 or more"),
    (H + "rules: {jokers: 3}\n", 3, "`2`, `1`, `0`"),
    (H + "rules: {blind_cards: 1}\n", 3, "`2`, `0`"),
    (H + "rules: {stairs_revolution: 2}\n", 3, "3 or more"),
    (H + "rules: {eightcut: true}\n", 3, "did you mean `eight_cut`"),
    (H + "sets:\n  - games:\n      - plays: 5H\n", 5, "must be a list"),
    (H + "sets: {a: 1}\n", 3, "must be a list"),
])
def test_input_errors_name_the_line(text: str, line: int, words: str) -> None:
    e = read_error(text)
    assert e.line == line
    assert words in e.message


def test_options_are_read() -> None:
    a = audit_text(H + "rules: {rank_points: 5 3 1 0, sets: 2, jokers: 1, blind_cards: 0, suit_lock: off}\n")
    o = a.header.options
    assert o["rank_points"] == (5, 3, 1, 0) and o["sets"] == 2 and o["jokers"] == 1
    assert o["blind_cards"] == 0 and o["suit_lock"] is False
    assert audit_text(H + "rules: {sets: open}\n").header.options["sets"] == "open"


def test_a_turn_text_read_again_reads_the_same() -> None:
    """The same turn text again, as a pass word, cards, a text that is not in a common form (`9H,10H`)
    or not cards at all, reads as it did the first time."""
    from scorekeep import api
    from scorekeep.yamlio import parse as read_yaml

    forms = ["pass", "P", "パス", "9H 10H", "9H,10H", "JK=5H", "3h"]
    text = H + "sets:\n  - games:\n      - plays:\n" + "".join(
        f"          - {{{p}: '{t}'}}\n" for t in forms * 2 for p in ["甲"])
    first = api.read_record(read_yaml(text))[1].sets[0].games[0].plays
    again = api.read_record(read_yaml(text))[1].sets[0].games[0].plays
    fresh = api.read_record(read_yaml(text))[1].sets[0].games[0].plays
    n = len(forms)

    def read(turns: tuple) -> list:  # a turn as read: who, and the cards (None: a pass)
        return [(t.player, t.cards) for t in turns]

    assert read(first[:n]) == read(first[n:]) == read(again[:n]) == read(fresh[:n])
    assert [t.cards for t in first[:3]] == [None, None, None]
    assert first[3].cards == (parse("9H"), parse("10H")) == first[4].cards
    assert read_error(H + "sets:\n  - games:\n      - plays:\n          - {甲: 9X}\n          - {甲: 9X}\n").line == 6
