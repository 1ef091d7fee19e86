"""Oh Hell scoring (oh-hell.score) and options: pure functions, tested with tables."""

from __future__ import annotations

import pytest

from conftest import audit_text, found, time_ratio
from scorekeep.games.oh_hell.record import expand_pattern
from scorekeep.games.oh_hell.engine import trick_winner
from scorekeep.games.oh_hell.score import hand_points, other_scoring
from scorekeep.cards import parse_card

DEFAULT = {"made_score": "bid-plus-10", "failed_score": "zero"}


@pytest.mark.parametrize("bid, took, made, failed, points", [
    (3, 3, "bid-plus-10", "zero", 13),
    (0, 0, "bid-plus-10", "zero", 10),   # a made 0 bid scores 10
    (1, 1, "bid-plus-10", "zero", 11),
    (2, 3, "bid-plus-10", "zero", 0),    # taking more is a miss too
    (2, 1, "bid-plus-10", "zero", 0),
    (2, 3, "bid-plus-10", "tricks", 3),  # Trickster Basics: 1 per trick when missed
    (2, 2, "bid-plus-10", "tricks", 12),
    (3, 3, "bid-plus-5", "zero", 8),
    (3, 3, "10-plus-bid-squared", "zero", 19),
    (0, 0, "10-plus-bid-squared", "zero", 10),
    (4, 1, "bid-plus-10", "minus-bid", -4),
    (4, 1, "bid-plus-10", "minus-difference", -3),
    (1, 4, "bid-plus-10", "minus-difference", -3),
])
def test_score_table(bid: int, took: int, made: str, failed: str, points: int) -> None:
    assert hand_points(bid, took, {"made_score": made, "failed_score": failed}) == points


@pytest.mark.parametrize("bid, took, written, other", [
    (2, 3, 3, ("failed_score", "tricks")),         # the article's "why 3?": one point per trick
    (2, 1, -2, ("failed_score", "minus-bid")),
    (1, 4, -3, ("failed_score", "minus-difference")),
    (3, 3, 8, ("made_score", "bid-plus-5")),
    (3, 3, 19, ("made_score", "10-plus-bid-squared")),
    (2, 3, 12, None),                              # no setting gives 12 for a missed bid
    (3, 3, 3, None),
])
def test_score_recorded_other_scoring(bid: int, took: int, written: int, other: tuple[str, str] | None) -> None:
    assert other_scoring(bid, took, written, DEFAULT) == other


def test_article_three_hands_running_totals() -> None:
    """The source article's sheet: North 25, East 13, South 13, West 11 after 3 hands."""
    from conftest import SAMPLES
    from scorekeep import api

    a = api.audit(api.load(str(SAMPLES / "oh-hell-seed-example.yaml")))
    assert a.violations == []
    sheet = api.sheet(a)
    assert sheet.totals == {"North": 25, "East": 13, "South": 13, "West": 11}
    assert sheet.winner is None
    assert [r["totals"]["North"] for r in sheet.rows] == [13, 13, 25]


