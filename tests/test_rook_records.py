"""Reading Rook records: what records.md shows works; what cannot be read is an input error."""

from __future__ import annotations

import pytest
from conftest import audit_text, read_error

HEAD = "game: rook\nplayers: [North, East, South, West]\n"


def test_teams_labels_partners_opposite() -> None:
    a = audit_text(HEAD + "teams: {Them: [East, West], Us: [South, North]}\nhands:\n"
                   "  - bid: {East: 80}\n    points: {Them: 80, North: 40}\n")
    assert a.record.teams.labels == ("Us", "Them")
    assert a.result.hands[0].scores == {"Us": 40, "Them": 80}


@pytest.mark.parametrize("teams, words", [
    ("{A: [North, East], B: [South, West]}", "opposite"),
    ("{A: [North, South]}", "two partnerships"),
    ("{A: [North, South], B: [South, West]}", "both teams"),
    ("{A: [North, Nobody], B: [East, West]}", "not a player"),
    ("{East: [North, South], B: [East, West]}", "ambiguous"),
])
def test_teams_input_errors(teams: str, words: str) -> None:
    assert words in read_error(HEAD + f"teams: {teams}\n").message


def test_default_team_labels_join_partners() -> None:
    a = audit_text("game: rook\nplayers: [No, 1, Yes, 2026-11-30]\nhands:\n  - bid: {No: 70}\n"
                   "    points: {No/Yes: 70, 1/2026-11-30: 50}\n")
    assert a.violations == []
    assert a.record.teams.labels == ("No/Yes", "1/2026-11-30")


def test_cards_in_any_documented_form() -> None:
    a = audit_text(HEAD + "first_dealer: West\nhands:\n  - bid: {North: 70}\n    trump: 綠\n    tricks:\n"
                   "      - {North: red 14, East: R5, South: '紅 6', West: 14R}\n"
                   "      - {North: 鳥牌, East: g6, South: 綠7, West: Bird}\n")
    assert [str(p.card) for t in a.record.hands[0].tricks for p in t.plays] == [
        "R14", "R5", "R6", "R14", "Bird", "G6", "G7", "Bird"]
    assert sorted(v.rule for v in a.violations) == ["rook.deck", "rook.deck"]  # R14 and the Bird twice


def test_card_lists_split_and_join_color_words() -> None:
    a = audit_text(HEAD + "hands:\n  - nest: red 14, Y5 green 6 鳥 B5\n")
    assert [str(c) for c in a.record.hands[0].nest] == ["R14", "Y5", "G6", "Bird", "B5"]


@pytest.mark.parametrize("hand, words, line", [
    ("bid: {North: 70}\n    tricks:\n      - {North: R5}", "no `trump`", 6),
    ("trump: green\n    tricks:\n      - {North: R5}", "neither `bidding` nor `bid`", 4),
    ("bid: {North: 70}\n    scores: {North: 70}", "neither `points` nor `tricks`", 5),
    ("bidding: [70, seventy]", "whole number or `pass`", 4),
    ("bid: {North: 70, East: 75}", "one player", 4),
    ("bid: {North: 70}\n    trump: purple", "red, yellow, black or green", 5),
    ("bid: {North: 70}\n    trump: green\n    tricks:\n      - {North: R15}", "not a card", 7),
    ("nest: [R5, AS]", "not a Rook card", 4),
    ("bid: {North: 70}\n    points: {Nobody: 70}", "neither a team nor a player", 5),
    ("bid: {North: 70}\n    points: {North: 70, South: 50}", "twice", 5),
    ("bid: {North: 70}\n    trumps: green", "did you mean `trump`", 5),
    ("bidding: [pass, pass]\n    trump: green", "no bid yet", 4),
    ("bid: {North: 70}\n    trump: green\n    tricks:\n      - {North: R5}\n      - {East: R6}",
     "only the last trick", 7),
])
def test_input_errors_name_the_line_and_what_is_wrong(hand: str, words: str, line: int) -> None:
    err = read_error(HEAD + f"hands:\n  - {hand}\n")
    assert words in err.message
    assert err.line == line


def test_a_record_may_stop_anywhere() -> None:
    for body in ("", "hands:\n", "hands:\n  - dealer: North\n", "hands:\n  - bidding: [70, pass]\n",
                 "hands:\n  - bidding: [70, pass, pass, pass]\n    trump: red\n    tricks:\n"
                 "      - {East: R5, South: R6}\n"):
        a = audit_text(HEAD + body)
        assert a.violations == [], body
        assert a.result.winner is None


def test_rules_options_are_checked() -> None:
    assert "valid values" in read_error(HEAD + "rules: {all_pass: sometimes}\n").message
    assert "not a rook option" in read_error(HEAD + "rules: {trgt: 500}\n").message
    assert "did you mean `target`" in read_error(HEAD + "rules: {trgt: 500}\n").message


def test_rook_needs_four_players() -> None:
    assert "exactly 4" in read_error("game: rook\nplayers: [A, B, C]\n").message


def test_scores_of_an_unfinished_hand_cannot_be_checked() -> None:
    err = read_error(HEAD + "first_dealer: West\nhands:\n  - bid: {North: 70}\n    trump: red\n    tricks:\n"
                     "      - {North: R5, East: R6, South: R7, West: R8}\n    scores: {North: 70}\n")
    assert "unfinished" in err.message and err.line == 9


# --- points, scores and totals as lists of two numbers (records.md) --------------------------

def test_points_recorded_lists_of_two_numbers_and_running_totals() -> None:
    from conftest import audit, found

    a = audit("rook/totals.yaml")
    assert found(a.violations) == [("rook.points-recorded", {"hand": 2})]
    (v,) = a.violations
    assert v.line == 15 and "`totals` says East/West 110 after hand 2" in v.message
    assert "North/South 140, East/West 100" in v.message
    assert a.result.hands[0].points == {"North/South": 100, "East/West": 20}


def test_points_recorded_totals_that_follow_a_wrong_score_are_the_same_mistake() -> None:
    from conftest import audit, found

    a = audit("rook/totals-follow-scores.yaml")
    assert found(a.violations) == [("rook.contract", {"hand": 1})]


def test_a_list_of_the_wrong_length_is_an_input_error_with_its_line() -> None:
    from conftest import read_error

    for key in ("points", "scores", "totals"):
        text = ("game: rook\nplayers: [North, East, South, West]\nhands:\n  - bid: {North: 90}\n"
                "    points: [100, 20]\n" + ("" if key == "points" else f"    {key}: [100, 20, 0]\n"))
        if key == "points":
            text = text.replace("[100, 20]", "[100]")
        e = read_error(text)
        assert e.line == (5 if key == "points" else 6), (key, e)
        assert "two" in e.message and "first player" in e.message, e.message
