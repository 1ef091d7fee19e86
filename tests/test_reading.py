"""Reading records: YAML safety, text that stays text, and clear input errors with lines."""

from __future__ import annotations

import pytest

from conftest import audit_text, cli, read_error
from scorekeep.cards import Card, parse_card, parse_suit
from scorekeep.errors import InputError
from scorekeep.yamlio import Map, Scalar, decode, parse

HEAD = "game: oh-hell\nplayers: [North, East, South, West]\n"


@pytest.mark.parametrize("name", ["No", "On", "Yes", "Off", "true", "null", "1", "2026-11-30", "~", "0x10"])
def test_player_names_stay_text_whatever_they_look_like(name: str) -> None:
    text = (f"game: oh-hell\nplayers: [{name}, b, c, d]\nfirst_dealer: d\n"
            f"hands:\n  - bids: {{{name}: 1, b: 0, c: 0, d: 1}}\n")
    a = audit_text(text)
    assert a.header.players[0] == name
    assert a.result.hands[0].bids[name] == 1


def test_cards_that_look_like_numbers_or_words_stay_cards() -> None:
    a = audit_text(HEAD + "rules: {deal_pattern: '1..2'}\nhands:\n  - turn_up: 10H\n"
                   "    bids: {East: 0, South: 0, West: 0, North: 0}\n"
                   "    play:\n      - {East: 10C, South: 2C, West: 3C, North: 4C}\n")
    assert a.result.hands[0].tricks[0].plays[0].card == Card(10, "C")