@pytest.mark.parametrize("text, sizes", [
    ("10..1..10", [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ("1..3..1", [1, 2, 3, 2, 1]),
    ("3..1", [3, 2, 1]),
    ("1..3", [1, 2, 3]),
])
def test_deal_patterns_play_the_turning_point_once(text: str, sizes: list[int]) -> None:
    assert list(expand_pattern(text, 4, 1)) == sizes


@pytest.mark.parametrize("players, top", [(2, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_default_pattern_leaves_a_turn_up(players: int, top: int) -> None:
    names = ", ".join(f"p{i}" for i in range(players))
    a = audit_text(f"game: oh-hell\nplayers: [{names}]\n")
    assert max(a.record.pattern) == top and len(a.record.pattern) == 2 * top - 1


SIMULTANEOUS = """\
game: oh-hell
players: [North, East, South, West]
rules: {deal_pattern: "3..1", bidding: simultaneous}
hands:
  - bids: {West: 0, North: 1, East: 1, South: 1}
"""


def test_simultaneous_bidding_has_no_hook() -> None:
    assert audit_text(SIMULTANEOUS).violations == []


LEAD_TRUMP = """\
game: oh-hell
players: [North, East, South, West]
rules: {deal_pattern: "2..1", lead_trump: after-broken}
hands:
  - deal:
      North: 2S 3S
      East: 4D 5H
      South: 6S 7S
      West: 8S 9S
    turn_up: AD
    bids: {East: 1, South: 0, West: 0, North: 0}
    play:
      - {East: 4D, South: 6S, West: 8S, North: 2S}
"""


def test_lead_trump_after_broken_is_a_follow_suit_breach() -> None:
    a = audit_text(LEAD_TRUMP)
    assert found(a.violations) == [("oh-hell.follow-suit", {"hand": 1, "trick": 1, "player": "East"})]
    assert "before trump was broken" in a.violations[0].message


def test_lead_trump_anytime_by_default() -> None:
    assert audit_text(LEAD_TRUMP.replace(", lead_trump: after-broken", "")).violations == []


def test_lead_trump_allowed_when_holding_only_trump() -> None:
    text = LEAD_TRUMP.replace("East: 4D 5H", "East: 4D 5D")
    assert "after-broken" in text and audit_text(text).violations == []


def test_trick_winner_off_suit_discard_never_wins() -> None:
    from scorekeep.game import Play

    plays = [Play("a", parse_card("5C"), 1), Play("b", parse_card("AH"), 1), Play("c", parse_card("9C"), 1)]
    best, why = trick_winner(plays, "S")
    assert best.player == "c" and "highest club" in why


PATTERN = (5, 4, 3, 2, 1, 2, 3, 4, 5)


@pytest.mark.parametrize("seen, places", [
    ([{5}, {4}, {3}], [0, 1, 2]),                        # in order
    ([{5}, set(), {3}], [0, 1, 2]),                      # no evidence: the next place
    ([{5}, {9}, {3}], [0, 1, 2]),                        # one wrong size stays a single mismatch
    ([{5}, {4}, {2}, {1}, {2}, {3}, {4}, {5}], [0, 1, 3, 4, 5, 6, 7, 8]),  # hand 3 skipped
    ([{5}, {4}, {3}, {2}, {1}, {2}, {3}, {4}, {5}, {5}], [0, 1, 2, 3, 4, 5, 6, 7, 8, None]),  # one too many
    ([{4, 5}, {4}], [0, 1]),                             # `cards` slip: the tricks agree with the pattern
    ([{5}, {4}, {3}, {2}, {1}, {1}, {2}, {3}, {4}, {5}], [0, 1, 2, 3, 4, 4, 5, 6, 7, 8]),  # the 1 dealt twice
    ([{5}, {5}, {4}, {3}], [0, 0, 1, 2]),                # hand 1's size dealt again
    ([{5}, {4}, {4}], [0, 1, 2]),                        # a repeat at the end is one wrong size, no repeat
])
def test_hand_size_alignment_with_the_deal_pattern(seen: list[set[int]], places: list[int | None]) -> None:
    from scorekeep.games.oh_hell.rules import align

    assert align(seen, PATTERN) == places


def test_hand_size_alignment_of_hands_far_past_the_pattern_is_linear() -> None:
    """Issue 13.7: 16,000 one-card hands after a 19-hand pattern took 37 s and 4 GB (the table
    was n × (n + pattern)); the hands past the end are one state now: its memory is a few hundred
    bytes a hand (the table took 16,000 × 16,019 cells)."""
    import tracemalloc

    from scorekeep.games.oh_hell.rules import align

    pattern = [*range(10, 0, -1), *range(2, 11)]
    seen = [{1}] * 16_000
    tracemalloc.start()
    try:
        places = align(seen, pattern)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000 * 16_000, peak  # measured: about 190 bytes a hand
    assert places[9] == 9 and places[19:] == [None] * (16_000 - 19)


def test_a_long_record_past_the_pattern_reports_each_extra_hand_once() -> None:
    hands = "".join("  - {cards: 1, bids: {a: 1, b: 1}, tricks: {a: 1, b: 0}}\n" for _ in range(2_000))
    a = audit_text(f"game: oh-hell\nplayers: [a, b]\nrules: {{deal_pattern: '1..2'}}\nhands:\n{hands}")
    assert [r for r, _ in found(a.violations)].count("oh-hell.game-end") == 2_000 - 2
    assert found(a.violations)[:1] == [("oh-hell.hand-size", {"hand": 2})]


def _played_hands(blocks: int) -> str:
    """A record of full hands (deal, bids, every trick, scores): one generated match's hands
    written `blocks` times over, so most hands lie past the deal pattern (oh-hell.game-end)."""
    from scorekeep.generate import dump
    from scorekeep.games.oh_hell.demo import game

    data = game(5, players=4).data
    for h in data["hands"]:
        h.pop("totals", None)  # running totals would not run on across the repeats
    head, sep, hands = dump(data).partition("hands:\n")
    return head + sep + hands * blocks


def test_a_long_record_of_played_hands_checks_in_time_linear_in_its_length() -> None:
    """Issue 13.22: every card of a long record is judged (oh-hell.follow-suit and the rest) in
    constant time; 8 blocks of 19 full hands against 32 (about 0.4 MB)."""
    def past_the_end(text: str, a) -> None:
        assert [r for r, _ in found(a.violations)].count("oh-hell.game-end") == text.count("\n- cards:") - 19

    ratio = time_ratio(_played_hands(8), _played_hands(32), past_the_end)
    assert ratio < 8, ratio  # linear: about 4; quadratic: about 16
