"""Oh Hell numbers per player as the record spec has them: lists in seat order, and the
sheet's running totals (`totals`), compared as oh-hell.score-recorded."""

from __future__ import annotations

import pytest
from conftest import audit, audit_text, found, read_error

from scorekeep import api


def test_numbers_per_player_may_be_lists_in_seat_order() -> None:
    a = audit("oh-hell/numbers-as-lists.yaml")
    assert a.violations == []
    assert api.sheet(a).totals == {"North": 25, "East": 13, "South": 13, "West": 11}
    assert a.result.hands[0].bids == {"North": 3, "East": 2, "South": 3, "West": 1}


def test_a_list_of_the_wrong_length_is_an_input_error_at_its_line() -> None:
    e = read_error("game: oh-hell\nplayers: [a, b, c]\nhands:\n  - bids: [1, 0]\n")
    assert e.line == 4 and "2 numbers for 3 players" in e.message and "seat order (a, b, c)" in e.message


def test_a_list_of_bids_is_judged_like_the_mapping() -> None:
    text = "game: oh-hell\nplayers: [North, East, South, West]\nrules: {deal_pattern: '3..1'}\nhands:\n"
    listed = audit_text(text + "  - bids: [1, 1, 1, 0]\n")  # North deals and bids 1: 0 + 1 + 1 + 1 = 3
    mapped = audit_text(text + "  - bids: {North: 1, East: 1, South: 1, West: 0}\n")
    assert found(listed.violations) == found(mapped.violations) == [("oh-hell.hook", {"hand": 1, "player": "North"})]
    assert listed.violations[0].line == 5


def test_running_totals_are_compared_and_a_slip_is_reported_once() -> None:
    a = audit("oh-hell/totals-slip.yaml")
    assert found(a.violations) == [("oh-hell.score-recorded", {"hand": 2, "player": "East"})]
    (v,) = a.violations
    assert "running total for East after hand 2 is 14, but it should be 13" in v.message and v.line == 14


def test_scores_that_are_running_totals_get_a_hint() -> None:
    a = audit("oh-hell/scores-as-running-totals.yaml")
    assert found(a.violations) == [("oh-hell.score-recorded", {"hand": 2, "player": "North"}),
                                   ("oh-hell.score-recorded", {"hand": 2, "player": "South"}),
                                   ("oh-hell.score-recorded", {"hand": 2, "player": "West"})]
    assert all("running total after hand 2" in v.message and "`totals`" in v.message for v in a.violations)


def test_totals_that_follow_a_wrong_score_are_no_second_slip() -> None:
    """oh-hell.score-recorded: North's missed bid written as 3, and 3 carried into the running total,
    is one slip, reported at the score; the sheet carries on from its 3, so hand 2's total of 4 for
    North (3 + 0) is a slip of addition of its own, worded from the score the sheet wrote."""
    a = audit("oh-hell/totals-follow-scores.yaml")
    assert found(a.violations) == [("oh-hell.score-recorded", {"hand": 1, "player": "North"}),
                                   ("oh-hell.score-recorded", {"hand": 2, "player": "North"})]
    first, second = a.violations
    assert "the sheet gives North 3 for hand 1" in first.message and first.line == 10
    assert "running total for North after hand 2 is 4, but it should be 3" in second.message
    assert "the hands give 0" in second.message and second.line == 15


@pytest.mark.parametrize("name, slips", [("totals-right-after-a-wrong-score.yaml", [(1, "N")]),
                                          ("scores-as-totals-totals-right.yaml", [(2, "N"), (2, "E"), (2, "S")])])
def test_a_running_total_the_hands_give_is_no_slip(name: str, slips: list[tuple[int, str]]) -> None:
    """oh-hell.score-recorded: a total written as the hands give it is right, whatever the sheet wrote
    above it (the review: after a wrong score, the right total was reported as a second slip that
    "should be" the wrong one). As in Rook, either the hands' total or the sheet's own carried one passes."""
    a = audit(f"oh-hell/{name}")
    assert found(a.violations) == [("oh-hell.score-recorded", {"hand": h, "player": p}) for h, p in slips]
    assert all("the sheet gives" in v.message for v in a.violations)