@pytest.mark.parametrize("text, card", [
    ("AS", Card(14, "S")), ("10h", Card(10, "H")), ("TH", Card(10, "H")), ("♥Q", Card(12, "H")),
    ("Q♥", Card(12, "H")), ("3C", Card(3, "C")), ("h10", Card(10, "H")), ("q♥\ufe0f", Card(12, "H")),
    ("♠a", Card(14, "S")), ("jd", Card(11, "D")),
])
def test_card_parsing_both_orders_any_case(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_card(str(card)) == card  # str() gives canonical text back


@pytest.mark.parametrize("text", ["1H", "11H", "ZZ", "A", "", "10", "HH", "JK", "AS AS"])
def test_bad_cards_are_not_cards(text: str) -> None:
    assert parse_card(text) is None


@pytest.mark.parametrize("text, suit", [("S", "S"), ("♠", "S"), ("spades", "S"), ("Hearts", "H"),
                                        ("d", "D"), ("clubs", "C"), ("梅花", "C")])
def test_suit_names(text: str, suit: str) -> None:
    assert parse_suit(text) == suit


def test_nodes_keep_lines() -> None:
    root = parse("a: 1\nb:\n  - x\n  - {c: 2}\n")
    assert isinstance(root, Map)
    b = root.get("b")
    assert b is not None and b.line == 3
    c = b.items[1]  # type: ignore[union-attr]
    assert isinstance(c.get("c"), Scalar) and c.get("c").line == 4  # type: ignore[union-attr]


BAD = [
    ("", 1, "empty"),
    ("# only a comment\n", 1, "empty"),
    ("- a\n- b\n", 1, "starts with `game:`"),
    ("game: oh-hell\n", 1, "needs `players:`"),
    ("players: [a, b]\n", 1, "needs `game:`"),
    ("game: chess\nplayers: [a, b]\n", 1, "unknown game `chess`"),
    ("game: ohhell\nplayers: [a, b]\n", None, None),  # alias accepted
    ("game: oh-hel\nplayers: [a, b]\n", 1, "did you mean `oh-hell`"),
    (HEAD + "hands:\n  - bids: {East: 1}\n    trcks: {}\n", 5, "did you mean `tricks`"),
    (HEAD + "playrs: []\n", 3, "did you mean `players`"),
    ("game: oh-hell\nplayers: [a, a, b]\n", 2, "listed twice"),
    ("game: oh-hell\nplayers: [a]\n", 2, "2 to 7 players"),
    ("game: oh-hell\nplayers: a b c d\n", 2, "must be a list"),
    ("game: oh-hell\nplayers: [a, [b], c]\n", 2, "must be text"),
    (HEAD + "hands:\n  - bids: {East: three}\n", 4, "whole number"),
    (HEAD + "hands:\n  - bids: {East: 2.5}\n", 4, "whole number"),
    (HEAD + "hands:\n  - bids: {Eats: 1}\n", 4, "did you mean `East`"),
    (HEAD + "hands:\n  - bids: {East: 1, East: 2}\n", 4, "appears twice"),
    (HEAD + "hands:\n  - bids: {East: 1}\n    play:\n      - {East: 1H}\n", 6, "not a card"),
    (HEAD + "hands: {a: 1}\n", 3, "must be a list"),
    (HEAD + "hands:\n  - 5\n", 4, "must be a mapping"),
    (HEAD + "rules: {hok: true}\n", 3, "did you mean `hook`"),
    (HEAD + "rules: {hook: maybe}\n", 3, "true or false"),
    (HEAD + "rules: {made_score: double}\n", 3, "valid values"),
    (HEAD + "rules: {deal_pattern: 13..1}\n", 3, "no card to turn up"),
    (HEAD + "rules: {deal_pattern: ten}\n", 3, "A..B"),
    ("game: oh-hell\nplayers: &p [a, b]\n", 2, "anchors"),
    ("game: oh-hell\nplayers: [a, b]\nnotes: *x\n", None, "YAML"),
    ("game: oh-hell\nplayers: !!python/object:os.system [a, b]\n", 2, "tags (!!python/object:os.system)"),
    ("game: oh-hell\nplayers: [a, b]\n---\ngame: rook\n", 3, "one YAML document"),
    ("game: oh-hell\nplayers: [a, b\n", None, "not valid YAML"),
    ("game: [oh-hell\n", None, "not valid YAML"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    tricks: {a: 1}\n", 5, "no count for b"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0}\n    tricks: {a: 1, b: 0}\n", 4, "no bid for b"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    scores: {a: 1}\n", 5, "no `tricks`"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    play:\n      - {a: 2C}\n"
     "      - {b: 3C, a: 4C}\n", 6, "only the last trick"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    play:\n      - {a: 2C, b: 3C}\n", 5,
     "neither `turn_up` nor `trump`"),
    ("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    trump: rubies\n", 5, "write a suit"),
]


@pytest.mark.parametrize("text, line, words", BAD)
def test_malformed_input_is_an_input_error_with_line(text: str, line: int | None, words: str | None) -> None:
    if words is None:
        audit_text(text)  # reads fine
        return
    e = read_error(text)
    assert words in e.message, e.message
    if line is not None:
        assert e.line == line, e.message


def test_play_without_a_trump_is_not_told_to_write_one_the_rules_refuse() -> None:
    """oh-hell.trump ("a recorded `trump: none` is one too", a violation): the input error for a hand
    played without its turned card or trump said to write "the trump suit (or `trump: none`)", and
    the record that followed that advice broke oh-hell.trump. It now asks for the turned card or its
    suit only."""
    e = read_error("game: oh-hell\nplayers: [a, b]\nhands:\n  - bids: {a: 0, b: 0}\n    play:\n"
                   "      - {a: 2C, b: 3C}\n")
    assert "none" not in e.message, e.message
    assert "write the turned card (`turn_up`) or its suit (`trump`)" in e.message, e.message


def test_whole_numbers_out_of_range_are_violations_not_input_errors() -> None:
    a = audit_text(HEAD + "hands:\n  - bids: {East: -1, South: 99999999999999999999, West: 0, North: 0}\n")
    assert [v.rule for v in a.violations] == ["oh-hell.bid-range", "oh-hell.bid-range"]


@pytest.mark.parametrize("data, words", [
    (b"\x00\x01binary", "not a text file"),
    (b"game: oh-hell\nplayers: [\xff\xfe]\n", "UTF-8"),
    (b"x" * (5 * 1024 * 1024), "refused"),
])
def test_binary_and_huge_files_are_refused(data: bytes, words: str) -> None:
    with pytest.raises(InputError) as e:
        decode(data)
    assert words in e.value.message


def test_deep_nesting_is_refused_without_recursion() -> None:
    e = read_error("game: " + "[" * 5000 + "]" * 5000 + "\n")
    assert "deep" in e.message or "nesting" in e.message


def test_utf8_bom_and_utf16_are_read() -> None:
    text = "game: oh-hell\nplayers: [甲, 乙, 丙, 丁]\n"
    assert decode(b"\xef\xbb\xbf" + text.encode()) == text
    assert decode(text.encode("utf-16")) == text


def test_cli_reports_file_and_line_and_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "bad.yaml"
    p.write_text(HEAD + "hands:\n  - bids: {East: 1}\n    trcks: {}\n", encoding="utf-8")
    r = cli("check", str(p))
    assert r.code == 2
    assert f"{p}:5: unknown key `trcks`" in r.err
    assert "Traceback" not in r.out + r.err


def test_cli_missing_file_is_exit_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    r = cli("check", str(tmp_path / "nope.yaml"))
    assert r.code == 2 and "no such file" in r.err


def _nodes(text: str, marked: bool) -> object:
    """`text` read by the builder, anchors and tags looked for (`marked`) or not; an input
    error as its message and line."""
    from scorekeep import yamlio

    loader = yamlio._Loader(text)
    try:
        return repr(yamlio._build(loader, marked))
    except InputError as e:
        return e.message, e.line
    except Exception as e:  # noqa: BLE001 - a YAML slip: both builders meet it alike
        return type(e).__name__, str(e)
    finally:
        loader.dispose()


def test_a_text_without_anchor_or_tag_marks_reads_alike_without_looking_for_them() -> None:
    """`parse` looks for anchors, aliases and tags only in a text with `&`, `*` or `!` (no event
    can carry one otherwise): every record, and the records with a line cut short or doubled,
    read the same nodes and the same errors both ways."""
    import random

    from conftest import RECORDS, SAMPLES

    rng = random.Random(23)
    paths = sorted(RECORDS.rglob("*.yaml")) + sorted(SAMPLES.glob("*.yaml"))
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        if "&" in text or "*" in text or "!" in text:
            continue
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        for t in (text, "\n".join(lines[:i] + [lines[i][: len(lines[i]) // 2]] + lines[i + 1:]),
                  "\n".join(lines[:i] + [lines[i]] + lines[i:])):
            assert _nodes(t, False) == _nodes(t, True), (path, i)
